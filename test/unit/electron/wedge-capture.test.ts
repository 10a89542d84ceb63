import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../main/core';
import type { WedgeSink } from '../../../main/devices/device-manager';
import { attachWedgeCapture, type KeyInput, type PreventableEvent } from '../../../main/electron/wedge-capture';
import { createNodePlatform } from '../../../main/platform/platform';
import type { CardRead } from '../../../native/card/card-read';
import type { ReadError } from '../../../native/read-error';
import { wedgeKeys } from '../../../native/sim/msr-sim';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';
import type { WedgeKey } from '../../../native/wedge/wedge-decoder';
import { memoryLog } from '../../support/memory-log';

/** A fake webContents: the test types keys; it records what the page would have received. */
class FakeContents {
  private listener: ((event: PreventableEvent, input: KeyInput) => void) | undefined;
  /** Characters that reached the page (not prevented) plus text given back with insertText. */
  page = '';
  inserted: string[] = [];
  prevented = { keyDown: 0, keyUp: 0 };
  on(event: string, listener: (event: PreventableEvent, input: KeyInput) => void) {
    if (event === 'before-input-event') this.listener = listener;
    return this;
  }
  insertText(text: string) {
    this.inserted.push(text);
    this.page += text;
    return Promise.resolve();
  }
  /** Delivers one input event; true when the capture prevented it. */
  send(input: KeyInput): boolean {
    let prevented = false;
    this.listener?.({ preventDefault: () => void (prevented = true) }, input);
    return prevented;
  }
  press(k: WedgeKey) {
    for (const type of ['keyDown', 'keyUp'] as const) {
      const prevented = this.send({ type, key: k.key, ...(k.code ? { code: k.code } : {}), shift: k.shift ?? false });
      if (prevented) this.prevented[type]++;
      else if (type === 'keyDown' && k.key.length === 1) this.page += k.key;
    }
  }
}

function recordingSink() {
  const cards: CardRead[] = [];
  const errors: ReadError[] = [];
  const sink: WedgeSink = { maxGapMs: () => 50, accept: (r) => ('card' in r ? cards.push(r.card) : errors.push(r.error)) };
  return { cards, errors, devices: { attachWedgeCapture: vi.fn(() => sink) } };
}

/** Types keys at their own times, letting timers fire in between. */
async function type(contents: FakeContents, keys: WedgeKey[]) {
  const start = Date.now();
  for (const k of keys) {
    await vi.advanceTimersByTimeAsync(Math.max(0, start + k.time - Date.now()));
    contents.press(k);
  }
  await vi.advanceTimersByTimeAsync(200);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keyboard-wedge capture in the Electron window', () => {
  it('swallows every key of a swipe and hands the card to the device manager', async () => {
    const contents = new FakeContents();
    const { cards, devices } = recordingSink();
    expect(attachWedgeCapture(contents, devices, { now: () => Date.now() })).toBeDefined();
    const keys = wedgeKeys(SAMPLE_CARDS.visa);
    await type(contents, keys);
    expect(cards.map((c) => c.pan.masked)).toEqual(['411111******1111']);
    expect(contents.prevented).toEqual({ keyDown: keys.length, keyUp: keys.length });
    expect(contents.page).toBe('');
    expect(contents.page).not.toContain(swipeText(SAMPLE_CARDS.visa).slice(0, 10));
  });

  it('handles ID TECH swipes (CR per track) and the typing that follows', async () => {
    const contents = new FakeContents();
    const { cards, devices } = recordingSink();
    attachWedgeCapture(contents, devices, { now: () => Date.now() });
    const swipe = wedgeKeys(SAMPLE_CARDS.amex, { style: 'idtech' });
    const end = swipe.at(-1)?.time ?? 0;
    await type(contents, [...swipe, { key: 'o', time: end + 300 }, { key: 'k', time: end + 500 }]);
    expect(cards).toHaveLength(1);
    expect(contents.page).toBe('ok');
  });

  it('gives a person\'s ";" back to the page and lets ordinary typing through', async () => {
    const contents = new FakeContents();
    const { cards, devices } = recordingSink();
    attachWedgeCapture(contents, devices, { now: () => Date.now() });
    const text = 'a;b c';
    await type(contents, [...text].map((key, i) => ({ key, time: i * 180 })));
    expect(cards).toEqual([]);
    expect(contents.inserted).toEqual([';']);
    expect(contents.page).toBe('a;b c');
  });

  it('leaves shortcuts alone (Ctrl+;)', () => {
    const contents = new FakeContents();
    const { devices } = recordingSink();
    const capture = attachWedgeCapture(contents, devices, { now: () => Date.now() });
    expect(contents.send({ type: 'keyDown', key: ';', code: 'Semicolon', control: true })).toBe(false);
    expect(capture?.decoder.active).toBe(false);
  });

  it('reports a swipe mangled by the keyboard layout and still keeps it out of the page', async () => {
    const contents = new FakeContents();
    const { errors, devices } = recordingSink();
    attachWedgeCapture(contents, devices, { now: () => Date.now() });
    await type(contents, wedgeKeys(SAMPLE_CARDS.visa, { layout: 'azerty' }));
    expect(errors.map((e) => e.code)).toEqual(['LAYOUT_MANGLED']);
    expect(contents.page).toBe('');
  });

  it('attaches nothing to an object that is not a webContents', () => {
    const { devices } = recordingSink();
    expect(attachWedgeCapture({ on: () => undefined }, devices)).toBeUndefined();
    expect(attachWedgeCapture(undefined, devices)).toBeUndefined();
    expect(devices.attachWedgeCapture).not.toHaveBeenCalled();
  });

  it('reaches the core: card.read carries only the masked card, and the wedge reader shows as connected', async () => {
    vi.useRealTimers();
    const dir = mkdtempSync(join(tmpdir(), 'pos-wedge-'));
    const log = memoryLog();
    const core = await createCore({ logDestination: log.stream, logLevel: 'debug', watchIntervalMs: 0 }, createNodePlatform({ host: 'electron', dataDir: dir, version: 't' }));
    try {
      core.settings.set('devices.list', [{ id: 'front', name: 'Front reader', kind: 'msr', transport: 'wedge' }]);
      await core.start();
      expect(core.status.current().devices).toEqual([expect.objectContaining({ id: 'front', state: 'error' })]);
      const events: unknown[] = [];
      core.bus.on('card.read', (e) => events.push(e));
      const contents = new FakeContents();
      attachWedgeCapture(contents, core.devices);
      expect(core.status.current().devices[0]?.state).toBe('connected');
      const keys = wedgeKeys(SAMPLE_CARDS.discover, { start: performance.now() });
      for (const k of keys) contents.press({ ...k, time: 0 });
      await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 2000 });
      expect(events[0]).toMatchObject({ deviceId: 'front', source: 'wedge', simulated: false, card: { masked: '601100******9424', brand: 'discover' } });
      await core.close();
      const everything = `${JSON.stringify(events)}\n${log.text()}`;
      expect(everything).not.toContain('6011000990139424');
      expect(everything).toContain('card read');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
