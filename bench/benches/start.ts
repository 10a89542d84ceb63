import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, type Comparison } from '../harness';
import { fsTypeOf } from '../support/data-dirs';
import { sampleOf, sleep } from '../support/stats';

/**
 * Starting like a native app (issue 23): the built headless start, from spawning `node
 * dist/headless.js` to its printed address, and `posctl status` as a whole process, each next to
 * a bare `node -e 0` spawned in the same run (taken in turns, so a busy machine weighs on all three
 * alike). Training mode on an empty data directory, as a new lane starts; posctl reads that
 * terminal beside the idle app (as a fleet's monitoring polls it) and again once it stopped. After
 * the address, the headless process is left alone until its deferred start is done: its resident
 * memory then, and the child processes it still has.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HEADLESS = join(ROOT, 'dist', 'headless.js');
const POSCTL = join(ROOT, 'bin', 'posctl.js');
const ROUNDS = 12;
const WARMUP = 2;
/** Long enough for the deferred start (gateway client, devices, training simulators) to be done. */
const SETTLE_MS = 1500;
/**
 * Node reads the file NODE_EXTRA_CA_CERTS names at every start, before any of our code (0.12 s
 * here for Debian's whole CA bundle). The terminal does not need it (its gateway's CA is
 * gateway.caFile, read when the gateway client is made), so the processes run without it; when
 * this environment sets it, the report says what it costs a bare `node -e 0`.
 */
const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...inherited } = process.env;
/** As the tests run the app: the terminal key in a file, never the developer's keyring. */
const ENV: NodeJS.ProcessEnv = { ...inherited, POS_KEY_PROTECTION: 'file', POS_MACHINE_KEY_DIR: '/nonexistent/counter-pos-machine-keys' };

/** Runs a process to its exit; resolves with the wall time from spawn to exit. */
function whole(args: string[], env: NodeJS.ProcessEnv = ENV): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

/** The resident memory of a process, in MiB. */
function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

/** The names of a process's children (running, or ended and not yet reaped). */
function childrenOf(pid: number): string[] {
  const names: string[] = [];
  for (const entry of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (Number(stat.slice(close + 2).split(' ')[1]) === pid) names.push(stat.slice(stat.indexOf('(') + 1, close));
    } catch {
      // Gone meanwhile.
    }
  }
  return names;
}

interface Started {
  toAddressMs: number;
  rssAtAddress: number;
  rssIdle: number;
  children: string[];
  /** What `whileIdle` measured, with the start idle. */
  idleMs: number;
}

/** One headless start on a new empty data directory: to the printed address, then idle (when `whileIdle` runs), then stopped. */
function headless(dataDir: string, whileIdle: () => Promise<number>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [HEADLESS, '--data-dir', dataDir, '--port', '0'], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let seen = false;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!seen) reject(new Error(`the headless start exited ${code} before printing its address: ${err.slice(-500)}`));
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (seen || !/http:\/\/127\.0\.0\.1:\d+\//.test(out)) return;
      seen = true;
      const toAddressMs = performance.now() - started;
      const pid = child.pid ?? 0;
      const rssAtAddress = rssMiB(pid);
      void sleep(SETTLE_MS).then(async () => {
        const idle = { toAddressMs, rssAtAddress, rssIdle: rssMiB(pid), children: childrenOf(pid) };
        let idleMs = 0;
        try {
          idleMs = await whileIdle();
        } catch (e) {
          child.kill('SIGTERM');
          reject(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        child.once('close', () => resolve({ ...idle, idleMs }));
        child.kill('SIGTERM');
      });
    });
  });
}

export async function run(): Promise<Comparison[]> {
  if (!existsSync(HEADLESS)) throw new Error('dist/ is missing: run `npm run build` first (npm run bench does)');
  const bare: number[] = [];
  const bareWithCa: number[] = [];
  const starts: Started[] = [];
  const statuses: number[] = [];
  const besideApp: number[] = [];
  const dirs: string[] = [];
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'pos-bench-start-'));
      dirs.push(dataDir);
      const node = await whole(['-e', '0']);
      const nodeWithCa = extraCaCerts === undefined ? undefined : await whole(['-e', '0'], { ...ENV, NODE_EXTRA_CA_CERTS: extraCaCerts });
      const start = await headless(dataDir, () => whole([POSCTL, '--data-dir', dataDir, 'status']));
      const status = await whole([POSCTL, '--data-dir', dataDir, 'status']);
      if (round < WARMUP) continue;
      bare.push(node);
      if (nodeWithCa !== undefined) bareWithCa.push(nodeWithCa);
      starts.push(start);
      statuses.push(status);
      besideApp.push(start.idleMs);
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const baseline = sampleOf('node -e 0 (spawn to exit)', bare);
  const left = [...new Set(starts.flatMap((s) => s.children))];
  const fs = fsTypeOf(tmpdir());
  const ca =
    extraCaCerts === undefined
      ? ''
      : `; run without this environment's NODE_EXTRA_CA_CERTS, which adds ${(median(bareWithCa) - median(bare)).toFixed(1)} ms to every Node start here (node -e 0 with it: ${median(bareWithCa).toFixed(1)} ms)`;
  return [
    compare('Headless start (dist/headless.js, training, empty data dir) to its printed address', sampleOf('spawn → address printed', starts.map((s) => s.toAddressMs)), baseline, {
      target: '< 250 ms',
      note: `RSS ${median(starts.map((s) => s.rssAtAddress)).toFixed(1)} MiB at the address, ${median(starts.map((s) => s.rssIdle)).toFixed(1)} MiB idle ${SETTLE_MS / 1000} s later (target < 80 MiB); child processes left at idle: ${left.length === 0 ? 'none' : left.join(', ')}; data dir on ${fs}${ca}`,
    }),
    compare('posctl status (bin/posctl.js, whole process, the app stopped)', sampleOf('spawn → exit', statuses), baseline, { target: '< 150 ms', ...(ca ? { note: ca.slice(2) } : {}) }),
    // As a fleet's monitoring polls it: the app's view, the stores not checked again (main/core.ts integrityCheck).
    compare('posctl status beside the running headless start (whole process)', sampleOf('spawn → exit', besideApp), baseline, { target: '< 150 ms', ...(ca ? { note: ca.slice(2) } : {}) }),
  ];
}
