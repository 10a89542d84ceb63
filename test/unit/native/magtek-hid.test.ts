import { describe, expect, it } from 'vitest';
import { encodeMagtekReport, MagtekHidDecoder, MAGTEK_337, reportLength } from '../../../native/protocol/magtek-hid';
import { msrHidReport } from '../../../native/sim/msr-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { errors, reads } from './support';

describe('MagTek HID report', () => {
  it('is 337 bytes with tracks at 7, 117 and 227', () => {
    const r = msrHidReport(SAMPLE_CARDS.amex);
    expect(r.length).toBe(337);
    expect(reportLength(MAGTEK_337)).toBe(337);
    expect(r.subarray(7, 8).toString()).toBe('%');
    expect(r.subarray(117, 118).toString()).toBe(';');
    expect(r.subarray(227, 228).toString()).toBe('+');
    expect(r[6]).toBe(0);
  });
  it('decodes a swipe report to a card', () => {
    const [card] = reads(new MagtekHidDecoder().push(msrHidReport(SAMPLE_CARDS.visa)));
    expect(card?.masked()).toMatchObject({ masked: '411111******1111', tracks: [1, 2] });
  });
  it('honours the per-track error bits and the encode type', () => {
    const d = new MagtekHidDecoder();
    expect(errors(d.push(msrHidReport(SAMPLE_CARDS['bad-read'])))).toEqual(['BAD_READ']);
    expect(errors(d.push(msrHidReport(SAMPLE_CARDS.licence)))).toEqual(['NOT_BANK_CARD']);
    expect(errors(d.push(encodeMagtekReport([null, null, null], { encodeType: 3 })))).toEqual(['NO_TRACKS']);
    const t2only = encodeMagtekReport([SAMPLE_CARDS.visa.tracks[0], SAMPLE_CARDS.visa.tracks[1], null], { failed: [true, false, false] });
    expect(reads(d.push(t2only))[0]?.masked().tracks).toEqual([2]);
  });
  it('refuses reports of the wrong size, bad lengths and binary track bytes', () => {
    const d = new MagtekHidDecoder();
    expect(errors(d.push(Buffer.alloc(64)))).toEqual(['BAD_LENGTH']);
    const long = msrHidReport(SAMPLE_CARDS.visa);
    long[4] = 200;
    expect(errors(d.push(long))).toEqual(['BAD_LENGTH']);
    const binary = msrHidReport(SAMPLE_CARDS.visa);
    binary[120] = 0x00;
    expect(errors(d.push(binary))).toEqual(['MALFORMED_TRACK']);
  });
  it('takes other field sizes (encrypting models) as a parameter', () => {
    const layout = { trackField: 112 };
    const report = msrHidReport(SAMPLE_CARDS.discover, layout);
    expect(report.length).toBe(343);
    expect(reads(new MagtekHidDecoder(layout).push(report))).toHaveLength(1);
    expect(errors(new MagtekHidDecoder().push(report))).toEqual(['BAD_LENGTH']);
  });
});
