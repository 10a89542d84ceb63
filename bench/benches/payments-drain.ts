import { cpSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Core } from '../../main/core';
import type { ForwardResult } from '../../preload/contract';
import { compare, type Comparison, type Sample } from '../harness';
import { diskDir, ramDir, type BenchDir } from '../support/data-dirs';
import { benchCore, liveSettings, SwipeReader } from '../support/lane';
import { offlineTemplate, writeOfflineSale } from '../support/offline-rows';
import { ms, retainedHeap } from '../support/stats';
import { startSimulatorProcess, type SimulatorProcess } from '../support/simulator-process';

/**
 * Draining the offline queue. 10,000 card sales are stored while the gateway (the simulator, as
 * the live gateway of a live lane) cannot be reached, with the offline limits raised through the
 * settings: the first 200 and the last 200 through PaymentsService.runSale (the store rate with an
 * empty and with a full queue), the 9,600 between with the same journal writes and seal a stored
 * sale makes (bench/support/offline-rows.ts; only to keep the bench short). The simulator then
 * answers and forwardRound() drains the queue: rows per second, and the process's RSS sampled
 * meanwhile (start, peak, end, and the slope of a straight line through the samples: it should be
 * flat; and the heap after a full GC before and after). The simulator runs in a process of its own,
 * so that its memory (it keeps every transaction) and CPU stay out of the figures. Baseline: raw
 * node:http POSTs of the same sale envelope to the same simulator, one connection each (as the
 * client does).
 *
 * Every commit of a forwarded row is an fsync (synchronous FULL; two per row: the claim and the
 * answer), and the journal checkpoints its WAL once per burst of final answers (at most a second
 * apart), so on a disk the drain is bound by fsyncs; and a full drain takes longer than a bench
 * should. So: the 10,000-row queue on tmpfs for a fixed time (the terminal's own cost with a full
 * queue), a copy of it on the real disk for a fixed time, and a 1,000-row queue on tmpfs drained
 * to the end (the cost with a short queue, and memory over a whole drain).
 */
const ROWS = Number(process.env.BENCH_DRAIN_ROWS ?? 10_000);
const BY_SALE = Math.min(200, Math.floor(ROWS / 4));
const SHORT_QUEUE = Math.min(1_000, ROWS);
const TMPFS_LIMIT_MS = 15_000;
const DISK_LIMIT_MS = 10_000;
const SAMPLE_EVERY_MS = 50;

const MB = 1024 * 1024;

interface RssTrace {
  times: number[];
  rss: number[];
  heap: number[];
}

function sampleRss(): { stop(): RssTrace } {
  const trace: RssTrace = { times: [], rss: [], heap: [] };
  const take = (): void => {
    const m = process.memoryUsage();
    trace.times.push(performance.now());
    trace.rss.push(m.rss);
    trace.heap.push(m.heapUsed);
  };
  take();
  const timer = setInterval(take, SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return trace;
    },
  };
}

/** Least-squares slope of ys over xs. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] ?? 0) - mx) * ((ys[i] ?? 0) - my);
    den += ((xs[i] ?? 0) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const OFFLINE_SETTINGS = [
  ['offline.enabled', true],
  ['offline.maxCount', 10_000],
  ['offline.maxAmount', 100_00],
  ['offline.maxTotal', 100_000_000],
] as const;

interface Stored {
  ms: number;
  states: Map<string, number>;
  /** ms per runSale with an empty queue, and with a full one. */
  firstSaleMs: number;
  lastSaleMs: number;
}

async function sell(core: Core, reader: SwipeReader, n: number, from: number, states: Map<string, number>): Promise<number> {
  const t = performance.now();
  for (let i = from; i < from + n; i++) {
    const view = await core.payments.payments.runSale({ saleId: `bench-drain-${i}`, type: 'sale', amountCents: 1234 }, { card: { kind: 'read', card: reader.swipe() } });
    states.set(view.state, (states.get(view.state) ?? 0) + 1);
  }
  return (performance.now() - t) / Math.max(1, n);
}

/** `rows` sales stored offline in the lane's live journal: `bySale` at each end through runSale, the rest written as a stored sale writes them. */
async function storeOffline(core: Core, rows: number, bySale: number): Promise<Stored> {
  const reader = new SwipeReader('visa');
  const states = new Map<string, number>();
  const t0 = performance.now();
  const firstSaleMs = await sell(core, reader, bySale, 0, states);
  const writer = { journal: core.journals.of('live'), prepareSeal: () => core.key.prepareSeal(), owner: 'bench/1/fill', template: offlineTemplate() };
  for (let i = bySale; i < rows - bySale; i++) writeOfflineSale(writer, `bench-drain-${i}`);
  states.set('offline', (states.get('offline') ?? 0) + Math.max(0, rows - 2 * bySale));
  const lastSaleMs = await sell(core, reader, bySale, rows - bySale, states);
  return { ms: performance.now() - t0, states, firstSaleMs, lastSaleMs };
}

function rawPost(url: URL, body: string, headers: Record<string, string>, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function perRow(name: string, totalMs: number, rows: number): Sample {
  const each = totalMs / Math.max(1, rows);
  return { name, iterations: rows, medianMs: each, p95Ms: each, meanMs: each };
}

/** A loopback port nobody listens on now (the simulator takes it later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

interface Drain {
  ms: number;
  result: ForwardResult;
  checkpoints: number;
  queued: number;
  trace: RssTrace;
  /** heapUsed after a full GC, before and after. */
  retained: [number, number];
}

/**
 * One forwardRound over the lane's live queue; stopped (paused) after `limitMs` when given. The
 * journal's WAL checkpoints are counted by wrapping its checkpoint().
 */
async function drain(core: Core, limitMs?: number): Promise<Drain> {
  const journal = core.journals.of('live');
  const queued = journal.countQueued();
  let checkpoints = 0;
  const checkpoint = journal.checkpoint.bind(journal);
  journal.checkpoint = () => {
    checkpoints++;
    checkpoint();
  };
  const forwarder = core.payments.payments.forwarder;
  const before = await retainedHeap();
  const rss = sampleRss();
  const timer = limitMs === undefined ? undefined : setTimeout(() => forwarder.pause(), limitMs);
  const t0 = performance.now();
  try {
    const result = await core.payments.payments.forwardRound();
    const ms = performance.now() - t0;
    const trace = rss.stop();
    return { ms, result, checkpoints, queued, trace, retained: [before, await retainedHeap()] };
  } finally {
    clearTimeout(timer);
    journal.checkpoint = checkpoint;
  }
}

function memoryNote(d: Drain): string {
  const { trace } = d;
  const startRss = trace.rss[0] ?? 0;
  const t0 = trace.times[0] ?? 0;
  const perSecond = slope(trace.times.map((t) => (t - t0) / 1000), trace.rss) / MB;
  const rowsPerSecond = d.result.attempted / (d.ms / 1000);
  return (
    `RSS start ${(startRss / MB).toFixed(0)} MB, peak ${(Math.max(...trace.rss) / MB).toFixed(0)} MB, end ${((trace.rss.at(-1) ?? 0) / MB).toFixed(0)} MB, ` +
    `slope ${perSecond.toFixed(2)} MB/s = ${((perSecond / rowsPerSecond) * 1000).toFixed(2)} MB per 1,000 rows; ` +
    `heap start ${((trace.heap[0] ?? 0) / MB).toFixed(0)} MB, peak ${(Math.max(...trace.heap) / MB).toFixed(0)} MB, end ${((trace.heap.at(-1) ?? 0) / MB).toFixed(0)} MB; ` +
    `heap after a full GC ${(d.retained[0] / MB).toFixed(1)} → ${(d.retained[1] / MB).toFixed(1)} MB`
  );
}

async function lane(dir: BenchDir, url: string): Promise<Core> {
  return benchCore(dir.path, liveSettings(url, OFFLINE_SETTINGS));
}

export async function run(): Promise<Comparison[]> {
  const staging: BenchDir = ramDir('pos-bench-drain-') ?? diskDir('pos-bench-drain-');
  const short: BenchDir = ramDir('pos-bench-drain-') ?? diskDir('pos-bench-drain-');
  const disk = diskDir('pos-bench-drain-');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/transaction/v14`;
  let sim: SimulatorProcess | undefined;
  try {
    // The gateway cannot be reached: every sale is stored.
    const filling = await lane(staging, url);
    let stored: Stored;
    try {
      stored = await storeOffline(filling, ROWS, BY_SALE);
    } finally {
      await filling.close();
    }
    const filling2 = await lane(short, url);
    try {
      await storeOffline(filling2, SHORT_QUEUE, 0);
    } finally {
      await filling2.close();
    }
    cpSync(staging.path, disk.path, { recursive: true });

    // The gateway answers again.
    sim = await startSimulatorProcess(port);
    const drained = async (dir: BenchDir, limitMs?: number): Promise<{ d: Drain; body: string; headers: Record<string, string> }> => {
      const core = await benchCore(dir.path);
      try {
        const d = await drain(core, limitMs);
        const exchange = (await core.gateway.client()).lastExchange();
        return { d, body: exchange?.requestBody ?? '', headers: exchange?.requestHeaders ?? {} };
      } finally {
        await core.close();
      }
    };
    const onDisk = (await drained(disk, DISK_LIMIT_MS)).d;
    disk.remove();
    const full = (await drained(staging, TMPFS_LIMIT_MS)).d;
    const { d: shortDrain, body, headers } = await drained(short);
    if (!body) throw new Error('no forwarded request to replay');

    const agent = new http.Agent({ keepAlive: false });
    const target = new URL(sim.url);
    const rawRows = Math.min(ROWS, 5_000);
    const r0 = performance.now();
    for (let i = 0; i < rawRows; i++) await rawPost(target, body, headers, agent);
    const rawMs = performance.now() - r0;
    const baseline = perRow(`raw POST of the same sale envelope, per request (${rawRows})`, rawMs, rawRows);

    const rate = (d: Drain): number => d.result.attempted / (d.ms / 1000);
    const round = (d: Drain): string => `${d.result.attempted} forwarded (${d.result.approved} approved) in ${(d.ms / 1000).toFixed(1)} s, ${d.result.remaining} left`;
    const storedStates = [...stored.states].map(([state, n]) => `${n} ${state}`).join(', ');
    const fullDrainS = ROWS / rate(full);
    return [
      compare(`Offline queue drain, ${full.queued} stored sales, ${staging.label}, first ${TMPFS_LIMIT_MS / 1000} s`, perRow('forwardRound, per row', full.ms, full.result.attempted), baseline, {
        target: 'RSS flat',
        note:
          `${Math.round(rate(full))} rows/s (raw POSTs ${Math.round(1000 / baseline.meanMs)}/s): ${round(full)}; at this rate the whole queue takes ${(fullDrainS / 60).toFixed(1)} min; ` +
          `${memoryNote(full)}; ${full.checkpoints} WAL checkpoints; ` +
          `stored: ${storedStates} in ${(stored.ms / 1000).toFixed(1)} s, runSale ${ms(stored.firstSaleMs)} each with an empty queue, ${ms(stored.lastSaleMs)} with ${ROWS - BY_SALE} queued`,
      }),
      compare(`Offline queue drain, the same ${onDisk.queued} sales copied to ${disk.label}, first ${DISK_LIMIT_MS / 1000} s`, perRow('forwardRound, per row', onDisk.ms, onDisk.result.attempted), baseline, {
        note: `${Math.round(rate(onDisk))} rows/s: ${round(onDisk)}; ${onDisk.checkpoints} WAL checkpoints (at most one a second); ${memoryNote(onDisk)}`,
      }),
      compare(`Offline queue drain, ${shortDrain.queued} stored sales, ${short.label}, to the end`, perRow('forwardRound, per row', shortDrain.ms, shortDrain.result.attempted), baseline, {
        target: 'RSS flat',
        note: `${Math.round(rate(shortDrain))} rows/s: ${round(shortDrain)}; ${memoryNote(shortDrain)}; ${shortDrain.checkpoints} WAL checkpoints`,
      }),
    ];
  } finally {
    await sim?.close();
    staging.remove();
    short.remove();
    disk.remove();
  }
}
