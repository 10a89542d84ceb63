import { encodeMagtekReport, type MagtekHidLayout } from '../protocol/magtek-hid';
import { frameBytes } from '../protocol/framing';
import type { SwipeFraming } from '../protocol/swipe-decoder';
import type { WedgeKey } from '../wedge/wedge-decoder';
import { swipeText, type SampleCard } from './sample-cards';

/** Bytes a serial swipe reader sends for one swipe. */
export function msrSerialBytes(card: SampleCard, framing: SwipeFraming = 'cr'): Buffer {
  if (framing === 'cr-per-track') {
    // ID TECH style: CR after each track; nothing at all when a selected track failed.
    if (card.failed?.some(Boolean)) return Buffer.alloc(0);
    return Buffer.from(card.tracks.filter((t): t is string => t !== null).map((t) => `${t}\r`).join(''), 'latin1');
  }
  return frameBytes(swipeText(card), framing);
}

/** The MagTek HID input report of one swipe. */
export function msrHidReport(card: SampleCard, layout?: MagtekHidLayout): Buffer {
  return encodeMagtekReport(card.tracks, {
    ...(card.failed ? { failed: card.failed } : {}),
    ...(card.encodeType !== undefined ? { encodeType: card.encodeType } : {}),
    ...(layout ? { layout } : {}),
  });
}

/** US-layout physical key and shift state of a character a wedge reader types. */
function usKey(ch: string): { code: string; shift: boolean } {
  if (/[0-9]/.test(ch)) return { code: `Digit${ch}`, shift: false };
  if (/[A-Z]/.test(ch)) return { code: `Key${ch}`, shift: true };
  const table: Record<string, [string, boolean]> = {
    '%': ['Digit5', true], ';': ['Semicolon', false], '?': ['Slash', true], '^': ['Digit6', true], '=': ['Equal', false],
    '/': ['Slash', false], ' ': ['Space', false], '+': ['Equal', true], '$': ['Digit4', true], '-': ['Minus', false],
    '.': ['Period', false], ',': ['Comma', false], '&': ['Digit7', true], '#': ['Digit3', true],
  };
  const [code, shift] = table[ch] ?? ['Unidentified', false];
  return { code, shift };
}

/** What a French AZERTY layout makes of some US-layout keys: enough to mangle a swipe. */
const AZERTY: Record<string, string> = {
  'Digit0:false': 'à', 'Digit1:false': '&', 'Digit2:false': 'é', 'Digit3:false': '"', 'Digit4:false': '\'', 'Digit5:false': '(',
  'Digit6:false': '-', 'Digit7:false': 'è', 'Digit8:false': '_', 'Digit9:false': 'ç', 'Semicolon:false': 'm', 'Digit5:true': '5',
  'Slash:true': '/', 'Equal:false': '=', 'Digit6:true': '6',
};

export interface WedgeKeyOptions {
  /** MagTek: one CR at the end; ID TECH: CR after each track. */
  style?: 'magtek' | 'idtech';
  gapMs?: number;
  start?: number;
  layout?: 'us' | 'azerty';
}

/** Key events of a keyboard-wedge reader typing one swipe. */
export function wedgeKeys(card: SampleCard, options: WedgeKeyOptions = {}): WedgeKey[] {
  const gap = options.gapMs ?? 2;
  let time = options.start ?? 0;
  const keys: WedgeKey[] = [];
  const type = (ch: string): void => {
    const { code, shift } = usKey(ch);
    const key = options.layout === 'azerty' ? (AZERTY[`${code}:${shift}`] ?? ch) : ch;
    keys.push({ key, code, shift, time });
    time += gap;
  };
  const enter = (): void => {
    keys.push({ key: 'Enter', code: 'Enter', shift: false, time });
    time += gap;
  };
  if (options.style === 'idtech') {
    for (const t of card.tracks) {
      if (t === null) continue;
      for (const ch of t) type(ch);
      enter();
    }
  } else {
    for (const ch of swipeText(card)) type(ch);
    enter();
  }
  return keys;
}
