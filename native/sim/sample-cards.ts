import { luhnCheckDigit } from '../card/luhn';
import { abaCheckDigit } from '../check/aba';

/**
 * Cards the simulators swipe: public test numbers and made-up holders. Expiry dates are far in
 * the future except for the `expired` card. Never real cardholder data.
 */
export interface SampleCard {
  readonly name: string;
  readonly description: string;
  /** Tracks as the reader sends them, sentinels included; null for an absent track. */
  readonly tracks: readonly [string | null, string | null, string | null];
  /** Tracks the reader flags as unreadable (`%E?`). */
  readonly failed?: readonly [boolean, boolean, boolean];
  /** HID encode type (0 ISO, 1 AAMVA). */
  readonly encodeType?: number;
}

const pan = (base: string): string => `${base}${luhnCheckDigit(base)}`;

function bank(name: string, description: string, number: string, holder: string, yymm: string, service: string, track3?: string): SampleCard {
  const t1 = `%B${number}^${holder.padEnd(26, ' ').slice(0, 26)}^${yymm}${service}0000000000000?`;
  // Track 2 holds at most 37 data characters: the discretionary data fills what is left.
  const t2 = `;${number}=${yymm}${service}${'0'.repeat(Math.max(0, 37 - number.length - 8))}?`;
  return { name, description, tracks: [t1, t2, track3 ?? null] };
}

/** The prepaid sample card and its balance, which never goes down: the training gateway approves at most this much. */
export const PREPAID_PAN = pan('460050000000000');
export const PREPAID_BALANCE_CENTS = 2_500;

export const SAMPLE_CARDS = {
  visa: bank('visa', 'Visa, magnetic stripe only', '4111111111111111', 'TRAINING/VISA', '3012', '101'),
  mastercard: bank('mastercard', 'Mastercard, magnetic stripe only', '5454545454545454', 'TRAINING/MASTERCARD', '2911', '101'),
  amex: bank('amex', 'American Express with a track 3', '371449635398431', 'TRAINING/AMEX', '3105', '101', '+0123456789012345678901234567890?'),
  discover: bank('discover', 'Discover', '6011000990139424', 'TRAINING/DISCOVER', '3208', '101'),
  chip: bank('chip', 'Visa chip card swiped (service code 201)', pan('401288888888188'), 'TRAINING/CHIP', '3001', '201'),
  expired: bank('expired', 'Visa that expired in January 2020', pan('400005665566555'), 'TRAINING/EXPIRED', '2001', '101'),
  prepaid: bank('prepaid', 'Visa prepaid card with a $25.00 balance (partial approvals)', PREPAID_PAN, 'TRAINING/PREPAID', '3106', '101'),
  licence: {
    name: 'licence',
    description: 'A driver\'s licence (AAMVA): not a bank card',
    tracks: ['%CAMOUNTAIN VIEW^DOE$JOHN$Q^1 MAIN ST^?', ';6360140123456789=2108199001019?', null],
    encodeType: 1,
  },
  'bad-read': {
    name: 'bad-read',
    description: 'A swipe the reader could not decode',
    tracks: [null, null, null],
    failed: [true, true, false],
  },
} as const satisfies Record<string, SampleCard>;

export type SampleCardName = keyof typeof SAMPLE_CARDS;
export const SAMPLE_CARD_NAMES = Object.keys(SAMPLE_CARDS) as SampleCardName[];

/** Reader text of a swipe, MagTek style (`%…?;…?+…?`, failed tracks as `%E?`). */
export function swipeText(card: SampleCard): string {
  const marks = ['%E?', ';E?', '+E?'];
  return card.tracks.map((t, i) => (card.failed?.[i] ? marks[i] : (t ?? ''))).join('');
}

/** Checks the MICR simulator runs. Routing numbers are valid ABA numbers of public test banks. */
export interface SampleCheck {
  readonly name: string;
  readonly description: string;
  /** The line in the normalised alphabet: T transit, U on-us, A amount, D dash, ? unreadable. */
  readonly line: string;
  /** The `/NN` status a parsing reader appends. */
  readonly status: string;
}

export const SAMPLE_CHECKS = {
  personal: { name: 'personal', description: 'US personal check #1001', line: 'T011000015T 123456789U 1001', status: '00' },
  business: {
    name: 'business',
    description: 'US business check #5678 with an encoded amount of $123.45',
    line: `U005678U T12118197${abaCheckDigit('12118197')}T 9876543210U A0000012345A`,
    status: '10',
  },
  canadian: { name: 'canadian', description: 'Canadian check (transit 12345-001)', line: 'T12345D001T 1234567U 042', status: '08' },
  unreadable: { name: 'unreadable', description: 'A check whose routing number is smudged', line: 'T0110?0015T 123456789U 1002', status: '05' },
} as const satisfies Record<string, SampleCheck>;

export type SampleCheckName = keyof typeof SAMPLE_CHECKS;
export const SAMPLE_CHECK_NAMES = Object.keys(SAMPLE_CHECKS) as SampleCheckName[];
