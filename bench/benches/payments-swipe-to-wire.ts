import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { Core } from '../../main/core';
import { GatewayHttpTransport } from '../../main/gateway/http-transport';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { startGatewaySimulator, type GatewaySimulator } from '../../main/training/gateway/server';
import { compare, type Comparison } from '../harness';
import { journalDirs, type BenchDir } from '../support/data-dirs';
import { rawTable } from '../support/raw-table';
import { benchCore, liveSettings, SwipeReader } from '../support/lane';
import { mainThreadCpuWaitMs } from '../support/cpu-wait';
import { watchNextRequestWrite, type RequestWrite } from '../support/first-write';
import { startFirstByteProxy, type FirstByteProxy } from '../support/net';
import { ms, sampleOf, sleep, spread } from '../support/stats';

/**
 * The terminal's own overhead between a swipe and the gateway: from the swipe's serial bytes
 * reaching the reader's decoder (SwipeDecoder → CardRead → Sale.acceptCard) to the SOAP request's
 * first bytes on the wire: its socket's first write returned (support/first-write.ts), the request
 * then checked to have reached a local server (a TCP proxy in front of the simulator). The proxy's
 * own stamp of that first byte, the measure until 2026-11-28, is shown beside it: the proxy runs on
 * the bench's event loop, so it also counts what the sale does after the bytes left. In between: building the request, sealing it
 * (the key agreement was prepared at the tender), the one `waiting → validated → journaled →
 * sending` commit (an fsync with synchronous FULL), validating the request, writing the envelope. The sale is live, started with the card tender (so the
 * connection is opened while the customer swipes, as at the counter), and the swipe comes once it
 * is open. Baseline: a raw node:http POST of the same envelope and headers on a connection opened
 * beforehand, from the call to its first write, through the same proxy. Journal on the real disk and on
 * tmpfs (where fsync costs nothing). Garbage collections that fall between a swipe and its first
 * byte are counted (a PerformanceObserver on 'gc'), with the p99 of the sales no collection touched,
 * and so are the sales whose thread was kept waiting for a CPU (support/cpu-wait.ts).
 * Beside them, the disk's own durable commit at the same pace (diskCommits): a sale's p99 on disk
 * cannot be below the p99 of the one fsync it waits for.
 */
const SALES = 300;
/** A sale whose thread waited longer than this for a CPU is counted as kept waiting. */
const CPU_WAIT_MS = 0.2;
/** Time between the tender and the swipe: the connection opened at the tender is up by then. */
const SWIPE_AFTER_MS = 15;

interface Captured {
  body: string;
  headers: Record<string, string>;
  path: string;
}

/** The raw POST on a socket opened beforehand: ms from the call to its first write, which the proxy then saw. */
async function rawPost(proxy: FirstByteProxy, req: Captured, fresh: boolean): Promise<number> {
  const socket = fresh ? undefined : net.connect({ host: '127.0.0.1', port: proxy.port });
  if (socket) await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await sleep(1);
  const before = proxy.stamps.length;
  const wrote = watchNextRequestWrite();
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path: req.path,
        method: 'POST',
        headers: req.headers,
        ...(socket ? { createConnection: () => socket } : { agent: new http.Agent({ keepAlive: false }) }),
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
  return wireTime(wrote, proxy, before) - t0;
}

/** When the watched request's first bytes were written, once the proxy has seen them arrive. */
function wireTime(wrote: RequestWrite, proxy: FirstByteProxy, stampsBefore: number): number {
  wrote.stop();
  if (proxy.stamps[stampsBefore] === undefined) throw new Error('the proxy saw no request');
  if (wrote.at === undefined) throw new Error('the request was not seen written to its socket');
  return wrote.at;
}

type Phase = 'decode' | 'seal' | 'waiting → sending commit' | 'request handed to transport' | 'transport to first write';

/**
 * Where the time goes, in a separate pass (wrapping adds a little): the journal's transitions, the
 * seal and the HTTP transport are wrapped to mark their start and end; the rest (views, sale.changed
 * events, building and validating the request, the SOAP envelope) is what lies between.
 */
async function profile(core: Core, proxy: FirstByteProxy, reader: SwipeReader, sales: number): Promise<string> {
  const journal = core.journals.of('live');
  const marks: Array<[string, number]> = [];
  const mark = (name: string): number => marks.push([name, performance.now()]);
  const transition = journal.transition.bind(journal);
  const prepareSeal = core.key.prepareSeal.bind(core.key);
  const requestDescriptor = Object.getOwnPropertyDescriptor(GatewayHttpTransport.prototype, 'request');
  const request = requestDescriptor?.value as GatewayHttpTransport['request'];
  journal.transition = (...a) => {
    mark('commit>');
    const r = transition(...a);
    mark('commit<');
    return r;
  };
  core.key.prepareSeal = () => {
    const once = prepareSeal();
    return (plain, context) => {
      mark('seal>');
      const r = once(plain, context);
      mark('seal<');
      return r;
    };
  };
  GatewayHttpTransport.prototype.request = function (this: GatewayHttpTransport, ...a: Parameters<GatewayHttpTransport['request']>) {
    mark('transport>');
    return request.apply(this, a);
  };
  const phases = new Map<Phase, number[]>();
  const add = (phase: Phase, v: number): void => void (phases.get(phase)?.push(v) ?? phases.set(phase, [v]));
  const totals: number[] = [];
  try {
    for (let i = 0; i < sales; i++) {
      const sale = await core.payments.payments.startSale({ saleId: `bench-profile-${i}`, type: 'sale', amountCents: 2000 + i, tender: 'card' });
      await sleep(SWIPE_AFTER_MS);
      marks.length = 0;
      const before = proxy.stamps.length;
      const wrote = watchNextRequestWrite();
      const t0 = performance.now();
      const card = reader.swipe();
      const decoded = performance.now();
      sale.acceptCard({ kind: 'read', card }, 'swipe', null);
      await sale.done;
      const first = wireTime(wrote, proxy, before);
      const at = (name: string, nth = 0): number => marks.filter(([n]) => n === name)[nth]?.[1] ?? NaN;
      add('decode', decoded - t0);
      add('seal', at('seal<') - at('seal>'));
      add('waiting → sending commit', at('commit<', 0) - at('commit>', 0));
      add('request handed to transport', at('transport>') - at('commit<', 0));
      add('transport to first write', first - at('transport>'));
      totals.push(first - t0);
    }
  } finally {
    journal.transition = transition;
    core.key.prepareSeal = prepareSeal;
    if (requestDescriptor) Object.defineProperty(GatewayHttpTransport.prototype, 'request', requestDescriptor);
  }
  const each = [...phases].map(([p, v]) => [p, spread(v)] as const);
  const all = spread(totals);
  const named = each.reduce((sum, [, s]) => sum + s.p50, 0);
  // Each phase's p99 beside its median: the sales' p99 is set by whichever phase has the tail (on disk, the commit's fsync).
  return `${each.map(([p, s]) => `${p} ${ms(s.p50)} (p99 ${ms(s.p99)})`).join(', ')}, the rest (views, sale.changed, moves between) ${ms(Math.max(0, all.p50 - named))}; all ${ms(all.p50)} (p99 ${ms(all.p99)})`;
}

/**
 * The disk's own share: a one-row INSERT (a blob the size of a sealed request) committed with the
 * journal's pragmas (raw-table.ts), one every SWIPE_AFTER_MS as the sales' commits come, in the
 * bench's directory; ms per commit.
 */
async function diskCommits(dir: string, count: number): Promise<number[]> {
  const { db, insert } = rawTable(join(dir, 'disk-commit.sqlite'), ['id', 'v']);
  try {
    const blob = Buffer.alloc(480, 1);
    const times: number[] = [];
    for (let i = 0; i < count + 20; i++) {
      await sleep(SWIPE_AFTER_MS);
      const t = performance.now();
      insert.run({ v: blob });
      if (i >= 20) times.push(performance.now() - t);
    }
    return times;
  } finally {
    db.close();
  }
}

async function onDir(dir: BenchDir, sim: GatewaySimulator, proxy: FirstByteProxy): Promise<{ comparison: Comparison; captured: Captured }> {
  const url = `http://127.0.0.1:${proxy.port}/transaction/v14`;
  const core = await benchCore(dir.path, liveSettings(url));
  try {
    const payments = core.payments.payments;
    const reader = new SwipeReader('visa');
    const times: number[] = [];
    /** The same sales to the proxy's own stamp of their first byte (the measure until 2026-11-28). */
    const atProxy: number[] = [];
    /** The sales (after warm-up) whose swipe-to-wire a garbage collection fell into. */
    const gcTouched: number[] = [];
    /** The sales (after warm-up) whose thread was kept waiting for a CPU on the way (over CPU_WAIT_MS). */
    const cpuKept: number[] = [];
    let cpuWaitKnown = true;
    const gcSpans: Array<[number, number]> = [];
    const gcs = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcSpans.push([e.startTime, e.startTime + e.duration]);
    });
    gcs.observe({ entryTypes: ['gc'] });
    for (let i = 0; i < SALES + 20; i++) {
      const sale = await payments.startSale({ saleId: `bench-wire-${i}`, type: 'sale', amountCents: 1234 + i, tender: 'card' });
      await sleep(SWIPE_AFTER_MS);
      const before = proxy.stamps.length;
      const waitedBefore = mainThreadCpuWaitMs();
      let waited: number | undefined;
      const wrote = watchNextRequestWrite(() => {
        const now = mainThreadCpuWaitMs();
        if (now !== undefined && waitedBefore !== undefined) waited = now - waitedBefore;
      });
      const t0 = performance.now();
      const card = reader.swipe();
      sale.acceptCard({ kind: 'read', card }, 'swipe', null);
      const view = await sale.done;
      if (view.state !== 'approved') throw new Error(`bench sale ${i} ended ${view.state}: ${view.words}`);
      const at = wireTime(wrote, proxy, before);
      if (i >= 20) {
        times.push(at - t0);
        atProxy.push((proxy.stamps[before] ?? at) - t0);
        if (gcSpans.some(([from, to]) => from < at && to > t0)) gcTouched.push(at - t0);
        if (waited === undefined) cpuWaitKnown = false;
        else if (waited > CPU_WAIT_MS) cpuKept.push(at - t0);
      }
    }
    gcs.disconnect();
    const untouched = times.filter((t) => !gcTouched.includes(t));
    const ranFree = times.filter((t) => !cpuKept.includes(t));
    const proxySpread = spread(atProxy);
    const cpuNote = cpuWaitKnown
      ? `; its thread kept waiting for a CPU (over ${CPU_WAIT_MS} ms) in ${cpuKept.length} of ${times.length} sales (p99 of the others ${ms(spread(ranFree).p99)})`
      : '';
    const exchange = (await core.gateway.client()).lastExchange();
    const captured: Captured = { body: exchange?.requestBody ?? '', headers: exchange?.requestHeaders ?? {}, path: new URL(sim.url).pathname };
    const s = spread(times);
    const phases = await profile(core, proxy, reader, 100);
    // The baseline is measured after the sales, on the same proxy, with the last sale's bytes.
    const raw: number[] = [];
    for (let i = 0; i < SALES + 20; i++) {
      const t = await rawPost(proxy, captured, false);
      if (i >= 20) raw.push(t);
    }
    const fresh: number[] = [];
    for (let i = 0; i < 100; i++) fresh.push(await rawPost(proxy, captured, true));
    const disk = spread(await diskCommits(dir.path, SALES));
    const comparison = compare(
      `Swipe to wire (app overhead), live sale, journal on ${dir.label}`,
      sampleOf('swipe bytes → decoder → Sale → request written to its socket', times),
      sampleOf('raw POST of the same envelope, connection already open', raw),
      {
        target: 'p99 < 2 ms',
        note: `sale p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}; at the proxy's own stamp p50 ${ms(proxySpread.p50)}, p99 ${ms(proxySpread.p99)}; a GC inside it in ${gcTouched.length} of ${times.length} sales (p99 of the others ${ms(spread(untouched).p99)})${cpuNote}; raw POST p99 ${ms(spread(raw).p99)}; raw POST on a fresh connection p50 ${ms(spread(fresh).p50)}; the disk's own commit (1 row, 1 fsync, same pace) p50 ${ms(disk.p50)}, p99 ${ms(disk.p99)}; per phase (median and p99, separate pass): ${phases}`,
      },
    );
    return { comparison, captured };
  } finally {
    await core.close();
  }
}

export async function run(): Promise<Comparison[]> {
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, keepBodies: false });
  const proxy = await startFirstByteProxy(sim.port);
  const results: Comparison[] = [];
  try {
    for (const dir of journalDirs('pos-bench-wire-')) {
      try {
        results.push((await onDir(dir, sim, proxy)).comparison);
      } finally {
        dir.remove();
      }
    }
  } finally {
    await proxy.close();
    await sim.close();
  }
  return results;
}
