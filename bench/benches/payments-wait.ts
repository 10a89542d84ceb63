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
import { startWaitLane, type LaneResult } from '../support/wait-lane-process';

/**
 * What the customer waits for, from the swipe to the result (issue 23), against a TLS gateway at
 * 100 ms and 200 ms round trips: the simulator behind a TLS terminator (a self-signed certificate
 * made now, given to the client as its CA) behind a proxy that holds each chunk RTT/2 each way, all
 * three in a process of their own (gateway-far-child.ts): the lane's work does not hold up their
 * timers, nor their handshakes the lane.
 * Every timed lane runs in a process of its own (wait-lane-child.ts), as a terminal does: sharing one,
 * one lane's connection renewal lands inside another's sale.
 * - the floor: the client alone on a connection opened well before the request (one round trip,
 *   the server and the client's own time): what no terminal can beat. Each lane measures it in its
 *   own process, a client of its own taking its turn after each of the lane's sales, and each row
 *   is held to the floor of its own lanes: two processes of the same code differ by a millisecond
 *   at times, and this machine's speed drifts over minutes (other guests on its host), so a floor
 *   taken in another process or minutes earlier carried both into the margin;
 * - live sales, the swipe 0.3 s, 11 s and 60 s after the tender (a connection must be renewed while
 *   the customer takes their time), against the floor + 3 ms; at 0.3 s a busy counter (a tender
 *   every 2.5 s, gateway.keepWarmSeconds as shipped), the long waits with only the tender's
 *   connection, their lanes in parallel. A long wait is held to the floor at the same point: the
 *   client alone asking for its connection and sending after the same wait, in the same lane once
 *   its sale is over. After seconds idle this machine can start slower (in one run the client
 *   alone's p50 after 60 s was 2.2 ms above its p50 right after a sale at 100 ms, none at 200 ms;
 *   a first commit after idle 0.7 ms against 0.1 back to back), which a floor taken right after the
 *   sale would leave in the margin; that floor is still shown beside it;
 * - the first sale after a quiet spell (gateway.keepWarmSeconds 0, a swipe 0.3 s after the tender),
 *   as the register makes it, its amount's first digit (payments.expect) 1 s before the tender, so
 *   the handshakes are over by the swipe (History does the same when it opens a payment it offers a
 *   void or refund of); and started with nothing said beforehand (posctl): at 200 ms the handshakes
 *   take longer than the customer, and are awaited;
 * - for reference, the client called after the swipe on a fresh connection (about three round trips).
 * Each row also gives where its sales' time went (wait-lane.ts SaleStages), as medians and for its
 * slowest sale. Ratios are to one round trip. Journals on the real disk. A sale that does not end approved is
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
/** A cashier types an amount and presses Charge: the first digit this long before the tender. */
const AMOUNT_TYPED_MS = 1000;
const QUIET_ROUNDS = 8;
/** A busy counter: a tender every 2.5 s (the sale, the receipt, the next customer). */
const SALE_PERIOD_MS = 2500;
/**
 * A lane's floor round (its client's connection asked for, the request 3 round trips + 0.1 s later)
 * begins this long after its swipe: at a busy counter once the sale has its answer and its next
 * connection is up, ending well before the next tender (at 200 ms, 1.9 s after the tender).
 */
const FLOOR_AFTER_SWIPE_MS = 700;
/** In a long wait, after the lane's swipe, ending before the next lane's (at 200 ms, 1.16 s after it). */
const LONG_FLOOR_AFTER_SWIPE_MS = 250;
/**
 * Untimed sales (and floor rounds) each lane makes first: a lane at work, its sale path optimized
 * by V8 (timed stage by stage, its own time after 60 sales was 0.3-0.5 ms less than after 2).
 */
const WARM_UPS = 60;

interface Net {
  rtt: number;
  url: string;
}

/** A row of the report: its sales, and the floor's rounds made between them (none for the fresh-connection reference). */
interface Row {
  label: string;
  tally: Tally;
  floor?: Tally;
  /** The floor's rounds after the row's own wait (its long waits), which the row is held to. */
  floorAfterWait?: Tally;
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
    const lines = new Map<number, Row[]>();
    // The floor's client asks for its connection this long after the swipe, and sends once its
    // handshakes (about two round trips) are surely over.
    const job = (n: Net, name: string, swipeAfterMs: number, floorAfterSwipeMs: number, settings: Settings = [], sameWait = false, amountTypedMs = 0): WaitLaneJob => ({
      dir: dir.path, name: `${name}-${n.rtt}`, url: n.url, caFile, swipeAfterMs, floor: { afterSwipeMs: floorAfterSwipeMs, connectAheadMs: 3 * n.rtt + 100, sameWait },
      warmUps: WARM_UPS, settings, amountTypedMs,
    });
    const rowOf = (label: string, results: readonly LaneResult[]): Row => {
      const row: Row & { floor: Tally } = { label, tally: new Tally(), floor: new Tally() };
      for (const r of results) {
        row.tally.add(r);
        row.floor.add(r.floor);
        if (r.floorAfterWait) (row.floorAfterWait ??= new Tally()).add(r.floorAfterWait);
      }
      return row;
    };

    // Each round trip in turn: the fresh connection (here), then one lane process at a time, closed after its
    // rounds (an open one would keep its connection warm meanwhile).
    for (const n of nets) {
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
      const taking = async (label: string, sales: WaitLaneJob, rounds: number): Promise<Row> => {
        const lane = await startWaitLane(sales);
        try {
          return rowOf(label, [await lane.run({ at: Date.now() + 1000, rounds, periodMs: SALE_PERIOD_MS })]);
        } finally {
          await lane.close();
        }
      };
      lines.set(n.rtt, [
        { label: 'client alone, fresh TCP + TLS connection after the swipe', tally: fresh },
        // The next customer steps up: a counter's sales are seconds apart, not back to back.
        await taking('live sale, swipe 0.3 s after the tender', job(n, 'warm', 300, FLOOR_AFTER_SWIPE_MS), SHORT_ROUNDS),
        await taking(
          'first sale after a quiet spell (keepWarmSeconds 0), amount typed 1 s before the tender, swipe at 0.3 s',
          job(n, 'quiet-typed', 300, FLOOR_AFTER_SWIPE_MS, [['gateway.keepWarmSeconds', 0]], false, AMOUNT_TYPED_MS),
          QUIET_ROUNDS,
        ),
        await taking('first sale after a quiet spell (keepWarmSeconds 0), nothing typed or opened first (posctl), swipe at 0.3 s', job(n, 'quiet', 300, FLOOR_AFTER_SWIPE_MS, [['gateway.keepWarmSeconds', 0]]), QUIET_ROUNDS),
      ]);
    }

    // The customer who takes their time: for each wait and round trip in turn, lanes in parallel, their tenders
    // 1.25 s apart; keepWarmSeconds 0, so each sale's connection is the one its own tender opened and kept renewed.
    // One group at a time: every lane's renewal is a handshake in the gateway's one process, which a real
    // gateway spreads over its servers (32 lanes at once cost the 11 s sales about 3 ms at p50 here, 8 about none).
    // Each lane's floor round falls between its own swipe and the next lane's.
    for (const wait of LONG_WAITS_MS) {
      for (const n of nets) {
        const lanes = await Promise.all(
          Array.from({ length: LANES_PER_LONG_WAIT }, (_, i) => startWaitLane(job(n, `long-${wait}-${i}`, wait, LONG_FLOOR_AFTER_SWIPE_MS, [['gateway.keepWarmSeconds', 0]], true))),
        );
        try {
          const epoch = Date.now() + 1000;
          const results = await Promise.all(lanes.map((lane, slot) => lane.run({ at: epoch + slot * TENDER_SPACING_MS, rounds: 1, periodMs: 0 })));
          lines.get(n.rtt)?.push(rowOf(`live sale, swipe ${wait / 1000} s after the tender`, results));
        } finally {
          await Promise.allSettled(lanes.map((lane) => lane.close()));
        }
      }
    }

    for (const n of nets) {
      const rows = lines.get(n.rtt) ?? [];
      // The floor: every round of the client alone at this round trip, between the sales of every row.
      const floorAll = new Tally();
      for (const row of rows) if (row.floor) floorAll.add(row.floor);
      if (floorAll.times.length > 0) {
        results.push(
          compare(`Customer wait at ${n.rtt} ms RTT: the floor (client alone, connection opened well before)`, sampleOf('client.sendAndCommit on a ready connection', floorAll.times), constantSample(`one round trip (${n.rtt} ms)`, n.rtt), {
            note: `p50 ${ms(spread(floorAll.times).p50)}, ${floorAll.times.length} rounds between the sales below; server ${ms(server)}${floorAll.note()}`,
          }),
        );
      }
      for (const { label, tally, floor: floorRounds, floorAfterWait } of rows) {
        if (tally.times.length === 0) {
          console.log(`\npayments-wait: ${label} at ${n.rtt} ms: no approved sale${tally.note()}`);
          continue;
        }
        const s = spread(tally.times);
        // This row's floor: the client's rounds between its own sales, in the same processes; for a
        // long wait, its rounds after the same wait (the one right after the sale is shown beside it).
        const p50Of = (t: Tally | undefined): number | undefined => (t && t.times.length > 0 ? spread(t.times).p50 : undefined);
        const soon = p50Of(floorRounds);
        const afterWait = p50Of(floorAfterWait);
        const floor = afterWait ?? soon;
        const target = floor === undefined ? '≈ 3 round trips (no connection ahead)' : `≤ floor + 3 ms = ${ms(floor + 3)} (${((floor + 3) / n.rtt).toFixed(2)}×)`;
        const its =
          afterWait !== undefined
            ? `its floor after the same wait ${ms(afterWait)}, ${floorAfterWait?.times.length ?? 0} rounds${floorAfterWait?.note() ?? ''}; right after the sale ${soon === undefined ? '-' : `${ms(soon)} (floor + ${ms(s.p50 - soon)})`}`
            : `its floor ${ms(floor ?? 0)}, ${floorRounds?.times.length ?? 0} rounds between these sales${floorRounds?.note() ?? ''}`;
        const against = floor === undefined ? '' : ` (floor + ${ms(s.p50 - floor)}; ${its})`;
        results.push(
          compare(`Customer wait at ${n.rtt} ms RTT: ${label}`, sampleOf('swipe → result', tally.times), constantSample(`one round trip (${n.rtt} ms)`, n.rtt), {
            target,
            note: `p50 ${ms(s.p50)}${against}${tally.stages.length > 0 ? `; stage medians: ${tally.medianStages()}` : ''}; ${tally.max(ms)}; ${tally.times.length} sales${tally.note()}`,
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
