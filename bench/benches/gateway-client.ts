import http from 'node:http';
import { createGatewayClient } from '../../main/gateway/client';
import { buildWsdl } from '../../main/gateway/wsdl';
import { startGatewaySimulator } from '../../main/training/gateway/server';
import { compare, measure, type Comparison } from '../harness';

const NS = 'http://bench.example/vplug-in/transaction/rpc-enc/';
const SALE = { Transaction_Type: '00', DollarAmount: '12.34', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', CVDCode: '123', Reference_No: 'BENCH' };

/** The same bytes and headers, posted with nothing but node:http (one connection per request, like the client). */
function rawPost(url: string, body: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const agent = new http.Agent({ keepAlive: false });
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Per-request cost of the SOAP client (validation, envelope, HTTP, parsing and typing the
 * multiRef answer) against the simulator, vs a raw POST of the same prebuilt envelope to the same
 * server; and the time to create a client from the WSDL.
 */
export async function run(): Promise<Comparison[]> {
  const sim = await startGatewaySimulator({ namespace: NS });
  const client = await createGatewayClient({ url: sim.url, namespace: NS, gatewayId: 'BENCH', password: 'pw', connectTimeoutMs: 5000, timeoutMs: 10_000 });
  const first = await client.sendAndCommit(SALE);
  if (first.kind !== 'approved') throw new Error(`bench sale not approved: ${first.kind}`);
  const exchange = client.lastExchange();
  const body = exchange?.requestBody ?? '';
  const headers = exchange?.requestHeaders ?? {};

  const iterations = 600;
  const baseline = await measure('raw POST of the same envelope (node:http)', () => rawPost(sim.url, body, headers), { iterations });
  const subject = await measure('client.sendAndCommit (soap + typing)', () => client.sendAndCommit(SALE), { iterations });
  client.close();
  await sim.close();

  const address = 'http://127.0.0.1:1/transaction/v14';
  let n = 0;
  // A new namespace each time defeats the WSDL cache: every creation parses the WSDL afresh.
  const fresh = await measure('createGatewayClient, WSDL parsed afresh', async () => {
    const c = await createGatewayClient({ url: address, namespace: `http://bench.example/n${n++}/`, gatewayId: 'B', password: 'p', connectTimeoutMs: 1000, timeoutMs: 1000 });
    c.close();
  }, { iterations: 60, warmup: 10 });
  const cached = await measure('createGatewayClient, WSDL already parsed', async () => {
    const c = await createGatewayClient({ url: address, namespace: NS, gatewayId: 'B', password: 'p', connectTimeoutMs: 1000, timeoutMs: 1000 });
    c.close();
  }, { iterations: 200 });
  const text = await measure('buildWsdl (text only)', () => buildWsdl({ namespace: NS, address }), { iterations: 200 });

  return [
    compare('Gateway request: client vs raw POST of the same envelope', subject, baseline, { target: '≤ 1.3×' }),
    compare('Gateway client creation with the WSDL (warm process)', fresh, text, {
      target: '< 50 ms',
      note: `fresh ${fresh.medianMs.toFixed(1)} ms, cached ${cached.medianMs.toFixed(2)} ms`,
    }),
  ];
}
