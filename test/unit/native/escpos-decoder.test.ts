import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeReceipt } from '../../../native/protocol/escpos';
import { EscPosDecoder, type EscPosEvent } from '../../../native/sim/escpos-decoder';

const bytes = (...parts: Array<number | string>): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'number' ? Buffer.from([p]) : Buffer.from(p, 'latin1'))));
const JOB = [0x1b, 0x40, 0x1b, 0x74, 0x02] as const;
const errs = (events: EscPosEvent[]) => events.flatMap((e) => (e.type === 'error' ? [[e.code, e.offset] as const] : []));
const texts = (events: EscPosEvent[]) => events.flatMap((e) => (e.type === 'line' ? [e.text] : []));

function both(input: Buffer): EscPosEvent[] {
  const whole = new EscPosDecoder().push(input);
  const d = new EscPosDecoder();
  expect([...input].flatMap((b) => d.push(Uint8Array.of(b)))).toEqual(whole);
  return whole;
}

describe('the training printer\'s ESC/POS decoder', () => {
  it('reads a job: init, table, styled and plain lines, partial cut', () => {
    const events = both(bytes(...JOB, 0x1b, 0x61, 1, 0x1b, 0x45, 1, 'TITLE', 0x0a, 0x1b, 0x45, 0, 0x1b, 0x61, 0, 'caf', 0x82, 0x0a, 0x1d, 0x56, 0x42, 0));
    expect(events).toEqual([
      { type: 'init' },
      { type: 'codePage', page: 'pc850' },
      { type: 'line', text: 'TITLE', bold: true, centre: true },
      { type: 'line', text: 'café', bold: false, centre: false },
      { type: 'cut', partial: true },
    ]);
  });

  it('decodes high bytes in the table last selected (PC437 after init)', () => {
    expect(texts(both(bytes(0x1b, 0x40, 0x9b, 0x0a, 0x1b, 0x74, 2, 0x9b, 0x0a)))).toEqual(['¢', 'ø']);
  });

  it('answers nothing itself but reports status requests DLE EOT 1 to 4', () => {
    expect(both(bytes(0x10, 0x04, 2, 0x10, 0x04, 4))).toEqual([{ type: 'status', n: 2 }, { type: 'status', n: 4 }]);
    expect(errs(both(bytes(0x10, 0x04, 9)))).toEqual([['BAD_ARGUMENT', 0]]);
  });

  it('refuses commands the terminal does not send, naming where they were', () => {
    // ESC ! (print mode), GS k (barcode), DLE ENQ, a bell, a full cut, a table it lacks, right justification.
    expect(errs(both(bytes(...JOB, 0x1b, 0x21, 'A', 0x0a)))).toEqual([['UNKNOWN_COMMAND', 5]]);
    expect(errs(both(bytes(...JOB, 0x1d, 0x6b)))).toEqual([['UNKNOWN_COMMAND', 5]]);
    expect(errs(both(bytes(...JOB, 0x10, 0x05)))).toEqual([['UNKNOWN_COMMAND', 5]]);
    expect(errs(both(bytes(...JOB, 'a', 0x07, 'b')))).toEqual([['CONTROL_BYTE', 6]]);
    expect(errs(both(bytes(...JOB, 0x1d, 0x56, 0)))).toEqual([['BAD_ARGUMENT', 5]]);
    expect(errs(both(bytes(0x1b, 0x40, 0x1b, 0x74, 99)))).toEqual([['BAD_ARGUMENT', 2]]);
    expect(errs(both(bytes(...JOB, 0x1b, 0x61, 2)))).toEqual([['BAD_ARGUMENT', 5]]);
    expect(errs(both(bytes(...JOB, 'ab', 0x1b, 0x61, 1)))).toEqual([['BAD_ARGUMENT', 7]]);
  });

  it('refuses text before ESC @, and raw UTF-8 shows as the wrong characters it would print', () => {
    const events = both(Buffer.concat([Buffer.from('é\n', 'utf8'), encodeReceipt(['ok']).bytes]));
    expect(errs(events)).toEqual([['NOT_INITIALISED', 0]]);
    // In the factory table (PC437) the two UTF-8 bytes of é print as ├⌐.
    expect(texts(events)).toEqual(['├⌐', 'ok']);
  });

  it('wraps a line longer than the paper, as a printer does', () => {
    expect(texts(new EscPosDecoder({ columns: 4 }).push(bytes(0x1b, 0x40, 'abcdefg', 0x0a)))).toEqual(['abcd', 'efg']);
  });

  it('never throws on garbage and always moves on', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (garbage) => {
        const d = new EscPosDecoder();
        const events = [...d.push(garbage), ...d.push(encodeReceipt(['after']).bytes)];
        for (const e of events) if (e.type === 'error') expect(e.offset).toBeLessThan(garbage.length + 20);
        // A command cut off by the garbage's end may take the next job's first byte as its own, as a printer would.
        expect(texts(events).at(-1)).toMatch(/after$/);
      }),
    );
  });
});
