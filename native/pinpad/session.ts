import { EventEmitter } from 'node:events';
import { ACK_BYTE, EOT_BYTE, NAK_BYTE, PinpadDecoder, encodePinpadFrame, type PinpadFrame } from './frame';

export type PinpadErrorCode = 'NO_ACK' | 'NAK_LIMIT' | 'LINK_DOWN' | 'TIMEOUT' | 'CLOSED';

export class PinpadError extends Error {
  override name = 'PinpadError';
  constructor(
    readonly code: PinpadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface PinpadSessionOptions {
  /** How long to wait for ACK/NAK after sending a frame. */
  ackTimeoutMs?: number;
  /** Transmissions of one frame before giving up (NAKs and ACK time-outs both count). */
  maxAttempts?: number;
  style?: 'stx' | 'si';
}

interface Outgoing {
  frame: Buffer;
  attempts: number;
  timer?: ReturnType<typeof setTimeout>;
  resolve(): void;
  reject(e: PinpadError): void;
}

export interface PinpadSessionEvents {
  /** A good frame from the other side (already ACKed). */
  message: [PinpadFrame];
  /** Link-level trouble worth a log line: bad LRC (NAKed), noise, malformed frame. */
  problem: [string];
}

/**
 * The ACK/NAK link of a PIN pad, either side of it: sends one frame at a time, resends on NAK or
 * ACK time-out and gives up after `maxAttempts`; ACKs good frames and NAKs bad ones.
 */
export class PinpadSession extends EventEmitter<PinpadSessionEvents> {
  private readonly decoder = new PinpadDecoder();
  private readonly ackTimeoutMs: number;
  private readonly maxAttempts: number;
  private readonly style: 'stx' | 'si';
  private current: Outgoing | undefined;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private epoch = 0;

  constructor(
    private readonly write: (bytes: Buffer) => Promise<void> | void,
    options: PinpadSessionOptions = {},
  ) {
    super();
    this.ackTimeoutMs = options.ackTimeoutMs ?? 3000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.style = options.style ?? 'stx';
  }

  /** Sends one message; resolves when the other side ACKed it. */
  send(id: string, data = ''): Promise<void> {
    const frame = encodePinpadFrame(id, data, this.style);
    const epoch = this.epoch;
    const run = (): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        if (this.closed) return reject(new PinpadError('CLOSED', 'the PIN pad link is closed'));
        // Messages queued before the link dropped are not sent on the new link: their moment passed.
        if (epoch !== this.epoch) return reject(new PinpadError('LINK_DOWN', 'the PIN pad link went down'));
        this.current = { frame, attempts: 0, resolve, reject };
        this.transmit();
      });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Bytes from the link. */
  receive(chunk: Uint8Array): void {
    for (const e of this.decoder.push(chunk)) {
      switch (e.type) {
        case 'ack':
          this.settle();
          break;
        case 'nak':
          this.retry('NAK_LIMIT');
          break;
        case 'eot':
          this.fail(new PinpadError('NAK_LIMIT', 'the PIN pad gave up on the message (EOT)'));
          break;
        case 'frame':
          this.reply(ACK_BYTE);
          this.emit('message', e.frame);
          break;
        case 'bad-lrc':
          this.reply(NAK_BYTE);
          this.emit('problem', 'frame with a bad LRC (answered NAK)');
          break;
        case 'malformed':
          this.reply(ACK_BYTE);
          this.emit('problem', 'frame without a message id');
          break;
        case 'noise':
          this.emit('problem', 'bytes outside a frame');
          break;
        case 'overflow':
          this.emit('problem', 'frame too long (dropped)');
          break;
      }
    }
  }

  /** The link dropped: the frame in flight and the decoder's partial input are lost. */
  linkDown(): void {
    this.epoch++;
    this.decoder.reset();
    this.fail(new PinpadError('LINK_DOWN', 'the PIN pad link went down'));
  }

  close(): void {
    this.closed = true;
    this.fail(new PinpadError('CLOSED', 'the PIN pad link is closed'));
  }

  private transmit(): void {
    const cur = this.current;
    if (!cur) return;
    cur.attempts++;
    this.reply(cur.frame);
    cur.timer = setTimeout(() => this.retry('NO_ACK'), this.ackTimeoutMs);
  }

  private retry(code: 'NAK_LIMIT' | 'NO_ACK'): void {
    const cur = this.current;
    if (!cur) return;
    clearTimeout(cur.timer);
    if (cur.attempts >= this.maxAttempts) {
      if (this.style === 'si') this.reply(EOT_BYTE);
      this.fail(new PinpadError(code, code === 'NO_ACK' ? `no answer from the PIN pad after ${cur.attempts} tries` : `the PIN pad refused the message ${cur.attempts} times`));
      return;
    }
    this.transmit();
  }

  private settle(): void {
    const cur = this.current;
    if (!cur) return;
    clearTimeout(cur.timer);
    this.current = undefined;
    cur.resolve();
  }

  private fail(error: PinpadError): void {
    const cur = this.current;
    if (!cur) return;
    clearTimeout(cur.timer);
    this.current = undefined;
    cur.reject(error);
  }

  private reply(bytes: Buffer): void {
    try {
      const r = this.write(bytes);
      if (r) r.catch((e: unknown) => this.emit('problem', `write failed: ${e instanceof Error ? e.message : String(e)}`));
    } catch (e) {
      this.emit('problem', `write failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
