import type { PaymentRow } from '../../../../preload/contract';
import type { SaidInstead } from '../../components/PaymentStateWord';
import { money } from '../../components/money';
import type { useT } from '../../i18n/i18n';

type HistoryT = ReturnType<typeof useT<'history'>>['t'];

/** What a payment came to: the approved amount once approved, else what was asked (a decline approved nothing). */
export const amountOf = (p: PaymentRow): number => (p.state === 'approved' ? (p.approvedCents ?? p.requestedCents) : p.requestedCents);

/** What a refund may still take of an approved payment (its default when the amount is left empty). */
export const refundLeftOf = (p: PaymentRow): number => Math.max(0, amountOf(p) - p.standing.refundedCents);

/**
 * Where an approved payment stands after what was made from it, in History's words: Voided,
 * Refunded $5.00 of $19.99, Completed (all of a pre-auth) or Completed $45.00 of $50.00; with
 * nothing made from it, an approval of less than was asked (a prepaid card, online or when a
 * stored payment was sent) says so: Approved $5.00 of $12.34. Null when the state's own word says
 * it all (not approved, or approved in full and untouched). Money given back or voided is muted,
 * like the rest of what no longer stands; what stands is ok.
 */
export function standingWords(p: PaymentRow, t: HistoryT): SaidInstead | null {
  if (p.state !== 'approved') return null;
  const { voided, refundedCents, completedCents } = p.standing;
  const paid = amountOf(p);
  if (voided) return { kind: 'voided', words: t('standing.voided'), tone: 'muted' };
  if (refundedCents > 0) {
    const all = refundedCents >= paid;
    return { kind: all ? 'refunded' : 'refunded-part', words: t('standing.refunded', { amount: money(refundedCents), of: money(paid) }), tone: all ? 'muted' : 'ok' };
  }
  if (completedCents > 0) {
    const all = completedCents >= paid;
    return { kind: all ? 'completed' : 'completed-part', words: all ? t('standing.completed') : t('standing.completedPart', { amount: money(completedCents), of: money(paid) }), tone: 'ok' };
  }
  if (paid < p.requestedCents) return { kind: 'approved-part', words: t('standing.approvedPart', { amount: money(paid), of: money(p.requestedCents) }), tone: 'ok' };
  return null;
}
