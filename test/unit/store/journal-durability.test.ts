import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../main/payments/states';
import { CHECKPOINT_MAX_DELAY_MS, CHECKPOINT_QUIET_MS, isLightMove, openJournal, type JournalStore } from '../../../main/payments/journal/journal';
import { newPayment } from '../../support/payments';

const AT = new Date('2030-03-01T12:00:00.000Z');
const dirs: string[] = [];
let journal: JournalStore | undefined;
afterEach(() => {
  vi.useRealTimers();
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

describe('the checkpoint after a final answer', () => {
  const walSize = (j: JournalStore): number => statSync(`${j.file}-wal`).size;
  const sealedSale = (j: JournalStore, ref: string): void => {
    j.create(newPayment(ref), ['choosing', 'waiting'], AT);
    j.transition(ref, 'waiting', ['validated', 'journaled', 'sending'], AT, { sealed: Buffer.from('sealed request') });
  };

  it('truncates the WAL once no final answer came for a moment', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    sealedSale(j, 'L-10');
    j.transition('L-10', 'sending', 'approved', AT);
    expect(walSize(j)).toBeGreaterThan(0);
    vi.advanceTimersByTime(CHECKPOINT_QUIET_MS - 1);
    expect(walSize(j)).toBeGreaterThan(0);
    vi.advanceTimersByTime(1);
    expect(walSize(j)).toBe(0);
  });

  it('truncates the WAL again at each later quiet moment (its checkpoint statement is prepared once, run each time)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    for (const ref of ['L-11', 'L-12', 'L-13']) {
      sealedSale(j, ref);
      j.transition(ref, 'sending', 'approved', AT);
      expect(walSize(j)).toBeGreaterThan(0);
      vi.advanceTimersByTime(CHECKPOINT_QUIET_MS);
      expect(walSize(j)).toBe(0);
    }
  });

  it('never waits longer than its limit while answers keep coming (a drain)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    const checkpoint = vi.spyOn(j, 'checkpoint');
    const every = CHECKPOINT_QUIET_MS / 2;
    for (let i = 0; i * every <= CHECKPOINT_MAX_DELAY_MS * 3; i++) {
      sealedSale(j, `L-2${i}`);
      j.transition(`L-2${i}`, 'sending', 'approved', AT);
      vi.advanceTimersByTime(every);
    }
    // Three seconds of answers every 100 ms: a checkpoint each second, not one per answer nor none.
    expect(checkpoint.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(checkpoint.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it('checkpoints at close when one is still due', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    const checkpoint = vi.spyOn(j, 'checkpoint');
    sealedSale(j, 'L-30');
    j.transition('L-30', 'sending', 'declined', AT);
    j.close();
    journal = undefined;
    expect(checkpoint).toHaveBeenCalledTimes(1);
  });
});
