import { afterEach, expect, vi } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import { createNodePlatform } from '../../../main/platform/platform';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { SAMPLE_CARDS, PREPAID_PAN } from '../../../native/sim/sample-cards';
import type { ErrorCode, EventName, MethodInput, MethodName, MethodOutput, SaleView } from '../../../preload/contract';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

/**
 * Scenario tests of payments drive a started core through its contract (`core.dispatch`), as the
 * renderer does, and read what leaves it: replies and bus events. Everything a test starts is
 * closed after it, in reverse order.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Registers work for the end of the current test (after its cores and simulators are built). */
export function atEnd(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** A controllable clock for the core (platform.now): real time plus an offset the test moves. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface Lane {
  core: Core;
  dataDir: string;
  /** Every event the core emitted, in order, as the renderer would receive it. */
  events: Array<{ name: EventName; payload: unknown }>;
  /** Every reply (value or error) a call through `call`/`refused` returned. */
  replies: unknown[];
  log: ReturnType<typeof memoryLog>;
}

export async function startLane(options: { now?: () => Date; dataDir?: string; settings?: ReadonlyArray<readonly [string, unknown]> } = {}): Promise<Lane> {
  const dataDir = options.dataDir ?? tempDir('pos-pay-');
  const log = memoryLog();
  const core = await createCore(
    { logDestination: log.stream, watchIntervalMs: 0 },
    createNodePlatform({ host: 'headless', dataDir, version: 'test', ...(options.now ? { now: options.now } : {}) }),
  );
  cleanups.push(() => core.close());
  if (options.settings) core.settings.setMany(options.settings);
  await core.start();
  const events: Lane['events'] = [];
  core.bus.onAny((name, payload) => events.push({ name, payload }));
  return { core, dataDir, events, replies: [], log };
}

/** A call through the contract that must succeed; its value. */
export async function call<M extends MethodName>(lane: Lane, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const reply = await lane.core.dispatch(method, input, { transport: 'test' });
  lane.replies.push(reply);
  if (!reply.ok) throw new Error(`${method} answered ${reply.error.code}: ${reply.error.message}`);
  return reply.value as MethodOutput<M>;
}

/** A call through the contract that must be refused; its error. */
export async function refused<M extends MethodName>(lane: Lane, method: M, input: MethodInput<M>): Promise<{ code: ErrorCode; message: string }> {
  const reply = await lane.core.dispatch(method, input, { transport: 'test' });
  lane.replies.push(reply);
  if (reply.ok) throw new Error(`${method} was expected to be refused but answered ${JSON.stringify(reply.value).slice(0, 300)}`);
  return reply.error;
}

/** The sale.changed views of one sale, in the order they were emitted. */
export function saleEvents(lane: Lane, saleId: string): SaleView[] {
  return lane.events.filter((e) => e.name === 'sale.changed' && (e.payload as SaleView).saleId === saleId).map((e) => e.payload as SaleView);
}

/** The distinct states a sale went through, as its events showed them. */
export function statesOf(lane: Lane, saleId: string): string[] {
  const out: string[] = [];
  for (const v of saleEvents(lane, saleId)) if (out.at(-1) !== v.state) out.push(v.state);
  return out;
}

/** Waits until the sale's last event says it no longer waits for anyone; its last view. */
export async function settled(lane: Lane, saleId: string, timeout = 10_000): Promise<SaleView> {
  await vi.waitFor(() => expect(saleEvents(lane, saleId).at(-1)?.final).toBe(true), { timeout, interval: 10 });
  return saleEvents(lane, saleId).at(-1) as SaleView;
}

/** Waits until the sale's last event matches. */
export async function saleReaches(lane: Lane, saleId: string, match: (v: SaleView) => boolean, timeout = 10_000): Promise<SaleView> {
  await vi.waitFor(
    () => {
      const last = saleEvents(lane, saleId).at(-1);
      if (!last || !match(last)) throw new Error(`sale ${saleId} is ${last ? `${last.state}/${last.waitingFor ?? '-'}` : 'unseen'}`);
    },
    { timeout, interval: 10 },
  );
  return saleEvents(lane, saleId).at(-1) as SaleView;
}

/** Waits until the simulated PIN pad answered "online" (a sale takes the pad only once it is connected). */
export async function padReady(lane: Lane): Promise<void> {
  await vi.waitFor(
    async () => {
      const list = await lane.core.dispatch('devices.list', {}, { transport: 'test' });
      const pad = list.ok ? (list.value as { devices: Array<{ id: string; state: string }> }).devices.find((d) => d.id === 'training-pinpad') : undefined;
      expect(pad?.state).toBe('connected');
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** A sale id the contract accepts (8 to 64 letters, digits, - or _), unique within a test. */
let counter = 0;
export function saleId(label: string): string {
  counter++;
  return `${label}-${process.pid}-${counter}`.slice(0, 64);
}

/** A card sale in training through the counter's reader: start, swipe, wait for the outcome. */
export async function swipeSale(lane: Lane, id: string, amountCents: number, card: MethodInput<'devices.simulateSwipe'>['card'] = 'visa', extra: Partial<MethodInput<'payments.start'>> = {}): Promise<SaleView> {
  await call(lane, 'payments.start', { saleId: id, amountCents, tender: 'card', cardEntry: 'reader', ...extra });
  await saleReaches(lane, id, (v) => v.waitingFor === 'card');
  await call(lane, 'devices.simulateSwipe', { card, via: 'msr' });
  return settled(lane, id);
}

/** The offline policy for the queue scenarios (amounts in cents). */
export function offlineSettings(o: { enabled?: boolean; maxAmount?: number; maxTotal?: number; maxCount?: number; maxAgeHours?: number; types?: string[] } = {}): Array<readonly [string, unknown]> {
  return [
    ['offline.enabled', o.enabled ?? true],
    ['offline.maxTotal', o.maxTotal ?? 1_000_00],
    ['offline.maxAmount', o.maxAmount ?? 100_00],
    ['offline.maxCount', o.maxCount ?? 50],
    ['offline.maxAgeHours', o.maxAgeHours ?? 48],
    ['offline.types', o.types ?? ['sale']],
  ];
}

/** A live gateway on 127.0.0.1 with its own credentials, closed at the end of the test. */
export async function liveGateway(port?: number): Promise<GatewaySimulator> {
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: { gatewayId: 'LIVE-01', password: 'live-password' }, ...(port ? { port } : {}) });
  cleanups.push(() => sim.close());
  return sim;
}

/** Settings that put the terminal live against `url` (plain http is allowed to 127.0.0.1). */
export function liveSettings(url: string): Array<readonly [string, unknown]> {
  return [
    ['gateway.url', url],
    ['gateway.gatewayId', 'LIVE-01'],
    ['gateway.password', 'live-password'],
  ];
}

/** Full card numbers of every sample card: none may ever leave the core. */
export const SAMPLE_PANS: readonly string[] = [
  ...new Set([
    ...Object.values(SAMPLE_CARDS)
      .flatMap((c) => c.tracks)
      .map((t) => (t ? (/^[%;]B?(\d{13,19})[=^]/.exec(t)?.[1] ?? null) : null))
      .filter((p): p is string => p !== null && !p.startsWith('6360')),
    PREPAID_PAN,
  ]),
];

/** Asserts no event and no reply collected on the lane carries a full sample card number. */
export function expectNoFullPan(lane: Lane): void {
  const text = JSON.stringify({ events: lane.events, replies: lane.replies });
  for (const pan of SAMPLE_PANS) expect(text, `full PAN ${pan.slice(0, 6)}…${pan.slice(-4)} left the core`).not.toContain(pan);
}

/** How many processed requests carried this Reference_No at a simulator. */
export function sentCount(sim: GatewaySimulator | undefined, ref: string): number {
  return sim?.referenceCounts().get(ref) ?? 0;
}

/** The tag the simulator gave the transaction with this Reference_No (as a manager reads it in the gateway's report). */
export function tagAtGateway(sim: GatewaySimulator | undefined, ref: string): string | undefined {
  return sim?.stored().find((s) => s.result.Reference_No === ref)?.tag;
}
