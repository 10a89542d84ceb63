import { describe, expect, it } from 'vitest';
import { CardRead } from '../../../native/card/card-read';
import { SwipeDecoder, SWIPE_FRAMINGS } from '../../../native/protocol/swipe-decoder';
import { msrSerialBytes } from '../../../native/sim/msr-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { errors, feedBytewise, reads } from './support';

describe('serial swipe decoder', () => {
  it('decodes every framing, whole and byte by byte', () => {
    for (const framing of SWIPE_FRAMINGS) {
      const bytes = Buffer.concat([msrSerialBytes(SAMPLE_CARDS.visa, framing), msrSerialBytes(SAMPLE_CARDS.amex, framing)]);
      for (const feed of ['whole', 'bytewise'] as const) {
        const d = new SwipeDecoder({ framing });
        const events = feed === 'whole' ? d.push(bytes) : feedBytewise(d, bytes);
        events.push(...(d.idle?.() ?? []));
        expect(reads(events).map((c) => c.masked().masked), `${framing} ${feed}`).toEqual(['411111******1111', '371449*****8431']);
      }
    }
  });
  it('ends an ID TECH swipe when a new swipe starts, without waiting for the quiet time', () => {
    const d = new SwipeDecoder({ framing: 'cr-per-track' });
    const events = d.push(Buffer.concat([msrSerialBytes(SAMPLE_CARDS.visa, 'cr-per-track'), msrSerialBytes(SAMPLE_CARDS.discover, 'cr-per-track')]));
    expect(reads(events)).toHaveLength(1);
    expect(reads(d.idle())).toHaveLength(1);
  });
  it('holds at most a swipe\'s lines on an ID TECH line that never goes quiet: noise is refused as it comes, a swipe after it still reads', () => {
    const d = new SwipeDecoder({ framing: 'cr-per-track' });
    const noise = Buffer.from(`${'X'.repeat(500)}\r`.repeat(2_000));
    const events = d.push(noise);
    // Refused four lines at a time, never held until a pause (the last four wait for the next line).
    expect(errors(events)).toHaveLength(499);
    expect(new Set(errors(events))).toEqual(new Set(['NO_TRACKS']));
    const after = [...d.push(msrSerialBytes(SAMPLE_CARDS.visa, 'cr-per-track')), ...d.idle()];
    expect([errors(after), reads(after).length]).toEqual([['NO_TRACKS'], 1]);
  });
  it('skips noise before the sentinels and resynchronises after garbage lines', () => {
    const d = new SwipeDecoder({ framing: 'cr' });
    const events = d.push(Buffer.concat([Buffer.from('\x00\xff junk\r'), Buffer.from('~~'), msrSerialBytes(SAMPLE_CARDS.visa, 'cr')]));
    expect(errors(events)).toEqual(['NO_TRACKS']);
    expect(reads(events)).toHaveLength(1);
  });
  it('reports refusals as typed errors', () => {
    const d = new SwipeDecoder();
    const events = d.push(Buffer.concat([msrSerialBytes(SAMPLE_CARDS.licence), msrSerialBytes(SAMPLE_CARDS['bad-read'])]));
    expect(errors(events)).toEqual(['NOT_BANK_CARD', 'BAD_READ']);
  });
  it('drops a half swipe when the line goes down', () => {
    const d = new SwipeDecoder();
    const bytes = msrSerialBytes(SAMPLE_CARDS.visa);
    d.push(bytes.subarray(0, 20));
    expect(errors(d.reset())).toEqual(['TRUNCATED']);
    expect(reads(d.push(bytes))[0]).toBeInstanceOf(CardRead);
  });
});
