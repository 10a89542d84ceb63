import { EventEmitter } from 'node:events';
import type { StreamDecoder } from '../protocol/decoder';
import type { ReadError } from '../read-error';
import type { ByteLink, LinkStatus } from '../transport/link';

export interface StreamReaderEvents<T> {
  read: [T];
  /** A typed decode error (named `failure`: an EventEmitter `error` without listener would throw). */
  failure: [ReadError];
  status: [LinkStatus];
}

/**
 * A link and a decoder: bytes from the device go through the decoder, values and typed errors
 * come out. The decoder starts clean after every reconnect, so a half-received frame from before
 * an unplug can never be glued to the bytes after it.
 */
export class StreamReader<T> extends EventEmitter<StreamReaderEvents<T>> {
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly link: ByteLink,
    private readonly decoder: StreamDecoder<T>,
  ) {
    super();
    link.on('data', (chunk) => this.onData(chunk));
    link.on('status', (status) => {
      if (status.state !== 'connected') {
        clearTimeout(this.idleTimer);
        this.deliver(this.decoder.reset());
      }
      this.emit('status', status);
    });
  }

  get status(): LinkStatus {
    return this.link.status;
  }

  start(): void {
    this.link.open();
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    await this.link.close();
  }

  private onData(chunk: Buffer): void {
    this.deliver(this.decoder.push(chunk));
    const idle = this.decoder.idle?.bind(this.decoder);
    if (idle && this.decoder.idleMs !== undefined) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.deliver(idle()), this.decoder.idleMs);
    }
  }

  private deliver(events: ReturnType<StreamDecoder<T>['push']>): void {
    for (const e of events) {
      if (e.type === 'read') this.emit('read', e.value);
      else this.emit('failure', e.error);
    }
  }
}
