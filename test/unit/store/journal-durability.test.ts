import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../main/payments/states';
import { isLightMove, openJournal, type JournalStore } from '../../../main/store/journal';
import { newPayment } from '../../support/payments';

const AT = new Date('2030-03-01T12:00:00.000Z');
const dirs: string[] = [];
let journal: JournalStore | undefined;
afterEach(() => {
  journal?.close();
  journal = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function onDisk(): JournalStore {
  const dir = mkdtempSync(join(tmpdir(), 'pos-journal-durability-'));
  dirs.push(dir);
  return (journal = openJournal(dir, 'live'));
}

/** PRAGMA synchronous: 1 is NORMAL, 2 is FULL. */
const synchronous = (j: JournalStore): number => j.db.pragma('synchronous', { simple: true }) as number;

describe('journal durability', () => {
  it('commits only moves before anything is sealed without waiting for the disk', () => {
    expect(isLightMove([], ['choosing', 'waiting'])).toBe(true);
    expect(isLightMove(['choosing', 'waiting'], ['waiting'])).toBe(true);
    expect(isLightMove(['waiting'], ['validated'])).toBe(true);
    expect(isLightMove(['waiting', 'validated'], ['cancelled'])).toBe(true);
    // The request's commit, a sealed blob, anything after it, or a cancel part-way through a path: full.
    expect(isLightMove(['waiting'], ['validated', 'journaled', 'sending'])).toBe(false);
    expect(isLightMove(['waiting'], ['validated'], { sealed: Buffer.from('x') })).toBe(false);
    expect(isLightMove(['validated'], ['failed'])).toBe(false);
    expect(isLightMove(['journaled'], ['offline'])).toBe(false);
    expect(isLightMove(['sending'], ['approved'])).toBe(false);
    expect(isLightMove(['cancelled'], ['waiting'])).toBe(false);
    // Nothing that could have left the machine is light, whatever it moves to.
    const heavy: PaymentState[] = PAYMENT_STATES.filter((s) => !['choosing', 'waiting', 'validated'].includes(s));
    for (const from of heavy) for (const to of PAYMENT_STATES) expect(isLightMove([from], [to]), `${from} → ${to}`).toBe(false);
  });

  it('goes back to synchronous FULL after a light commit, even one that fails', () => {
    const j = onDisk();
    expect(synchronous(j)).toBe(2);
    j.create(newPayment('L-1'), ['choosing', 'waiting'], AT);
    expect(synchronous(j)).toBe(2);
    expect(() => j.transition('L-1', 'choosing', 'validated', AT)).toThrow(/is waiting/);
    expect(synchronous(j)).toBe(2);
    j.transition('L-1', 'waiting', 'cancelled', AT);
    expect(synchronous(j)).toBe(2);
  });

  it('creates a payment through a path in one row, recording each step, or refuses a path the table forbids', () => {
    const j = onDisk();
    const row = j.create(newPayment('L-2'), ['choosing', 'waiting'], AT, { tender: 'check' });
    expect(row).toMatchObject({ state: 'waiting', tender: 'check' });
    const events = j.db.prepare(`SELECT from_state AS "from", to_state AS "to" FROM journal_event ORDER BY id`).all();
    expect(events).toEqual([{ from: null, to: 'choosing' }, { from: 'choosing', to: 'waiting' }]);
    expect(() => j.create(newPayment('L-3'), ['choosing', 'sending'], AT)).toThrow(RangeError);
    expect(j.get('L-3')).toBeUndefined();
  });

  it('writes a path of several steps as one row update with an event per step', () => {
    const j = onDisk();
    j.create(newPayment('L-4'), ['choosing', 'waiting'], AT);
    const row = j.transition('L-4', 'waiting', ['validated', 'journaled', 'offline'], AT, { sealed: Buffer.from('sealed'), masked: '411111******1111', storedOffline: true });
    expect(row).toMatchObject({ state: 'offline', masked: '411111******1111', hasSealed: true, storedOffline: true });
    const to = j.db.prepare(`SELECT to_state AS "to" FROM journal_event ORDER BY id`).pluck().all();
    expect(to).toEqual(['choosing', 'waiting', 'validated', 'journaled', 'offline']);
  });
});
