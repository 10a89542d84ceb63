import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGatewayClient, type GatewayClient } from '../../main/gateway/client';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import type { Core } from '../../main/core';
import { compare, type Comparison } from '../harness';
import { diskDir } from '../support/data-dirs';
import { SwipeReader } from '../support/lane';
import { startFarGateway } from '../support/simulator-process';
import { constantSample, ms, sampleOf, sleep, spread } from '../support/stats';
import { Tally, timedSale, waitLane, type Settings } from '../support/wait-lane';
import { startWaitLane, type WaitLaneProcess } from '../support/wait-lane-process';

/**
 * What the customer waits for, from the swipe to the result (issue 23), against a TLS gateway at
 * 100 ms and 200 ms round trips: the simulator behind a TLS terminator (a self-signed certificate
 * made now, given to the client as its CA) behind a proxy that holds each chunk RTT/2 each way, all
 * three in a process of their own (gateway-far-child.ts): the lane's work does not hold up their
 * timers, nor their handshakes the lane.
 * - the floor: the client alone on a connection opened well before the request (one round trip,
 *   the server and the client's own time): what no terminal can beat;
 * - live sales, the swipe 0.3 s, 11 s and 60 s after the tender (a connection must be renewed while
 *   the customer takes their time), against the floor + 3 ms; at 0.3 s a busy counter (sales 1.5 s
 *   apart, gateway.keepWarmSeconds as shipped), the long waits with only the tender's connection,
 *   each of their lanes in a process of its own (wait-lane-child.ts) as a terminal is, so no
 *   lane's connection renewal runs inside another's sale;
 * - the first sale after a quiet spell (gateway.keepWarmSeconds 0, a swipe 0.3 s after the tender:
 *   at 200 ms the handshakes take longer than the customer, and are awaited);
 * - for reference, the client called after the swipe on a fresh connection (about three round trips).
 * Ratios are to one round trip. Journals on the real disk. A sale that does not end approved is
 * counted and reported, never a crash.
 */
const RTTS_MS = [100, 200];
const LONG_WAITS_MS = [11_000, 60_000];
const LANES_PER_LONG_WAIT = 5;
const SHORT_ROUNDS = 15;
const FLOOR_ROUNDS = 12;
/** Between two sales at a busy counter (the receipt, the next customer). */
const NEXT_CUSTOMER_MS = 1500;

const SALE = { Transaction_Type: '00', DollarAmount: '12.34', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', Reference_No: 'BENCH' };

interface Net {
  rtt: number;
  url: string;
}

/** The simulator's own time for one request: a raw POST straight to it (no TLS, no latency), fresh connection. */
async function serverMs(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  const target = new URL(url);
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent: new http.Agent({ keepAlive: false }) }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
    if (i >= 10) times.push(performance.now() - t);
  }
  return spread(times).p50;
}

async function clientRounds(client: GatewayClient, rounds: number, tally: Tally, before?: () => Promise<void>): Promise<void> {
  for (let i = 0; i < rounds + 2; i++) {
    await before?.();
    const t = performance.now();
    const outcome = await client.sendAndCommit({ ...SALE, Reference_No: `BENCH-${performance.now().toFixed(0)}-${i}` });
    const took = performance.now() - t;
    if (outcome.kind !== 'approved') tally.failures.push("message" in outcome ? `${outcome.kind}: ${outcome.message}` : outcome.kind);
    else if (i >= 2) tally.times.push(took);
  }
}

/** A lane's core for `use`, then closed. */
async function onLane(dir: string, name: string, url: string, caFile: string, extra: Settings, use: (core: Core) => Promise<void>): Promise<void> {
  const core = await waitLane(dir, name, url, caFile, extra);
  try {
    await use(core);
  } finally {
    await core.close();
  }
}

export async function run(): Promise<Comparison[]> {
  const far = await startFarGateway(RTTS_MS);
  if (!far) {
    console.log('\npayments-wait: skipped (openssl is not installed: no certificate for the TLS simulator)');
    return [];
  }
  const dir = diskDir('pos-bench-wait-');
  const caFile = join(dir.path, 'gateway-ca.pem');
  writeFileSync(caFile, far.cert);
  const nets: Net[] = RTTS_MS.map((rtt) => ({ rtt, url: `https://127.0.0.1:${far.proxies[String(rtt)]}/transaction/v14` }));
  const processes: WaitLaneProcess[] = [];
  const results: Comparison[] = [];
  try {
    let server = 0;
    const floors = new Map<number, number>();
    const lines = new Map<number, Array<{ label: string; tally: Tally }>>();

    // Each round trip in turn: the floor, the fresh connection, sales with the swipe 0.3 s after the tender.
    for (const n of nets) {
      const client = await createGatewayClient({ url: n.url, namespace: DEFAULT_GATEWAY_NAMESPACE, gatewayId: 'BENCH-1', password: 'bench-pw', ca: far.cert, connectTimeoutMs: 5000, timeoutMs: 10_000, keepWarmMs: 0 });
      const fresh = new Tally();
      const floor = new Tally();
      try {
        await clientRounds(client, 8, fresh);
        if (server === 0) {
          const exchange = client.lastExchange();
          server = await serverMs(far.simUrl, exchange?.requestBody ?? '', exchange?.requestHeaders ?? {});
        }
        await clientRounds(client, FLOOR_ROUNDS, floor, async () => {
          client.preconnect();
          await sleep(3 * n.rtt + 100);
        });
      } finally {
        client.close();
      }
      floors.set(n.rtt, spread(floor.times).p50);

      // One lane at a time in this process, closed after its sales: an open one would keep its connection warm meanwhile.
      const reader = new SwipeReader('visa');
      const warm = new Tally();
      await onLane(dir.path, `warm-${n.rtt}`, n.url, caFile, [], async (core) => {
        for (let i = 0; i < SHORT_ROUNDS + 2; i++) {
          // The next customer steps up: a counter's sales are seconds apart, not back to back.
          await sleep(NEXT_CUSTOMER_MS);
          await timedSale(core, reader, 300, warm, i >= 2);
        }
      });
      const quiet = new Tally();
      await onLane(dir.path, `quiet-${n.rtt}`, n.url, caFile, [['gateway.keepWarmSeconds', 0]], async (core) => {
        for (let i = 0; i < 8 + 1; i++) await timedSale(core, reader, 300, quiet, i >= 1);
      });

      lines.set(n.rtt, [
        { label: 'client alone, fresh TCP + TLS connection after the swipe', tally: fresh },
        { label: 'live sale, swipe 0.3 s after the tender', tally: warm },
        { label: 'first sale after a quiet spell (keepWarmSeconds 0), swipe at 0.3 s', tally: quiet },
      ]);
      results.push(
        compare(`Customer wait at ${n.rtt} ms RTT: the floor (client alone, connection opened well before)`, sampleOf('client.sendAndCommit on a ready connection', floor.times), constantSample(`one round trip (${n.rtt} ms)`, n.rtt), {
          note: `p50 ${ms(spread(floor.times).p50)}; server ${ms(server)}${floor.note()}`,
        }),
      );
    }

    // The customer who takes their time: lanes in parallel, each in a process of its own as a terminal is
    // (in one process, one lane's connection renewal lands in another's sale), their tenders a second apart;
    // keepWarmSeconds 0, so each sale's connection is the one its own tender opened and kept renewed.
    const long: Array<{ n: Net; wait: number; tally: Tally; lanes: WaitLaneProcess[] }> = [];
    for (const wait of LONG_WAITS_MS) {
      for (const n of nets) {
        const job = (i: number) => ({ dir: dir.path, name: `long-${n.rtt}-${wait}-${i}`, url: n.url, caFile, swipeAfterMs: wait, settings: [['gateway.keepWarmSeconds', 0]] as Settings });
        const lanes = await Promise.all(Array.from({ length: LANES_PER_LONG_WAIT }, (_, i) => startWaitLane(job(i))));
        processes.push(...lanes);
        long.push({ n, wait, tally: new Tally(), lanes });
      }
    }
    const epoch = Date.now() + 1000;
    let slot = 0;
    await Promise.all(
      long.flatMap(({ tally, lanes }) =>
        lanes.map(async (lane) => {
          const result = await lane.sale(epoch + slot++ * 1000);
          tally.times.push(...result.times);
          tally.failures.push(...result.failures);
        }),
      ),
    );
    for (const { n, wait, tally } of long) lines.get(n.rtt)?.push({ label: `live sale, swipe ${wait / 1000} s after the tender`, tally });

    for (const n of nets) {
      const floor = floors.get(n.rtt) ?? 0;
      for (const { label, tally } of lines.get(n.rtt) ?? []) {
        if (tally.times.length === 0) {
          console.log(`\npayments-wait: ${label} at ${n.rtt} ms: no approved sale${tally.note()}`);
          continue;
        }
        const s = spread(tally.times);
        const reference = label.startsWith('client alone');
        results.push(
          compare(`Customer wait at ${n.rtt} ms RTT: ${label}`, sampleOf('swipe → result', tally.times), constantSample(`one round trip (${n.rtt} ms)`, n.rtt), {
            target: reference ? '≈ 3 round trips (no connection ahead)' : `≤ floor + 3 ms = ${ms(floor + 3)} (${((floor + 3) / n.rtt).toFixed(2)}×)`,
            note: `p50 ${ms(s.p50)} (floor + ${ms(s.p50 - floor)}), max ${ms(s.max)}, ${tally.times.length} sales${tally.note()}`,
          }),
        );
      }
    }
    return results;
  } finally {
    await Promise.allSettled(processes.map((p) => p.close()));
    await far.close();
    dir.remove();
  }
}
