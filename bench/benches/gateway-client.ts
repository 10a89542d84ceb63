import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGatewayClient } from '../../main/gateway/client';
import { buildWsdl } from '../../main/gateway/wsdl';
import { startGatewaySimulator } from '../../main/training/gateway/server';
import { compare, measure, type Comparison, type Sample } from '../harness';

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

const PEERS = fileURLToPath(new URL('../peers/', import.meta.url));

interface Peer {
  name: string;
  /** Interpreters to try, in order (Debian's packages live under /usr/bin, ahead of any pyenv shim). */
  commands: string[];
  /** Arguments that fail when the peer's SOAP stack is not installed. */
  probe: string[];
  args: (wsdl: string, url: string, iterations: number, request: string) => string[];
}

const PEER_STACKS: Peer[] = [
  {
    name: 'PHP SoapClient (php-soap)',
    commands: ['php'],
    probe: ['-r', 'exit(class_exists("SoapClient") ? 0 : 1);'],
    args: (wsdl, url, n, request) => [join(PEERS, 'php-sale.php'), wsdl, url, String(n), String(Math.ceil(n / 10)), request],
  },
  {
    name: 'Python zeep (python3-zeep)',
    commands: ['/usr/bin/python3', 'python3'],
    probe: ['-c', 'import zeep, requests'],
    args: (wsdl, url, n, request) => [join(PEERS, 'zeep-sale.py'), wsdl, url, String(n), String(Math.ceil(n / 10)), request],
  },
];

function exec(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => resolve({ code: -1, stdout, stderr: err.message }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same sale made by another SOAP stack, in its own process, against the same simulator: its own
 * per-request median (process start and WSDL loading excluded). Undefined, with the reason printed,
 * when the stack is not installed or fails.
 */
async function peerSample(peer: Peer, wsdl: string, url: string, iterations: number, request: string): Promise<Sample | undefined> {
  let command: string | undefined;
  for (const candidate of peer.commands) {
    if ((await exec(candidate, peer.probe)).code === 0) {
      command = candidate;
      break;
    }
  }
  if (!command) {
    console.log(`  ${peer.name}: skipped (not installed)`);
    return undefined;
  }
  const r = await exec(command, peer.args(wsdl, url, iterations, request));
  try {
    if (r.code !== 0) throw new Error(r.stderr.trim().split('\n').at(-1) ?? `exit ${r.code}`);
    const out = JSON.parse(r.stdout) as { medianMs: number; p95Ms: number; meanMs: number; iterations: number };
    return { name: peer.name, iterations: out.iterations, medianMs: out.medianMs, p95Ms: out.p95Ms, meanMs: out.meanMs };
  } catch (e) {
    console.log(`  ${peer.name}: skipped (${(e as Error).message})`);
    return undefined;
  }
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
  const subject = await measure('client.sendAndCommit (soap + answer reader)', () => client.sendAndCommit(SALE), { iterations });
  client.close();

  // The peers load the same WSDL from a file and make the same sale with the same credentials.
  const dir = mkdtempSync(join(tmpdir(), 'pos-bench-peers-'));
  const peers: Sample[] = [];
  try {
    const wsdl = join(dir, 'gateway.wsdl');
    writeFileSync(wsdl, buildWsdl({ namespace: NS, address: sim.url }));
    const request = JSON.stringify({ GatewayID: 'BENCH', Password: 'pw', ...SALE });
    for (const peer of PEER_STACKS) {
      const sample = await peerSample(peer, wsdl, sim.url, 300, request);
      if (sample) peers.push(sample);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sim.close();
  }
  const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;
  const peerNote = PEER_STACKS.map((p) => {
    const s = peers.find((x) => x.name === p.name);
    return `${p.name.split(' (')[0]} ${s ? fmt(s.medianMs) : 'skipped'}`;
  }).join(', ');

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
    compare('Gateway request: client vs raw POST of the same envelope', subject, baseline, {
      target: '≤ 1.3×',
      note: `client ${fmt(subject.medianMs)}; peers, same sale and simulator: ${peerNote}`,
    }),
    ...peers.map((p) => compare(`Gateway request: ${p.name} vs the same raw POST (same sale, own process)`, p, baseline)),
    compare('Gateway client creation with the WSDL (warm process)', fresh, text, {
      target: '< 50 ms',
      note: `fresh ${fresh.medianMs.toFixed(1)} ms, cached ${cached.medianMs.toFixed(2)} ms`,
    }),
  ];
}
