import { describe, expect, it } from 'vitest';
import { wedgeKeys } from '../../../native/sim/msr-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { WedgeDecoder, type WedgeKey, type WedgeOutput } from '../../../native/wedge/wedge-decoder';

/** Plays keys into a decoder like the capture does (ticks at each deadline); returns outputs and what was swallowed. */
function play(keys: WedgeKey[], decoder = new WedgeDecoder()) {
  const out: WedgeOutput[] = [];
  let swallowed = 0;
  for (const k of keys) {
    const due = decoder.deadline();
    if (due !== undefined && k.time > due) out.push(...decoder.tick(due));
    const r = decoder.key(k);
    if (r.consume) swallowed++;
    out.push(...r.out);
  }
  const due = decoder.deadline();
  if (due !== undefined) out.push(...decoder.tick(due));
  return { out, swallowed };
}

const typed = (text: string, start: number, gap: number): WedgeKey[] => [...text].map((key, i) => ({ key, time: start + i * gap }));

describe('keyboard-wedge decoder', () => {
  it('turns a MagTek burst into a card and swallows every key', () => {
    const keys = wedgeKeys(SAMPLE_CARDS.visa);
    const { out, swallowed } = play(keys);
    expect(swallowed).toBe(keys.length);
    expect(out).toHaveLength(1);
    expect(out[0]?.type === 'read' && out[0].value.masked().masked).toBe('411111******1111');
  });
  it('joins ID TECH tracks ended by CR each', () => {
    const { out } = play(wedgeKeys(SAMPLE_CARDS.amex, { style: 'idtech' }));
    expect(out.map((o) => o.type)).toEqual(['read']);
    expect(out[0]?.type === 'read' && out[0].value.masked().tracks).toEqual([1, 2]);
  });
  it('reports E markers as a bad read', () => {
    const { out } = play(wedgeKeys(SAMPLE_CARDS['bad-read']));
    expect(out).toMatchObject([{ type: 'error', error: { code: 'BAD_READ' } }]);
  });
  it('refuses a swipe mangled by a foreign keyboard layout, still swallowing it', () => {
    const keys = wedgeKeys(SAMPLE_CARDS.visa, { layout: 'azerty' });
    const { out, swallowed } = play(keys);
    expect(out).toMatchObject([{ type: 'error', error: { code: 'LAYOUT_MANGLED' } }]);
    expect(swallowed).toBe(keys.length);
  });
  it('does not split a swipe when the app stalls mid-track: no card digit reaches the page', () => {
    // Electron stamps keys when the main process handles them: a 300 ms stall (a busy disk, a GC
    // pause) shows as a gap after "%B4111", then the queued keys arrive together.
    const keys = wedgeKeys(SAMPLE_CARDS.visa).map((k, i) => (i >= 6 ? { ...k, time: k.time + 300 } : k));
    const { out, swallowed } = play(keys);
    expect(swallowed).toBe(keys.length);
    expect(out.map((o) => o.type)).toEqual(['read']);
    expect(out[0]?.type === 'read' && out[0].value.masked().masked).toBe('411111******1111');
  });

  it('still ends a stalled track after a second, and a person who types ";4" slowly gets both, in order', () => {
    const stalled = wedgeKeys(SAMPLE_CARDS.visa).slice(0, 6);
    const { out } = play(stalled);
    expect(out.map((o) => o.type)).toEqual(['error']);
    // The digit after a sentinel is held no longer than the gap, then handed back after it, in order.
    const slow = play(typed(';4', 0, 200));
    expect(slow.out).toEqual([
      { type: 'release', text: ';' },
      { type: 'release', text: '4' },
    ]);
  });

  it.each([
    ['track 1', SAMPLE_CARDS.visa, '%'],
    ['track 2 alone', { ...SAMPLE_CARDS.visa, tracks: [null, SAMPLE_CARDS.visa.tracks[1], null] as const }, ';'],
  ])('does not type the card into the page when the app stalls right after the start sentinel (%s)', (_name, sample, sentinel) => {
    for (const stallMs of [60, 400, 900]) {
      const keys = wedgeKeys(sample).map((k, i) => (i >= 1 ? { ...k, time: k.time + stallMs } : k));
      const { out, swallowed } = play(keys);
      // At most the sentinel reaches the page (handed back); every key was swallowed; the card is read.
      expect(swallowed, `${stallMs} ms`).toBe(keys.length);
      expect(out.filter((o) => o.type === 'release'), `${stallMs} ms`).toEqual([{ type: 'release', text: sentinel }]);
      const read = out.find((o) => o.type === 'read');
      expect(read?.type === 'read' && read.value.masked().masked, `${stallMs} ms`).toBe('411111******1111');
    }
  });

  it('lets typing through: slow keys, and a sentinel typed by a person is handed back', () => {
    const d = new WedgeDecoder();
    const { out, swallowed } = play(typed('hello;world', 0, 150), d);
    expect(swallowed).toBe(1);
    expect(out).toEqual([{ type: 'release', text: ';' }]);
    const fast = play(typed('50%', 0, 120));
    expect(fast.out).toEqual([{ type: 'release', text: '%' }]);
  });
  it('separates a swipe from the typing right after it', () => {
    const keys = [...wedgeKeys(SAMPLE_CARDS.discover), { key: 'a', time: 500 }, { key: 'b', time: 700 }];
    const d = new WedgeDecoder();
    const { out, swallowed } = play(keys, d);
    expect(out.map((o) => o.type)).toEqual(['read']);
    expect(swallowed).toBe(keys.length - 2);
  });
  it('swallows modifier keys inside a burst only', () => {
    const d = new WedgeDecoder();
    expect(d.key({ key: 'Shift', time: 0 }).consume).toBe(false);
    expect(d.key({ key: '%', time: 1 }).consume).toBe(true);
    expect(d.key({ key: 'Shift', time: 2 }).consume).toBe(true);
  });
  it('closes a burst on Tab and passes the Tab', () => {
    const d = new WedgeDecoder();
    d.key({ key: ';', time: 0 });
    const r = d.key({ key: 'Tab', time: 3 });
    expect(r.consume).toBe(false);
    expect(r.out).toEqual([{ type: 'release', text: ';' }]);
  });
  it('drops an endless burst', () => {
    const keys = typed(`;${'1'.repeat(500)}`, 0, 1);
    const { out } = play(keys);
    expect(out.map((o) => (o.type === 'error' ? o.error.code : o.type))).toContain('OVERFLOW');
  });
  it('drops an endless burst of Enter or dead keys too: it never holds more than a swipe', () => {
    for (const key of ['Enter', 'Dead']) {
      const d = new WedgeDecoder();
      const keys: WedgeKey[] = [{ key: ';', time: 0 }, ...Array.from({ length: 1_000 }, (_, i) => ({ key, time: 1 + i * 2 }))];
      const { out } = play(keys, d);
      expect(out.map((o) => (o.type === 'error' ? o.error.code : o.type)), key).toContain('OVERFLOW');
      expect(d.active, key).toBe(false);
    }
  });
});
