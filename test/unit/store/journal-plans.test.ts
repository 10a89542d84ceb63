import { afterEach, describe, expect, it } from 'vitest';
import type { JournalStore } from '../../../main/payments/journal/journal';
import { MADE_FROM_SQL, QUEUE_SUMMARY_SQL, TOTALS_SQL, VOIDED_BY_TYPE_SQL } from '../../../main/payments/journal/queries';
import { memoryJournal } from '../../support/payments';

let journal: JournalStore | undefined;
afterEach(() => journal?.close());

const plan = (j: JournalStore, sql: string, ...params: unknown[]): string =>
  (j.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('; ');

describe('journal query plans', () => {
  it('reads daily totals by date, not by state (a state holds most of the journal)', () => {
    const j = (journal = memoryJournal());
    const p = plan(j, TOTALS_SQL, '2030-03-01T00:00:00.000Z', '2030-03-02T00:00:00.000Z');
    expect(p).toMatch(/SEARCH journal USING INDEX journal_created \(created_at>\? AND created_at<\?\)/);
    expect(p).not.toMatch(/journal_state/);
  });

  it('reads the voids of a day by date, and each voided payment by its id', () => {
    const j = (journal = memoryJournal());
    const p = plan(j, VOIDED_BY_TYPE_SQL, '2030-03-01T00:00:00.000Z', '2030-03-02T00:00:00.000Z');
    expect(p).toMatch(/SEARCH v USING INDEX journal_created \(created_at>\? AND created_at<\?\)/);
    expect(p).toMatch(/SEARCH o USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});

describe('the standing of a page of rows', () => {
  it('reads what was made from the page, and the voids of those, by the original_id index', () => {
    const j = (journal = memoryJournal());
    const p = plan(j, MADE_FROM_SQL, '[1,2,3]');
    expect(p.match(/SEARCH journal USING INDEX journal_original \(original_id=\?\)/g)).toHaveLength(2);
    expect(p).not.toMatch(/SCAN journal(?! USING)/);
  });
});

describe('the offline queue summary', () => {
  it('comes from the queue index alone, whatever else the journal holds', () => {
    const j = (journal = memoryJournal());
    expect(plan(j, QUEUE_SUMMARY_SQL)).toMatch(/SEARCH journal USING COVERING INDEX journal_queue/);
  });
});
