import { afterEach, describe, expect, it } from 'vitest';
import type { JournalStore } from '../../../main/payments/journal/journal';
import { ROW_COLUMNS, rowOf, rowOfValues, type RawRow } from '../../../main/payments/journal/row';
import { memoryJournal, newPayment } from '../../support/payments';

const AT = new Date('2030-03-01T12:00:00.000Z');
let journal: JournalStore | undefined;
afterEach(() => {
  journal?.close();
  journal = undefined;
});

describe('rowOfValues', () => {
  it('reads the values of ROW_COLUMNS in their order into the same row as rowOf', () => {
    const j = (journal = memoryJournal());
    j.create(newPayment('L-1'), ['choosing', 'waiting'], AT);
    j.transition('L-1', 'waiting', ['validated', 'journaled', 'offline'], AT, {
      sealed: Buffer.from('sealed'), masked: '411111******1111', brand: 'visa', last4: '1111', cardholderName: 'A B', entry: 'swipe', deviceId: 'msr-1',
      transactionType: '00', storedOffline: true, attention: true, outcomeKind: 'not-sent', message: 'stored', nextAttemptAt: '2030-03-01T12:01:00.000Z',
    });
    const select = `SELECT ${ROW_COLUMNS} FROM journal WHERE client_ref = ?`;
    const named = rowOf(j.db.prepare<[string], RawRow>(select).get('L-1') as RawRow);
    const values = j.db.prepare<[string], unknown[]>(select).raw(true).get('L-1') as unknown[];
    expect(values).toHaveLength(Object.keys(named).length);
    const row = rowOfValues(values);
    expect(Object.keys(row)).toEqual(Object.keys(named));
    expect(row).toEqual(named);
    expect(row).toMatchObject({ hasSealed: true, storedOffline: true, attention: true, last4: '1111', state: 'offline' });
    expect(j.get('L-1')).toEqual(row);
  });
});
