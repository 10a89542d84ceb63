import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { receiptPage } from '../../../main/electron/system-printer';
import { encodeReceipt, encodeText } from '../../../native/protocol/escpos';
import { printableText } from '../../../native/protocol/printable';
import { EscPosDecoder } from '../../../native/sim/escpos-decoder';
import { controlCharacterProblem } from '../../../preload/contract/text';

const hex = (bytes: readonly number[]): string => Buffer.from(bytes).toString('hex').replace(/(..)/g, '$1 ').trim();

describe('printableText', () => {
  it.each([
    ['ESC', 'A\u001b@B', 'A?@B'],
    ['GS', 'A\u001dV\u0042B', 'A?VBB'],
    ['NUL', 'A\u0000B', 'A?B'],
    ['newline', 'A\nB', 'A B'],
    ['CR LF', 'A\r\nB', 'A  B'],
    ['DEL', 'A\u007fB', 'A?B'],
    ['C1 CSI', 'A\u009bB', 'A?B'],
    ['NEL', 'A\u0085B', 'A B'],
    ['line separator', 'A\u2028B', 'A B'],
    ['tab', 'A\tB', 'A B'],
  ])('reduces %s to printable text', (_name, text, printable) => {
    expect(printableText(text)).toBe(printable);
  });

  it('leaves printable text as it is', () => {
    expect(printableText('Corner Café — 12.34 € 東京')).toBe('Corner Café — 12.34 € 東京');
  });
});

describe('receipt printer bytes', () => {
  it('carry no command from a line: ESC, GS, NUL, DEL and C1 print as "?", a line break or tab as a space', () => {
    expect(hex(encodeText('A\u001b@B', 'pc850'))).toBe('41 3f 40 42');
    expect(hex(encodeText('A\u001dVB\u0000', 'pc850'))).toBe('41 3f 56 42 3f');
    expect(hex(encodeText('A\nB\r\nC', 'pc850'))).toBe('41 20 42 20 20 43');
    expect(hex(encodeText('A\u007fB\u009bC', 'pc850'))).toBe('41 3f 42 3f 43');
    expect(hex(encodeText('A\tB', 'pc850'))).toBe('41 20 42');
    // Not characters the table lacks: nothing to report as printed with "?".
    const replaced = new Set<string>();
    encodeText('\u001b\u0000\u009b\n', 'pc437', replaced);
    expect([...replaced]).toEqual([]);
  });

  it('hold control bytes only where the encoder puts its own commands: the strict training printer reads one line per line (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 6 }), fc.boolean(), (input, styled) => {
        const { bytes } = encodeReceipt(input.map((text) => ({ text, bold: styled, centre: styled })));
        const events = new EscPosDecoder().push(bytes);
        expect(events.filter((e) => e.type === 'error')).toEqual([]);
        const printed = events.flatMap((e) => (e.type === 'line' ? [e.text] : []));
        expect(printed).toHaveLength(input.length);
        for (const text of printed) expect(controlCharacterProblem(text)).toBeUndefined();
        expect(events.at(-1)).toEqual({ type: 'cut', partial: true });
      }),
    );
  });
});

describe("the system printer's page", () => {
  it('keeps each receipt line one line, with no control character', () => {
    const page = receiptPage(['Lane\u001b@1', 'PAT\nDOE', 'ok'], 'Receipt');
    const pre = /<pre>([\s\S]*)<\/pre>/.exec(page)?.[1] ?? '';
    expect(pre.split('\n')).toEqual(['Lane?@1', 'PAT DOE', 'ok']);
    // The line breaks between lines are the page's own.
    expect(controlCharacterProblem(page.replace(/\n/g, ''))).toBeUndefined();
  });
});
