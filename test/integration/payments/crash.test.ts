import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import type { QueueAction } from '../../../preload/contract';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import { canMove, FINAL_STATES, PRE_SEND_STATES, type PaymentState } from '../../../main/payments/states';
import { journalFile } from '../../../main/payments/journal/journal';
import { startGatewaySimulator, type Fault, type GatewaySimulator } from '../../../main/training/gateway/server';
import {
  childRunner,
  gatewayGate,
  LIVE_CREDENTIALS,
  readJournalFile,
  runSeed,
  seededRandom,
  startPhpGateway,
  type ChildRunner,
  type GateFault,
  type GatewayGate,
  type JournalSnapshot,
} from '../../support/payments';
import { spawnNode } from '../../support/processes';
import type { LaneConfig } from './children/lane';

/**
 * SIGKILL at random moments. A child process (children/lane.ts) runs a live terminal on a data
 * directory and sells (swiped sample cards, some stored offline while the gateway is down) and
 * forwards in a loop; the gateway runs here, in the parent, so it outlives every kill and counts
 * each Reference_No it processed. After each kill and after a final clean run (recovery, the
 * manager's decisions, forwarding everything): no payment the child reported is lost, the
 * gateway saw each reference at most once (exactly once for every payment it decided), nothing
 * approved without the gateway, nothing failed that the gateway saw, and the file is intact.
 *
 * POS_CRASH_KILLS sets the number of kills across the four lanes (default 200); POS_TEST_SEED
 * replays a run (the seed is printed with every failure).
 */
const TOTAL_KILLS = Number(process.env.POS_CRASH_KILLS ?? 200);
const SEED = runSeed();
const SEND_STATES: ReadonlySet<PaymentState> = new Set(['sending', 'forwarding']);
const GATEWAY_FINAL: ReadonlySet<PaymentState> = new Set(['approved', 'declined', 'rejected']);

interface Lane {
  name: string;
  gateway: 'simulator' | 'php';
  /** Probability that the gateway is unreachable for a while during a child's life. */
  outages: number;
  /** Probability of one fault at the gateway during a child's life. */
  faults: number;
}

const LANES: Lane[] = [
  { name: 'simulator: answers with faults (lost answers, 500, cut-off XML, time-outs)', gateway: 'simulator', outages: 0, faults: 0.5 },
  { name: 'simulator: unreachable at times (sales stored offline and forwarded)', gateway: 'simulator', outages: 0.6, faults: 0 },
  { name: 'simulator: outages and faults together', gateway: 'simulator', outages: 0.35, faults: 0.35 },
  { name: 'PHP SoapServer peer: outages and faults', gateway: 'php', outages: 0.35, faults: 0.35 },
];
const killsPerLane = Math.max(1, Math.ceil(TOTAL_KILLS / LANES.length));

const FAULTS: readonly GateFault[] = ['drop-before', 'drop-after', 'http-500', 'malformed', { delayMs: 2_000 }];
const simFault = (f: GateFault): Fault => (typeof f === 'object' ? { kind: 'delay', ms: f.delayMs } : { kind: f });

let runner: ChildRunner;
beforeAll(async () => {
  runner = await childRunner({ lane: join(import.meta.dirname, 'children', 'lane.ts') });
}, 60_000);
afterAll(() => runner?.remove());

/** The gateway of a lane: the simulator (counts what it processed) or PHP behind the gate (counts what reached it). */
interface Upstream {
  readonly url: string;
  counts(): Map<string, number>;
  /** A fault at the gateway for one of the next requests (none while one is pending). */
  fault(f: GateFault): void;
  /** The tag and authorization number the gateway gave this reference, for a manager's lookup. */
  found(ref: string): { tag: string; authNum: string } | undefined;
}

type Cleanup = (fn: () => Promise<void>) => void;

async function simulatorUpstream(onFinished: Cleanup): Promise<Upstream> {
  const sim: GatewaySimulator = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: LIVE_CREDENTIALS });
  onFinished(() => sim.close());
  let marker: unknown = null;
  let pending = false;
  return {
    url: sim.url,
    counts: () => sim.referenceCounts(),
    fault(f) {
      // One injected fault at a time: a fault is taken by the next request, seen as a new received() entry.
      if (pending && sim.received().at(-1) === marker) return;
      marker = sim.received().at(-1);
      pending = true;
      sim.inject(simFault(f));
    },
    found(ref) {
      const s = sim.stored().find((t) => t.result.Reference_No === ref);
      return s ? { tag: s.tag, authNum: s.authNum } : undefined;
    },
  };
}

/** PHP keeps no history (a manager cannot look a payment up there); its gate counts and injects. */
async function phpUpstream(dir: string, onFinished: Cleanup): Promise<{ url: string; wrap(gate: GatewayGate): Upstream }> {
  const php = await startPhpGateway(dir);
  onFinished(() => php.close());
  return { url: php.url, wrap: (gate) => ({ url: php.url, counts: () => gate.forwarded(), fault: (f) => gate.inject(f), found: () => undefined }) };
}

function check(expect: ExpectStatic, where: string, snap: JournalSnapshot, counts: Map<string, number>, paid: Map<string, string>): void {
  const say = (what: string): string => `${where}: ${what}`;
  expect(snap.integrity, say('PRAGMA integrity_check')).toBe('ok');
  expect(snap.sealedFinal, say('final rows still holding sealed data')).toBe(0);
  const twice = [...counts].filter(([, n]) => n > 1);
  expect(twice, say('references the gateway processed more than once')).toEqual([]);
  for (const row of snap.rows) {
    const seen = counts.get(row.clientRef) ?? 0;
    if (GATEWAY_FINAL.has(row.state)) expect(seen, say(`${row.clientRef} is ${row.state} but the gateway saw it ${seen} times`)).toBe(1);
    if (row.state === 'failed' || row.state === 'cancelled') expect(seen, say(`${row.clientRef} is ${row.state} but the gateway saw it`)).toBe(0);
  }
  for (const [ref, state] of paid) {
    const row = snap.byRef.get(ref);
    expect(row, say(`${ref} was reported ${state} and is not in the journal`)).toBeDefined();
    if (state === 'approved') expect(row?.state, say(`${ref} was reported approved`)).toBe('approved');
    else expect(['offline', 'forwarding', 'needs-lookup', 'approved', 'declined', 'rejected'], say(`${ref} was reported stored offline`)).toContain(row?.state);
  }
}

/** Every recorded transition is a move the state machine allows, and each row's events chain up to its state. */
function checkEvents(expect: ExpectStatic, where: string, file: string): void {
  const db = new Database(file, { readonly: true });
  try {
    const events = db
      .prepare(`SELECT j.client_ref AS ref, j.state, e.from_state AS "from", e.to_state AS "to" FROM journal_event e JOIN journal j ON j.id = e.payment_id ORDER BY e.id`)
      .all() as Array<{ ref: string; state: PaymentState; from: PaymentState | null; to: PaymentState }>;
    const at = new Map<string, { state: PaymentState; last: PaymentState }>();
    for (const e of events) {
      const prev = at.get(e.ref);
      expect(e.from, `${where}: ${e.ref} event chain`).toBe(prev ? prev.last : null);
      if (e.from !== null && e.from !== e.to) expect(canMove(e.from, e.to), `${where}: ${e.ref} moved ${e.from} → ${e.to}`).toBe(true);
      at.set(e.ref, { state: e.state, last: e.to });
    }
    for (const [ref, { state, last }] of at) expect(last, `${where}: ${ref} last event`).toBe(state);
  } finally {
    db.close();
  }
}

function decisions(snap: JournalSnapshot, counts: Map<string, number>, upstream: Pick<Upstream, 'found'>): QueueAction[] {
  const out: QueueAction[] = [];
  for (const row of snap.rows) {
    if (row.state !== 'needs-lookup') continue;
    const found = upstream.found(row.clientRef);
    const decidedBy = 'crash-test';
    if (found) out.push({ action: 'lookup', ref: row.clientRef, tag: found.tag, ...(found.authNum ? { authorizationNum: found.authNum } : {}), decidedBy });
    else if ((counts.get(row.clientRef) ?? 0) === 0 && row.hasSealed) out.push({ action: 'not-processed', ref: row.clientRef, decidedBy });
  }
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface LaneRun {
  lane: Lane;
  seed: number;
  random: () => number;
  expect: ExpectStatic;
  file: string;
  gate: GatewayGate;
  upstream: Upstream;
  /** Client reference → what a child said when runSale returned (approved or offline). */
  paid: Map<string, string>;
  config(role: LaneConfig['role'], n: number, extra?: Partial<LaneConfig>): string;
}

async function openLane(lane: Lane, seed: number, expect: ExpectStatic, onFinished: Cleanup): Promise<LaneRun> {
  const random = seededRandom(seed);
  const dir = mkdtempSync(join(tmpdir(), 'pos-crash-'));
  onFinished(async () => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'data');
  let upstream: Upstream;
  let gate: GatewayGate;
  if (lane.gateway === 'simulator') {
    upstream = await simulatorUpstream(onFinished);
    gate = await gatewayGate(upstream.url);
  } else {
    const php = await phpUpstream(dir, onFinished);
    gate = await gatewayGate(php.url);
    upstream = php.wrap(gate);
  }
  const g = gate;
  onFinished(() => g.close());
  const prefix = `s${seed.toString(36)}`;
  return {
    lane,
    seed,
    random,
    expect,
    file: journalFile(dataDir, 'live'),
    gate,
    upstream,
    paid: new Map(),
    config: (role, n, extra = {}) =>
      JSON.stringify({ dataDir, gatewayUrl: g.url, seed: Math.floor(random() * 2 ** 31), role, prefix: `${prefix}-${role}${n}`, voids: lane.gateway === 'simulator', ...extra } satisfies LaneConfig),
  };
}

function collect(run: LaneRun, stdout: string): void {
  for (const m of stdout.matchAll(/^PAID (\S+) (approved|offline)$/gm)) if (m[1] && m[2] && !run.paid.has(m[1])) run.paid.set(m[1], m[2]);
}

/** One child, killed at a random moment: while it starts, or while it sells and forwards (the gateway perhaps down or faulty). */
async function killOnce(run: LaneRun, k: number, startup: number): Promise<number> {
  const { random, gate, lane, upstream, expect } = run;
  await gate.up();
  // Answers take a while, so kills land while payments are being sent.
  const jitter = seededRandom(Math.floor(random() * 2 ** 31));
  gate.setLatency(() => (jitter() < 0.5 ? 0 : jitter() * 60));
  const started = performance.now();
  const child = spawnNode([...runner.args('lane'), run.config('run', k)]);
  child.write('', true);
  let upAgain: ReturnType<typeof setTimeout> | undefined;
  if (random() < 0.15) {
    // While it opens the journal and recovers what the last one left.
    await sleep(startup * (0.7 + 0.35 * random()));
  } else {
    await child.waitFor(/^READY$/m);
    startup = performance.now() - started;
    const life = random() * 500;
    if (random() < lane.outages) {
      gate.down();
      upAgain = setTimeout(() => void gate.up(), random() * life * 1.5);
    }
    if (random() < lane.faults) upstream.fault(FAULTS[Math.floor(random() * FAULTS.length)] as GateFault);
    await sleep(life);
  }
  child.kill('SIGKILL');
  const end = await child.closed;
  clearTimeout(upAgain);
  expect(end.signal ?? end.code, `seed ${run.seed} kill ${k}: the child ended on its own: ${child.stderr().slice(-2000)}`).toBe('SIGKILL');
  collect(run, child.stdout());
  await gate.idle();
  check(expect, `seed ${run.seed} kill ${k}`, readJournalFile(run.file), upstream.counts(), run.paid);
  return startup;
}

/** Clean runs a day later (every back-off and lease run out): recovery, the manager's decisions, everything forwarded. */
async function finalRuns(run: LaneRun): Promise<JournalSnapshot> {
  const { gate, upstream, expect } = run;
  await gate.up();
  gate.clearFaults();
  gate.setLatency(undefined);
  let snap = readJournalFile(run.file);
  for (let round = 0; round < 4; round++) {
    const child = spawnNode([...runner.args('lane'), run.config('final', round, { clockOffsetMs: 24 * 3_600_000 })]);
    child.write(JSON.stringify(decisions(snap, upstream.counts(), upstream)), true);
    const end = await child.closed;
    expect(end.code, `seed ${run.seed} final run ${round}: ${child.stderr().slice(-3000)}`).toBe(0);
    collect(run, child.stdout());
    await gate.idle();
    snap = readJournalFile(run.file);
    // Done when all that is left is final or waits for a lookup nobody can make.
    if (decisions(snap, upstream.counts(), upstream).length === 0 && snap.rows.every((r) => FINAL_STATES.has(r.state) || r.state === 'needs-lookup')) break;
  }
  return snap;
}

function checkFinal(run: LaneRun, snap: JournalSnapshot): void {
  const { expect, upstream, lane } = run;
  const where = `seed ${run.seed} after the final run`;
  const counts = upstream.counts();
  check(expect, where, snap, counts, run.paid);
  checkEvents(expect, where, run.file);
  const stuck = snap.rows.filter((r) => PRE_SEND_STATES.has(r.state) || SEND_STATES.has(r.state) || r.state === 'offline');
  expect(stuck.map((r) => `${r.clientRef}:${r.state}`), `${where}: rows left before or while sending, or queued`).toEqual([]);
  const waiting = snap.rows.filter((r) => r.state === 'needs-lookup');
  if (lane.gateway === 'simulator') {
    // The simulator keeps every transaction: each one the gateway saw was looked up, the others sent again.
    expect(waiting.map((r) => r.clientRef), `${where}: payments still waiting for a lookup`).toEqual([]);
  } else {
    // PHP keeps nothing to look up: what it saw waits for the manager, seen exactly once.
    for (const r of waiting) expect(counts.get(r.clientRef), `${where}: ${r.clientRef} waits for a lookup`).toBe(1);
  }
  const journaled = new Set(snap.rows.map((r) => r.clientRef));
  expect([...counts.keys()].filter((ref) => !journaled.has(ref)), `${where}: references the gateway saw that the journal does not know`).toEqual([]);
  for (const [ref, state] of run.paid) {
    if (state === 'offline' && lane.gateway === 'simulator') expect(['approved', 'declined', 'rejected'], `${where}: ${ref} stored offline`).toContain(snap.byRef.get(ref)?.state);
  }
}

/** One line per lane: what the kills covered. */
function summary(run: LaneRun, snap: JournalSnapshot): string {
  const states: Record<string, number> = {};
  for (const r of snap.rows) states[r.state] = (states[r.state] ?? 0) + 1;
  const db = new Database(run.file, { readonly: true });
  try {
    const recovered = db.prepare(`SELECT from_state || '>' || to_state AS move, count(*) AS n FROM journal_event WHERE detail LIKE 'recovered%' GROUP BY move`).all() as Array<{ move: string; n: number }>;
    const stored = db.prepare(`SELECT count(*) FROM journal WHERE stored_offline = 1`).pluck().get() as number;
    const offline = [...run.paid.values()].filter((s) => s === 'offline').length;
    return `${run.lane.name} (seed ${run.seed}): ${killsPerLane} kills, ${snap.rows.length} payments, ${run.paid.size} reported paid (${offline} offline), ${stored} stored offline; final states ${JSON.stringify(states)}; recovered ${recovered.map((r) => `${r.move} ${r.n}`).join(', ')}`;
  } finally {
    db.close();
  }
}

describe.concurrent(`payments survive SIGKILL (${killsPerLane * LANES.length} kills, seed ${SEED})`, () => {
  it.for(LANES.map((lane, i) => ({ ...lane, index: i })))('$name', { timeout: 600_000 }, async ({ index, ...lane }, { expect, onTestFinished }) => {
    const seed = (SEED + index * 7919) >>> 0;
    const run = await openLane(lane, seed, expect, (fn) => onTestFinished(fn));
    let startup = 600;
    for (let k = 0; k < killsPerLane; k++) startup = await killOnce(run, k, startup);
    const snap = await finalRuns(run);
    checkFinal(run, snap);
    // With the default kills, a lane where no child ever got to report a payment would have tested little.
    if (killsPerLane >= 25) expect(run.paid.size, `seed ${seed}: the children reported no payment at all`).toBeGreaterThan(0);
    console.log(summary(run, snap));
  });
});
