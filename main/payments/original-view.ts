import type { SaleOriginal } from '../../preload/contract';
import type { JournalRow } from './journal/row';

/**
 * The facts of the payment a void, refund or completion acts on, as its view carries them
 * (`SaleView.original`), so the Register can say "Completed $45.00 of a $50.00 pre-auth".
 */
export function originalOf(row: Pick<JournalRow, 'type' | 'requestedCents' | 'approvedCents'> | undefined): SaleOriginal | null {
  return row ? { type: row.type, requestedCents: row.requestedCents, approvedCents: row.approvedCents } : null;
}
