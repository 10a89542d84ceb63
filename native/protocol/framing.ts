import { CR, ETX, LF, STX, xorBytes } from './bytes';

/**
 * How a serial reader delimits one read:
 * - `cr`, `crlf`: data then CR (or CR LF). Decoding accepts CR, LF or both either way.
 * - `stx-etx`: STX data ETX.
 * - `stx-etx-lrc`: STX data ETX LRC, LRC = XOR of the bytes after STX through ETX.
 */
export const FRAMINGS = ['cr', 'crlf', 'stx-etx', 'stx-etx-lrc'] as const;
export type Framing = (typeof FRAMINGS)[number];

export type FrameEvent =
  | { readonly type: 'frame'; readonly bytes: Buffer }
  | { readonly type: 'error'; readonly code: 'NOISE' | 'OVERFLOW' | 'BAD_LRC' | 'TRUNCATED'; readonly message: string };

export type FrameError = Extract<FrameEvent, { type: 'error' }>;

export interface FramerOptions {
  /** Longest frame accepted; longer input is dropped up to the next frame start. */
  maxLength?: number;
}

const NOISE = { type: 'error', code: 'NOISE', message: 'Bytes outside a frame were ignored.' } as const;
const OVERFLOW = { type: 'error', code: 'OVERFLOW', message: 'A read was too long and was dropped.' } as const;
const TRUNCATED = { type: 'error', code: 'TRUNCATED', message: 'A read was cut short and was dropped.' } as const;
const BAD_LRC = { type: 'error', code: 'BAD_LRC', message: 'A read failed its check byte and was dropped.' } as const;

/**
 * Streaming framer: bytes in, frames or typed errors out, never throwing. After noise, an
 * overflow or a bad check byte it resynchronises on the next frame start (STX) or terminator.
 */
export class Framer {
  private buf: number[] = [];
  /** CR/LF framing: the current line's runs so far, and their length. */
  private line: Buffer[] = [];
  private lineLength = 0;
  private state: 'idle' | 'in' | 'lrc' | 'skip' = 'idle';
  private noisy = false;
  private readonly max: number;

  constructor(
    readonly framing: Framing,
    options: FramerOptions = {},
  ) {
    this.max = options.maxLength ?? 1024;
  }

  private get delimited(): boolean {
    return this.framing === 'stx-etx' || this.framing === 'stx-etx-lrc';
  }

  push(chunk: Uint8Array): FrameEvent[] {
    const out: FrameEvent[] = [];
    if (!this.delimited) {
      this.lines(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), out);
      return out;
    }
    for (const b of chunk) this.stx(b, out);
    return out;
  }

  /** Drops a partial frame (the line went down); reports it when there was one. */
  reset(): FrameError[] {
    const partial = (this.buf.length > 0 || this.lineLength > 0) && this.state !== 'skip';
    this.buf = [];
    this.line = [];
    this.lineLength = 0;
    this.state = 'idle';
    this.noisy = false;
    return partial ? [TRUNCATED] : [];
  }

  /** Adds a data byte, or drops the frame (and what follows up to the next start) when it grew too long. */
  private collect(b: number, out: FrameEvent[]): void {
    if (this.buf.length < this.max) {
      this.buf.push(b);
      return;
    }
    out.push(OVERFLOW);
    this.buf = [];
    this.state = 'skip';
  }

  /**
   * CR/LF framing: the terminators are found by native scans and the data between them taken
   * as runs, not byte by byte (a swipe's hundred bytes at the swipe's last byte). The rules are
   * the byte-by-byte ones: an empty line is nothing, a line longer than `max` is dropped up to its
   * terminator.
   */
  private lines(chunk: Buffer, out: FrameEvent[]): void {
    let start = 0;
    // The next CR and LF, each looked for again only once passed (a CR-only stream is not scanned to its end per line).
    let cr = chunk.indexOf(CR);
    let lf = chunk.indexOf(LF);
    while (start < chunk.length) {
      if (cr >= 0 && cr < start) cr = chunk.indexOf(CR, start);
      if (lf >= 0 && lf < start) lf = chunk.indexOf(LF, start);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      const stop = end < 0 ? chunk.length : end;
      if (this.state !== 'skip' && stop > start) {
        if (this.lineLength + stop - start > this.max) {
          out.push(OVERFLOW);
          this.line = [];
          this.lineLength = 0;
          this.state = 'skip';
        } else {
          // Copied: the caller may reuse its buffer before the line ends.
          this.line.push(Buffer.from(chunk.subarray(start, stop)));
          this.lineLength += stop - start;
        }
      }
      if (end < 0) return;
      if (this.state !== 'skip' && this.lineLength > 0) {
        out.push({ type: 'frame', bytes: this.line.length === 1 ? (this.line[0] as Buffer) : Buffer.concat(this.line, this.lineLength) });
      }
      this.line = [];
      this.lineLength = 0;
      this.state = 'idle';
      start = end + 1;
    }
  }

  private stx(b: number, out: FrameEvent[]): void {
    if (this.state === 'lrc') {
      const body = Buffer.from(this.buf);
      // LRC covers the bytes after STX through ETX.
      const lrc = xorBytes(body) ^ ETX;
      out.push(lrc === b ? { type: 'frame', bytes: body } : BAD_LRC);
      this.buf = [];
      this.state = 'idle';
      return;
    }
    if (b === STX) {
      if (this.state === 'in' && this.buf.length > 0) out.push(TRUNCATED);
      this.buf = [];
      this.state = 'in';
      this.noisy = false;
      return;
    }
    if (this.state === 'idle' || this.state === 'skip') {
      // Report a run of noise once, not once per byte.
      if (this.state === 'idle' && !this.noisy) {
        out.push(NOISE);
        this.noisy = true;
      }
      return;
    }
    if (b === ETX) {
      if (this.framing === 'stx-etx-lrc') {
        this.state = 'lrc';
        return;
      }
      out.push({ type: 'frame', bytes: Buffer.from(this.buf) });
      this.buf = [];
      this.state = 'idle';
      return;
    }
    this.collect(b, out);
  }
}

/** The bytes a reader sends for one read in the given framing (simulators and tests). */
export function frameBytes(data: Uint8Array | string, framing: Framing): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
  switch (framing) {
    case 'cr':
      return Buffer.concat([body, Buffer.from([CR])]);
    case 'crlf':
      return Buffer.concat([body, Buffer.from([CR, LF])]);
    case 'stx-etx':
      return Buffer.concat([Buffer.from([STX]), body, Buffer.from([ETX])]);
    case 'stx-etx-lrc':
      return Buffer.concat([Buffer.from([STX]), body, Buffer.from([ETX, xorBytes(body) ^ ETX])]);
  }
}
