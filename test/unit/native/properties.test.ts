import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSwipe } from '../../../native/card/card-read';
import { trackLrc } from '../../../native/card/lrc';
import { luhnCheckDigit } from '../../../native/card/luhn';
import { parseMicr } from '../../../native/check/micr';
import { MICR_SYMBOL_NAMES } from '../../../native/check/micr-symbols';
import { PinpadDecoder } from '../../../native/pinpad/frame';
import { Framer, FRAMINGS } from '../../../native/protocol/framing';
import { MagtekHidDecoder } from '../../../native/protocol/magtek-hid';
import { MicrDecoder } from '../../../native/protocol/micr-decoder';
import { SwipeDecoder, SWIPE_FRAMINGS } from '../../../native/protocol/swipe-decoder';
import { msrSerialBytes } from '../../../native/sim/msr-sim';
import { WedgeDecoder } from '../../../native/wedge/wedge-decoder';
import { reads } from './support';

const chunks = fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 24 });

describe('random bytes never throw and never yield a card', () => {
  it('serial swipe decoder, every framing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SWIPE_FRAMINGS), chunks, (framing, input) => {
        const d = new SwipeDecoder({ framing });
        const events = input.flatMap((c) => d.push(c));
        events.push(...d.idle(), ...d.reset());
        expect(reads(events)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
  it('sentinel-rich noise (the characters tracks are made of)', () => {
    const trackish = fc.array(fc.constantFrom(...'%;?=^B0123456789 /\r'.split('')), { maxLength: 300 }).map((a) => a.join(''));
    fc.assert(
      fc.property(trackish, (text) => {
        const r = parseSwipe(text);
        // Whatever is accepted must be internally valid: only a Luhn-valid number with both tracks agreeing.
        if (r.ok) {
          expect(r.value.pan.reveal()).toMatch(/^\d{12,19}$/);
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('HID report decoder, any length and content', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }), fc.uint8Array({ minLength: 337, maxLength: 337 })), (report) => {
        expect(reads(new MagtekHidDecoder().push(report))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
  it('MICR decoder and parser never throw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FRAMINGS), fc.constantFrom('auto' as const, ...MICR_SYMBOL_NAMES), chunks, (framing, symbols, input) => {
        const d = new MicrDecoder({ framing, symbols });
        input.forEach((c) => d.push(c));
        d.reset();
      }),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (line) => void parseMicr(line)), { numRuns: 1000 });
  });
  it('framer and PIN pad decoder never throw', () => {
    fc.assert(
      fc.property(chunks, (input) => {
        const framers = FRAMINGS.map((f) => new Framer(f));
        const pad = new PinpadDecoder();
        for (const c of input) {
          framers.forEach((f) => f.push(c));
          pad.push(c);
        }
      }),
      { numRuns: 300 },
    );
  });
  it('wedge decoder, random keys and timings', () => {
    const key = fc.record({
      key: fc.oneof(fc.constantFrom('%', ';', '?', 'Enter', 'Shift', 'Tab', 'Dead', '='), fc.string({ minLength: 1, maxLength: 1 })),
      dt: fc.integer({ min: 0, max: 200 }),
    });
    fc.assert(
      fc.property(fc.array(key, { maxLength: 200 }), (keys) => {
        const d = new WedgeDecoder();
        let t = 0;
        for (const k of keys) {
          t += k.dt;
          d.tick(t);
          const r = d.key({ key: k.key, time: t });
          for (const o of r.out) if (o.type === 'read') expect(o.value.pan.reveal()).toMatch(/^\d{12,19}$/);
        }
        d.tick(t + 1000);
      }),
      { numRuns: 300 },
    );
  });
});

describe('track 1 names (fuzzed)', () => {
  // Any text of the track 1 character set a card could carry in its name field.
  const nameField = fc
    .array(fc.integer({ min: 0x20, max: 0x5f }).map((c) => String.fromCharCode(c)).filter((c) => c !== '^' && c !== '?' && c !== '%'), { maxLength: 26 })
    .map((a) => a.join(''));

  it('never show a digit, and only name characters, in the masked card and its JSON', () => {
    fc.assert(
      fc.property(nameField, fc.stringMatching(/^4\d{14}$/), (name, partial) => {
        const pan = partial + luhnCheckDigit(partial);
        const r = parseSwipe(`%B${pan}^${name}^3012101?`);
        if (!r.ok) return;
        const view = r.value.masked();
        if (view.name !== undefined) expect(view.name).toMatch(/^[A-Za-z#/.'\-,& ]+$/);
        const json = JSON.stringify(r.value);
        expect(json).not.toContain(pan);
        const digitsInName = name.replace(/\D/g, '');
        if (digitsInName.length >= 4) expect(JSON.stringify(view.name ?? '')).not.toContain(digitsInName);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('valid swipes survive any chunking and noise', () => {
  const card = fc
    .tuple(fc.constantFrom('4', '51', '37', '6011'), fc.integer({ min: 13, max: 19 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 19, maxLength: 19 }), fc.integer({ min: 25, max: 49 }), fc.integer({ min: 1, max: 12 }))
    .map(([prefix, length, digits, yy, mm]) => {
      const body = `${prefix}${digits.join('')}`.slice(0, length - 1);
      const pan = `${body}${luhnCheckDigit(body)}`;
      const yymm = `${yy}${String(mm).padStart(2, '0')}`;
      return { pan, yymm };
    });
  it('round-trips through the serial decoder', () => {
    fc.assert(
      fc.property(card, fc.constantFrom(...SWIPE_FRAMINGS), fc.integer({ min: 1, max: 16 }), ({ pan, yymm }, framing, step) => {
        const sample = { name: 'x', description: 'x', tracks: [`%B${pan}^TEST/CARD^${yymm}101?`, `;${pan}=${yymm}101?`, null] as const };
        const bytes = Buffer.concat([Buffer.from([0x02, 0x00, 0x7f]), msrSerialBytes(sample, framing)]);
        const d = new SwipeDecoder({ framing });
        const events = [];
        for (let i = 0; i < bytes.length; i += step) events.push(...d.push(bytes.subarray(i, i + step)));
        events.push(...d.idle());
        const got = reads(events);
        expect(got).toHaveLength(1);
        expect(got[0]?.pan.reveal()).toBe(pan);
        expect(got[0]?.masked().expiry).toBe(`20${yymm.slice(0, 2)}-${yymm.slice(2)}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a track sent with its LRC', () => {
  const digits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((d) => d.join(''));
  it('never passes with one data character changed, whatever its LRC looks like (a `;` included)', () => {
    fc.assert(
      fc.property(digits, fc.integer({ min: 21, max: 49 }), fc.nat(), fc.integer({ min: 1, max: 9 }), (partial, yy, at, bump) => {
        const pan = `4${partial}`;
        const full = `${pan}${luhnCheckDigit(pan)}`;
        const track = `;${full}=${yy}121010000000?`;
        const lrc = trackLrc(track, 2);
        // A digit of the expiry or discretionary data (after `=`), changed: the Luhn check cannot catch it.
        const from = track.indexOf('=') + 1;
        const i = from + (at % (track.length - 1 - from));
        const changed = `${track.slice(0, i)}${(Number(track.charAt(i)) + bump) % 10}${track.slice(i + 1)}`;
        const r = parseSwipe(`${changed}${lrc}`, { now: new Date('2020-01-01') });
        expect(r.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
