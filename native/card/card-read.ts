import { fail, ok, type Parsed } from '../read-error';
import { brandOf, isAamvaIin, type CardBrand } from './brand';
import { cardholderName } from './holder-name';
import { trackLrc } from './lrc';
import { luhnValid } from './luhn';
import { maskPan, maskTrack } from './mask';
import { Sensitive } from './sensitive';
import { inCharset, splitTracks, type TrackToken } from './tracks';

/** Where the bytes of a card read came from. */
export type CardSource = 'msr' | 'wedge' | 'hid' | 'pinpad';

export interface Expiry {
  readonly year: number;
  readonly month: number;
}

/** The masked view: the only form of a card read that leaves the main process. */
export interface MaskedCard {
  brand: CardBrand;
  first6: string;
  last4: string;
  /** e.g. 411111******1111 */
  masked: string;
  /** As on the stripe, e.g. "FATEHI/SUALEH", digits masked (#); absent when the card carries no name-like text. */
  name?: string;
  /** YYYY-MM, or null when the stripe has no usable expiry. */
  expiry: string | null;
  expired: boolean;
  /** Service code 2xx or 6xx: a chip card was swiped (fallback rules apply). */
  chip: boolean;
  tracks: Array<1 | 2>;
  warnings: string[];
}

interface TrackFields {
  pan: string;
  name?: string;
  expiry: string | null; // YYMM as on the stripe, or null when the field is absent
  serviceCode: string | null;
}

/** A validated bank card read. Printing it in any way shows only the masked view. */
export class CardRead {
  readonly pan: Sensitive;
  /** Track data without LRC, sentinels included, for the gateway. */
  readonly track1: Sensitive | undefined;
  readonly track2: Sensitive | undefined;
  readonly brand: CardBrand;
  readonly name: string | undefined;
  readonly expiry: Expiry | null;
  readonly serviceCode: string | null;
  readonly expired: boolean;
  readonly warnings: readonly string[];

  constructor(init: {
    pan: string;
    track1?: string;
    track2?: string;
    name?: string;
    expiry: Expiry | null;
    serviceCode: string | null;
    now: Date;
    warnings: string[];
  }) {
    this.pan = new Sensitive(init.pan, maskPan(init.pan));
    const { track1, track2 } = init;
    this.track1 = track1 === undefined ? undefined : new Sensitive(track1, () => maskTrack(track1));
    this.track2 = track2 === undefined ? undefined : new Sensitive(track2, () => maskTrack(track2));
    this.brand = brandOf(init.pan);
    this.name = init.name;
    this.expiry = init.expiry;
    this.serviceCode = init.serviceCode;
    this.expired = init.expiry !== null && isExpired(init.expiry, init.now);
    this.warnings = init.warnings;
  }

  /** Service code 2xx or 6xx: the card has a chip and was swiped instead of dipped. */
  get chip(): boolean {
    return this.serviceCode !== null && (this.serviceCode.startsWith('2') || this.serviceCode.startsWith('6'));
  }

  masked(): MaskedCard {
    const pan = this.pan.reveal();
    const view: MaskedCard = {
      brand: this.brand,
      first6: pan.length >= 13 ? pan.slice(0, 6) : '',
      last4: pan.slice(-4),
      masked: this.pan.masked,
      expiry: this.expiry ? `${this.expiry.year}-${String(this.expiry.month).padStart(2, '0')}` : null,
      expired: this.expired,
      chip: this.chip,
      tracks: [...(this.track1 ? [1 as const] : []), ...(this.track2 ? [2 as const] : [])],
      warnings: [...this.warnings],
    };
    if (this.name) view.name = this.name;
    return view;
  }

  toJSON(): MaskedCard {
    return this.masked();
  }

  toString(): string {
    return `${this.brand} ${this.pan.masked}`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `CardRead(${this.toString()})`;
  }
}

/** Cards are good through the last day of their expiry month. */
function isExpired(expiry: Expiry, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year < y || (expiry.year === y && expiry.month < m);
}

/** YYMM from the stripe to a calendar month; null for anything that is not a month (e.g. 8551). */
export function parseExpiry(yymm: string | null): Expiry | null {
  if (yymm === null || !/^\d{4}$/.test(yymm)) return null;
  const month = Number(yymm.slice(2));
  if (month < 1 || month > 12) return null;
  return { year: 2000 + Number(yymm.slice(0, 2)), month };
}

/** The fields after the PAN: YYMM, service code, discretionary; a missing field is its separator. */
function tail(rest: string, sep: string): Pick<TrackFields, 'expiry' | 'serviceCode'> {
  let r = rest;
  let expiry: string | null = null;
  if (r.startsWith(sep)) r = r.slice(1);
  else if (/^\d{4}/.test(r)) {
    expiry = r.slice(0, 4);
    r = r.slice(4);
  }
  // Anything else (a field cut short, nothing at all) is no expiry: the other track's is used.
  let serviceCode: string | null = null;
  if (/^\d{3}/.test(r)) serviceCode = r.slice(0, 3);
  return { expiry, serviceCode };
}

type TrackParse = { ok: true; fields: TrackFields } | { ok: false; notBank: boolean; why: string };

/** Track 1, format B: %B PAN ^ NAME ^ YYMM SVC DISC ? — tolerant of spaces in the PAN, a blank or slash-less name, a missing second ^. */
export function parseTrack1(text: string): TrackParse {
  if (text.length < 3 || text.charAt(0) !== '%' || !text.endsWith('?')) return { ok: false, notBank: false, why: 'no sentinels' };
  const body = text.slice(1, -1);
  for (const ch of body) if (!inCharset(ch, 1)) return { ok: false, notBank: false, why: 'character outside the track 1 set' };
  const format = body.charAt(0);
  if (format !== 'B') return { ok: false, notBank: true, why: `format code ${/[A-Z]/.test(format) ? format : '?'}` };
  const first = body.indexOf('^');
  if (first < 0) return { ok: false, notBank: false, why: 'no field separator' };
  const pan = body.slice(1, first).replace(/ /g, '');
  if (!/^\d{1,19}$/.test(pan)) return { ok: false, notBank: false, why: 'account number field is not digits' };
  if (isAamvaIin(pan)) return { ok: false, notBank: true, why: 'licence IIN' };
  const afterPan = body.slice(first + 1);
  const second = afterPan.indexOf('^');
  let rawName: string;
  let rest: string;
  if (second >= 0 && second <= 26) {
    rawName = afterPan.slice(0, second);
    rest = afterPan.slice(second + 1);
  } else {
    // Some cards omit the second separator: the name is the text before the first digit.
    const m = /^([^0-9]{0,26})(.*)$/.exec(afterPan);
    rawName = m?.[1] ?? '';
    rest = m?.[2] ?? '';
  }
  const name = cardholderName(rawName);
  return { ok: true, fields: { pan, ...(name ? { name } : {}), ...tail(rest, '^') } };
}

/** Track 2 (and EMV track-2 equivalent with D): ; PAN = YYMM SVC DISC ? */
export function parseTrack2(text: string): TrackParse {
  if (text.length < 3 || text.charAt(0) !== ';' || !text.endsWith('?')) return { ok: false, notBank: false, why: 'no sentinels' };
  const body = text.slice(1, -1);
  const m = /^(\d{1,19})[=D](.*)$/.exec(body);
  if (!m) return { ok: false, notBank: false, why: 'no account number and separator' };
  const pan = m[1] ?? '';
  const rest = (m[2] ?? '').replace(/D/g, '=');
  if (!/^[0-9=]*$/.test(rest)) return { ok: false, notBank: false, why: 'character outside the track 2 set' };
  if (isAamvaIin(pan)) return { ok: false, notBank: true, why: 'licence IIN' };
  return { ok: true, fields: { pan, ...tail(rest, '=') } };
}

export interface ParseSwipeOptions {
  /** The clock for "expired" (tests pin it). */
  now?: Date;
}

/**
 * Reader text (serial, wedge, HID tracks joined, PIN pad reply) to a validated bank card, or a typed
 * refusal. Track 2 is preferred for the number and expiry (it is the more robust track); track 1
 * adds the name. Never throws.
 */
export function parseSwipe(text: string, options: ParseSwipeOptions = {}): Parsed<CardRead> {
  const now = options.now ?? new Date();
  const { tracks } = splitTracks(text);
  const bank = tracks.filter((t) => t.track !== 3);
  if (tracks.length === 0) return fail('NO_TRACKS', 'No card data was read. Swipe the card again.');
  if (tracks.every((t) => t.failed)) return fail('BAD_READ', 'The reader could not read the card. Swipe again, steadily.');
  if (bank.length === 0 || bank.every((t) => t.failed)) return fail('BAD_READ', 'The card stripe could not be read. Swipe again or key the card.');

  const warnings: string[] = [];
  // A whole track before one cut short (a stray repeated sentinel leaves a cut-short one first).
  const t1 = bank.find((t) => t.track === 1 && !t.failed && !t.truncated) ?? bank.find((t) => t.track === 1 && !t.failed);
  const t2 = bank.find((t) => t.track === 2 && !t.failed && !t.truncated) ?? bank.find((t) => t.track === 2 && !t.failed);
  const p1 = t1 ? checkedTrack(t1, parseTrack1) : undefined;
  const p2 = t2 ? checkedTrack(t2, parseTrack2) : undefined;

  for (const p of [p1, p2]) {
    if (p && !p.ok && p.notBank) {
      return fail('NOT_BANK_CARD', 'This is not a bank card (it looks like a driver\'s licence or ID card). Ask for a payment card.');
    }
  }
  const good1 = p1?.ok ? p1.fields : undefined;
  const good2 = p2?.ok ? p2.fields : undefined;
  if (!good1 && !good2) {
    const why = [p1, p2].map((p) => (p && !p.ok ? p.why : ''));
    if (why.includes('lrc')) return fail('BAD_LRC', 'The card data failed its check character. Swipe again.');
    if (why.includes('truncated')) return fail('TRUNCATED', 'The card data was cut short. Swipe again.');
    return fail('MALFORMED_TRACK', 'The card data is not in a bank card format. Swipe again.');
  }
  if (t1 && !good1) warnings.push('TRACK1_UNREADABLE');
  if (t2 && !good2) warnings.push('TRACK2_UNREADABLE');
  if (good1 && good2 && good1.pan !== good2.pan) {
    return fail('TRACK_MISMATCH', 'The two tracks of the card disagree. Swipe again.');
  }
  const main = good2 ?? good1;
  if (!main) return fail('MALFORMED_TRACK', 'The card data is not in a bank card format. Swipe again.');
  const pan = main.pan;
  if (pan.length < 12 || pan.length > 19) return fail('BAD_PAN', 'The card number has the wrong length. Swipe again or key the card.');
  if (!luhnValid(pan)) return fail('LUHN', 'The card number failed its check digit. Swipe again or key the card.');

  // Track 2's month when it is one, else track 1's: an unreadable field on one track never hides the other's (an expired card stays expired).
  const expiry = parseExpiry(good2?.expiry ?? null) ?? parseExpiry(good1?.expiry ?? null);
  if (expiry === null) warnings.push('NO_EXPIRY');
  const name = good1?.name;
  const init = {
    pan,
    expiry,
    serviceCode: good2?.serviceCode ?? good1?.serviceCode ?? null,
    now,
    warnings,
    ...(good1 && t1 ? { track1: t1.text } : {}),
    ...(good2 && t2 ? { track2: t2.text } : {}),
    ...(name ? { name } : {}),
  };
  return ok(new CardRead(init));
}

function checkedTrack(token: TrackToken, parse: (text: string) => TrackParse): TrackParse {
  if (token.truncated) return { ok: false, notBank: false, why: 'truncated' };
  if (token.lrc !== undefined && trackLrc(token.text, token.track) !== token.lrc) return { ok: false, notBank: false, why: 'lrc' };
  return parse(token.text);
}
