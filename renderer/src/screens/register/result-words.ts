import type { PaymentState, SaleView } from '../../../../preload/contract';
import type { Tone } from '../../components/payment-words';
import { partlyApproved } from './sale-words';

/**
 * What an ended payment did, in the cashier's words: the result names the operation (a void reads
 * "Voided", never a sale's "Approved"), with that operation's own amount and tone, and what to do
 * next. Pure; the keys are of the `register` namespace, the amounts in cents, formatted by the
 * screen in its language.
 */
export interface ResultWords {
  /** The heading of the result. */
  words: ResultKey;
  /** What the cashier does next. */
  next: NextKey;
  /** The amounts the heading and the advice name, in cents: `amount` this operation's, `of` the payment it acts on, `balance` what is left to pay. */
  values: { amount?: number; of?: number; balance?: number };
  tone: Tone;
  /** The amount shown large next to the heading; null when the operation has none (a card check). */
  amountCents: number | null;
  /**
   * The outcome's own message is for the cashier (the bank's decline, the gateway's refusal of the
   * request); any other note is main's, technical (an address, a code), kept for Status and the queue.
   */
  showMessage: boolean;
}

export type ResultKey =
  | 'result.saleApproved' | 'result.checkApproved' | 'result.preauthApproved' | 'result.completed' | 'result.completedOf'
  | 'result.refunded' | 'result.refundedOf' | 'result.voided' | 'result.verified' | 'result.partly' | 'result.declined'
  | 'result.rejected' | 'result.offline' | 'result.needsLookup' | 'result.failed' | 'result.cancelled' | 'result.writtenOff';
export type NextKey =
  | 'next.approved' | 'next.refunded' | 'next.voided' | 'next.verified' | 'next.partly' | 'next.offline' | 'next.offlineCard' | 'next.declined'
  | 'next.rejected' | 'next.needs-lookup' | 'next.failed' | 'next.cancelled' | 'next.writtenOff';

/** The ended state a view stands for: a row left by a process that stopped reads as recovery would end it. */
type Ended = 'approved' | 'declined' | 'rejected' | 'offline' | 'needs-lookup' | 'failed' | 'cancelled' | 'voided';
const ENDED = {
  choosing: 'cancelled',
  waiting: 'cancelled',
  validated: 'cancelled',
  journaled: 'failed',
  sending: 'needs-lookup',
  approved: 'approved',
  declined: 'declined',
  rejected: 'rejected',
  offline: 'offline',
  forwarding: 'offline',
  'needs-lookup': 'needs-lookup',
  failed: 'failed',
  cancelled: 'cancelled',
  voided: 'voided',
} as const satisfies Record<PaymentState, Ended>;

/** Results that are not an approval: the same words for every operation, the amount asked. */
const NOT_APPROVED = {
  declined: { words: 'result.declined', next: 'next.declined', tone: 'bad', showMessage: true },
  rejected: { words: 'result.rejected', next: 'next.rejected', tone: 'bad', showMessage: true },
  offline: { words: 'result.offline', next: 'next.offline', tone: 'warn', showMessage: false },
  'needs-lookup': { words: 'result.needsLookup', next: 'next.needs-lookup', tone: 'warn', showMessage: false },
  failed: { words: 'result.failed', next: 'next.failed', tone: 'bad', showMessage: false },
  cancelled: { words: 'result.cancelled', next: 'next.cancelled', tone: 'muted', showMessage: false },
  voided: { words: 'result.writtenOff', next: 'next.writtenOff', tone: 'muted', showMessage: false },
} as const satisfies Record<Exclude<Ended, 'approved'>, { words: ResultKey; next: NextKey; tone: Tone; showMessage: boolean }>;

/** What the original payment moved (an approval may be partial), or asked. */
function originalCents(sale: SaleView): number | undefined {
  return sale.original ? (sale.original.approvedCents ?? sale.original.requestedCents) : undefined;
}

function approvedWords(sale: SaleView): ResultWords {
  const amount = sale.approvedCents ?? sale.amountCents;
  const of = originalCents(sale);
  const ok = (words: ResultKey, next: NextKey, values: ResultWords['values'] = { amount }): ResultWords => ({ words, next, values, tone: 'ok', amountCents: amount, showMessage: false });
  if (partlyApproved(sale)) return { ...ok('result.partly', 'next.partly', { amount, balance: sale.balanceDueCents }), tone: 'warn' };
  switch (sale.type) {
    case 'sale':
      return ok(sale.tender === 'check' ? 'result.checkApproved' : 'result.saleApproved', 'next.approved');
    case 'preauth':
      return ok('result.preauthApproved', 'next.approved');
    case 'completion':
      return of === undefined ? ok('result.completed', 'next.approved') : ok('result.completedOf', 'next.approved', { amount, of });
    case 'refund':
      return of === undefined ? ok('result.refunded', 'next.refunded') : ok('result.refundedOf', 'next.refunded', { amount, of });
    case 'void':
      // A void takes the whole payment: its amount is the voided payment's.
      return { ...ok('result.voided', 'next.voided', { amount: sale.amountCents }), amountCents: sale.amountCents };
    case 'verify':
      return { ...ok('result.verified', 'next.verified', {}), amountCents: null };
  }
}

export function resultWords(sale: SaleView): ResultWords {
  const ended = ENDED[sale.state];
  if (ended === 'approved') return approvedWords(sale);
  const r = NOT_APPROVED[ended];
  // Nobody has authorized a card stored offline yet: the cashier checks it while the customer is there.
  const next = ended === 'offline' && sale.card ? 'next.offlineCard' : r.next;
  return { words: r.words, next, values: { amount: sale.amountCents }, tone: r.tone, amountCents: sale.type === 'verify' ? null : sale.amountCents, showMessage: r.showMessage };
}

/** An approval or a payment stored offline (approved locally): the customer takes a receipt. */
export function wantsReceipt(sale: SaleView): boolean {
  const ended = ENDED[sale.state];
  return sale.final && sale.type !== 'verify' && (ended === 'approved' || ended === 'offline');
}

/** "Print the receipt?" is on screen: receipts.afterApproval ask, a receipt wanted, the question not yet answered. */
export function asksReceipt(sale: SaleView | undefined, setting: 'print' | 'ask' | 'none', handled: boolean): boolean {
  return setting === 'ask' && sale !== undefined && wantsReceipt(sale) && !handled;
}
