import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compare, type Comparison } from '../harness';
import { diskDir } from '../support/data-dirs';
import { startFarGateway } from '../support/simulator-process';
import { constantSample, ms, sampleOf, spread } from '../support/stats';
import { Tally, timedClientSale, waitClient, type Settings } from '../support/wait-lane';
import type { WaitLaneJob } from '../support/wait-lane-child';
import { startWaitLane } from '../support/wait-lane-process';

/**
 * What the customer waits for, from the swipe to the result (issue 23), against a TLS gateway at
 * 100 ms and 200 ms round trips: the simulator behind a TLS terminator (a self-signed certificate
 * made now, given to the client as its CA) behind a proxy that holds each chunk RTT/2 each way, all
 * three in a process of their own (gateway-far-child.ts): the lane's work does not hold up their
 * timers, nor their handshakes the lane.
 * Every timed lane runs in a process of its own (wait-lane-child.ts), as a terminal does: sharing one,
 * one lane's connection renewal lands inside another's sale.
 * - the floor: the client alone on a connection opened well before the request (one round trip,
 *   the server and the client's own time): what no terminal can beat;
 * - live sales, the swipe 0.3 s, 11 s and 60 s after the tender (a connection must be renewed while
 *   the customer takes their time), against the floor + 3 ms; at 0.3 s a busy counter (sales 1.5 s
 *   apart, gateway.keepWarmSeconds as shipped), the long waits with only the tender's connection,
 *   their lanes in parallel;
 * - the first sale after a quiet spell (gateway.keepWarmSeconds 0, a swipe 0.3 s after the tender:
 *   at 200 ms the handshakes take longer than the customer, and are awaited);
 * - for reference, the client called after the swipe on a fresh connection (about three round trips).
 * Ratios are to one round trip. Journals on the real disk. A sale that does not end approved is
 * counted and reported, never a crash.
 */
const RTTS_MS = [100, 200];
const LONG_WAITS_MS = [11_000, 60_000];
const LANES_PER_LONG_WAIT = 8;
/**
 * Between two long-wait lanes' tenders: not a whole second, so no lane's tender (its journal
 * commit and handshakes, in another process but on the same two cores) falls in another's sale.
 */
const TENDER_SPACING_MS = 1250;
const SHORT_ROUNDS = 20;
const FLOOR_ROUNDS = 20;
/** Between two sales at a busy counter (the receipt, the next customer). */
const NEXT_CUSTOMER_MS = 1500;

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

/** A lane process for `job`: its timed rounds begun at once, their tally, the process closed. */
async function laneRounds(job: WaitLaneJob): Promise<Tally> {
  const lane = await startWaitLane(job);
  try {
    const tally = new Tally();
    tally.add(await lane.run(Date.now()));
    return tally;
  } finally {
    await lane.close();
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
  const results: Comparison[] = [];
  try {
    let server = 0;
    const floors = new Map<number, number>();
    const lines = new Map<number, Array<{ label: string; tally: Tally }>>();

    // Each round trip in turn: the fresh connection (here), then one lane process at a time, closed after its
    // rounds (an open one would keep its connection warm meanwhile): the floor, sales with the swipe 0.3 s after
    // the tender at a busy counter, sales after a quiet spell.
    for (const n of nets) {
      const lane = (name: string, job: Pick<WaitLaneJob, 'kind' | 'afterMs' | 'betweenMs' | 'warmUps' | 'rounds'>, settings: Settings = []): WaitLaneJob => ({
        dir: dir.path, name: `${name}-${n.rtt}`, url: n.url, caFile, settings, ...job,
      });
      const client = await waitClient(n.url, far.cert);
      const fresh = new Tally();
      try {
        for (let i = 0; i < 8 + 2; i++) await timedClientSale(client, fresh, i >= 2);
        if (server === 0) {
          const exchange = client.lastExchange();
          server = await serverMs(far.simUrl, exchange?.requestBody ?? '', exchange?.requestHeaders ?? {});
        }
      } finally {
        client.close();
      }
      // The connection asked for, then the request once its handshakes (about two round trips) are surely over.
      const floor = await laneRounds(lane('floor', { kind: 'client', afterMs: 3 * n.rtt + 100, betweenMs: 0, warmUps: 2, rounds: FLOOR_ROUNDS }));
      floors.set(n.rtt, spread(floor.times).p50);
      // The next customer steps up: a counter's sales are seconds apart, not back to back.
      const warm = await laneRounds(lane('warm', { kind: 'sales', afterMs: 300, betweenMs: NEXT_CUSTOMER_MS, warmUps: 2, rounds: SHORT_ROUNDS }));
      const quiet = await laneRounds(lane('quiet', { kind: 'sales', afterMs: 300, betweenMs: 0, warmUps: 1, rounds: 8 }, [['gateway.keepWarmSeconds', 0]]));

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

    // The customer who takes their time: for each wait and round trip in turn, lanes in parallel, their tenders
    // 1.25 s apart; keepWarmSeconds 0, so each sale's connection is the one its own tender opened and kept renewed.
    // One group at a time: every lane's renewal is a handshake in the gateway's one process, which a real
    // gateway spreads over its servers (32 lanes at once cost the 11 s sales about 3 ms at p50 here, 8 about none).
    for (const wait of LONG_WAITS_MS) {
      for (const n of nets) {
        const job = (i: number): WaitLaneJob => ({ dir: dir.path, name: `long-${n.rtt}-${wait}-${i}`, url: n.url, caFile, kind: 'sales', afterMs: wait, betweenMs: 0, warmUps: 5, rounds: 1, settings: [['gateway.keepWarmSeconds', 0]] });
        const lanes = await Promise.all(Array.from({ length: LANES_PER_LONG_WAIT }, (_, i) => startWaitLane(job(i))));
        const tally = new Tally();
        try {
          const epoch = Date.now() + 1000;
          for (const result of await Promise.all(lanes.map((lane, slot) => lane.run(epoch + slot * TENDER_SPACING_MS)))) tally.add(result);
        } finally {
          await Promise.allSettled(lanes.map((lane) => lane.close()));
        }
        lines.get(n.rtt)?.push({ label: `live sale, swipe ${wait / 1000} s after the tender`, tally });
      }
    }

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
    await far.close();
    dir.remove();
  }
}
