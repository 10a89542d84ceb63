import { createHash } from 'node:crypto';
import type { SimRecord } from './contract';

/** What the simulated gateway reads off a request: card number, expiry, brand, amounts. No I/O. */

export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function routingOk(r: string): boolean {
  if (!/^\d{9}$/.test(r)) return false;
  const d = r.split('').map(Number);
  const at = (i: number): number => d[i] ?? 0;
  return (3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8))) % 10 === 0;
}

export function cents(amount: string | undefined): number | undefined {
  const m = /^(\d{1,5})\.(\d{2})$/.exec(amount ?? '');
  return m ? Number(m[1]) * 100 + Number(m[2]) : undefined;
}

export const dollars = (amountCents: number): string => (amountCents / 100).toFixed(2);

export const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The card number a request carries, whichever way it was entered. */
export function cardOf(f: SimRecord): { pan: string; expiry: string; name: string } {
  const track1 = /^%?B(\d{12,19})\^([^^]*)\^(\d{2})(\d{2})/.exec(str(f.Track1));
  const track2 = /^;?(\d{12,19})=(\d{2})(\d{2})/.exec(str(f.Track2));
  if (str(f.Card_Number)) return { pan: str(f.Card_Number), expiry: str(f.Expiry_Date), name: str(f.CardHoldersName) };
  if (track1) {
    const [last = '', first = ''] = (track1[2] ?? '').split('/');
    return { pan: track1[1] ?? '', expiry: `${track1[4]}${track1[3]}`, name: str(f.CardHoldersName) || `${first.trim()} ${last.trim()}`.trim() };
  }
  if (track2) return { pan: track2[1] ?? '', expiry: `${track2[3]}${track2[2]}`, name: str(f.CardHoldersName) };
  return { pan: '', expiry: '', name: '' };
}

export function brandOf(pan: string): string {
  if (/^4/.test(pan)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(pan)) return 'Mastercard';
  if (/^3[47]/.test(pan)) return 'American Express';
  if (/^6(011|5)/.test(pan)) return 'Discover';
  return 'Card';
}

export const maskedCard = (pan: string): string => (pan ? `${'#'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}` : '');
