/**
 * One lane of payments-wait in a process of its own, as a terminal is on its machine: lanes that
 * share a process also share its event loop (one lane's connection renewal, a TLS handshake of a
 * millisecond or two, lands inside another's timed sale). Started by wait-lane-process.ts with a job (JSON); prints
 * "ready" once its core (or, for the floor, its gateway client) is up and has made a few untimed
 * sales (a lane at the counter has run its sale path before: a fresh process's first sale also
 * compiles it and builds its schemas), reads the moment (Date.now()) to begin at, makes its timed
 * rounds and prints their Tally as JSON, then stops when its stdin closes.
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
  /** `sales`: the terminal's card sales; `client`: the gateway client alone on a connection opened ahead (the floor). */
  kind: 'sales' | 'client';
  /** sales: the swipe this long after the tender; client: the request this long after its connection was asked for. */
  afterMs: number;
  /** Before each round: the next customer stepping up. */
  betweenMs: number;
  /** Untimed rounds before the timed ones. */
  warmUps: number;
  /** Timed rounds. */
  rounds: number;
  settings: Settings;
}

/** A warm-up round waits at most this long (a long-wait lane's warm-ups are ordinary quick sales). */
const WARM_UP_AFTER_MS = 700;

const job = JSON.parse(process.argv[2] ?? '{}') as WaitLaneJob;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let core: Core | undefined;
let client: GatewayClient | undefined;
const tally = new Tally();
try {
  let round: (afterMs: number, keep: boolean) => Promise<void>;
  if (job.kind === 'client') {
    const lane = (client = await waitClient(job.url, readFileSync(job.caFile, 'utf8')));
    round = (afterMs, keep) =>
      timedClientSale(lane, tally, keep, async () => {
        lane.preconnect();
        await sleep(afterMs);
      });
  } else {
    const lane = (core = await waitLane(job.dir, job.name, job.url, job.caFile, job.settings));
    const reader = new SwipeReader('visa');
    round = (afterMs, keep) => timedSale(lane, reader, afterMs, tally, keep);
  }
  for (let i = 0; i < job.warmUps; i++) {
    await sleep(job.betweenMs);
    await round(Math.min(job.afterMs, WARM_UP_AFTER_MS), false);
  }
  process.stdout.write('ready\n');
  const at = Number((await lines.next()).value);
  await sleep(Math.max(0, at - Date.now()));
  for (let i = 0; i < job.rounds; i++) {
    if (i > 0) await sleep(job.betweenMs);
    await round(job.afterMs, true);
  }
} catch (e) {
  tally.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
}
process.stdout.write(`${JSON.stringify(tally)}\n`);
client?.close();
await core?.close();
while (!(await lines.next()).done);
process.exit(0);
