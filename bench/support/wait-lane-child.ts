/**
 * One lane of payments-wait in a process of its own, as a terminal is on its machine: lanes that
 * share a process also share its event loop, so one lane's connection renewal (a TLS handshake,
 * a millisecond or two of CPU) lands inside another lane's timed sale. Started by
 * wait-lane-process.ts with a job (JSON); prints "ready" once its core is up and has made a few
 * untimed sales (a lane at the counter has run its sale path before: a fresh process's first sale
 * also compiles it and builds its schemas), reads the moment (Date.now()) to tender at, makes one
 * timed sale and prints its Tally as JSON, then stops when its stdin closes.
 */
import { createInterface } from 'node:readline';
import type { Core } from '../../main/core';
import { SwipeReader } from './lane';
import { sleep } from './stats';
import { Tally, timedSale, waitLane, type Settings } from './wait-lane';

export interface WaitLaneJob {
  dir: string;
  name: string;
  url: string;
  caFile: string;
  swipeAfterMs: number;
  settings: Settings;
}

/** Untimed sales before the timed one (the swipe 0.3 s after the tender). */
const WARM_UP_SALES = 5;

const job = JSON.parse(process.argv[2] ?? '{}') as WaitLaneJob;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let core: Core | undefined;
const tally = new Tally();
try {
  core = await waitLane(job.dir, job.name, job.url, job.caFile, job.settings);
  const reader = new SwipeReader('visa');
  for (let i = 0; i < WARM_UP_SALES; i++) await timedSale(core, reader, 300, tally, false);
  process.stdout.write('ready\n');
  const at = Number((await lines.next()).value);
  await sleep(Math.max(0, at - Date.now()));
  await timedSale(core, reader, job.swipeAfterMs, tally);
} catch (e) {
  tally.failures.push(`crashed: ${e instanceof Error ? e.message : String(e)}`);
}
process.stdout.write(`${JSON.stringify(tally)}\n`);
await core?.close();
while (!(await lines.next()).done);
process.exit(0);
