import type { PaymentType } from './states';
import { formatDollars } from '../config/setting';

/**
 * What needs the manager at the moment it happens, and says so in words ("a refund"): refunds and
 * voids (money back to a card), keyed cards (no card present), and payments above the store's
 * limit (`payments.overrideAbove`, 0: none). Pure.
 */
export function overrideReason(p: { type: PaymentType; amountCents: number; keyed?: boolean }, overrideAboveCents: number): string | null {
  if (p.type === 'refund') return 'a refund';
  if (p.type === 'void') return 'a void';
  if (p.keyed) return 'a card typed in';
  if (overrideAboveCents > 0 && p.amountCents > overrideAboveCents) return `a payment above $${formatDollars(overrideAboveCents)}`;
  return null;
}
