import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { parseSwipe, type CardRead } from '../../native/card/card-read';
import { parseMicr, type CheckRead } from '../../native/check/micr';
import { SAMPLE_CARDS, SAMPLE_CHECKS, swipeText } from '../../native/sim/sample-cards';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../main/config/settings/gateway';
import { createCore, type Core, type CoreConfig } from '../../main/core';
import { buildWsdl } from '../../main/gateway/wsdl';
import type { GatewayOutcome } from '../../main/gateway/outcome';
import type { GatewayLease, SaleDevices, SalePolicy } from '../../main/payments/ports';
import type { SaleDeps } from '../../main/payments/sale';
import type { CardSource } from '../../main/payments/requests';
import { createNodePlatform } from '../../main/platform/platform';
import { generateTerminalKeyPair, prepareSeal } from '../../main/store/sealing';
import { migrate } from '../../main/store/database';
import { createJournalStore, type JournalStore } from '../../main/payments/journal/journal';
import { journalMigrations } from '../../main/payments/journal/schema';
import type { JournalRow } from '../../main/payments/journal/row';
import { ROOT } from './processes';

/**
 * Shared helpers of the payment tests: sample cards as a sale takes them, a core on a data
 * directory, an in-memory journal, a seeded random source, a gate in front of a gateway (up,
 * down, faults, Reference_No counts), the PHP SoapServer peer, and the crash children's command.
 */

/** The sample bank cards a sale can be paid with. */
export type BankCardName = 'visa' | 'mastercard' | 'amex' | 'discover' | 'prepaid';
export const BANK_CARDS: readonly BankCardName[] = ['visa', 'mastercard', 'amex', 'discover', 'prepaid'];

/** A sample card as the reader hands it over (parsed swipe). */
export function sampleCard(name: BankCardName = 'visa'): CardRead {
  const parsed = parseSwipe(swipeText(SAMPLE_CARDS[name]), { now: new Date() });
  if (!parsed.ok) throw new Error(`sample card ${name} does not parse: ${parsed.error.message}`);
  return parsed.value;
}

export function swipe(name: BankCardName = 'visa'): CardSource {
  return { kind: 'read', card: sampleCard(name) };
}

/** The full card number of a sample card (what must never be at rest). */
export function samplePan(name: BankCardName): string {
  const track2 = SAMPLE_CARDS[name].tracks[1] ?? '';
  const m = /^;(\d+)=/.exec(track2);
  if (!m?.[1]) throw new Error(`sample card ${name} has no track 2`);
  return m[1];
}

export function sampleCheck(name: keyof typeof SAMPLE_CHECKS = 'personal'): CheckRead {
  const c = SAMPLE_CHECKS[name];
  const parsed = parseMicr(`${c.line}/${c.status}`);
  if (!parsed.ok) throw new Error(`sample check ${name} does not parse: ${parsed.error.message}`);
  return parsed.value;
}

export const LIVE_CREDENTIALS = { gatewayId: 'LIVE-PAY-1', password: 'live-pay-pw' } as const;

/** A core on `dataDir` as posctl opens one (no background forwarding; the test or child drives it). */
export function openCore(dataDir: string, config: CoreConfig = {}, now?: () => Date): Promise<Core> {
  return createCore(
    { logLevel: 'silent', watchIntervalMs: 0, ...config },
    createNodePlatform({ host: 'cli', dataDir, version: 'test', ...(now ? { now } : {}) }),
  );
}

/** Points the core at a live gateway (loopback http is allowed) with short time-outs. */
export function goLive(core: Core, url: string, options: { timeoutMs?: number; connectTimeoutMs?: number } = {}): void {
  const wanted: Array<readonly [string, unknown]> = [
    ['gateway.url', url],
    ['gateway.gatewayId', LIVE_CREDENTIALS.gatewayId],
    ['gateway.timeoutMs', options.timeoutMs ?? 5_000],
    ['gateway.connectTimeoutMs', options.connectTimeoutMs ?? 1_000],
  ];
  const changed = wanted.filter(([k, v]) => core.settings.get(k as 'gateway.url') !== v);
  if (!core.settings.isSet('gateway.password')) changed.push(['gateway.password', LIVE_CREDENTIALS.password]);
  if (changed.length > 0) core.settings.setMany(changed);
}

/** Offline payments on, with room for every payment a test stores. */
export function allowOffline(core: Core, limits: { maxAmountCents?: number } = {}): void {
  const wanted: Array<readonly [string, unknown]> = [
    ['offline.enabled', true],
    ['offline.maxCount', 10_000],
    ['offline.maxTotal', 1_000_000_00],
    ['offline.maxAmount', limits.maxAmountCents ?? 100_00],
    ['offline.keyed', true],
    ['offline.checks', true],
  ];
  const changed = wanted.filter(([k, v]) => core.settings.get(k as 'offline.enabled') !== v);
  if (changed.length > 0) core.settings.setMany(changed);
}


/** A card sale's policy as a lane ships it, offline on (tests of a Sale built by hand). */
export const SALE_POLICY: SalePolicy = {
  chipSwipe: 'warn',
  cardEntry: 'reader',
  confirmOnPinpad: true,
  partialApproval: true,
  cardWaitMs: 60_000,
  offline: { enabled: true, maxAmountCents: 100_000, maxTotalCents: 1_000_000, maxCount: 50, maxAgeHours: 48, types: ['sale'], checks: false, keyed: false },
};

/** No reader or PIN pad to claim: the test hands the Sale its card itself. */
const NO_DEVICES: SaleDevices = { claimReads: () => ({ release: () => undefined }), claimPinpad: () => undefined };

/**
 * A Sale's dependencies for a test that builds one by hand: seals with a key of its own, no
 * devices, SALE_POLICY, the clock at 2030-03-01 12:00 UTC, a silent log, views dropped; `over`
 * replaces any of them.
 */
export function saleDeps(journal: JournalStore, gateway: GatewayLease, over: Partial<SaleDeps> = {}): SaleDeps {
  const { publicKey } = generateTerminalKeyPair();
  return {
    journal,
    gateway,
    prepareSeal: () => prepareSeal(publicKey),
    devices: NO_DEVICES,
    policy: SALE_POLICY,
    owner: 'till-1/1/test',
    now: () => new Date('2030-03-01T12:00:00.000Z'),
    log: pino({ level: 'silent' }),
    changed: () => undefined,
    ...over,
  };
}
/** A journal in memory, migrated as the real file is: for unit tests, no disk. */
export function memoryJournal(mode: 'live' | 'training' = 'live'): JournalStore {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', journalMigrations(mode));
  return createJournalStore(db, mode, ':memory:');
}

/** A fresh payment for journal.create. */
export function newPayment(clientRef: string, cents = 1_000, owner = 'test-host/1/test'): Parameters<JournalStore['create']>[0] {
  return { clientRef, saleId: `sale-${clientRef}`, type: 'sale', tender: 'card', requestedCents: cents, owner, leaseUntil: '2000-01-01T00:00:00.000Z' };
}

/** The result fields of a gateway answer, as resolveOutcome reads them. */
export function gatewayResult(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Transaction_Tag: '106625200',
    Authorization_Num: 'ET1234',
    SequenceNo: '000123',
    Retrieval_Ref_No: '7766554',
    CTR: 'TRAINING STORE\nAPPROVED - THANK YOU 100',
    Gateway_Resp_Code: '00',
    Gateway_Message: 'Transaction Normal',
    Bank_Resp_Code: '100',
    Bank_Message: 'Approved',
    DollarAmount: '10.00',
    Transaction_Approved: true,
    Transaction_Error: false,
    ...fields,
  };
}

/** One outcome of every kind (and each retry advice) the gateway client can give. */
export const OUTCOMES = {
  approved: { kind: 'approved', result: gatewayResult() },
  declined: { kind: 'declined', bankCode: '530', bankMessage: 'Do Not Honor', result: gatewayResult({ Transaction_Approved: false, Bank_Resp_Code: '530', Authorization_Num: '' }) },
  rejected: { kind: 'rejected', gatewayCode: '22', gatewayMessage: 'Invalid Credit Card Number', result: gatewayResult({ Transaction_Approved: false, Transaction_Error: true, Gateway_Resp_Code: '22', Transaction_Tag: '' }) },
  'rejected-unknown-tag': { kind: 'rejected', gatewayCode: '69', gatewayMessage: 'Invalid Transaction Tag', result: gatewayResult({ Transaction_Approved: false, Transaction_Error: true, Gateway_Resp_Code: '69', Transaction_Tag: '' }) },
  'not-sent': { kind: 'not-sent', reason: 'connect-failed', message: 'could not connect to the gateway at 127.0.0.1:9 (ECONNREFUSED); nothing was sent', retry: 'safe' },
  unknown: { kind: 'unknown', reason: 'timeout', message: 'no answer from the gateway within 1500 ms; the request was sent, so its outcome is unknown', retry: 'lookup-first' },
  'fault-server': { kind: 'fault', faultCode: 'soap:Server', faultString: 'Server was unable to process request', retry: 'lookup-first' },
  'fault-client': { kind: 'fault', faultCode: 'soap:Client', faultString: 'Bad envelope', retry: 'fix-request' },
  'http-500': { kind: 'http-error', status: 500, message: 'the gateway answered HTTP 500 Internal Server Error', retry: 'lookup-first' },
  'http-401': { kind: 'http-error', status: 401, message: 'the gateway answered HTTP 401 Unauthorized', retry: 'fix-request' },
  invalid: { kind: 'invalid', issues: [{ field: 'DollarAmount', message: 'required' }], message: 'the request breaks the gateway rules', retry: 'fix-request' },
} as const satisfies Record<string, GatewayOutcome<unknown>>;
export type OutcomeName = keyof typeof OUTCOMES;
export const OUTCOME_NAMES = Object.keys(OUTCOMES) as OutcomeName[];

/** Mulberry32: a small seeded random source, so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of a run: POS_TEST_SEED when given (replaying a failure), otherwise a fresh one. */
export function runSeed(): number {
  const given = process.env.POS_TEST_SEED;
  return given && /^\d+$/.test(given) ? Number(given) : randomBytes(4).readUInt32LE(0);
}

export interface JournalSnapshot {
  rows: JournalRow[];
  byRef: Map<string, JournalRow>;
  /** `PRAGMA integrity_check`, joined. */
  integrity: string;
  /** Rows in a final state that still hold sealed data. */
  sealedFinal: number;
}

/** Reads a journal file as the next process would find it (opening it replays its WAL). */
export function readJournalFile(file: string): JournalSnapshot {
  if (!existsSync(file)) return { rows: [], byRef: new Map(), integrity: 'ok', sealedFinal: 0 };
  // Read-only when it can be (the file stays as the killed process left it, WAL included).
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true });
    db.pragma('schema_version');
  } catch {
    db = new Database(file);
  }
  try {
    db.pragma('busy_timeout = 5000');
    const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check).join('; ');
    // Killed before the journal's first migration committed: an empty file.
    if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'journal'`).get()) return { rows: [], byRef: new Map(), integrity, sealedFinal: 0 };
    // Killed between two migrations (each commits on its own): the next process migrates the rest first, so the reader does too.
    const migrations = journalMigrations('live');
    if ((db.pragma('user_version', { simple: true }) as number) < Math.max(...migrations.map((m) => m.version))) {
      db.close();
      db = new Database(file);
      db.pragma('busy_timeout = 5000');
      migrate(db, file, migrations);
    }
    const store = createJournalStore(db, 'live', file);
    const rows = store.search({ limit: 1000 });
    // search() pages at 1000: read the rest by id.
    for (let page = rows; page.length === 1000; ) {
      const last = page.at(-1);
      page = last ? store.search({ limit: 1000, beforeId: last.id }) : [];
      rows.push(...page);
    }
    const sealedFinal = db
      .prepare(`SELECT count(*) FROM journal WHERE sealed IS NOT NULL AND state IN ('approved', 'declined', 'rejected', 'failed', 'cancelled', 'voided')`)
      .pluck()
      .get() as number;
    return { rows, byRef: new Map(rows.map((r) => [r.clientRef, r])), integrity, sealedFinal };
  } finally {
    db.close();
  }
}

export type GateFault = 'drop-before' | 'drop-after' | 'http-500' | 'malformed' | { delayMs: number };

/**
 * A gate between the terminal and a gateway, on its own loopback port: `down()` stops listening
 * (connections are refused: nothing is sent), `up()` listens again on the same port. Faults apply
 * one per request, in order; `latencyMs` holds each answer a while, so a kill lands mid-send.
 * It counts the Reference_No of every payment request it passed on (lookups aside).
 */
export interface GatewayGate {
  readonly url: string;
  readonly isUp: boolean;
  /** Listens again on the same port (resolves once it does). */
  up(): Promise<void>;
  /** Stops listening: new connections are refused; exchanges under way finish. */
  down(): void;
  inject(...faults: GateFault[]): void;
  clearFaults(): void;
  setLatency(fn: (() => number) | undefined): void;
  /** Reference_No → payment requests passed to the gateway. */
  forwarded(): Map<string, number>;
  /** The bodies of the payment requests passed to the gateway (lookups aside), in order. */
  requests(): string[];
  /** Resolves once no request is on its way to or from the gateway. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function gatewayGate(upstream: string): Promise<GatewayGate> {
  const target = new URL(upstream);
  const faults: GateFault[] = [];
  const counts = new Map<string, number>();
  const bodies: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let latency: (() => number) | undefined;
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  let server: http.Server | undefined;
  let closed = false;

  const settle = (): void => {
    inFlight--;
    if (inFlight === 0) for (const w of idleWaiters.splice(0)) w();
  };
  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const fault = faults.shift();
      if (fault === 'drop-before') {
        req.socket.destroy();
        return;
      }
      const action = String(req.headers.soapaction ?? '');
      const reference = /<(?:[\w-]+:)?Reference_No\b[^>]*>([^<]*)</.exec(body.toString('utf8'))?.[1];
      if (!/TransactionInfo"?$/.test(action)) bodies.push(body.toString('utf8'));
      if (reference && !/TransactionInfo"?$/.test(action)) counts.set(reference, (counts.get(reference) ?? 0) + 1);
      inFlight++;
      const headers: Record<string, string> = { 'content-length': String(body.length) };
      for (const h of ['content-type', 'soapaction']) if (req.headers[h] !== undefined) headers[h] = String(req.headers[h]);
      const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: 'POST', headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          settle();
          const text = Buffer.concat(parts);
          const reply = (): void => {
            if (res.destroyed) return;
            if (fault === 'drop-after') return void req.socket.destroy();
            if (fault === 'http-500') {
              res.writeHead(500, { 'Content-Type': 'text/plain' });
              return void res.end('Internal Server Error');
            }
            const sent = fault === 'malformed' ? text.subarray(0, Math.floor(text.length / 2)) : text;
            res.writeHead(answer.statusCode ?? 502, { 'Content-Type': String(answer.headers['content-type'] ?? 'text/xml'), 'Content-Length': String(sent.length) });
            res.end(sent);
          };
          const hold = (typeof fault === 'object' ? fault.delayMs : 0) + (latency?.() ?? 0);
          if (hold > 0) later(hold, reply);
          else reply();
        });
        answer.on('error', () => undefined);
      });
      out.on('error', () => {
        settle();
        req.socket.destroy();
      });
      out.end(body);
    });
  }

  const listen = async (port: number): Promise<http.Server> => {
    for (let attempt = 0; ; attempt++) {
      const s = http.createServer(onRequest);
      s.on('connection', (socket: Socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      try {
        await new Promise<void>((resolve, reject) => {
          s.once('error', reject);
          s.listen(port, '127.0.0.1', () => resolve());
        });
        return s;
      } catch (e) {
        // The port was taken meanwhile by an outgoing connection: it frees up in a moment.
        if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 50) throw e;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  server = await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}${target.pathname}`;
  // One listen at a time; a down() while it is under way wins.
  let opening: Promise<void> | undefined;
  let wanted = true;

  return {
    url,
    get isUp() {
      return server !== undefined;
    },
    up() {
      wanted = true;
      if (server || closed) return Promise.resolve();
      opening ??= listen(port)
        .then((s) => {
          if (wanted && !closed) server = s;
          else s.close();
        })
        .finally(() => (opening = undefined));
      return opening;
    },
    down() {
      wanted = false;
      server?.close();
      server = undefined;
    },
    inject: (...f) => faults.push(...f),
    clearFaults: () => void faults.splice(0),
    setLatency: (fn) => (latency = fn),
    forwarded: () => new Map(counts),
    requests: () => [...bodies],
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    async close() {
      closed = true;
      await opening?.catch(() => undefined);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const last = server;
      server = undefined;
      const stopped = new Promise<void>((resolve) => (last ? last.close(() => resolve()) : resolve()));
      for (const s of sockets) s.destroy();
      await stopped;
      idleWaiters.forEach((w) => w());
      idleWaiters = [];
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** PHP's own SoapServer loading our WSDL (test/integration/gateway/interop/php-server.php): approves everything. */
export interface PhpGateway {
  readonly url: string;
  close(): Promise<void>;
}

export async function startPhpGateway(workDir: string): Promise<PhpGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/transaction/v14`;
  const wsdl = join(workDir, 'php-gateway.wsdl');
  writeFileSync(wsdl, buildWsdl({ namespace: DEFAULT_GATEWAY_NAMESPACE, address: url }));
  const php: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, join(ROOT, 'test/integration/gateway/interop/php-server.php')], {
    env: { ...process.env, POS_WSDL: wsdl, POS_NAMESPACE: DEFAULT_GATEWAY_NAMESPACE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => php.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer): void => {
      seen += d.toString();
      if (/Development Server .* started/.test(seen)) resolve();
    };
    php.stdout?.on('data', onData);
    php.stderr?.on('data', onData);
    php.once('error', reject);
    php.once('exit', (code) => reject(new Error(`php -S exited (${code}): ${seen}`)));
  });
  return {
    url,
    async close() {
      if (php.exitCode === null && php.signalCode === null) php.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * How to start a child script of the payment tests. Default: bundled once with esbuild (what
 * scripts/build.mjs does for the app; a process then starts in a quarter of the time, which the
 * crash tests need for hundreds of kills). POS_TEST_CHILD_RUNNER=tsx runs the TypeScript with
 * `node --import tsx` instead. The bundle lives under node_modules/.cache so its imports resolve.
 */
export interface ChildRunner {
  args(script: string): string[];
  remove(): void;
}

export async function childRunner(scripts: Record<string, string>): Promise<ChildRunner> {
  if (process.env.POS_TEST_CHILD_RUNNER === 'tsx') {
    return { args: (script) => ['--import', 'tsx', scripts[script] ?? script], remove: () => undefined };
  }
  const { build } = await import('esbuild');
  const outdir = join(ROOT, 'node_modules', '.cache', 'pos-payment-tests', `${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(outdir, { recursive: true });
  await build({ entryPoints: scripts, outdir, bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'warning', outExtension: { '.js': '.mjs' } });
  return { args: (script) => [join(outdir, `${script}.mjs`)], remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
