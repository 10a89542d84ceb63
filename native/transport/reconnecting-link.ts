import { EventEmitter } from 'node:events';
import { Backoff } from './backoff';
import { LinkError, type ByteLink, type LinkEvents, type LinkState, type LinkStatus } from './link';

/** An open connection to the device, as a concrete transport provides it. */
export interface Connection {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectionSink {
  data(bytes: Buffer): void;
  /** The device went away (unplugged, cable pulled, far end closed). */
  lost(reason: string): void;
}

/** Why a connection attempt failed, in the link's terms. */
export interface ConnectFailure {
  state: Extract<LinkState, 'disconnected' | 'error'>;
  detail: string;
}

export interface ReconnectOptions {
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

const NOT_OPENED = 'not opened yet';

/**
 * The reconnect loop shared by every transport: connect, report, and after a loss or a failed
 * attempt try again with backoff until closed. Subclasses only know how to open once.
 */
export abstract class ReconnectingLink extends EventEmitter<LinkEvents> implements ByteLink {
  private current: LinkStatus = { state: 'disconnected', detail: NOT_OPENED };
  private conn: Connection | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private opened = false;
  private generation = 0;
  private readonly backoff: Backoff;

  constructor(options: ReconnectOptions = {}) {
    super();
    this.backoff = new Backoff(options.initialBackoffMs ?? 100, options.maxBackoffMs ?? 1000);
  }

  /** Opens the device once; rejects with something `classify` understands. */
  protected abstract connect(sink: ConnectionSink): Promise<Connection>;
  protected abstract classify(error: unknown): ConnectFailure;
  /** What the link is, for messages: "/dev/ttyUSB0", "HID 0801:0002". */
  abstract readonly label: string;

  get status(): LinkStatus {
    return this.current;
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    void this.attempt();
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.conn) throw new LinkError('NOT_CONNECTED', `${this.label} is not connected`);
    try {
      await this.conn.write(bytes);
    } catch (e) {
      throw new LinkError('WRITE_FAILED', `write to ${this.label} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async close(): Promise<void> {
    this.opened = false;
    this.generation++;
    clearTimeout(this.timer);
    const conn = this.conn;
    this.conn = undefined;
    if (conn) await conn.close().catch(() => undefined);
    this.setStatus({ state: 'closed', detail: 'closed' });
  }

  private setStatus(status: LinkStatus): void {
    if (status.state === this.current.state && status.detail === this.current.detail) return;
    this.current = status;
    this.emit('status', status);
  }

  private async attempt(): Promise<void> {
    if (!this.opened) return;
    const generation = ++this.generation;
    // While retrying, keep showing why the last attempt failed rather than flickering to "connecting".
    const retrying = (this.current.state === 'disconnected' || this.current.state === 'error') && this.current.detail !== NOT_OPENED;
    if (!retrying) this.setStatus({ state: 'connecting', detail: `opening ${this.label}` });
    let conn: Connection;
    try {
      conn = await this.connect({
        data: (bytes) => {
          if (generation === this.generation) this.emit('data', bytes);
        },
        lost: (reason) => {
          if (generation !== this.generation) return;
          this.conn = undefined;
          this.setStatus({ state: 'disconnected', detail: `${this.label}: ${reason}` });
          this.schedule();
        },
      });
    } catch (e) {
      if (generation !== this.generation) return;
      this.setStatus(this.classify(e));
      this.schedule();
      return;
    }
    if (generation !== this.generation || !this.opened) {
      await conn.close().catch(() => undefined);
      return;
    }
    this.conn = conn;
    this.backoff.reset();
    this.setStatus({ state: 'connected', detail: `${this.label} open` });
  }

  private schedule(): void {
    if (!this.opened) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.attempt(), this.backoff.next());
  }
}
