/**
 * A lane of payments-wait: a terminal core live against the far gateway, and one timed card sale
 * on it (the tender, the swipe some time later, until the result the page hears); or the gateway
 * client alone, timed the same way (the floor).
 */
import { subscribe } from 'node:diagnostics_channel';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import type { Core } from '../../main/core';
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client';
import type { SaleView } from '../../preload/contract';
import { watchNextRequestWrite } from './first-write';
import { benchCore, liveSettings, type SwipeReader } from './lane';
import { sleep, spread } from './stats';

export type Settings = ReadonlyArray<readonly [string, unknown]>;

/**
 * Where one sale's time went, in ms: from the swipe until its request's first bytes were written
 * to its socket, from then until the answer's last byte was read, and from then until the result
 * was told. Says of a slow sale whether the lane (before or after) or the way to the gateway and
 * back took the time.
 */
export interface SaleStages {
  toRequest: number;
  toAnswer: number;
  toResult: number;
}

/** The slowest sale of a tally and where its time went. */
export interface Slowest {
  ms: number;
  stages?: SaleStages;
}

/** Times that ended approved, and what the others ended as. */
export class Tally {
  readonly times: number[] = [];
  readonly failures: string[] = [];
  /** Where each kept sale's time went (those whose request and answer were seen). */
  readonly stages: SaleStages[] = [];
  slowest: Slowest | undefined;
  /** Takes in another tally's (a lane process's, as it printed it). */
  add(other: { times: readonly number[]; failures: readonly string[]; stages?: readonly SaleStages[]; slowest?: Slowest }): void {
    this.times.push(...other.times);
    this.failures.push(...other.failures);
    this.stages.push(...(other.stages ?? []));
    if (other.slowest) this.keepIfSlowest(other.slowest);
    else if (other.times.length > 0) this.keepIfSlowest({ ms: Math.max(...other.times) });
  }
  /** A kept time, with where it went when known. */
  keep(ms: number, stages?: SaleStages): void {
    this.times.push(ms);
    if (stages) this.stages.push(stages);
    this.keepIfSlowest(stages ? { ms, stages } : { ms });
  }
  note(): string {
    return this.failures.length === 0 ? '' : `; ${this.failures.length} not approved (${[...new Set(this.failures)].join(', ')})`;
  }
  /** "max 600.9 ms (3.1 to the request, 596.0 to its answer, 1.8 to the result)". */
  max(fmt: (ms: number) => string): string {
    const s = this.slowest;
    if (!s) return 'max -';
    return s.stages ? `max ${fmt(s.ms)} (${stagesText(s.stages)})` : `max ${fmt(s.ms)}`;
  }
  /** Each stage's median over the kept sales (as the rows' p50): "1.9 to the request, 103.0 to its answer, 2.0 to the result". */
  medianStages(): string {
    if (this.stages.length === 0) return '';
    const median = (pick: (s: SaleStages) => number): number => spread(this.stages.map(pick)).p50;
    return stagesText({ toRequest: median((s) => s.toRequest), toAnswer: median((s) => s.toAnswer), toResult: median((s) => s.toResult) });
  }
  private keepIfSlowest(s: Slowest): void {
    if (!this.slowest || s.ms > this.slowest.ms) this.slowest = s;
  }
}

const stagesText = (s: SaleStages): string => `${s.toRequest.toFixed(2)} to the request, ${s.toAnswer.toFixed(2)} to its answer, ${s.toResult.toFixed(2)} to the result`;

/**
 * When the timed sale's answer came in, as Node's HTTP client announces it (a diagnostics channel,
 * no hook in the product: its head parsed, in the same read as the gateway's short answer). Its
 * request's first write is stamped by first-write.ts. One timed sale at a time per process (a
 * lane's floor rounds come between its sales, its warm-ups are not timed).
 */
let watching: { answerIn?: number } | undefined;
subscribe('http.client.response.finish', () => {
  if (watching) watching.answerIn ??= performance.now();
});

/** A lane's core in `dir/name`, live against `url` over TLS with `caFile` as the gateway's CA. */
export function waitLane(dir: string, name: string, url: string, caFile: string, extra: Settings): Promise<Core> {
  return benchCore(join(dir, name), liveSettings(url, [['gateway.caFile', caFile], ['payments.cardWaitSeconds', 120], ...extra]));
}

let saleCount = 0;

/**
 * One live sale: the card tender, the swipe `swipeAfterMs` later, until its result: the final
 * `sale.changed` the page hears (what the sale does after telling it, such as giving back the pad
 * and the gateway, is not the customer's wait). With `amountTypedMs`, the register's first digit
 * of the amount (payments.expect) comes that long before the tender, as a cashier types it.
 */
export async function timedSale(core: Core, reader: SwipeReader, swipeAfterMs: number, tally: Tally, keep = true, amountTypedMs = 0): Promise<void> {
  const saleId = `bench-wait-${process.pid}-${++saleCount}`;
  let toldAt = 0;
  const off = core.bus.on('sale.changed', (view: SaleView) => {
    if (view.saleId === saleId && view.final && toldAt === 0) toldAt = performance.now();
  });
  if (amountTypedMs > 0) {
    await core.payments.payments.expectSale();
    await sleep(amountTypedMs);
  }
  const sale = await core.payments.payments.startSale({ saleId, type: 'sale', amountCents: 1234 + saleCount, tender: 'card' });
  await sleep(swipeAfterMs);
  const seen: typeof watching = (watching = keep ? {} : undefined);
  const wrote = keep ? watchNextRequestWrite() : undefined;
  const t = performance.now();
  sale.acceptCard({ kind: 'read', card: reader.swipe() }, 'swipe', null);
  const view = await sale.done;
  off();
  watching = undefined;
  wrote?.stop();
  const requestOut = wrote?.at;
  const took = toldAt - t;
  if (view.state !== 'approved') tally.failures.push(`${view.state}: ${view.words}`);
  else if (keep) tally.keep(took, requestOut !== undefined && seen?.answerIn !== undefined ? { toRequest: requestOut - t, toAnswer: seen.answerIn - requestOut, toResult: toldAt - seen.answerIn } : undefined);
}

const SALE = { Transaction_Type: '00', DollarAmount: '12.34', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', Reference_No: 'BENCH' };

/** The gateway client alone, as a lane's (`ca`: the gateway's certificate), no connection kept warm. */
export function waitClient(url: string, ca: string): Promise<GatewayClient> {
  return createGatewayClient({ url, namespace: DEFAULT_GATEWAY_NAMESPACE, gatewayId: 'BENCH-1', password: 'bench-pw', ca, connectTimeoutMs: 5000, timeoutMs: 10_000, keepWarmMs: 0 });
}

/** One sale by the client alone, from the call to its answer; `before` runs first, untimed. */
export async function timedClientSale(client: GatewayClient, tally: Tally, keep = true, before?: () => Promise<void>): Promise<void> {
  await before?.();
  const t = performance.now();
  const outcome = await client.sendAndCommit({ ...SALE, Reference_No: `BENCH-${process.pid}-${++saleCount}` });
  const took = performance.now() - t;
  if (outcome.kind !== 'approved') tally.failures.push('message' in outcome ? `${outcome.kind}: ${outcome.message}` : outcome.kind);
  else if (keep) tally.keep(took);
}
