/**
 * One lane of payments-wait in a process of its own, as a terminal is on its machine: lanes that
 * share a process also share its event loop (one lane's connection renewal, a TLS handshake of a
 * millisecond or two, lands inside another's timed sale). Started by wait-lane-process.ts with a
 * job (JSON); prints "ready" once its core (or, for the floor, its gateway client) is up and has made
 * a few untimed sales (a lane at the counter has run its sale path before: a fresh process's first
 * sale also compiles it and builds its schemas). Then each line it reads is a schedule (JSON
 * {@link WaitLaneSchedule}): it makes those timed rounds and prints their Tally as JSON, until its
 * stdin closes.
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
  /**
   * `sales`: the terminal's card sales; `client`: the gateway client alone on a connection opened
   * ahead (the floor), in a terminal's process that makes only its warm-up sales.
   */
  kind: 'sales' | 'client';
  /** sales: the swipe this long after the tender; client: the request this long after its connection was asked for. */
  afterMs: number;
  /** Untimed rounds before "ready", this far apart. */
  warmUps: number;
  warmUpSpacingMs: number;
  settings: Settings;
}

/**
 * Timed rounds, round i beginning (the tender, or the floor's connection asked for) at
 * `at + i * periodMs` (Date.now() time), or at once if the one before ran late: on a fixed clock, so
 * two lanes can take turns (the floor between a lane's sales, seeing the same moments of the machine).
 */
export interface WaitLaneSchedule {
  at: number;
  rounds: number;
  periodMs: number;
}

/** A warm-up round waits at most this long (a long-wait lane's warm-ups are ordinary quick sales). */
const WARM_UP_AFTER_MS = 700;

const job = JSON.parse(process.argv[2] ?? '{}') as WaitLaneJob;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let core: Core | undefined;
let client: GatewayClient | undefined;
let round: ((afterMs: number, tally: Tally, keep: boolean) => Promise<void>) | undefined;
/** The warm-ups' failures (reported with the first schedule), or why the lane could not start (with every one). */
let started = new Tally();
try {
  // Either way a terminal's core, live, that has made sales: the floor's client runs in the same kind of
  // process as the sales it is held against (a lean process with the client alone ran its part of the
  // path faster than a terminal's process does, and its margin was counted as the terminal's time).
  const terminal = (core = await waitLane(job.dir, job.name, job.url, job.caFile, job.settings));
  const reader = new SwipeReader('visa');
  const sale = (afterMs: number, tally: Tally, keep: boolean): Promise<void> => timedSale(terminal, reader, afterMs, tally, keep);
  if (job.kind === 'client') {
    const lane = (client = await waitClient(job.url, readFileSync(job.caFile, 'utf8')));
    round = (afterMs, tally, keep) =>
      timedClientSale(lane, tally, keep, async () => {
        lane.preconnect();
        await sleep(afterMs);
      });
  } else {
    round = sale;
  }
  for (let i = 0; i < job.warmUps; i++) {
    await sleep(job.warmUpSpacingMs);
    await sale(Math.min(job.afterMs, WARM_UP_AFTER_MS), started, false);
    if (round !== sale) await round(job.afterMs, started, false);
  }
} catch (e) {
  round = undefined;
  started.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
}
// A lane that could not start answers every schedule with why.
process.stdout.write(round ? 'ready\n' : `${JSON.stringify(started)}\n`);
for (let line = await lines.next(); !line.done; line = await lines.next()) {
  const schedule = JSON.parse(String(line.value)) as WaitLaneSchedule;
  const tally = new Tally();
  tally.add(started);
  if (round) started = new Tally();
  try {
    for (let i = 0; round && i < schedule.rounds; i++) {
      await sleep(Math.max(0, schedule.at + i * schedule.periodMs - Date.now()));
      await round(job.afterMs, tally, true);
    }
  } catch (e) {
    tally.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
  }
  process.stdout.write(`${JSON.stringify(tally)}\n`);
}
client?.close();
await core?.close();
process.exit(0);
