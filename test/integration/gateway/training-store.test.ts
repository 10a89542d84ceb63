import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimRecord } from '../../../main/training/gateway/contract';
import { GatewayEngine } from '../../../main/training/gateway/engine';
import type { SimStore } from '../../../main/training/gateway/sim-store';
import { openSimStoreFile, simStoreMigrations, TRAINING_GATEWAY_FILE } from '../../../main/training/gateway/sqlite-sim-store';
import { openDatabase } from '../../../main/store/database';
import { ROOT, runNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/** The training gateway's SQLite file: history, tags, Reference_No counts and faults outlive a process and are shared. */
const now = new Date('2026-06-15T12:00:00Z');
const creds = { GatewayID: 'G', Password: 'P' };
const PAN = '4111111111111111';
const keyed = (amount: string, extra: SimRecord = {}): SimRecord => ({ ...creds, Transaction_Type: '00', DollarAmount: amount, Card_Number: PAN, Expiry_Date: '1239', CardHoldersName: 'J D', ...extra });
const lookup = (tag: string): SimRecord => ({ ...creds, Transaction_Type: 'CR', Transaction_Tag: tag });

const opened: SimStore[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

function open(file: string): SimStore {
  const store = openSimStoreFile(file, { log: pino({ level: 'silent' }), now: () => now });
  opened.push(store);
  return store;
}

const fileIn = (dir: string): string => join(dir, TRAINING_GATEWAY_FILE);

describe('training gateway file', () => {
  it('brings a file of an earlier build up to date, keeping its transactions, and then remembers what a refund was made from', () => {
    const file = fileIn(tempDir());
    openDatabase(file, simStoreMigrations.slice(0, 1)).close();
    const before = new GatewayEngine({ now: () => now, store: open(file) });
    const sale = before.process('SendAndCommit', keyed('30.00'));
    opened.splice(0).forEach((s) => s.close());

    const e = new GatewayEngine({ now: () => now, store: open(file) });
    const ref = { ...creds, Transaction_Tag: sale.Transaction_Tag as string, Authorization_Num: sale.Authorization_Num as string };
    const refund = e.process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '10.00' });
    expect(e.process('SendAndCommit', { ...creds, Transaction_Type: '33', Transaction_Tag: refund.Transaction_Tag as string, Authorization_Num: refund.Authorization_Num as string }).Transaction_Approved).toBe('true');
    expect(e.process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '30.00' }).Transaction_Approved).toBe('true');
  });

  it('keeps lookups, tagged state and Reference_No counts across a reopen; the next tag is above all old ones', () => {
    const file = fileIn(tempDir());
    const first = open(file);
    const e1 = new GatewayEngine({ now: () => now, store: first });
    const pre = e1.process('SendAndCommit', keyed('50.00', { Transaction_Type: '01', Reference_No: 'R-1' }));
    const ref = { ...creds, Transaction_Tag: pre.Transaction_Tag as string, Authorization_Num: pre.Authorization_Num as string };
    expect(e1.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '30.00', Reference_No: 'R-2' }).Transaction_Approved).toBe('true');
    const sale = e1.process('SendAndCommit', keyed('12.00', { Reference_No: 'R-1' }));
    const declined = e1.process('SendAndCommit', keyed('5521.00'));
    const oldTags = e1.stored().map((s) => Number(s.tag));
    first.close();
    opened.splice(0);

    const e2 = new GatewayEngine({ now: () => now, store: open(file) });
    expect(e2.process('TransactionInfo', lookup(sale.Transaction_Tag as string))).toEqual({ ...sale, Password: '' });
    expect(e2.process('TransactionInfo', lookup(declined.Transaction_Tag as string))).toMatchObject({ Transaction_Approved: 'false', Bank_Resp_Code: '521' });
    // 30.00 of the 50.00 pre-auth was completed before the restart: 20.01 more is too much, 20.00 is not.
    expect(e2.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '20.01' }).Gateway_Resp_Code).toBe('26');
    expect(e2.process('SendAndCommit', { ...ref, Transaction_Type: '32', DollarAmount: '20.00' }).Transaction_Approved).toBe('true');
    const next = Number(e2.process('SendAndCommit', keyed('1.00')).Transaction_Tag);
    expect(next).toBeGreaterThan(Math.max(...oldTags));
    expect(e2.referenceCounts()).toEqual(new Map([['R-1', 2], ['R-2', 1]]));
  });

  it('keeps voids and refunds across a reopen', () => {
    const file = fileIn(tempDir());
    const sale = new GatewayEngine({ now: () => now, store: open(file) }).process('SendAndCommit', keyed('40.00'));
    const ref = { ...creds, Transaction_Tag: sale.Transaction_Tag as string, Authorization_Num: sale.Authorization_Num as string };
    expect(new GatewayEngine({ now: () => now, store: open(file) }).process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '15.00' }).Transaction_Approved).toBe('true');
    const later = new GatewayEngine({ now: () => now, store: open(file) });
    expect(later.process('SendAndCommit', { ...ref, Transaction_Type: '34', DollarAmount: '25.01' }).Gateway_Resp_Code).toBe('64');
    expect(later.process('SendAndCommit', { ...ref, Transaction_Type: '33', DollarAmount: '40.00' }).Transaction_Approved).toBe('true');
    expect(new GatewayEngine({ now: () => now, store: open(file) }).process('SendAndCommit', { ...ref, Transaction_Type: '33', DollarAmount: '40.00' }).Gateway_Resp_Code).toBe('24');
  });

  it('two handles on one file, interleaved, never hand out the same tag and see each other\'s transactions', () => {
    const file = fileIn(tempDir());
    const a = new GatewayEngine({ now: () => now, store: open(file) });
    const b = new GatewayEngine({ now: () => now, store: open(file) });
    const tags: string[] = [];
    for (let i = 0; i < 40; i++) tags.push((i % 3 ? a : b).process('SendAndCommit', keyed('1.00')).Transaction_Tag as string);
    expect(new Set(tags).size).toBe(40);
    expect(b.process('TransactionInfo', lookup(tags[1] ?? '')).Transaction_Approved).toBe('true');
    expect(a.process('TransactionInfo', lookup(tags[0] ?? '')).Transaction_Approved).toBe('true');
  });

  it('two processes selling at the same time on one file get distinct tags, and every Reference_No is counted once', async () => {
    const file = fileIn(tempDir());
    open(file).close();
    opened.splice(0);
    const child = `${ROOT}test/integration/gateway/children/training-sales.ts`;
    const runs = await Promise.all(['A', 'B'].map((label) => runNode(['--import', 'tsx', child, file, '150', label])));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const tags = runs.flatMap((r) => JSON.parse(r.stdout) as string[]);
    expect(tags).toHaveLength(300);
    expect(new Set(tags).size).toBe(300);
    const counts = new GatewayEngine({ store: open(file) }).referenceCounts();
    expect(counts.size).toBe(300);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('stores no full card number: a digest and the masked answer only', () => {
    const dir = tempDir();
    const store = open(fileIn(dir));
    const e = new GatewayEngine({ now: () => now, store });
    e.process('SendAndCommit', keyed('9.00', { CVDCode: '123' }));
    e.process('SendAndCommit', { ...creds, Transaction_Type: '00', DollarAmount: '1.00', Track2: `;${PAN}=39121010000000000000?` });
    store.close();
    opened.splice(0);
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(join(dir, name)).toString('latin1');
      expect(bytes, name).not.toContain(PAN);
      expect(bytes, name).toContain('############1111');
    }
  });

  it('a damaged file is moved aside and made again: training data can be rebuilt', () => {
    const dir = tempDir();
    writeFileSync(fileIn(dir), 'this is not a database, it is long enough to have a header '.repeat(20));
    const e = new GatewayEngine({ now: () => now, store: open(fileIn(dir)) });
    expect(e.process('SendAndCommit', keyed('1.00')).Transaction_Approved).toBe('true');
    expect(readdirSync(dir).some((n) => n.startsWith(`${TRAINING_GATEWAY_FILE}.damaged-`))).toBe(true);
    expect(existsSync(fileIn(dir))).toBe(true);
  });

  it('a fault set through another handle (another process) is seen and counted down by this one', () => {
    const file = fileIn(tempDir());
    const simulator = open(file);
    const posctl = open(file);
    expect(posctl.setFault({ kind: 'drop-after', count: 2 })).toEqual({ kind: 'drop-after', remaining: 2 });
    expect(simulator.takeFault('connect')).toBeUndefined();
    expect(simulator.takeFault('request')).toEqual({ kind: 'drop-after', remaining: 2 });
    expect(posctl.fault()).toEqual({ kind: 'drop-after', remaining: 1 });
    expect(posctl.takeFault('request')).toMatchObject({ kind: 'drop-after' });
    expect(simulator.takeFault('request')).toBeUndefined();
    posctl.setFault({ kind: 'slow', delayMs: 2_000 });
    expect(simulator.fault()).toEqual({ kind: 'slow', remaining: null, delayMs: 2_000 });
    posctl.setFault({ kind: 'none' });
    expect(simulator.fault()).toEqual({ kind: 'none', remaining: null });
  });
});
