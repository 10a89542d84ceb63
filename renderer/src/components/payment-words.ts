import type { MaskedCard, PaymentState, SaleView } from '../../../preload/contract';
import { knownKey } from '../i18n/keys';

/** How a word is coloured: meaning is in the words too, never in colour alone. */
export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

/**
 * A payment's tone, one table for every screen (the Register's result, History's rows and detail).
 * Its words are the `common` keys `payment.state.<state>` (a word or two) and `payment.sentence.<state>`
 * (main's journal sentence); types, tenders, entries and brands likewise (`payment.type.<type>`…).
 */
export const PAYMENT_TONE = {
  choosing: 'muted',
  waiting: 'muted',
  validated: 'muted',
  journaled: 'muted',
  sending: 'warn',
  approved: 'ok',
  declined: 'bad',
  rejected: 'bad',
  offline: 'warn',
  forwarding: 'warn',
  'needs-lookup': 'warn',
  failed: 'bad',
  cancelled: 'muted',
  voided: 'muted',
} as const satisfies Record<PaymentState, Tone>;

export type EntryMethod = NonNullable<SaleView['entry']>;

export type CardBrand = MaskedCard['brand'];

/** A journal row carries the brand as text: anything the screens have no word for is an unknown card. */
export function cardBrand(brand: string | null | undefined): CardBrand {
  return brand !== null && brand !== undefined && knownKey('common', 'card.brand.', brand) ? (brand as CardBrand) : 'unknown';
}

/**
 * Main's text about an outcome, labelled with who wrote it: the bank's and the gateway's own
 * messages carry details no screen can know; anything else is the terminal's note.
 */
export function outcomeMessageLabel(kind: string | null | undefined): 'payment.message.bank' | 'payment.message.gateway' | 'payment.message.terminal' {
  if (kind === 'declined') return 'payment.message.bank';
  if (kind === 'rejected' || kind === 'approved') return 'payment.message.gateway';
  return 'payment.message.terminal';
}
