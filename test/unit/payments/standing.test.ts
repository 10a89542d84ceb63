import { afterEach, describe, expect, it } from 'vitest';
import { heldCents } from '../../../main/payments/claim-rule';
import { standingsOf } from '../../../main/payments/standing';
import type { PaymentState, PaymentType } from '../../../main/payments/states';
import type { JournalRow, JournalStore } from '../../../main/payments/journal/journal';
import { memoryJournal, newPayment } from '../../support/payments';

let journal: JournalStore | undefined;
afterEach(() => journal?.close());

const AT = new Date('2030-03-01T12:00:00.000Z');

/** The states a row passes through to reach each state the tests need, from its creation. */
const PATH: Partial<Record<PaymentState, readonly PaymentState[]>> = {
  approved: ['journaled', 'sending', 'approved'],
  declined: ['journaled', 'sending', 'declined'],
  rejected: ['journaled', 'sending', 'rejected'],
  sending: ['journaled', 'sending'],
  offline: ['journaled', 'offline'],
  forwarding: ['journaled', 'offline', 'forwarding'],
  'needs-lookup': ['journaled', 'sending', 'needs-lookup'],
  failed: ['journaled', 'failed'],
};

let n = 0;
function pay(j: JournalStore, type: PaymentType, state: PaymentState, cents: number, options: { of?: JournalRow; approvedCents?: number } = {}): JournalRow {
  n++;
  const approvedCents = options.approvedCents ?? (state === 'approved' ? cents : undefined);
  return j.create(
    { ...newPayment(`TSTAND${String(n).padStart(4, '0')}`, cents), type, ...(options.of ? { originalId: options.of.id } : {}) },
    PATH[state] ?? [state],
    AT,
    approvedCents !== undefined ? { approvedCents } : undefined,
  );
}

const standing = (j: JournalStore, row: JournalRow) => standingsOf(j.madeFrom([row.id])).get(row.id) ?? { voided: false, refundedCents: 0, completedCents: 0 };

describe('a payment’s standing', () => {
  it('is untouched when nothing was made from it', () => {
    const j = (journal = memoryJournal());
    const sale = pay(j, 'sale', 'approved', 19_99);
    expect(standing(j, sale)).toEqual({ voided: false, refundedCents: 0, completedCents: 0 });
  });

  it('adds up refunds approved, partially approved and stored offline, and leaves out those declined, rejected, failed or still unanswered', () => {
    const j = (journal = memoryJournal());
    const sale = pay(j, 'sale', 'approved', 100_00);
    pay(j, 'refund', 'approved', 10_00, { of: sale });
    pay(j, 'refund', 'approved', 20_00, { of: sale, approvedCents: 15_00 });
    pay(j, 'refund', 'offline', 3_00, { of: sale });
    pay(j, 'refund', 'forwarding', 2_00, { of: sale });
    for (const state of ['declined', 'rejected', 'failed', 'sending', 'needs-lookup'] as const) pay(j, 'refund', state, 1_00, { of: sale });
    expect(standing(j, sale)).toEqual({ voided: false, refundedCents: 30_00, completedCents: 0 });
  });

  it('says voided once a void is approved or stored offline, not when it was declined', () => {
    const j = (journal = memoryJournal());
    const declined = pay(j, 'sale', 'approved', 5_00);
    pay(j, 'void', 'declined', 5_00, { of: declined });
    const voided = pay(j, 'sale', 'approved', 6_00);
    pay(j, 'void', 'approved', 6_00, { of: voided });
    const stored = pay(j, 'sale', 'approved', 7_00);
    pay(j, 'void', 'offline', 7_00, { of: stored });
    const all = standingsOf(j.madeFrom([declined.id, voided.id, stored.id]));
    expect(all.get(declined.id)?.voided ?? false).toBe(false);
    expect(all.get(voided.id)?.voided).toBe(true);
    expect(all.get(stored.id)?.voided).toBe(true);
  });

  it('no longer counts a refund or a completion that was voided, and says the refund itself is voided', () => {
    const j = (journal = memoryJournal());
    const sale = pay(j, 'sale', 'approved', 40_00);
    const undone = pay(j, 'refund', 'approved', 10_00, { of: sale });
    pay(j, 'void', 'approved', 10_00, { of: undone });
    pay(j, 'refund', 'approved', 4_00, { of: sale });
    const pre = pay(j, 'preauth', 'approved', 50_00);
    const completion = pay(j, 'completion', 'approved', 45_00, { of: pre });
    pay(j, 'void', 'approved', 45_00, { of: completion });
    // One query for the page: the sale, its voided refund, the pre-auth.
    const all = standingsOf(j.madeFrom([sale.id, undone.id, pre.id]));
    expect(all.get(sale.id)).toEqual({ voided: false, refundedCents: 4_00, completedCents: 0 });
    expect(all.get(undone.id)).toEqual({ voided: true, refundedCents: 0, completedCents: 0 });
    expect(all.get(pre.id)).toEqual({ voided: false, refundedCents: 0, completedCents: 0 });
  });

  it('counts a completion by what it captured, as the claim rule does', () => {
    const j = (journal = memoryJournal());
    const pre = pay(j, 'preauth', 'approved', 50_00);
    const completion = pay(j, 'completion', 'approved', 45_00, { of: pre });
    expect(standing(j, pre)).toEqual({ voided: false, refundedCents: 0, completedCents: 45_00 });
    expect(standing(j, pre).completedCents).toBe(heldCents(completion));
  });

  it('reads what was made from a page of any size in one statement', () => {
    const j = (journal = memoryJournal());
    const sales = Array.from({ length: 1200 }, (_, i) => pay(j, 'sale', 'approved', 1_00 + i));
    for (const sale of sales.filter((_, i) => i % 100 === 0)) pay(j, 'refund', 'approved', 1_00, { of: sale });
    const all = standingsOf(j.madeFrom(sales.map((s) => s.id)));
    expect([...all.values()].filter((s) => s.refundedCents === 1_00)).toHaveLength(12);
    expect(j.madeFrom([])).toEqual([]);
  });
});
