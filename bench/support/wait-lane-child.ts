/**
 * One lane of payments-wait in a process of its own, as a terminal is on its machine: lanes that
 * share a process also share its event loop (one lane's connection renewal, a TLS handshake of a
 * millisecond or two, lands inside another's timed sale). Started by wait-lane-process.ts with a
 * job (JSON); prints "ready" once its core and its floor's client are up and it has made its
 * untimed warm-up sales (a lane at work has run its sale path many times: a fresh process's first
 * sale also compiles it and builds its schemas, and V8 optimizes it only after it has run a number
 * of times). Then each line it reads is a schedule (JSON
 * {@link WaitLaneSchedule}): it makes those timed rounds, each a sale and then, before the next
 * tender, the floor (the client alone), and prints their times as JSON ({@link WaitLaneTally}),
 * until its stdin closes. The floor is measured in the same process as the sales, between them: two
 * processes of the same code differ by a millisecond at times, and this machine's speed drifts over
 * minutes (other guests on its host), so a floor taken elsewhere or earlier carried both into the
 * margin.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Core } from '../../main/core';
import type { GatewayClient } from '../../main/gateway/client';
import { SwipeReader } from './lane';
import { sleep } from './stats';
import { Tally, timedClientSale, timedSale, waitClient, waitLane, type SaleStages, type Settings, type Slowest } from './wait-lane';

export interface WaitLaneJob {
  dir: string;
  name: string;
  url: string;
  caFile: string;
  /** The swipe this long after the tender. */
  swipeAfterMs: number;
  /**
   * The floor, measured in this same process between its sales: the gateway client alone (a client
   * of its own, not the core's) asks for its connection `afterSwipeMs` after each round's swipe and
   * sends `connectAheadMs` later, once its handshakes are surely over. With `sameWait`, a second
   * round follows: the client asks for its connection and sends `swipeAfterMs` later, its
   * connection kept ready meanwhile as the sale's was, so the floor has been idle as long as the
   * sale (after a long wait this machine's CPU and disk start cold, the client alone's too).
   */
  floor: { afterSwipeMs: number; connectAheadMs: number; sameWait?: boolean };
  /**
   * Untimed sales, and as many rounds of the floor's client, before "ready": V8 optimizes a
   * function only once it has run a number of times, and a lane at work has made its sales many
   * times over (after 2 sales its path ran in V8's first tiers: 0.3-0.5 ms slower here, stage by stage).
   */
  warmUps: number;
  settings: Settings;
  /** The register's first digit of the amount (payments.expect) this long before each tender; 0: none. */
  amountTypedMs?: number;
}

/**
 * Timed rounds, round i beginning (its tender) at `at + i * periodMs` (Date.now() time), or at once
 * if the one before ran late: lanes in parallel keep their turns.
 */
export interface WaitLaneSchedule {
  at: number;
  rounds: number;
  periodMs: number;
}

/** What a lane prints for a schedule: its sales (the slowest with where its time went), and the floor's rounds between them. */
export interface WaitLaneTally {
  times: number[];
  failures: string[];
  stages?: SaleStages[];
  slowest?: Slowest;
  floor: { times: number[]; failures: string[] };
  /** The floor's rounds after the sale's own wait (`floor.sameWait`). */
  floorAfterWait?: { times: number[]; failures: string[] };
}

const job = JSON.parse(process.argv[2] ?? '{}') as WaitLaneJob;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let core: Core | undefined;
let client: GatewayClient | undefined;
/** One timed round: the sale, then the floor's client alone (and with `floor.sameWait`, once more after the sale's wait). */
let round: ((sales: Tally, floor: Tally, floorAfterWait: Tally) => Promise<void>) | undefined;
/** The warm-ups' failures (reported with the first schedule), or why the lane could not start (with every one). */
let started = new Tally();
try {
  const terminal = (core = await waitLane(job.dir, job.name, job.url, job.caFile, job.settings));
  const alone = (client = await waitClient(job.url, readFileSync(job.caFile, 'utf8')));
  const reader = new SwipeReader('visa');
  const floorRound = (tally: Tally, keep: boolean, aheadMs = job.floor.connectAheadMs): Promise<void> =>
    timedClientSale(alone, tally, keep, async () => {
      alone.preconnect();
      await sleep(aheadMs);
    });
  round = async (sales, floor, floorAfterWait) => {
    const begun = Date.now();
    await timedSale(terminal, reader, job.swipeAfterMs, sales, true, job.amountTypedMs);
    await sleep(Math.max(0, begun + (job.amountTypedMs ?? 0) + job.swipeAfterMs + job.floor.afterSwipeMs - Date.now()));
    await floorRound(floor, true);
    if (job.floor.sameWait) await floorRound(floorAfterWait, true, job.swipeAfterMs);
  };
  // Untimed, the sales and the floor's client side by side: the swipe once a connection is surely ready.
  const warmUpSwipeMs = Math.min(job.swipeAfterMs, job.floor.connectAheadMs);
  await Promise.all([
    (async () => {
      for (let i = 0; i < job.warmUps; i++) await timedSale(terminal, reader, warmUpSwipeMs, started, false);
    })(),
    (async () => {
      for (let i = 0; i < job.warmUps; i++) await floorRound(started, false);
    })(),
  ]);
} catch (e) {
  round = undefined;
  started.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
}
// A lane that could not start answers every schedule with why.
process.stdout.write(round ? 'ready\n' : `${JSON.stringify(started)}\n`);
for (let line = await lines.next(); !line.done; line = await lines.next()) {
  const schedule = JSON.parse(String(line.value)) as WaitLaneSchedule;
  const sales = new Tally();
  const floor = new Tally();
  const floorAfterWait = new Tally();
  sales.add(started);
  if (round) started = new Tally();
  try {
    for (let i = 0; round && i < schedule.rounds; i++) {
      await sleep(Math.max(0, schedule.at + i * schedule.periodMs - Date.now()));
      await round(sales, floor, floorAfterWait);
    }
  } catch (e) {
    sales.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const tally: WaitLaneTally = { ...sales, floor, ...(job.floor.sameWait ? { floorAfterWait } : {}) };
  process.stdout.write(`${JSON.stringify(tally)}\n`);
}
client?.close();
await core?.close();
process.exit(0);
