import type { MaskedCard, PaymentState, PaymentType, SaleView, Tender } from '../../../preload/contract';

/** How a word is coloured: meaning is in the words too, never in colour alone. */
export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

/**
 * A payment's state in a word or two and its tone, one table for every screen (the Register's
 * result, History's rows and detail): keys of the `common` namespace.
 */
export const PAYMENT_STATE = {
  choosing: { words: 'payment.state.choosing', tone: 'muted' },
  waiting: { words: 'payment.state.waiting', tone: 'muted' },
  validated: { words: 'payment.state.validated', tone: 'muted' },
  journaled: { words: 'payment.state.journaled', tone: 'muted' },
  sending: { words: 'payment.state.sending', tone: 'warn' },
  approved: { words: 'payment.state.approved', tone: 'ok' },
  declined: { words: 'payment.state.declined', tone: 'bad' },
  rejected: { words: 'payment.state.rejected', tone: 'bad' },
  offline: { words: 'payment.state.offline', tone: 'warn' },
  forwarding: { words: 'payment.state.forwarding', tone: 'warn' },
  'needs-lookup': { words: 'payment.state.needs-lookup', tone: 'warn' },
  failed: { words: 'payment.state.failed', tone: 'bad' },
  cancelled: { words: 'payment.state.cancelled', tone: 'muted' },
  voided: { words: 'payment.state.voided', tone: 'muted' },
} as const satisfies Record<PaymentState, { words: string; tone: Tone }>;

/** The state in one sentence, as main's journal says it (its STATE_WORDS), in the screen's language. */
export const PAYMENT_SENTENCE = {
  choosing: 'payment.sentence.choosing',
  waiting: 'payment.sentence.waiting',
  validated: 'payment.sentence.validated',
  journaled: 'payment.sentence.journaled',
  sending: 'payment.sentence.sending',
  approved: 'payment.sentence.approved',
  declined: 'payment.sentence.declined',
  rejected: 'payment.sentence.rejected',
  offline: 'payment.sentence.offline',
  forwarding: 'payment.sentence.forwarding',
  'needs-lookup': 'payment.sentence.needs-lookup',
  failed: 'payment.sentence.failed',
  cancelled: 'payment.sentence.cancelled',
  voided: 'payment.sentence.voided',
} as const satisfies Record<PaymentState, string>;

export const PAYMENT_TYPE = {
  sale: 'payment.type.sale',
  preauth: 'payment.type.preauth',
  completion: 'payment.type.completion',
  refund: 'payment.type.refund',
  void: 'payment.type.void',
  verify: 'payment.type.verify',
} as const satisfies Record<PaymentType, string>;

export const TENDER = {
  card: 'payment.tender.card',
  check: 'payment.tender.check',
} as const satisfies Record<Tender, string>;

export type EntryMethod = NonNullable<SaleView['entry']>;

/** How the card or check came in. */
export const ENTRY = {
  swipe: 'payment.entry.swipe',
  pad: 'payment.entry.pad',
  keyed: 'payment.entry.keyed',
  micr: 'payment.entry.micr',
  tagged: 'payment.entry.tagged',
} as const satisfies Record<EntryMethod, string>;

export type CardBrand = MaskedCard['brand'];

export const CARD_BRAND = {
  visa: 'card.brand.visa',
  mastercard: 'card.brand.mastercard',
  amex: 'card.brand.amex',
  discover: 'card.brand.discover',
  diners: 'card.brand.diners',
  jcb: 'card.brand.jcb',
  unionpay: 'card.brand.unionpay',
  maestro: 'card.brand.maestro',
  unknown: 'card.brand.unknown',
} as const satisfies Record<CardBrand, string>;

/** A journal row carries the brand as text: anything not in the list is an unknown card. */
export function cardBrand(brand: string | null | undefined): CardBrand {
  return brand !== null && brand !== undefined && Object.hasOwn(CARD_BRAND, brand) ? (brand as CardBrand) : 'unknown';
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
