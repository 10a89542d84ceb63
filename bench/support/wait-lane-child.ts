/**
 * One lane of payments-wait in a process of its own, as a terminal is on its machine: lanes that
 * share a process also share its event loop (one lane's connection renewal, a TLS handshake of a
 * millisecond or two, lands inside another's timed sale). Started by wait-lane-process.ts with a
 * job (JSON); prints "ready" once its core and its floor's client are up and it has made a few
 * untimed rounds (a lane at the counter has run its sale path before: a fresh process's first sale
 * also compiles it and builds its schemas). Then each line it reads is a schedule (JSON
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
import { Tally, timedClientSale, timedSale, waitClient, waitLane, type Settings } from './wait-lane';

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
   * sends `connectAheadMs` later, once its handshakes are surely over.
   */
  floor: { afterSwipeMs: number; connectAheadMs: number };
  /** Untimed rounds (a sale and a floor round) before "ready", this far apart. */
  warmUps: number;
  warmUpSpacingMs: number;
  settings: Settings;
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

/** What a lane prints for a schedule: its sales, and the floor's rounds between them. */
export interface WaitLaneTally {
  times: number[];
  failures: string[];
  floor: { times: number[]; failures: string[] };
}

/** A warm-up sale waits at most this long (a long-wait lane's warm-ups are ordinary quick sales). */
const WARM_UP_AFTER_MS = 700;

const job = JSON.parse(process.argv[2] ?? '{}') as WaitLaneJob;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let core: Core | undefined;
let client: GatewayClient | undefined;
let round: ((swipeAfterMs: number, sales: Tally, floor: Tally, keep: boolean) => Promise<void>) | undefined;
/** The warm-ups' failures (reported with the first schedule), or why the lane could not start (with every one). */
let started = new Tally();
try {
  const terminal = (core = await waitLane(job.dir, job.name, job.url, job.caFile, job.settings));
  const alone = (client = await waitClient(job.url, readFileSync(job.caFile, 'utf8')));
  const reader = new SwipeReader('visa');
  round = async (swipeAfterMs, sales, floor, keep) => {
    const begun = Date.now();
    await timedSale(terminal, reader, swipeAfterMs, sales, keep);
    await sleep(Math.max(0, begun + swipeAfterMs + job.floor.afterSwipeMs - Date.now()));
    await timedClientSale(alone, floor, keep, async () => {
      alone.preconnect();
      await sleep(job.floor.connectAheadMs);
    });
  };
  for (let i = 0; i < job.warmUps; i++) {
    await sleep(job.warmUpSpacingMs);
    await round(Math.min(job.swipeAfterMs, WARM_UP_AFTER_MS), started, started, false);
  }
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
  sales.add(started);
  if (round) started = new Tally();
  try {
    for (let i = 0; round && i < schedule.rounds; i++) {
      await sleep(Math.max(0, schedule.at + i * schedule.periodMs - Date.now()));
      await round(job.swipeAfterMs, sales, floor, true);
    }
  } catch (e) {
    sales.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const tally: WaitLaneTally = { ...sales, floor };
  process.stdout.write(`${JSON.stringify(tally)}\n`);
}
client?.close();
await core?.close();
process.exit(0);
