/**
 * A lane of payments-wait: a terminal core live against the far gateway, and one timed card sale
 * on it (the tender, the swipe some time later, until the result the page hears); or the gateway
 * client alone, timed the same way (the floor).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import type { Core } from '../../main/core';
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client';
import type { SaleView } from '../../preload/contract';
import { benchCore, liveSettings, type SwipeReader } from './lane';
import { sleep } from './stats';

export type Settings = ReadonlyArray<readonly [string, unknown]>;

/** Times that ended approved, and what the others ended as. */
export class Tally {
  readonly times: number[] = [];
  readonly failures: string[] = [];
  /** Takes in another tally's times and failures (a lane process's, as it printed them). */
  add(other: { times: readonly number[]; failures: readonly string[] }): void {
    this.times.push(...other.times);
    this.failures.push(...other.failures);
  }
  note(): string {
    return this.failures.length === 0 ? '' : `; ${this.failures.length} not approved (${[...new Set(this.failures)].join(', ')})`;
  }
}

/** A lane's core in `dir/name`, live against `url` over TLS with `caFile` as the gateway's CA. */
export function waitLane(dir: string, name: string, url: string, caFile: string, extra: Settings): Promise<Core> {
  return benchCore(join(dir, name), liveSettings(url, [['gateway.caFile', caFile], ['payments.cardWaitSeconds', 120], ...extra]));
}

let saleCount = 0;

/**
 * One live sale: the card tender, the swipe `swipeAfterMs` later, until its result: the final
 * `sale.changed` the page hears (what the sale does after telling it, such as giving back the pad
 * and the gateway, is not the customer's wait).
 */
export async function timedSale(core: Core, reader: SwipeReader, swipeAfterMs: number, tally: Tally, keep = true): Promise<void> {
  const saleId = `bench-wait-${process.pid}-${++saleCount}`;
  let toldAt = 0;
  const off = core.bus.on('sale.changed', (view: SaleView) => {
    if (view.saleId === saleId && view.final && toldAt === 0) toldAt = performance.now();
  });
  const sale = await core.payments.payments.startSale({ saleId, type: 'sale', amountCents: 1234 + saleCount, tender: 'card' });
  await sleep(swipeAfterMs);
  const t = performance.now();
  sale.acceptCard({ kind: 'read', card: reader.swipe() }, 'swipe', null);
  const view = await sale.done;
  off();
  const took = toldAt - t;
  if (view.state !== 'approved') tally.failures.push(`${view.state}: ${view.words}`);
  else if (keep) tally.times.push(took);
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
  else if (keep) tally.times.push(took);
}
