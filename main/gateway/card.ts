/**
 * The little card arithmetic the gateway boundary needs on its own (the device layer has the full
 * parsers; this folder depends on none of it): Luhn, masking, the name and expiry in a track, and
 * the ABA routing checksum of a check.
 */

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** First 6 and last 4 at most; shorter values keep only the last 4. */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  if (digits.length >= 13) return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  return digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : '*'.repeat(digits.length);
}

/** Keeps only the last 4 characters (account numbers, IDs). */
export function maskTail(value: string): string {
  return value.length > 4 ? `${'*'.repeat(value.length - 4)}${value.slice(-4)}` : '*'.repeat(value.length);
}

export interface TrackFacts {
  pan?: string;
  /** MMYY, as the gateway's Expiry_Date. */
  expiry?: string;
  /** "FIRST LAST" from track 1's "LAST/FIRST". */
  name?: string;
}

/** ISO 7813 track 1 (format B): %B PAN ^ NAME ^ YYMM ... ? */
export function track1Facts(track1: string): TrackFacts | undefined {
  const m = /^%?B(\d{12,19})\^([^^]{0,26})\^(\d{4})?/.exec(track1);
  if (!m) return undefined;
  const [last = '', first = ''] = (m[2] ?? '').split('/');
  const name = [first.trim(), last.trim()].filter(Boolean).join(' ').replace(/\s+/g, ' ');
  const yymm = m[3];
  return { pan: m[1], ...(yymm ? { expiry: yymm.slice(2) + yymm.slice(0, 2) } : {}), ...(name ? { name } : {}) };
}

/** ISO 7813 track 2: ; PAN = YYMM ... ? */
export function track2Facts(track2: string): TrackFacts | undefined {
  const m = /^;?(\d{12,19})=(\d{4})?/.exec(track2);
  if (!m) return undefined;
  const yymm = m[2];
  return { pan: m[1], ...(yymm ? { expiry: yymm.slice(2) + yymm.slice(0, 2) } : {}) };
}

/** ABA routing number: 9 digits, 3-7-1 weighted sum divisible by 10. */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const w = [3, 7, 1];
  return d.reduce((sum, x, i) => sum + x * (w[i % 3] ?? 0), 0) % 10 === 0;
}

/** Whether an MMYY expiry is this month or later (cards expire at the end of their month). */
export function expiryNotPast(mmyy: string, now: Date): boolean {
  const m = /^(0[1-9]|1[0-2])(\d{2})$/.exec(mmyy);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}
