import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATES, type PaymentState } from '../../../main/payments/states';
import { CHECKPOINT_MAX_DELAY_MS, CHECKPOINT_QUIET_MS, isLightMove, openJournal, type JournalStore } from '../../../main/payments/journal/journal';
import { WAL_PRIMED_BYTES, walPrimer } from '../../../main/payments/journal/wal-primer';
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

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pos-journal-durability-'));
  dirs.push(dir);
  return dir;
}

function onDisk(): JournalStore {
  return (journal = openJournal(tempDir(), 'live'));
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
  const SEALED = Buffer.from('sealed request');
  const wal = (j: JournalStore): Buffer => readFileSync(`${j.file}-wal`);
  const sealedSale = (j: JournalStore, ref: string): void => {
    j.create(newPayment(ref), ['choosing', 'waiting'], AT);
    j.transition(ref, 'waiting', ['validated', 'journaled', 'sending'], AT, { sealed: SEALED });
  };
  /** A sale approved, then the quiet moment after it: its checkpoint has run. */
  const approvedThenQuiet = (j: JournalStore, ref: string): void => {
    sealedSale(j, ref);
    j.transition(ref, 'sending', 'approved', AT);
    vi.advanceTimersByTime(CHECKPOINT_QUIET_MS);
  };
  /** What the next commit may find in the log: a header (WAL magic) and the mark, then zeros, nothing of a payment. */
  const readied = (j: JournalStore): void => {
    const log = wal(j);
    expect(log.length).toBe(WAL_PRIMED_BYTES);
    expect(log.readUInt32BE(0) >>> 1).toBe(0x377f0682 >>> 1);
    expect(log.includes(SEALED)).toBe(false);
    expect(log.includes(Buffer.from('L-1'))).toBe(false);
  };

  it('empties the WAL of the wiped card data once no final answer came for a moment, and readies it for the next payment', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    sealedSale(j, 'L-10');
    j.transition('L-10', 'sending', 'approved', AT);
    expect(wal(j).includes(SEALED)).toBe(true);
    vi.advanceTimersByTime(CHECKPOINT_QUIET_MS - 1);
    expect(wal(j).includes(SEALED)).toBe(true);
    vi.advanceTimersByTime(1);
    readied(j);
  });

  it('empties and readies the WAL again at each later quiet moment (its statements prepared once, run each time)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    for (const ref of ['L-11', 'L-12', 'L-13']) {
      sealedSale(j, ref);
      j.transition(ref, 'sending', 'approved', AT);
      expect(wal(j).includes(SEALED)).toBe(true);
      vi.advanceTimersByTime(CHECKPOINT_QUIET_MS);
      readied(j);
    }
  });

  it("leaves the next payment's commits nothing but frames to write: the log neither restarts (a second fsync) nor grows", () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    approvedThenQuiet(j, 'L-14');
    // SQLite restarts a log by writing a new header (new salts): the one the mark wrote stays.
    const header = wal(j).subarray(0, 32);
    sealedSale(j, 'L-15');
    j.transition('L-15', 'sending', 'approved', AT);
    expect(wal(j).subarray(0, 32)).toEqual(header);
    expect(wal(j).length).toBe(WAL_PRIMED_BYTES);
    expect(wal(j).includes(SEALED)).toBe(true);
  });

  it('keeps every commit made on a readied log in a crash image (the files copied as they are while open)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const j = onDisk();
    approvedThenQuiet(j, 'L-16');
    sealedSale(j, 'L-17');
    const image = join(tempDir(), 'journal-live.sqlite');
    copyFileSync(j.file, image);
    copyFileSync(`${j.file}-wal`, `${image}-wal`);
    const copy = new Database(image);
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare(`SELECT client_ref AS ref, state FROM journal ORDER BY id`).all()).toEqual([
        { ref: 'L-16', state: 'approved' },
        { ref: 'L-17', state: 'sending' },
      ]);
    } finally {
      copy.close();
    }
  });

  it('leaves a log it cannot ready to the next commit, without failing', () => {
    const j = onDisk();
    expect(walPrimer(j.db, join(tempDir(), 'missing', 'journal-live.sqlite-wal'))(AT)).toBe(false);
    sealedSale(j, 'L-18');
    expect(j.get('L-18')?.state).toBe('sending');
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
