import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import { journalFile } from '../../../main/payments/journal/journal';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import {
  allowOffline,
  BANK_CARDS,
  childRunner,
  gatewayGate,
  goLive,
  LIVE_CREDENTIALS,
  openCore,
  readJournalFile,
  swipe,
  type ChildRunner,
  type GatewayGate,
} from '../../support/payments';
import { spawnNode, type Spawned } from '../../support/processes';
import type { LaneConfig } from './children/lane';

/**
 * Two processes forward the same live journal at once (the app and posctl, say): each stored
 * payment is claimed by one of them only, so the gateway sees every reference exactly once.
 */
const STORED = 60;

let runner: ChildRunner;
beforeAll(async () => {
  runner = await childRunner({ lane: join(import.meta.dirname, 'children', 'lane.ts') });
}, 60_000);
afterAll(() => runner?.remove());

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Setup {
  dataDir: string;
  sim: GatewaySimulator;
  gate: GatewayGate;
  refs: string[];
}

/** A live terminal that stored `count` sales while its gateway was down. */
async function storedPayments(count: number): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), 'pos-forwarders-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = join(dir, 'data');
  const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: LIVE_CREDENTIALS });
  cleanups.push(() => sim.close());
  const gate = await gatewayGate(sim.url);
  cleanups.push(() => gate.close());
  const core = await openCore(dataDir);
  goLive(core, gate.url);
  allowOffline(core);
  gate.down();
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const view = await core.payments.payments.runSale({ saleId: `stored-sale-${i}`, type: 'sale', amountCents: 100 + i * 37 }, { card: swipe(BANK_CARDS[i % 4]) });
    expect(view.state).toBe('offline');
    refs.push(view.clientRef);
  }
  await core.close();
  await gate.up();
  expect(sim.referenceCounts().size).toBe(0);
  return { dataDir, sim, gate, refs };
}

function forwarder(setup: Setup, name: string): Spawned {
  const config: LaneConfig = { dataDir: setup.dataDir, gatewayUrl: setup.gate.url, seed: 1, role: 'forward', prefix: name };
  const child = spawnNode([...runner.args('lane'), JSON.stringify(config)]);
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

/** Who claimed each payment (journal_event details "claimed by host/pid/nonce"). */
function claims(dataDir: string): Array<{ ref: string; owner: string }> {
  const db = new Database(journalFile(dataDir, 'live'), { readonly: true });
  try {
    return (
      db.prepare(`SELECT j.client_ref AS ref, e.detail FROM journal_event e JOIN journal j ON j.id = e.payment_id WHERE e.detail LIKE 'claimed by %' ORDER BY e.id`).all() as Array<{
        ref: string;
        detail: string;
      }>
    ).map((c) => ({ ref: c.ref, owner: c.detail.slice('claimed by '.length) }));
  } finally {
    db.close();
  }
}

describe('two forwarders on one journal', () => {
  it('forward every stored payment once between them: the gateway sees each reference exactly once', async () => {
    const setup = await storedPayments(STORED);
    // Each answer takes a few ms, so the two really overlap.
    setup.gate.setLatency(() => 5 + Math.random() * 10);
    const a = forwarder(setup, 'forwarder-a');
    const b = forwarder(setup, 'forwarder-b');
    await Promise.all([a.waitFor(/^READY$/m), b.waitFor(/^READY$/m)]);
    a.write('go\n');
    b.write('go\n');
    const [endA, endB] = await Promise.all([a.closed, b.closed]);
    expect(endA.code, a.stderr()).toBe(0);
    expect(endB.code, b.stderr()).toBe(0);

    const counts = setup.sim.referenceCounts();
    expect(setup.refs.filter((ref) => counts.get(ref) !== 1)).toEqual([]);
    expect(counts.size).toBe(STORED);
    const snap = readJournalFile(journalFile(setup.dataDir, 'live'));
    expect(snap.integrity).toBe('ok');
    expect(snap.rows.filter((r) => r.state !== 'approved').map((r) => `${r.clientRef}:${r.state}`)).toEqual([]);
    expect(snap.sealedFinal).toBe(0);
    const claimed = claims(setup.dataDir);
    expect(claimed).toHaveLength(STORED);
    expect(new Set(claimed.map((c) => c.ref)).size).toBe(STORED);
    // Both took part: the rows were shared, not forwarded by one while the other waited.
    const owners = new Map<string, number>();
    for (const c of claimed) owners.set(c.owner, (owners.get(c.owner) ?? 0) + 1);
    expect([...owners.keys()]).toHaveLength(2);
    expect(Math.min(...owners.values())).toBeGreaterThan(0);
  }, 60_000);

  it('one forwarder killed mid-round: the other sends the rest once and leaves the one in flight for a lookup', async () => {
    const setup = await storedPayments(20);
    setup.gate.setLatency(() => 40);
    const a = forwarder(setup, 'forwarder-a');
    await a.waitFor(/^READY$/m);
    a.write('go\n');
    // Killed while it waits for an answer: its row stays `forwarding`, claimed by a dead process.
    await expect.poll(() => claims(setup.dataDir).length, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(3);
    a.kill('SIGKILL');
    await a.closed;
    await setup.gate.idle();
    const b = forwarder(setup, 'forwarder-b');
    await b.waitFor(/^READY$/m);
    b.write('go\n');
    expect((await b.closed).code, b.stderr()).toBe(0);

    const counts = setup.sim.referenceCounts();
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const snap = readJournalFile(journalFile(setup.dataDir, 'live'));
    expect(snap.integrity).toBe('ok');
    for (const row of snap.rows) {
      if (row.state === 'approved') expect(counts.get(row.clientRef)).toBe(1);
      else expect(row.state, row.clientRef).toBe('needs-lookup');
    }
    // At most the one row the killed forwarder was sending waits for a lookup; none was sent twice.
    expect(snap.rows.filter((r) => r.state === 'needs-lookup').length).toBeLessThanOrEqual(1);
    expect(snap.rows.filter((r) => r.state === 'approved').length).toBeGreaterThanOrEqual(19);
  }, 60_000);
});
