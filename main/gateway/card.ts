import { cardholderName } from '../../native/card/holder-name';
/**
 * Card facts only the gateway boundary needs: tail masking of IDs, the name and MMYY expiry of a
 * track, and whether an MMYY expiry has passed. Luhn, PAN masking and the ABA checksum are the
 * device layer's (native/card, native/check): one rule everywhere.
 */

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
  const [last = '', first = ''] = (cardholderName(m[2] ?? '') ?? '').split('/');
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

/** Whether an MMYY expiry is this month or later (cards expire at the end of their month). */
export function expiryNotPast(mmyy: string, now: Date): boolean {
  const m = /^(0[1-9]|1[0-2])(\d{2})$/.exec(mmyy);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}
