import http from 'node:http';
import net from 'node:net';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { SaleView } from '../../preload/contract';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { startGatewaySimulator } from '../../main/training/gateway/server';
import { compare, type Comparison } from '../harness';
import { journalDirs, type BenchDir } from '../support/data-dirs';
import { watchNextRequestWrite } from '../support/first-write';
import { benchCore, liveSettings, SwipeReader } from '../support/lane';
import { ms, sampleOf, sleep, spread } from '../support/stats';

/**
 * The terminal's own time on a live card sale, in its two halves (issue 23, goal ≤ 3 ms each):
 * - before: from the swipe's bytes reaching the reader's decoder to the request's first bytes on
 *   the wire, its socket's first write returned (support/first-write.ts; a local proxy in front of
 *   the gateway simulator checks it arrived): decode, Sale, seal, the one durable commit before
 *   sending, the request's check and envelope, the write. Until 2026-11-28 this half ended at the
 *   proxy's stamp, which runs on the bench's event loop and so also counted what the sale did next;
 * - after: from the answer's last byte leaving that proxy to the final `sale.changed` on the core's
 *   bus (the answer read, the one durable commit after it, the published view).
 * Baselines, through the same proxy: a raw node:http POST of the same envelope on a connection
 * opened beforehand, from the call to its first write, and from its answer's last byte to the
 * response's `end`. Also counted: garbage collections that fall inside either half, and the heap
 * allocated in the first half (heapUsed before and after, in the sales no collection interrupted).
 * Journal on the real disk and on tmpfs.
 */
const SALES = 300;
const WARMUP = 30;
const SWIPE_AFTER_MS = 15;

interface StampProxy {
  port: number;
  /** performance.now() of each chunk from the client (requests). */
  up: number[];
  /** performance.now() of each chunk written back to the client (answers), after it was written. */
  down: number[];
  close(): Promise<void>;
}

/** A TCP proxy that stamps every chunk each way, on every connection (keep-alive ones too). */
async function startStampProxy(targetPort: number): Promise<StampProxy> {
  const up: number[] = [];
  const down: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    upstream.setNoDelay(true);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.end());
    client.on('data', (chunk: Buffer) => {
      up.push(performance.now());
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      down.push(performance.now());
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    up,
    down,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** Garbage collections as they end: [start, end] in performance.now() time. */
function gcWatch(): { spans: Array<[number, number]>; stop(): void } {
  const spans: Array<[number, number]> = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) spans.push([e.startTime, e.startTime + e.duration]);
  });
  observer.observe({ entryTypes: ['gc'] });
  return { spans, stop: () => observer.disconnect() };
}

const overlaps = (spans: ReadonlyArray<[number, number]>, from: number, to: number): boolean => spans.some(([s, e]) => s < to && e > from);

interface Raw {
  body: string;
  headers: Record<string, string>;
  path: string;
}

/** A raw POST on a connection opened beforehand: [call → first write, last answer byte → end]. */
async function rawPost(proxy: StampProxy, req: Raw): Promise<[number, number]> {
  const socket = net.connect({ host: '127.0.0.1', port: proxy.port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  await sleep(1);
  const [up, down] = [proxy.up.length, proxy.down.length];
  const wrote = watchNextRequestWrite();
  const t0 = performance.now();
  const ended = await new Promise<number>((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port: proxy.port, path: req.path, method: 'POST', headers: req.headers, createConnection: () => socket }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now()));
    });
    r.on('error', reject);
    r.end(req.body);
  });
  socket.destroy();
  wrote.stop();
  const first = wrote.at;
  const last = proxy.down.at(-1);
  if (first === undefined || proxy.up[up] === undefined || last === undefined || proxy.down.length === down) throw new Error('the proxy saw no exchange');
  return [first - t0, ended - last];
}

async function onDir(dir: BenchDir): Promise<Comparison[]> {
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, keepBodies: false });
  const proxy = await startStampProxy(sim.port);
  const core = await benchCore(dir.path, liveSettings(`http://127.0.0.1:${proxy.port}/transaction/v14`));
  const gc = gcWatch();
  try {
    const payments = core.payments.payments;
    const reader = new SwipeReader('visa');
    let finalAt = 0;
    const off = core.bus.on('sale.changed', (view: SaleView) => {
      if (view.final) finalAt = performance.now();
    });
    const before: number[] = [];
    const after: number[] = [];
    const allocated: number[] = [];
    let gcBefore = 0;
    let gcAfter = 0;
    try {
      for (let i = 0; i < SALES + WARMUP; i++) {
        const sale = await payments.startSale({ saleId: `bench-own-${i}`, type: 'sale', amountCents: 1234 + i, tender: 'card' });
        await sleep(SWIPE_AFTER_MS);
        const [up, down] = [proxy.up.length, proxy.down.length];
        const heap0 = process.memoryUsage().heapUsed;
        const wrote = watchNextRequestWrite();
        const t0 = performance.now();
        sale.acceptCard({ kind: 'read', card: reader.swipe() }, 'swipe', null);
        const heap1 = process.memoryUsage().heapUsed;
        const view = await sale.done;
        if (view.state !== 'approved') throw new Error(`bench sale ${i} ended ${view.state}: ${view.words}`);
        // The final view is published before done resolves; the proxy's last answer chunk came before it.
        await sleep(0);
        wrote.stop();
        const first = wrote.at;
        const last = proxy.down.slice(down).filter((t) => t <= finalAt).at(-1);
        if (first === undefined || proxy.up[up] === undefined || last === undefined) throw new Error(`the proxy did not see sale ${i}'s exchange`);
        if (i < WARMUP) continue;
        before.push(first - t0);
        after.push(finalAt - last);
        if (overlaps(gc.spans, t0, first)) gcBefore++;
        else allocated.push(heap1 - heap0);
        if (overlaps(gc.spans, last, finalAt)) gcAfter++;
      }
    } finally {
      off();
    }
    const exchange = (await core.gateway.client()).lastExchange();
    const raw: Raw = { body: exchange?.requestBody ?? '', headers: exchange?.requestHeaders ?? {}, path: new URL(sim.url).pathname };
    const rawBefore: number[] = [];
    const rawAfter: number[] = [];
    for (let i = 0; i < SALES + WARMUP; i++) {
      const [b, a] = await rawPost(proxy, raw);
      if (i < WARMUP) continue;
      rawBefore.push(b);
      rawAfter.push(a);
    }
    const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`;
    const sb = spread(before);
    const sa = spread(after);
    const total = before.map((b, i) => b + (after[i] ?? 0));
    return [
      compare(`Terminal's own time, swipe → request on the wire, journal on ${dir.label}`, sampleOf('swipe bytes → decoder → Sale → request written to its socket', before), sampleOf('raw POST, call → first write (open connection)', rawBefore), {
        target: '≤ 3 ms (p99 < 2 ms)',
        note: `p50 ${ms(sb.p50)}, p99 ${ms(sb.p99)}, max ${ms(sb.max)}; a GC inside it in ${gcBefore} of ${before.length} sales; heap allocated on the way (sales without a GC) p50 ${kib(spread(allocated).p50)}`,
      }),
      compare(`Terminal's own time, answer's last byte → final sale.changed, journal on ${dir.label}`, sampleOf("answer's last byte → final sale.changed", after), sampleOf("raw POST, answer's last byte → response end", rawAfter), {
        target: '≤ 3 ms',
        note: `p50 ${ms(sa.p50)}, p99 ${ms(sa.p99)}, max ${ms(sa.max)}; a GC inside it in ${gcAfter} of ${after.length} sales; both halves p50 ${ms(spread(total).p50)}, p99 ${ms(spread(total).p99)}`,
      }),
    ];
  } finally {
    gc.stop();
    await core.close();
    await proxy.close();
    await sim.close();
  }
}

export async function run(): Promise<Comparison[]> {
  const results: Comparison[] = [];
  for (const dir of journalDirs('pos-bench-own-')) {
    try {
      results.push(...(await onDir(dir)));
    } finally {
      dir.remove();
    }
  }
  return results;
}
