import { parseSwipe, type CardRead } from '../card/card-read';
import { decoded, type Decoded } from '../protocol/decoder';

/**
 * One key press as the window saw it (Electron `before-input-event`, DOM KeyboardEvent names):
 * `key` is what the OS layout produced, `code` the physical key, `time` in milliseconds.
 */
export interface WedgeKey {
  key: string;
  code?: string;
  shift?: boolean;
  time: number;
}

export type WedgeOutput = Decoded<CardRead> | { readonly type: 'release'; readonly text: string };

export interface WedgeOptions {
  /** Longest pause between two keys of one swipe. Readers type every ~2 ms; people far slower. */
  maxGapMs?: number;
  /** Keys a burst needs before it counts as a swipe rather than typing. */
  minBurst?: number;
  now?: () => Date;
}

/** Track 3 may follow inside a burst; it never starts one (a lone `+` is typing). */
const TRACK3_SENTINELS = new Set(['+', '#', '&']);
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);
const MAX_BURST = 400;
/**
 * Once a burst has begun like a card track at machine speed (`%B`, or `;` and a digit, within the
 * gap), a longer pause before its end sentinel is the app stalling, not the reader stopping: keys
 * are stamped when the main process gets to them. Ending the burst there would hand the rest of
 * the track, card number included, to the focused field.
 */
const STALLED_TRACK_MS = 1000;
/** Stands for a dead key in the burst buffer (never a character a reader sends). */
const DEAD = '\u0000';

/**
 * Keyboard-wedge swipes from timed key events. A burst starts on a start sentinel (`%` or `;`,
 * recognised by the physical key too, so a swipe typed through a foreign layout is still caught)
 * and continues while keys come faster than `maxGapMs`; CRs may end each track or the whole swipe.
 * The caller swallows every key it is told to consume; a short burst that turns out to be typing
 * is handed back as `release` so the page can get it.
 */
export class WedgeDecoder {
  private buf: string[] = [];
  private last = 0;
  private mangled = false;
  private afterEnter = false;
  /**
   * A start sentinel handed back alone (its burst ended after one key), kept a while: if its
   * track's next key (`B` after `%`, a digit after `;`) follows within STALLED_TRACK_MS, the app
   * may have stalled between a reader's first two keys. That key is then held, `tentative`, until
   * the next one shows a reader at machine speed (the burst goes on; the page has only the
   * sentinel) or a person (the key is handed back too).
   */
  private released: { char: string; time: number } | undefined;
  private tentative = false;
  /** Leading characters of the burst the page already has (a sentinel handed back). */
  private given = 0;
  private readonly maxGap: number;
  private readonly minBurst: number;
  private readonly now: () => Date;

  constructor(options: WedgeOptions = {}) {
    this.maxGap = options.maxGapMs ?? 50;
    this.minBurst = options.minBurst ?? 4;
    this.now = options.now ?? (() => new Date());
  }

  /** True while a burst is being collected (its key-ups should be swallowed too). */
  get active(): boolean {
    return this.buf.length > 0;
  }

  /** When `tick` must be called if no key comes first. */
  deadline(): number | undefined {
    return this.active ? this.last + this.gapLimit() : undefined;
  }

  tick(time: number): WedgeOutput[] {
    if (!this.active || time - this.last < this.gapLimit()) return [];
    return this.finish();
  }

  /** The pause that ends the current burst: longer inside a card track that has not ended yet. */
  private gapLimit(): number {
    if (this.tentative) return this.maxGap;
    const [first, second] = this.buf;
    const trackStarted = (first === '%' && second === 'B') || (first === ';' && second !== undefined && second >= '0' && second <= '9');
    const trackOpen = this.buf.at(-1) !== '?' && this.buf.at(-1) !== '\r';
    return trackStarted && trackOpen ? Math.max(this.maxGap, STALLED_TRACK_MS) : this.maxGap;
  }

  key(k: WedgeKey): { consume: boolean; out: WedgeOutput[] } {
    const out: WedgeOutput[] = [];
    if (this.active && k.time - this.last > this.gapLimit()) out.push(...this.finish());
    // A key within the pause confirms a held continuation: a reader at machine speed.
    this.tentative = false;
    if (MODIFIERS.has(k.key)) {
      if (this.active) this.last = k.time;
      return { consume: this.active, out };
    }
    if (!this.active) {
      const held = this.released;
      this.released = undefined;
      if (held && continuesTrack(held.char, k.key) && k.time - held.time <= STALLED_TRACK_MS) {
        // The sentinel's track may go on after a stall: its next key is not typed into the page.
        this.buf = [held.char, k.key];
        this.given = 1;
        this.tentative = true;
        this.mangled = false;
        this.afterEnter = false;
        this.last = k.time;
        return { consume: true, out };
      }
      const sentinel = startSentinel(k);
      if (!sentinel) return { consume: false, out };
      this.buf = [sentinel.char];
      this.mangled = sentinel.mangled;
      this.afterEnter = false;
      this.last = k.time;
      return { consume: true, out };
    }
    if (k.key === 'Enter') {
      this.afterEnter = true;
      return this.add('\r', k.time, out);
    }
    if (k.key.length === 1) {
      if (this.afterEnter && !startSentinel(k) && !TRACK3_SENTINELS.has(k.key)) {
        // The swipe ended at the CR; this key is someone typing.
        out.push(...this.finish());
        const again = this.key(k);
        return { consume: again.consume, out: [...out, ...again.out] };
      }
      this.afterEnter = false;
      if (!isSwipeChar(k.key)) this.mangled = true;
      return this.add(k.key, k.time, out);
    }
    if (k.key === 'Dead' || k.key === 'Unidentified' || k.key === 'Process') {
      // A dead key inside a burst: the OS layout is rewriting the reader's characters.
      this.mangled = true;
      return this.add(DEAD, k.time, out);
    }
    // Tab, Backspace, arrows…: a person is typing. Close the burst and let the key through.
    out.push(...this.finish());
    return { consume: false, out };
  }

  /** One more key of the burst, swallowed; a burst longer than any swipe (printable or not) is dropped. */
  private add(ch: string, time: number, out: WedgeOutput[]): { consume: boolean; out: WedgeOutput[] } {
    this.buf.push(ch);
    this.last = time;
    if (this.buf.length > MAX_BURST) {
      this.reset();
      out.push({ type: 'error', error: { code: 'OVERFLOW', message: 'A keyboard burst was too long to be a swipe and was dropped.' } });
    }
    return { consume: true, out };
  }

  private reset(): void {
    this.buf = [];
    this.mangled = false;
    this.afterEnter = false;
    this.tentative = false;
    this.given = 0;
  }

  private finish(): WedgeOutput[] {
    const chars = this.buf;
    const mangled = this.mangled;
    const given = this.given;
    const last = this.last;
    this.reset();
    const printable = chars.filter((c) => c !== '\r');
    if (printable.length < this.minBurst) {
      const text = printable.slice(given).filter((c) => c !== DEAD).join('');
      if (text === '%' || text === ';') this.released = { char: text, time: last };
      return text ? [{ type: 'release', text }] : [];
    }
    if (mangled) {
      return [
        {
          type: 'error',
          error: {
            code: 'LAYOUT_MANGLED',
            message: 'The card reader types through a keyboard layout that changes its characters. Set the reader or the system keyboard to US English, or switch the reader to serial/HID mode.',
          },
        },
      ];
    }
    const r = parseSwipe(chars.join(''), { now: this.now() });
    return [decoded(r)];
  }
}

/** The key that follows a track's start sentinel: `B` (format code) after `%`, a digit after `;`. */
function continuesTrack(sentinel: string, key: string): boolean {
  return sentinel === '%' ? key === 'B' : sentinel === ';' && key.length === 1 && key >= '0' && key <= '9';
}

function isSwipeChar(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return c >= 0x20 && c <= 0x5f;
}

/** `%` or `;` as typed, or the physical keys a US-layout reader presses for them. */
function startSentinel(k: WedgeKey): { char: string; mangled: boolean } | undefined {
  if (k.key === '%' || k.key === ';') return { char: k.key, mangled: false };
  if (k.code === 'Semicolon' && !k.shift) return { char: ';', mangled: true };
  if (k.code === 'Digit5' && k.shift) return { char: '%', mangled: true };
  return undefined;
}
