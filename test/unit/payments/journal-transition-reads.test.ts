import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createJournalStore, JournalConflictError, type JournalStore } from '../../../main/payments/journal/journal';
import { journalMigrations } from '../../../main/payments/journal/schema';
import { migrate } from '../../../main/store/database';
import { newPayment } from '../../support/payments';

/**
 * A move from one state (every move a sale makes, on the customer's way) writes without reading
 * the row first: the UPDATE's `WHERE state = ?` is the check. A refusal still says where the row
 * is, and the events still carry the row's id, in order.
 */
const AT = new Date('2030-03-01T12:00:00.000Z');

let journal: JournalStore | undefined;
afterEach(() => journal?.close());

/** A journal whose every statement run is recorded. */
function tracedJournal(): { journal: JournalStore; ran: string[] } {
  const ran: string[] = [];
  const db = new Database(':memory:', { verbose: (sql) => ran.push(String(sql)) });
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', journalMigrations('live'));
  return { journal: createJournalStore(db, 'live', ':memory:'), ran };
}

const headReads = (ran: readonly string[]): string[] => ran.filter((sql) => /^SELECT id, state FROM journal\b/.test(sql));

describe('journal.transition from one state', () => {
  it('writes without reading the row first, and records each step with the row id', () => {
    const traced = tracedJournal();
    journal = traced.journal;
    journal.create(newPayment('r-1'), 'validated', AT);
    journal.create(newPayment('r-2'), 'validated', AT);
    traced.ran.length = 0;
    const row = journal.transition('r-2', 'validated', ['journaled', 'sending'], AT, { attemptsIncrement: true });
    expect(row).toMatchObject({ state: 'sending', attempts: 1 });
    expect(headReads(traced.ran)).toEqual([]);
    const events = journal.db.prepare('SELECT payment_id AS id, from_state AS "from", to_state AS "to" FROM journal_event WHERE payment_id = ? ORDER BY id').all(row.id);
    expect(events).toEqual([
      { id: row.id, from: null, to: 'validated' },
      { id: row.id, from: 'validated', to: 'journaled' },
      { id: row.id, from: 'journaled', to: 'sending' },
    ]);
  });

  it('refuses a row in another state, saying which, and writes nothing', () => {
    const traced = tracedJournal();
    journal = traced.journal;
    journal.create(newPayment('r-1'), 'offline', AT);
    journal.transition('r-1', 'offline', 'forwarding', AT);
    const events = journal.db.prepare('SELECT count(*) FROM journal_event').pluck();
    const before = events.get();
    expect(() => journal?.transition('r-1', 'offline', 'forwarding', AT)).toThrow(new JournalConflictError('payment r-1 is forwarding, not offline'));
    expect(() => journal?.transition('nope', 'offline', 'forwarding', AT)).toThrow(new JournalConflictError('no payment nope in the live journal'));
    expect(events.get()).toBe(before);
    expect(journal.get('r-1')?.state).toBe('forwarding');
  });

  it('from one of several states still reads the row to know which', () => {
    const traced = tracedJournal();
    journal = traced.journal;
    journal.create(newPayment('r-1'), 'waiting', AT);
    traced.ran.length = 0;
    expect(journal.transition('r-1', ['waiting', 'validated'], 'cancelled', AT).state).toBe('cancelled');
    expect(headReads(traced.ran)).toHaveLength(1);
  });
});
