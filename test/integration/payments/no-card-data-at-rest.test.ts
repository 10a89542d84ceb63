import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import type { KeyedCard } from '../../../main/gateway/builders';
import { journalFile } from '../../../main/payments/journal/journal';
import { startGatewaySimulator } from '../../../main/training/gateway/server';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import {
  allowOffline,
  gatewayGate,
  goLive,
  LIVE_CREDENTIALS,
  openCore,
  readJournalFile,
  sampleCheck,
  samplePan,
  swipe,
  type BankCardName,
} from '../../support/payments';
import { tempDir } from '../../support/tmp';

/**
 * After a full run of a terminal (training sales, then live: approved, declined, stored offline
 * and forwarded, keyed with a CVD, a check, an outcome lost and looked up), no byte of its data
 * directory holds a full card number, track data, the CVD or the check's full account number:
 * not the journals (and their WAL), the training gateway's file, terminal.sqlite, nor the logs.
 */
const SWIPED: readonly BankCardName[] = ['visa', 'mastercard', 'amex', 'discover', 'prepaid'];
const KEYED: KeyedCard = { entry: 'keyed', pan: '5105105105105100', expiryMonth: 9, expiryYear: 2034, cardholderName: 'Keyed Customer', cvd: '8362', zipCode: '62701' };
const CHECK_ACCOUNT = '123456789';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every file under the data directory, with its bytes read as latin1 (one char per byte). */
function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path).toString('latin1'));
    }
  };
  walk(dir);
  return out;
}

function needles(): Array<{ what: string; pattern: RegExp }> {
  const list: Array<{ what: string; pattern: RegExp }> = [];
  for (const name of SWIPED) {
    const pan = samplePan(name);
    list.push({ what: `${name} PAN`, pattern: new RegExp(pan) });
    list.push({ what: `${name} track 1`, pattern: new RegExp(`%B${pan}`) });
    list.push({ what: `${name} track 2`, pattern: new RegExp(`;${pan}=`) });
    for (const track of SAMPLE_CARDS[name].tracks) if (track) list.push({ what: `${name} track data`, pattern: new RegExp(track.slice(1, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  }
  list.push({ what: 'keyed PAN', pattern: new RegExp(KEYED.pan) });
  // The CVD as a token of its own (four digits also occur inside tags, hex references and times).
  list.push({ what: 'CVD', pattern: new RegExp(`(?<![0-9A-Za-z])${KEYED.cvd}(?![0-9A-Za-z])`) });
  list.push({ what: 'check account number', pattern: new RegExp(CHECK_ACCOUNT) });
  return list;
}

function leaks(dataDir: string): string[] {
  const found: string[] = [];
  for (const [file, bytes] of filesOf(dataDir)) {
    for (const n of needles()) {
      const m = n.pattern.exec(bytes);
      if (m) found.push(`${file}: ${n.what} at byte ${m.index}: …${bytes.slice(Math.max(0, m.index - 40), m.index + 40).replace(/[^\x20-\x7e]/g, '.')}…`);
    }
  }
  return found;
}

function sell(core: Core, saleId: string, cents: number, card: BankCardName) {
  return core.payments.payments.runSale({ saleId, type: 'sale', amountCents: cents }, { card: swipe(card) });
}

function sellKeyed(core: Core, saleId: string, cents: number) {
  return core.payments.payments.runSale({ saleId, type: 'sale', amountCents: cents, cardEntry: 'keyed' }, { card: { kind: 'keyed', card: KEYED }, entry: 'keyed' });
}

function sellCheck(core: Core, saleId: string, cents: number) {
  return core.payments.payments.runSale({ saleId, type: 'sale', amountCents: cents, tender: 'check', check: { checkType: 'personal', customerName: 'Pat Doe' } }, { check: sampleCheck('personal') });
}

describe('no card data at rest', () => {
  it('after training and live sales of every kind, no file of the data directory holds a PAN, track data, the CVD or an account number', async () => {
    const dataDir = tempDir('pos-at-rest-');
    // Debug logging: the most the terminal ever writes to its log.
    const core = await openCore(dataDir, { logLevel: 'debug', logDestination: join(dataDir, 'logs', 'pos.log') });
    cleanups.push(() => core.close());
    const { payments } = core.payments;

    // Training: the in-process simulator keeps its history in training-gateway.sqlite.
    expect(core.mode()).toBe('training');
    expect((await sell(core, 'training-sale-1', 1_250, 'visa')).state).toBe('approved');
    expect((await sellKeyed(core, 'training-keyed-1', 2_000)).state).toBe('approved');
    expect((await sellCheck(core, 'training-check-1', 3_000)).state).toBe('approved');

    // Live, through a gate that can take the gateway away.
    const sim = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: LIVE_CREDENTIALS });
    cleanups.push(() => sim.close());
    const gate = await gatewayGate(sim.url);
    cleanups.push(() => gate.close());
    goLive(core, gate.url);
    allowOffline(core);
    expect(core.mode()).toBe('live');
    expect((await sell(core, 'live-approved-1', 1_999, 'visa')).state).toBe('approved');
    expect((await sell(core, 'live-declined-1', 553_000, 'discover')).state).toBe('declined');
    expect((await sell(core, 'live-partial-1', 4_000, 'prepaid')).state).toBe('approved');
    expect((await sellKeyed(core, 'live-keyed-1', 2_500)).state).toBe('approved');
    expect((await sellCheck(core, 'live-check-1', 4_500)).state).toBe('approved');
    gate.inject('drop-after');
    const lost = await sell(core, 'live-lost-1', 1_500, 'mastercard');
    expect(lost.state).toBe('needs-lookup');

    gate.down();
    expect((await sell(core, 'live-offline-1', 3_300, 'mastercard')).state).toBe('offline');
    expect((await sell(core, 'live-offline-2', 4_400, 'amex')).state).toBe('offline');
    expect((await sellKeyed(core, 'live-offline-keyed-1', 5_500)).state).toBe('offline');
    expect((await sellCheck(core, 'live-offline-check-1', 6_600)).state).toBe('offline');
    await gate.up();
    const stored = sim.stored().find((s) => s.result.Reference_No === lost.clientRef);
    expect(stored).toBeDefined();
    core.payments.ledger.resolve({ action: 'lookup', ref: lost.clientRef, tag: stored?.tag ?? '', authorizationNum: stored?.authNum ?? '', decidedBy: 'manager' }, 'live');
    expect(await payments.forwardRound()).toMatchObject({ attempted: 5, approved: 5, remaining: 0 });

    // The needles really went to the gateway: the test would see them if they were kept.
    const bodies = sim.received().map((r) => r.body).join('\n');
    expect(bodies).toContain(`<CVDCode>${KEYED.cvd}</CVDCode>`);
    expect(bodies).toContain(KEYED.pan);
    expect(bodies).toContain(samplePan('amex'));

    const live = readJournalFile(journalFile(dataDir, 'live'));
    expect(live.rows.map((r) => r.state).sort()).toEqual([...Array<string>(9).fill('approved'), 'declined'].sort());
    expect(live.sealedFinal).toBe(0);
    expect(live.rows.filter((r) => r.hasSealed)).toEqual([]);
    const training = readJournalFile(journalFile(dataDir, 'training'));
    expect(training.rows.map((r) => r.state)).toEqual(['approved', 'approved', 'approved']);
    expect(training.rows.filter((r) => r.hasSealed)).toEqual([]);

    // While the terminal runs (WAL files present), and after it closed.
    const open = filesOf(dataDir);
    for (const f of ['journal-live.sqlite', 'journal-training.sqlite', 'training-gateway.sqlite', 'terminal.sqlite', join('logs', 'pos.log')]) expect([...open.keys()]).toContain(f);
    expect(leaks(dataDir)).toEqual([]);
    await cleanups.shift()?.();
    expect(readFileSync(join(dataDir, 'logs', 'pos.log'), 'utf8')).toMatch(/gateway: declined by the bank/);
    expect(leaks(dataDir)).toEqual([]);
  }, 60_000);

  it('the scan finds each kind of needle in a SQLite file and a log', () => {
    const dir = tempDir('pos-at-rest-canary-');
    const db = new Database(join(dir, 'canary.sqlite'));
    db.exec('CREATE TABLE t (v TEXT)');
    db.prepare('INSERT INTO t VALUES (?), (?)').run(`${SAMPLE_CARDS.visa.tracks[0]}`, `{"cvd":"${KEYED.cvd}"}`);
    db.close();
    writeFileSync(join(dir, 'x.log'), `{"account":"${CHECK_ACCOUNT}","pan":"${KEYED.pan}"}\n`);
    const found = leaks(dir).map((l) => l.replace(/ at byte.*/, ''));
    expect(found).toEqual(
      expect.arrayContaining(['canary.sqlite: visa PAN', 'canary.sqlite: visa track 1', 'canary.sqlite: CVD', 'x.log: keyed PAN', 'x.log: check account number']),
    );
    // A tag, a hex reference or an authorization number that merely contains the CVD's digits is not it.
    writeFileSync(join(dir, 'x.log'), `ET${KEYED.cvd}1 A${KEYED.cvd}F 10${KEYED.cvd}52\n`);
    expect(leaks(dir).filter((l) => l.startsWith('x.log'))).toEqual([]);
  });
});
