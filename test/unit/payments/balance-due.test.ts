import { afterEach, describe, expect, it } from 'vitest';
import type { JournalStore } from '../../../main/payments/journal/journal';
import type { PaymentState } from '../../../main/payments/states';
import { saleViewOfRow } from '../../../main/payments/views';
import { memoryJournal, newPayment } from '../../support/payments';

/**
 * The balance a register offers to take with another tender: after a partial approval, or after a
 * later tender of a split sale that took nothing; never after a tender whose outcome is unknown
 * (the money may have been taken: "do not charge again") nor after a first tender that took nothing.
 */
const AT = new Date('2030-03-01T12:00:00.000Z');
let journal: JournalStore | undefined;
afterEach(() => {
  journal?.close();
  journal = undefined;
});

function viewOf(state: PaymentState, patch: { approvedCents?: number; splitTenderId?: string } = {}): number {
  const j = (journal ??= memoryJournal());
  const ref = `L-${state}-${patch.splitTenderId ?? 'first'}-${patch.approvedCents ?? 0}`;
  j.create(newPayment(ref, 40_00), state, AT, patch);
  const row = j.get(ref);
  if (!row) throw new Error('no row');
  return saleViewOfRow(row, null).balanceDueCents;
}

describe('the balance due a sale shows', () => {
  it('is what a partial approval left, and nothing after a full one or a payment stored offline', () => {
    expect(viewOf('approved', { approvedCents: 25_00 })).toBe(15_00);
    expect(viewOf('approved', { approvedCents: 40_00 })).toBe(0);
    expect(viewOf('offline')).toBe(0);
  });

  it.each(['declined', 'rejected', 'failed', 'cancelled', 'needs-lookup'] as const)('is nothing after a first tender %s (the sale is not paid; nothing to split)', (state) => {
    expect(viewOf(state)).toBe(0);
  });

  it('stays after a later tender of a split sale that took nothing, but never while its outcome is unknown', () => {
    expect(viewOf('declined', { splitTenderId: 'L-FIRST' })).toBe(40_00);
    expect(viewOf('failed', { splitTenderId: 'L-FIRST' })).toBe(40_00);
    expect(viewOf('needs-lookup', { splitTenderId: 'L-FIRST' })).toBe(0);
  });
});
