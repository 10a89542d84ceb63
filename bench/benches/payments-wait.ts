import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGatewayClient } from '../../main/gateway/client';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { startGatewaySimulator } from '../../main/training/gateway/server';
import { compare, type Comparison } from '../harness';
import { diskDir } from '../support/data-dirs';
import { benchCore, liveSettings, SwipeReader } from '../support/lane';
import { selfSignedCert, startLatencyProxy, startTlsTerminator } from '../support/net';
import { constantSample, ms, sampleOf, sleep, spread } from '../support/stats';

/**
 * What the customer waits for, from the swipe to the result, against a TLS gateway 50 ms away
 * (a round trip of 100 ms): the simulator behind a TLS terminator (a self-signed certificate made
 * now, given to the client as its CA) behind a proxy that holds each chunk 50 ms each way.
 * (a) today's path without preconnect: the client called directly after the swipe, on a fresh
 *     connection (TCP, TLS 1.3, then the request: about three round trips);
 * (b) a live sale started with the card tender (which opens the connection), the swipe 300 ms later,
 *     until the sale has its result: one round trip, plus the server and the terminal's own time.
 * Ratios are to one round trip. Journal on the real disk.
 */
const ONE_WAY_MS = 50;
const RTT_MS = 2 * ONE_WAY_MS;
const SWIPE_AFTER_MS = 300;
const ROUNDS = 25;

const SALE = { Transaction_Type: '00', DollarAmount: '12.34', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', Reference_No: 'BENCH' };

/** The simulator's own time for one request: a raw POST straight to it (no TLS, no latency), fresh connection. */
async function serverMs(url: string, body: string, headers: Record<string, string>): Promise<number[]> {
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
  return times;
}

export async function run(): Promise<Comparison[]> {
  const cert = selfSignedCert();
  if (!cert) {
    console.log('\npayments-wait: skipped (openssl is not installed: no certificate for the TLS simulator)');
    return [];
  }
  const dir = diskDir('pos-bench-wait-');
  const caFile = join(dir.path, 'gateway-ca.pem');
  writeFileSync(caFile, cert.cert);
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, keepBodies: false });
  const front = await startTlsTerminator(cert, sim.port);
  const far = await startLatencyProxy({ targetPort: front.port, oneWayMs: ONE_WAY_MS });
  const url = `https://127.0.0.1:${far.port}/transaction/v14`;
  try {
    // (a) The client alone, a fresh connection per request, nothing opened ahead.
    const client = await createGatewayClient({ url, namespace: DEFAULT_GATEWAY_NAMESPACE, gatewayId: 'BENCH-1', password: 'bench-pw', ca: cert.cert, connectTimeoutMs: 5000, timeoutMs: 10_000 });
    const fresh: number[] = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      const t = performance.now();
      const outcome = await client.sendAndCommit({ ...SALE, Reference_No: `BENCH-A${i}` });
      if (outcome.kind !== 'approved') throw new Error(`bench request ${i} ended ${outcome.kind}`);
      if (i >= 2) fresh.push(performance.now() - t);
    }
    const exchange = client.lastExchange();
    const server = spread(await serverMs(sim.url, exchange?.requestBody ?? '', exchange?.requestHeaders ?? {})).p50;

    // The client alone again, with the connection opened 300 ms before the request (no sale around it).
    const ahead: number[] = [];
    for (let i = 0; i < ROUNDS + 2; i++) {
      client.preconnect();
      await sleep(SWIPE_AFTER_MS);
      const t = performance.now();
      const outcome = await client.sendAndCommit({ ...SALE, Reference_No: `BENCH-C${i}` });
      if (outcome.kind !== 'approved') throw new Error(`bench request ${i} ended ${outcome.kind}`);
      if (i >= 2) ahead.push(performance.now() - t);
    }
    client.close();

    // (b) The live sale: the card tender opens the connection; the swipe comes 300 ms later.
    const core = await benchCore(dir.path, liveSettings(url, [['gateway.caFile', caFile]]));
    const sales: number[] = [];
    const connectionsBefore = far.connections();
    try {
      const reader = new SwipeReader('visa');
      for (let i = 0; i < ROUNDS + 2; i++) {
        const sale = await core.payments.payments.startSale({ saleId: `bench-wait-${i}`, type: 'sale', amountCents: 1234 + i, tender: 'card' });
        await sleep(SWIPE_AFTER_MS);
        const t = performance.now();
        sale.acceptCard({ kind: 'read', card: reader.swipe() }, 'swipe', null);
        const view = await sale.done;
        if (view.state !== 'approved') throw new Error(`bench sale ${i} ended ${view.state}: ${view.words}`);
        if (i >= 2) sales.push(performance.now() - t);
      }
    } finally {
      await core.close();
    }
    const connections = far.connections() - connectionsBefore;

    const rtt = constantSample(`one round trip (${RTT_MS} ms)`, RTT_MS);
    const target = RTT_MS + server + 5;
    const a = spread(fresh);
    const b = spread(sales);
    return [
      compare('Customer wait (a): client called after the swipe, fresh TCP + TLS connection', sampleOf('client.sendAndCommit, no preconnect', fresh), rtt, {
        target: '≈ 3 round trips today',
        note: `p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, max ${ms(a.max)}`,
      }),
      compare('Customer wait (b): live sale, connection opened at the tender, swipe 300 ms later', sampleOf('swipe → sale result (Sale, journal on disk)', sales), rtt, {
        target: `≤ 1 RTT + server + 5 ms = ${ms(target)} (${(target / RTT_MS).toFixed(2)}×)`,
        note: `p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, max ${ms(b.max)}; server ${ms(server)}; ${connections} connections for ${ROUNDS + 2} sales; client alone with the connection opened 300 ms ahead: p50 ${ms(spread(ahead).p50)}`,
      }),
    ];
  } finally {
    await far.close();
    await front.close();
    await sim.close();
    dir.remove();
  }
}
