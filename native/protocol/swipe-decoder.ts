import { parseSwipe, type CardRead } from '../card/card-read';
import { splitTracks } from '../card/tracks';
import { decoded, frameError, type Decoded, type StreamDecoder } from './decoder';
import { FRAMINGS, Framer } from './framing';

/**
 * Framings of serial swipe readers: those of {@link Framing} (MagTek style: all tracks, then one
 * terminator) and `cr-per-track` (ID TECH style: CR after each track; the swipe ends when the line
 * goes quiet or a new swipe starts).
 */
export const SWIPE_FRAMINGS = [...FRAMINGS, 'cr-per-track'] as const;
export type SwipeFraming = (typeof SWIPE_FRAMINGS)[number];

export interface SwipeDecoderOptions {
  framing?: SwipeFraming;
  now?: () => Date;
  /** Quiet time that ends a `cr-per-track` swipe. */
  idleMs?: number;
}

/** Lines a `cr-per-track` swipe may hold: three tracks and one more (each line at most 512 bytes). */
const MAX_LINES_PER_SWIPE = 4;

/** ASCII track output of serial swipe readers to validated cards. */
export class SwipeDecoder implements StreamDecoder<CardRead> {
  private readonly framer: Framer;
  private readonly perTrack: boolean;
  private readonly now: () => Date;
  private group: string[] = [];
  private lastTrack = 0;
  readonly idleMs: number | undefined;

  constructor(options: SwipeDecoderOptions = {}) {
    const framing = options.framing ?? 'cr';
    this.perTrack = framing === 'cr-per-track';
    this.framer = new Framer(framing === 'cr-per-track' ? 'cr' : framing, { maxLength: 512 });
    this.now = options.now ?? (() => new Date());
    this.idleMs = this.perTrack ? (options.idleMs ?? 40) : undefined;
  }

  push(chunk: Uint8Array): Decoded<CardRead>[] {
    const out: Decoded<CardRead>[] = [];
    for (const e of this.framer.push(chunk)) {
      if (e.type === 'error') out.push(frameError(e));
      else if (this.perTrack) this.addLine(e.bytes.toString('latin1'), out);
      else out.push(this.parse(e.bytes.toString('latin1')));
    }
    return out;
  }

  idle(): Decoded<CardRead>[] {
    const out: Decoded<CardRead>[] = [];
    this.complete(out);
    return out;
  }

  reset(): Decoded<CardRead>[] {
    const out: Decoded<CardRead>[] = this.framer.reset().map((e) => frameError<CardRead>(e));
    this.group = [];
    this.lastTrack = 0;
    return out;
  }

  private addLine(line: string, out: Decoded<CardRead>[]): void {
    // A swipe is at most three tracks (and a stray line): more lines without a pause are noise,
    // parsed as they stand rather than held until the line goes quiet (which may be never).
    if (this.group.length >= MAX_LINES_PER_SWIPE) this.complete(out);
    const first = splitTracks(line).tracks[0];
    const track = first?.track ?? 0;
    if (this.group.length > 0 && track !== 0 && track <= this.lastTrack) this.complete(out);
    this.group.push(line);
    if (track !== 0) this.lastTrack = track;
    if (track === 3) this.complete(out);
  }

  private complete(out: Decoded<CardRead>[]): void {
    if (this.group.length === 0) return;
    out.push(this.parse(this.group.join('\r')));
    this.group = [];
    this.lastTrack = 0;
  }

  private parse(text: string): Decoded<CardRead> {
    const r = parseSwipe(text, { now: this.now() });
    return decoded(r);
  }
}
