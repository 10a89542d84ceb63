import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ETX, STX } from '../../../native/protocol/bytes';
import { Framer, frameBytes, FRAMINGS } from '../../../native/protocol/framing';

const frames = (events: ReturnType<Framer['push']>) => events.flatMap((e) => (e.type === 'frame' ? [e.bytes.toString('latin1')] : []));
const errs = (events: ReturnType<Framer['push']>) => events.flatMap((e) => (e.type === 'error' ? [e.code] : []));

describe('framer', () => {
  it('round-trips frames in every framing, whole and byte by byte', () => {
    for (const framing of FRAMINGS) {
      const bytes = Buffer.concat([frameBytes('ONE', framing), frameBytes('TWO', framing)]);
      expect(frames(new Framer(framing).push(bytes))).toEqual(['ONE', 'TWO']);
      const f = new Framer(framing);
      const out = [...bytes].flatMap((b) => f.push(Uint8Array.of(b)));
      expect(frames(out)).toEqual(['ONE', 'TWO']);
    }
  });
  it('accepts CR, LF and CR LF in line mode and skips empty lines', () => {
    expect(frames(new Framer('cr').push(Buffer.from('A\r\nB\n\r\rC\r')))).toEqual(['A', 'B', 'C']);
  });
  it('reports noise outside STX/ETX once per run and resynchronises', () => {
    const events = new Framer('stx-etx').push(Buffer.concat([Buffer.from('garbage'), frameBytes('OK', 'stx-etx'), Buffer.from('xx'), frameBytes('OK2', 'stx-etx')]));
    expect(frames(events)).toEqual(['OK', 'OK2']);
    expect(errs(events)).toEqual(['NOISE', 'NOISE']);
  });
  it('drops a frame cut short by a new STX', () => {
    const events = new Framer('stx-etx').push(Buffer.concat([Buffer.from([STX]), Buffer.from('HALF'), frameBytes('WHOLE', 'stx-etx')]));
    expect(frames(events)).toEqual(['WHOLE']);
    expect(errs(events)).toEqual(['TRUNCATED']);
  });
  it('checks the LRC of packet framing', () => {
    const good = frameBytes('T011000015T', 'stx-etx-lrc');
    const bad = Buffer.from(good);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 1;
    const events = new Framer('stx-etx-lrc').push(Buffer.concat([bad, good]));
    expect(errs(events)).toEqual(['BAD_LRC']);
    expect(frames(events)).toEqual(['T011000015T']);
    // The LRC covers the bytes after STX through ETX.
    expect(good[good.length - 1]).toBe([...Buffer.from('T011000015T'), ETX].reduce((a, b) => a ^ b, 0));
  });
  it('drops overlong input and recovers at the next terminator', () => {
    const f = new Framer('cr', { maxLength: 8 });
    const events = f.push(Buffer.from('0123456789ABCDEF\rOK\r'));
    expect(errs(events)).toEqual(['OVERFLOW']);
    expect(frames(events)).toEqual(['OK']);
  });
  it('reports a partial frame on reset', () => {
    const f = new Framer('cr');
    f.push(Buffer.from('PART'));
    expect(f.reset().map((e) => e.code)).toEqual(['TRUNCATED']);
    expect(f.reset()).toEqual([]);
  });
  it('a partial line survives the caller reusing its buffer', () => {
    const f = new Framer('cr');
    const chunk = Buffer.from('%B41');
    expect(f.push(chunk)).toEqual([]);
    chunk.fill(0x58);
    expect(frames(f.push(Buffer.from('11?\r')))).toEqual(['%B4111?']);
  });
  it('line framing in runs gives what the byte-at-a-time rules give, however the bytes are cut', () => {
    const text = fc.array(fc.constantFrom(0x0d, 0x0a, 0x41, 0x42, 0x25, 0x3f, 0x00), { maxLength: 80 });
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 20 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), (bytes, cuts, max, resetAtEnd) => {
        const input = Uint8Array.from(bytes);
        const f = new Framer('cr', { maxLength: max });
        const got: ReturnType<Framer['push']> = [];
        let at = 0;
        for (const n of [...cuts, input.length]) {
          if (at >= input.length) break;
          got.push(...f.push(input.subarray(at, at + n)));
          at += n;
        }
        if (resetAtEnd) got.push(...f.reset());
        const expected = byteAtATime(input, max, resetAtEnd);
        expect(got.map((e) => (e.type === 'frame' ? `frame:${e.bytes.toString('latin1')}` : e.code))).toEqual(expected);
      }),
    );
  });
});

/** The line rules one byte at a time (the framer's first form), for the property above. */
function byteAtATime(input: Uint8Array, max: number, resetAtEnd: boolean): string[] {
  const out: string[] = [];
  let buf: number[] = [];
  let skip = false;
  for (const b of input) {
    if (b === 0x0d || b === 0x0a) {
      if (!skip && buf.length > 0) out.push(`frame:${Buffer.from(buf).toString('latin1')}`);
      buf = [];
      skip = false;
    } else if (!skip) {
      if (buf.length < max) buf.push(b);
      else {
        out.push('OVERFLOW');
        buf = [];
        skip = true;
      }
    }
  }
  if (resetAtEnd && buf.length > 0 && !skip) out.push('TRUNCATED');
  return out;
}
