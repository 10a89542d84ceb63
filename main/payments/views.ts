import type { PaymentRow, PaymentStanding, SaleOriginal, SaleView } from '../../preload/contract';
import type { JournalRow } from './journal/journal';
import { FINAL_STATES, STATE_WORDS, STORED_STATES, type PaymentState } from './states';

/**
 * From journal rows to what leaves main: the contract's PaymentRow and SaleView. Only masked
 * columns exist in the journal, and the contract's schemas check the masks again.
 */
/** A payment no later operation has touched. */
export const UNTOUCHED: PaymentStanding = { voided: false, refundedCents: 0, completedCents: 0 };

export function paymentRowView(row: JournalRow, options: { expiredBefore?: string; originalRef?: string | null; standing?: PaymentStanding } = {}): PaymentRow {
  const stored = STORED_STATES.has(row.state);
  return {
    id: row.id,
    clientRef: row.clientRef,
    saleId: row.saleId,
    mode: row.mode,
    type: row.type,
    tender: row.tender,
    state: row.state,
    words: row.message && !FINAL_STATES.has(row.state) && row.state !== 'offline' ? `${STATE_WORDS[row.state]} ${row.message}` : STATE_WORDS[row.state],
    transactionType: row.transactionType,
    requestedCents: row.requestedCents,
    approvedCents: row.approvedCents,
    surchargeCents: row.surchargeCents,
    taxCents: row.taxCents,
    masked: row.masked,
    brand: row.brand,
    last4: row.last4,
    routing: row.routing,
    checkNumber: row.checkNumber,
    cardholderName: row.cardholderName,
    entry: row.entry,
    deviceId: row.deviceId,
    cashier: row.cashier,
    approvedBy: row.approvedBy,
    outcomeKind: row.outcomeKind,
    gatewayCode: row.gatewayCode,
    bankCode: row.bankCode,
    message: row.message,
    tag: row.tag,
    authorizationNum: row.authorizationNum,
    sequenceNo: row.sequenceNo,
    retrievalRef: row.retrievalRef,
    splitTenderId: row.splitTenderId,
    attempts: row.attempts,
    storedOffline: row.storedOffline,
    attention: row.attention,
    expired: stored && options.expiredBefore !== undefined && row.createdAt < options.expiredBefore,
    cardDataKept: row.hasSealed,
    originalRef: options.originalRef ?? null,
    standing: options.standing ?? UNTOUCHED,
    decidedBy: row.decidedBy,
    decision: row.decision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

/** What a sale paid: an approval's amount, or the whole amount stored offline (approved locally). */
export function paidCents(row: Pick<JournalRow, 'state' | 'approvedCents' | 'requestedCents'>): number {
  if (row.state === 'approved') return row.approvedCents ?? row.requestedCents;
  if (STORED_STATES.has(row.state)) return row.requestedCents;
  return 0;
}

/** Tenders that took no money, known for sure (a later tender of a split sale that ends so leaves the balance to pay). */
const NOT_CHARGED: ReadonlySet<PaymentState> = new Set(['declined', 'rejected', 'failed', 'cancelled']);

/**
 * Whether the rest of a sale may be paid with another tender after this one: after a partial
 * approval, or after a later tender of a split sale that took nothing. Never while a tender's
 * outcome is unknown (needs lookup: the money may have been taken) or still under way, and never
 * after a first tender that took nothing (that sale is simply not paid).
 */
export function balanceOpen(row: Pick<JournalRow, 'state' | 'type' | 'splitTenderId'>): boolean {
  if (row.type !== 'sale' && row.type !== 'preauth') return false;
  return row.state === 'approved' || (row.splitTenderId !== null && NOT_CHARGED.has(row.state));
}

/** A sale view of a journal row alone (a sale that ended in another process, or before a restart). */
export function saleViewOfRow(row: JournalRow, originalRef: string | null, original: SaleOriginal | null = null): SaleView {
  const final = FINAL_STATES.has(row.state) || STORED_STATES.has(row.state) || row.state === 'needs-lookup';
  const paid = paidCents(row);
  return {
    saleId: row.saleId,
    clientRef: row.clientRef,
    mode: row.mode,
    type: row.type,
    tender: row.tender,
    state: row.state,
    words: row.message && row.state !== 'approved' ? `${STATE_WORDS[row.state]} ${row.message}` : STATE_WORDS[row.state],
    waitingFor: null,
    problem: null,
    amountCents: row.requestedCents,
    approvedCents: row.approvedCents,
    balanceDueCents: balanceOpen(row) ? Math.max(0, row.requestedCents - paid) : 0,
    splitTenderId: row.splitTenderId,
    entry: row.entry,
    card: null,
    check: null,
    outcome: row.outcomeKind
      ? {
          kind: row.outcomeKind,
          message: row.message ?? '',
          ...(row.gatewayCode ? { gatewayCode: row.gatewayCode } : {}),
          ...(row.bankCode ? { bankCode: row.bankCode } : {}),
          ...(row.authorizationNum ? { authorizationNum: row.authorizationNum } : {}),
          ...(row.tag ? { tag: row.tag } : {}),
        }
      : null,
    originalRef,
    original,
    final,
    startedAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
