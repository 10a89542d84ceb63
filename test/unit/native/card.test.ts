import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { brandOf } from '../../../native/card/brand';
import { parseExpiry, parseSwipe, parseTrack1, parseTrack2 } from '../../../native/card/card-read';
import { trackLrc } from '../../../native/card/lrc';
import { luhnCheckDigit, luhnValid } from '../../../native/card/luhn';
import { maskAccount, maskPan } from '../../../native/card/mask';
import { Sensitive } from '../../../native/card/sensitive';
import { splitTracks } from '../../../native/card/tracks';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';

const NOW = new Date('2024-06-15T12:00:00Z');
const parse = (text: string) => parseSwipe(text, { now: NOW });
const card = (text: string) => {
  const r = parse(text);
  if (!r.ok) throw new Error(`expected a card, got ${r.error.code}`);
  return r.value;
};
const refusal = (text: string) => {
  const r = parse(text);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.code;
};

describe('LRC of the reference page', () => {
  it.each([
    [';0?', 2, '4'],
    [';01?', 2, '5'],
    ['%7C^SZ?', 1, '9'],
    [';4111111111111111=25121010000000000000?', 2, '8'],
  ] as const)('%s → %s', (text, track, lrc) => {
    expect(trackLrc(text, track)).toBe(lrc);
  });
});

describe('Luhn', () => {
  it('accepts test numbers and refuses single-digit changes', () => {
    for (const pan of ['4111111111111111', '5454545454545454', '371449635398431', '6011000990139424', '5350290149345177']) {
      expect(luhnValid(pan)).toBe(true);
      const changed = `${pan.slice(0, -1)}${(Number(pan.slice(-1)) + 1) % 10}`;
      expect(luhnValid(changed)).toBe(false);
    }
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111')).toBe(false);
  });
  it('computes check digits', () => {
    expect(luhnCheckDigit('411111111111111')).toBe('1');
    expect(luhnValid(`401288888888188${luhnCheckDigit('401288888888188')}`)).toBe(true);
  });
});

describe('brand from BIN ranges', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5454545454545454', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['371449635398431', 'amex'],
    ['341111111111111', 'amex'],
    ['6011000990139424', 'discover'],
    ['6221260000000000', 'discover'],
    ['6500000000000002', 'discover'],
    ['3530111333300000', 'jcb'],
    ['30569309025904', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ] as const)('%s is %s', (pan, brand) => expect(brandOf(pan)).toBe(brand));
});

describe('masking', () => {
  it('shows at most the first 6 and last 4 of a card number', () => {
    expect(maskPan('4111111111111111')).toBe('411111******1111');
    expect(maskPan('371449635398431')).toBe('371449*****8431');
    expect(maskPan('123456789012')).toBe('********9012');
  });
  it('shows at most the last 4 of an account number', () => {
    expect(maskAccount('123456789')).toBe('*****6789');
    expect(maskAccount('12345')).toBe('*2345');
    expect(maskAccount('123')).toBe('**3');
  });
  it('keeps a sensitive value out of JSON, strings and inspect', () => {
    const s = new Sensitive('4111111111111111', '411111******1111');
    expect(JSON.stringify({ s })).toBe('{"s":"411111******1111"}');
    expect(`${String(s)}`).toBe('411111******1111');
    expect(inspect(s)).not.toContain('4111111111111111');
    expect(inspect({ nested: { s } }, { depth: 5 })).not.toContain('4111111111111111');
    expect(s.reveal()).toBe('4111111111111111');
  });
});

describe('splitting reader output into tracks', () => {
  it('finds three tracks with any track-3 sentinel and trailing LRCs', () => {
    for (const ss of ['+', '#', '&']) {
      const { tracks } = splitTracks(`%B4111111111111111^A/B^3012101?;4111111111111111=3012101?${ss}123?\r`);
      expect(tracks.map((t) => t.track)).toEqual([1, 2, 3]);
    }
    const t2 = ';4111111111111111=25121010000000000000?';
    expect(splitTracks(`${t2}8`).tracks[0]).toMatchObject({ track: 2, lrc: '8' });
  });
  it('marks failed and truncated tracks', () => {
    expect(splitTracks('%E?;E?+E?').tracks.map((t) => t.failed)).toEqual([true, true, true]);
    const { tracks } = splitTracks('%B4111111111111111^A/B^3012;4111111111111111=3012101?');
    expect(tracks.map((t) => [t.track, t.truncated])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
  it('counts noise between tracks', () => {
    expect(splitTracks('xx;4111111111111111=3012?yy').stray).toBe(4);
  });
});

describe('ISO 7813 track parsing', () => {
  it('parses the real-world sample shape with both tracks', () => {
    const c = card('%B5350290149345177^FATEHI/SUALEH^1604201000?;5350290149345177=1604201?');
    expect(c.masked()).toMatchObject({ brand: 'mastercard', first6: '535029', last4: '5177', name: 'FATEHI/SUALEH', expiry: '2016-04', expired: true, chip: true });
    expect(c.pan.reveal()).toBe('5350290149345177');
    expect(c.track2?.reveal()).toBe(';5350290149345177=1604201?');
  });
  it('tolerates a name without slash, a blank name and a missing second separator', () => {
    expect(parseTrack1('%B4111111111111111^JOHN Q PUBLIC             ^3012101?')).toMatchObject({ ok: true, fields: { name: 'JOHN Q PUBLIC' } });
    const blank = parseTrack1('%B4111111111111111^ /^3012101?');
    expect(blank.ok && blank.fields.name).toBe(undefined);
    expect(parseTrack1('%B5454545454545454^MC/SAMPLE 2911101000?')).toMatchObject({ ok: true, fields: { name: 'MC/SAMPLE', expiry: '2911', serviceCode: '101' } });
  });
  it('shows a name made of digits masked, never in full, in the masked card and its JSON', () => {
    const c = card('%B5500000000000004^4111111111111111^3012101?');
    expect(c.masked().name).toBeUndefined();
    expect(JSON.stringify(c)).not.toContain('4111111111111111');
    const mixed = card('%B5500000000000004^DOE/J 4111111111111111^3012101?');
    expect(mixed.masked().name).toBe('DOE/J ################');
    expect(card('%B5500000000000004^ROE/JANE 3RD^3012101?').masked().name).toBe('ROE/JANE #RD');
  });
  it("drops a name holding characters names are not made of", () => {
    for (const raw of ['DOE=JOHN', 'DOE;4111', 'DOE/JOHN%', 'DOE[1]', '<B>DOE</B>']) {
      const r = parseTrack1(`%B4111111111111111^${raw}^3012101?`);
      expect(r.ok, raw).toBe(true);
      expect(r.ok ? r.fields.name : 'not parsed', raw).toBe(undefined);
    }
    expect(parseTrack1("%B4111111111111111^O'NEIL-SMITH/ANNE M.^3012101?")).toMatchObject({ ok: true, fields: { name: "O'NEIL-SMITH/ANNE M." } });
  });
  it('accepts spaces inside the track 1 number (some Amex cards)', () => {
    expect(parseTrack1('%B3714 496353 98431^AMEX/TEST^3105101?')).toMatchObject({ ok: true, fields: { pan: '371449635398431' } });
  });
  it('reads a missing field as its separator', () => {
    expect(parseTrack2(';4111111111111111==101?')).toMatchObject({ ok: true, fields: { expiry: null, serviceCode: '101' } });
    expect(parseTrack1('%B4111111111111111^A/B^^101?')).toMatchObject({ ok: true, fields: { expiry: null, serviceCode: '101' } });
  });
  it('accepts the EMV track-2 equivalent separator D', () => {
    expect(card(';4111111111111111D30122010000000000000?').masked()).toMatchObject({ expiry: '2030-12', chip: true, tracks: [2] });
  });
  it('keeps a private-label card with no usable expiry, flagged', () => {
    const pan = `60460000000000${luhnCheckDigit('60460000000000')}`;
    const c = card(`%B${pan}^STORE/CARD^8551?`);
    expect(c.expiry).toBeNull();
    expect(c.masked()).toMatchObject({ expiry: null, expired: false, brand: 'unknown', warnings: ['NO_EXPIRY'] });
    expect(parseExpiry('8551')).toBeNull();
    expect(parseExpiry('3012')).toEqual({ year: 2030, month: 12 });
  });
  it('uses the good track when the other failed or is unreadable', () => {
    expect(card('%E?;4111111111111111=30121010000000000000?').masked()).toMatchObject({ tracks: [2], warnings: [] });
    expect(card('%B4111111111111111^A/B^3012101?;E?').masked().tracks).toEqual([1]);
    expect(card('%Bxx^A^B?;4111111111111111=3012101?').masked().warnings).toContain('TRACK1_UNREADABLE');
  });
  it('checks an LRC when the reader sends one', () => {
    const t2 = ';4111111111111111=25121010000000000000?';
    expect(parseSwipe(`${t2}8`, { now: new Date('2020-01-01') }).ok).toBe(true);
    expect(refusal(`${t2}7`)).toBe('BAD_LRC');
  });
  it('checks an LRC that looks like a start sentinel instead of taking it for the next track', () => {
    // Both tracks' LRC here is `;`: with one digit changed, the same `;` must fail the check, not pass as "no LRC".
    const t2 = ';4729324752968608=200110172716?';
    const t1 = '%B4111111111111111^DOE/JOHN^2001101000000007?';
    expect([trackLrc(t2, 2), trackLrc(t1, 1)]).toEqual([';', ';']);
    expect(card(`${t2};`).expired).toBe(true);
    expect(refusal(';4729324752968608=300110172716?;')).toBe('BAD_LRC');
    expect(card(`${t1};`).expired).toBe(true);
    expect(refusal('%B4111111111111111^DOE/JOHN^3001101000000007?;')).toBe('BAD_LRC');
    // A reader that sends no LRC: the `;` after track 1 starts a whole track 2.
    expect(card('%B4111111111111111^DOE/JOHN^3012101?;4111111111111111=3012101?').masked().tracks).toEqual([1, 2]);
  });
  it("keeps track 1's expiry when track 2's field is cut short or empty: an expired card stays expired", () => {
    for (const t2 of [';4111111111111111=?', ';4111111111111111=20?', ';4111111111111111=101?']) {
      expect(card(`%B4111111111111111^DOE/JOHN^2001101?${t2}`).masked(), t2).toMatchObject({ expiry: '2020-01', expired: true, warnings: [] });
    }
  });
  it('reads a whole track after a stray repeated start sentinel', () => {
    expect(card('%%B4111111111111111^DOE/JOHN^3012101?').masked().tracks).toEqual([1]);
    expect(card(';;4111111111111111=3012101?').masked().tracks).toEqual([2]);
    expect(card(';\r;4111111111111111=3012101?').masked().tracks).toEqual([2]);
  });
  it('refuses a driver\'s licence (AAMVA) clearly', () => {
    // IIN 636 on track 1 alone, as on track 2.
    expect(refusal('%B636000000000002^DOE/JOHN^3012101?')).toBe('NOT_BANK_CARD');
    expect(refusal(swipeText(SAMPLE_CARDS.licence))).toBe('NOT_BANK_CARD');
    expect(refusal('%CAMOUNTAIN VIEW^DOE$JOHN^1 MAIN ST^?')).toBe('NOT_BANK_CARD');
    expect(refusal(';6360140123456789=2108199001019?')).toBe('NOT_BANK_CARD');
  });
  it('refuses bad reads, garbage, wrong check digits, disagreeing tracks and cut-short data', () => {
    expect(refusal('%E?;E?')).toBe('BAD_READ');
    expect(refusal('%E?;E?+0123?')).toBe('BAD_READ');
    expect(refusal('hello world')).toBe('NO_TRACKS');
    expect(refusal('')).toBe('NO_TRACKS');
    expect(refusal(';4111111111111112=3012101?')).toBe('LUHN');
    expect(refusal(';41111=3012101?')).toBe('BAD_PAN');
    expect(refusal('%B4111111111111111^A/B^3012101?;5454545454545454=2911101?')).toBe('TRACK_MISMATCH');
    expect(refusal(';4111111111111111=3012')).toBe('TRUNCATED');
    expect(refusal(';4111111111111111X3012?')).toBe('MALFORMED_TRACK');
  });
  it('tells expired cards and chip cards from the service code and date', () => {
    expect(card(swipeText(SAMPLE_CARDS.expired)).expired).toBe(true);
    expect(card(swipeText(SAMPLE_CARDS.visa)).expired).toBe(false);
    expect(card(swipeText(SAMPLE_CARDS.chip)).chip).toBe(true);
    expect(card(';4111111111111111=24061010000000000000?').expired).toBe(false); // good through June 2024
    expect(card(';4111111111111111=24051010000000000000?').expired).toBe(true);
  });
  it('parses every sample card and prints only masked forms', () => {
    for (const name of ['visa', 'mastercard', 'amex', 'discover', 'chip', 'expired'] as const) {
      const c = card(swipeText(SAMPLE_CARDS[name]));
      const pan = c.pan.reveal();
      const printed = [JSON.stringify(c), String(c), inspect(c), inspect({ c }, { depth: 9 }), JSON.stringify(c.masked())].join('\n');
      expect(printed).not.toContain(pan);
      expect(printed).not.toContain(c.track2?.reveal() ?? '§');
      expect(printed).toContain(pan.slice(-4));
    }
  });
});
