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
});
