import type { KeyedCardInput } from '../../../../preload/contract';
import { brandOf } from '../../../../native/card/brand';
import { luhnValid } from '../../../../native/card/luhn';
import { maskPan } from '../../../../native/card/mask';
import type { keyedMessages } from '../../i18n/messages/keyed';

/**
 * The rules of a card typed at the Register, pure: the number as typed (grouped, checked by Luhn
 * once it has its length, masked once entered), the expiry, the security code with its presence,
 * the ZIP and the name. The card check digit and the mask are native/card's, the same everywhere;
 * main checks all of it again (gateway/rules.ts): this is for the cashier to read at once.
 */

export const MAX_PAN_DIGITS = 19;

export type CvdPresence = NonNullable<KeyedCardInput['cvdPresence']>;
/** In the order the form offers them: the usual case first. */
export const CVD_PRESENCES: readonly CvdPresence[] = ['present', 'illegible', 'not-available', 'not-provided'];

export function panDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, MAX_PAN_DIGITS);
}

/** "4111 1111 1111 1111": groups of four while typing, as printed on most cards. */
export function groupInFours(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The masked form once entered (411111******1111): what the page shows after the field. */
export function maskedPan(digits: string): string {
  return maskPan(digits);
}

/** The length a number of this brand has (American Express 15, Diners 14, most others 16). */
function expectedLength(digits: string): number {
  const brand = brandOf(digits);
  return brand === 'amex' ? 15 : brand === 'diners' ? 14 : 16;
}

export const isAmex = (digits: string): boolean => brandOf(digits) === 'amex';

export type PanProblem = 'short' | 'luhn';

/**
 * What is wrong with the number. While typing (`done` false) only a number that has its length
 * and fails the check digit is wrong; once the field is left, a short one too.
 */
export function panProblem(digits: string, done: boolean): PanProblem | undefined {
  const complete = digits.length >= expectedLength(digits);
  if (complete || (done && digits.length >= 13)) return luhnValid(digits) ? undefined : 'luhn';
  return done ? 'short' : undefined;
}

/** Complete and valid: the number is masked at once, the cashier goes on to the expiry. */
export function panComplete(digits: string): boolean {
  return digits.length >= expectedLength(digits) && luhnValid(digits);
}

export type ExpiryProblem = 'format' | 'month' | 'past';
export type Expiry = { month: number; year: number };

/** "03/29", "0329" or "3/29"; the card is good to the end of its month (as main's rule). */
export function parseExpiry(text: string, now: Date): { expiry: Expiry } | { problem: ExpiryProblem } {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(text);
  if (!m) return { problem: 'format' };
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return { problem: 'month' };
  if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) return { problem: 'past' };
  return { expiry: { month, year } };
}

/** A slash after the month as the cashier types the digits (0329 → 03/29); one typed is kept (3/29). */
export function expiryAsTyped(text: string): string {
  const kept = text.replace(/[^\d/]/g, '').slice(0, 5);
  if (kept.includes('/')) return kept;
  const digits = kept.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Four digits on American Express (front of the card), three on the others (back). */
export function cvdValid(cvd: string, digits: string): boolean {
  return isAmex(digits) ? /^\d{4}$/.test(cvd) : /^\d{3}$/.test(cvd);
}

/** A US ZIP (5 or 9 digits) or another postal code: letters, digits, a space or a dash. */
export function zipValid(zip: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(zip.trim());
}

export interface KeyedFields {
  digits: string;
  expiry: string;
  cvd: string;
  presence: CvdPresence;
  zip: string;
  name: string;
}

export type KeyedField = 'pan' | 'expiry' | 'cvd' | 'zip' | 'name';
/** Each field's problem, as a key of the keyed words. */
export type KeyedProblems = Partial<Record<KeyedField, keyof typeof keyedMessages.en>>;

/** Every field's problem (a message key of the keyed namespace), or the card to send. */
export function checkKeyed(f: KeyedFields, now: Date): { problems: KeyedProblems } | { card: KeyedCardInput } {
  const problems: KeyedProblems = {};
  const pan = panProblem(f.digits, true);
  if (pan) problems.pan = `problem.pan.${pan}`;
  const expiry = parseExpiry(f.expiry, now);
  if ('problem' in expiry) problems.expiry = `problem.expiry.${expiry.problem}`;
  if (f.presence === 'present' && !cvdValid(f.cvd, f.digits)) problems.cvd = isAmex(f.digits) ? 'problem.cvd.amex' : 'problem.cvd.digits';
  if (f.zip.trim() !== '' && !zipValid(f.zip)) problems.zip = 'problem.zip';
  const name = f.name.trim();
  if (name === '') problems.name = 'problem.name';
  if (Object.keys(problems).length > 0 || 'problem' in expiry) return { problems };
  return {
    card: {
      pan: f.digits,
      expiryMonth: expiry.expiry.month,
      expiryYear: expiry.expiry.year,
      cardholderName: name,
      cvdPresence: f.presence,
      ...(f.presence === 'present' ? { cvd: f.cvd } : {}),
      ...(f.zip.trim() ? { zipCode: f.zip.trim() } : {}),
    },
  };
}
