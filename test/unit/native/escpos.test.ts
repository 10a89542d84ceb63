import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_PAGE_NAMES, CODE_PAGES, NO_CHAR, byteOf, charOf } from '../../../native/protocol/code-pages';
import { encodeReceipt, encodeText } from '../../../native/protocol/escpos';
import { EscPosDecoder, type EscPosEvent } from '../../../native/sim/escpos-decoder';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex').replace(/(..)/g, '$1 ').trim();
const lines = (events: EscPosEvent[]) => events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
const errors = (events: EscPosEvent[]) => events.flatMap((e) => (e.type === 'error' ? [e.code] : []));

describe('ESC/POS encoder', () => {
  it('frames a job: ESC @, ESC t 2 (PC850), the lines each ending LF, then GS V 66 0', () => {
    expect(hex(encodeReceipt([]).bytes)).toBe('1b 40 1b 74 02 1d 56 42 00');
    expect(hex(encodeReceipt(['AB', '', 'C']).bytes)).toBe('1b 40 1b 74 02 41 42 0a 0a 43 0a 1d 56 42 00');
    expect(hex(encodeReceipt(['AB'], { cut: false }).bytes)).toBe('1b 40 1b 74 02 41 42 0a');
  });

  it('selects the character table asked for: PC437 is ESC t 0, PC858 is ESC t 19', () => {
    expect(hex(encodeReceipt([], { codePage: 'pc437', cut: false }).bytes)).toBe('1b 40 1b 74 00');
    expect(hex(encodeReceipt([], { codePage: 'pc858', cut: false }).bytes)).toBe('1b 40 1b 74 13');
    expect(hex(encodeReceipt([], { codePage: 'wpc1252', cut: false }).bytes)).toBe('1b 40 1b 74 10');
  });

  it('prints French from every table: its own letters where it has them, the bare letter where not, never "?"', () => {
    const french = 'Reçu Montant Approuvée À Élodie Noël maïs hôtel Où Ça CŒUR œuvre «oui»';
    const printed = (codePage: (typeof CODE_PAGE_NAMES)[number]) => {
      const { bytes, replaced } = encodeReceipt([french], { codePage });
      // The training printer wraps at 42 columns: the pieces joined are the line.
      return { text: lines(new EscPosDecoder().push(bytes)).join(''), replaced };
    };
    // PC850 has every French letter but Œ/œ; PC858 the same; WPC1252 has them all.
    expect(printed('pc850')).toEqual({ text: 'Reçu Montant Approuvée À Élodie Noël maïs hôtel Où Ça COEUR oeuvre «oui»', replaced: [] });
    expect(printed('pc858')).toEqual(printed('pc850'));
    expect(printed('wpc1252')).toEqual({ text: french, replaced: [] });
    // PC437 lacks À, Ç is there, Œ is not: plain letters stand in.
    expect(printed('pc437')).toEqual({ text: 'Reçu Montant Approuvée A Élodie Noël maïs hôtel Où Ça COEUR oeuvre «oui»', replaced: [] });
  });

  it('spells letters without an accent to drop in plain letters where the table lacks them', () => {
    const replaced = new Set<string>();
    // PC437 has ß but no Œ, œ, ł or Ø.
    expect(Buffer.from(encodeText('Œuvre œ ł Ø', 'pc437', replaced)).toString('latin1')).toBe('OEuvre oe l O');
    expect(encodeText('ß', 'pc437', replaced)).toEqual([0xe1]);
    expect(replaced.size).toBe(0);
  });

  it('wraps a title in centre and bold, and sets both back after its line', () => {
    expect(hex(encodeReceipt([{ text: 'HI', bold: true, centre: true }, 'x'], { cut: false }).bytes)).toBe(
      '1b 40 1b 74 02 1b 61 01 1b 45 01 48 49 0a 1b 45 00 1b 61 00 78 0a',
    );
    expect(hex(encodeReceipt([{ text: 'B', bold: true }], { cut: false }).bytes)).toBe('1b 40 1b 74 02 1b 45 01 42 0a 1b 45 00');
  });

  it('prints accented letters from the table, never as UTF-8', () => {
    expect(hex(Uint8Array.from(encodeText('Café Noël', 'pc850')))).toBe('43 61 66 82 20 4e 6f 89 6c');
    expect(hex(Uint8Array.from(encodeText('ÀÉÇ', 'pc850')))).toBe('b7 90 80');
    // PC437 has É and Ç but no À: the bare letter stands in.
    expect(hex(Uint8Array.from(encodeText('ÀÉÇ', 'pc437')))).toBe('41 90 80');
    expect(hex(Uint8Array.from(encodeText('£5', 'pc437')))).toBe('9c 35');
  });

  it('folds typographic characters, spells the euro where the table lacks it, and reports what it could not print', () => {
    const replaced = new Set<string>();
    expect(Buffer.from(encodeText('Test page — no payment', 'pc850', replaced)).toString('latin1')).toBe('Test page - no payment');
    expect(Buffer.from(encodeText('‘a’ “b” x…', 'pc850', replaced)).toString('latin1')).toBe('\'a\' "b" x...');
    expect(Buffer.from(encodeText('5 €', 'pc850', replaced)).toString('latin1')).toBe('5 EUR');
    expect(hex(Uint8Array.from(encodeText('5 €', 'pc858', replaced)))).toBe('35 20 d5');
    expect(hex(Uint8Array.from(encodeText('a\u00a0b\u00adc\td', 'pc850', replaced)))).toBe('61 20 62 63 20 64');
    expect(replaced.size).toBe(0);
    const encoded = encodeReceipt(['東京 ok 🙂'], { cut: false });
    expect(encoded.bytes.subarray(5).toString('latin1')).toBe('?? ok ?\n');
    expect(encoded.replaced).toEqual(['東', '京', '🙂']);
  });

  it('never lets a line carry a command: control characters come out as "?"', () => {
    const encoded = encodeReceipt(['a\x1b@b\x1dV\x00c\x10\x04\x02'], { cut: false });
    expect(hex(encoded.bytes.subarray(5))).toBe('61 3f 40 62 3f 56 3f 63 3f 3f 3f 0a');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const bytes = encodeText(text, 'pc850');
        expect(bytes.every((b) => b >= 0x20 && b <= 0xff && b !== 0x7f)).toBe(true);
      }),
    );
  });

  it('has 128 characters in each table, each a single character, every one found again by byteOf', () => {
    for (const name of CODE_PAGE_NAMES) {
      const high = [...CODE_PAGES[name].high];
      expect(high).toHaveLength(128);
      for (let b = 0x80; b <= 0xff; b++) {
        const ch = charOf(name, b);
        // WPC1252 leaves five places empty: they print nothing and no character maps to them.
        if (high[b - 0x80] === NO_CHAR) expect(ch).toBeUndefined();
        else expect(byteOf(name, ch ?? '')).toBe(b);
      }
      expect(charOf(name, 0x1b)).toBeUndefined();
      expect(charOf(name, 0x41)).toBe('A');
    }
  });

  it('prints back the same lines through the training printer, fed whole and byte by byte', () => {
    const text = fc.string({ unit: fc.constantFrom(...' AZaz09$.,-*/éèàçôüñÉÀÇ£½'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 12 }), fc.constantFrom(...CODE_PAGE_NAMES), (input, codePage) => {
        const { bytes } = encodeReceipt(input, { codePage });
        const whole = new EscPosDecoder().push(bytes);
        const bytewise = new EscPosDecoder();
        const split = [...bytes].flatMap((b) => bytewise.push(Uint8Array.of(b)));
        expect(split).toEqual(whole);
        expect(errors(whole)).toEqual([]);
        // PC437 has no À: it prints as A.
        expect(lines(whole)).toEqual(codePage === 'pc437' ? input.map((l) => l.replace(/À/g, 'A')) : input);
        expect(whole.at(-1)).toEqual({ type: 'cut', partial: true });
      }),
    );
  });
});
