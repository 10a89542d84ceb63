import { ACK, EOT, ETX, NAK, SI, SO, STX, xorBytes } from '../protocol/bytes';

/**
 * PIN pad link framing (Ingenico RBA style): STX, payload `NN.` + data, ETX, LRC where LRC is the
 * XOR of every byte after STX through ETX. The receiver answers ACK or NAK. VeriFone-style pads
 * frame SI … SO the same way; the decoder accepts both.
 */
export interface PinpadFrame {
  /** Two-digit message id, e.g. "23". */
  readonly id: string;
  /** What follows `NN.` (ASCII; fields separated by FS). */
  readonly data: string;
}

export type PinpadEvent =
  | { readonly type: 'ack' }
  | { readonly type: 'nak' }
  | { readonly type: 'eot' }
  | { readonly type: 'frame'; readonly frame: PinpadFrame }
  /** The frame was received whole but its LRC is wrong: answer NAK. */
  | { readonly type: 'bad-lrc' }
  /** Good LRC but no `NN.` message id: answer ACK (the link is fine), report upward. */
  | { readonly type: 'malformed' }
  | { readonly type: 'noise' }
  | { readonly type: 'overflow' };

export function encodePinpadFrame(id: string, data = '', style: 'stx' | 'si' = 'stx'): Buffer {
  if (!/^\d\d$/.test(id)) throw new RangeError(`message id must be two digits, not ${JSON.stringify(id)}`);
  const body = Buffer.from(`${id}.${data}`, 'latin1');
  for (const b of body) if (b === STX || b === ETX || b === SI || b === SO) throw new RangeError('control byte in message data');
  const end = style === 'stx' ? ETX : SO;
  const framed = Buffer.concat([Buffer.from([style === 'stx' ? STX : SI]), body, Buffer.from([end])]);
  return Buffer.concat([framed, Buffer.from([xorBytes(framed, 1)])]);
}

export const ACK_BYTE = Buffer.from([ACK]);
export const NAK_BYTE = Buffer.from([NAK]);
export const EOT_BYTE = Buffer.from([EOT]);

/** Streaming decoder of the PIN pad byte stream; never throws, resynchronises on the next STX/SI. */
export class PinpadDecoder {
  private buf: number[] = [];
  /** `skip`: inside a frame too long to keep, until its end; `skip-lrc`: its LRC byte, dropped too. */
  private state: 'idle' | 'in' | 'lrc' | 'skip' | 'skip-lrc' = 'idle';
  private start = STX;
  private noisy = false;

  constructor(private readonly maxLength = 2048) {}

  push(chunk: Uint8Array): PinpadEvent[] {
    const out: PinpadEvent[] = [];
    for (const b of chunk) this.byte(b, out);
    return out;
  }

  reset(): void {
    this.buf = [];
    this.state = 'idle';
    this.noisy = false;
  }

  private byte(b: number, out: PinpadEvent[]): void {
    if (this.state === 'lrc') {
      const end = this.start === STX ? ETX : SO;
      const ok = (xorBytes(Uint8Array.from(this.buf)) ^ end) === b;
      out.push(ok ? this.frame() : { type: 'bad-lrc' });
      this.reset();
      return;
    }
    if (this.state === 'skip-lrc') {
      this.state = 'idle';
      return;
    }
    if (b === STX || b === SI) {
      this.buf = [];
      this.state = 'in';
      this.start = b;
      this.noisy = false;
      return;
    }
    // The rest of an overflowed frame (an ACK, NAK or EOT byte in its data or its LRC included) is
    // data, never a control byte from the pad.
    if (this.state === 'skip') {
      if (b === (this.start === STX ? ETX : SO)) this.state = 'skip-lrc';
      return;
    }
    if (this.state === 'idle') {
      if (b === ACK) out.push({ type: 'ack' });
      else if (b === NAK) out.push({ type: 'nak' });
      else if (b === EOT) out.push({ type: 'eot' });
      else if (!this.noisy) {
        out.push({ type: 'noise' });
        this.noisy = true;
      }
      return;
    }
    if (b === (this.start === STX ? ETX : SO)) {
      this.state = 'lrc';
      return;
    }
    if (this.buf.length >= this.maxLength) {
      out.push({ type: 'overflow' });
      this.reset();
      this.state = 'skip';
      return;
    }
    this.buf.push(b);
  }

  private frame(): PinpadEvent {
    const text = Buffer.from(this.buf).toString('latin1');
    const m = /^(\d\d)\.([\s\S]*)$/.exec(text);
    if (!m) return { type: 'malformed' };
    return { type: 'frame', frame: { id: m[1] ?? '', data: m[2] ?? '' } };
  }
}
