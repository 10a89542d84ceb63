import type { Logger } from 'pino';
import type { Reply } from '../../preload/contract';

/**
 * What one client of the loopback WebSocket may cost. A real page holds one connection and has a
 * handful of calls running at a time (a screen's worth of catalogue thumbnails at most), and it reads
 * every frame as it arrives; each limit sits well above that and well below what hurts the terminal.
 */
export interface ConnectionLimits {
  /**
   * Open connections at once; more are refused at the upgrade (503). Room for a couple of tabs, a
   * reconnect that arrives before the server saw the old socket go, and a technician's tool.
   */
  maxConnections: number;
  /**
   * Calls of one connection being handled at once; a call over it is answered BUSY without running.
   * A catalogue screen asks for some 20-40 thumbnails together, so 64 never refuses a real page.
   */
  maxCallsInFlight: number;
  /**
   * Bytes queued for a client and not yet taken by the kernel at which the server stops reading its
   * calls until they drain. It may sit low: a page that reads drains at once and resumes, so one large
   * picture pausing it for a moment costs it nothing.
   */
  pauseReadingAtBytes: number;
  /**
   * Queued bytes at which the client is dropped. Pausing bounds the replies, not the events, which
   * keep coming whether the page reads or not. Above the largest burst a reading page can meet: a
   * full catalogue list (a few MB) with a few large pictures (up to ~2.7 MB each).
   */
  closeAtBytes: number;
  /**
   * A socket that is not an authenticated WebSocket and has no request being answered (connected
   * and silent, a request trickling in, a keep-alive between two files) is closed after this long.
   * A page asks for its files and opens its WebSocket at once; 4 s keeps within the promised 5 s.
   */
  idleUnauthenticatedMs: number;
  /** Time for a request's headers to arrive in full (Node's headersTimeout, checked every second). */
  headersTimeoutMs: number;
  /**
   * Time for a whole request to arrive (Node's requestTimeout). The server takes no request body:
   * a request that announces one is answered and its connection closed without waiting for it.
   */
  requestTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = Object.freeze({
  maxConnections: 8,
  maxCallsInFlight: 64,
  pauseReadingAtBytes: 1 << 20,
  closeAtBytes: 16 << 20,
  idleUnauthenticatedMs: 4_000,
  headersTimeoutMs: 4_000,
  requestTimeoutMs: 5_000,
});

/** The defaults with the given overrides, refusing values that would make a limit meaningless. */
export function resolveLimits(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`limits.${name} must be a whole number of at least 1, not ${value}`);
  }
  if (limits.closeAtBytes <= limits.pauseReadingAtBytes) {
    throw new RangeError(`limits.closeAtBytes (${limits.closeAtBytes}) must be above limits.pauseReadingAtBytes (${limits.pauseReadingAtBytes})`);
  }
  // Node refuses a headers time-out longer than the request's.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(`limits.headersTimeoutMs (${limits.headersTimeoutMs}) must not be above limits.requestTimeoutMs (${limits.requestTimeoutMs})`);
  }
  return limits;
}

/** The answer to a call over the in-flight cap. */
export const BUSY_REPLY: Reply = {
  ok: false,
  error: { code: 'BUSY', message: 'this page has too many calls waiting for an answer; try again once earlier ones have answered' },
};

/** What the budget uses of a `ws` WebSocket on the server side. */
export interface BudgetClient {
  /** Bytes sent but not yet taken by the kernel (the socket's own buffer included). */
  readonly bufferedAmount: number;
  pause(): void;
  resume(): void;
  terminate(): void;
}

/** What the budget uses of the connection's TCP socket. */
export interface BudgetSocket {
  readonly writableNeedDrain: boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * The budget of one connection: its calls in flight and the bytes queued for it.
 *
 * Back-pressure: a client whose queue passes `pauseReadingAtBytes` is paused, not closed, because
 * a page that is merely slow for a moment (a busy tab, a large picture) should keep its connection
 * and its pending calls; once the socket drains, reading resumes. A paused client sends no new calls,
 * so its replies are bounded by the in-flight cap; its events are not, so a queue that still reaches
 * `closeAtBytes` ends the connection. That one is terminated, not closed with a handshake: a client
 * that reads nothing would never answer a close frame, and its queue would be kept meanwhile. The
 * page's WebSocket client sees the drop as a lost connection and reconnects with back-off.
 */
export class ConnectionBudget {
  private inFlight = 0;
  private paused = false;
  private warnedPause = false;

  constructor(
    private readonly ws: BudgetClient,
    private readonly socket: BudgetSocket,
    private readonly limits: ConnectionLimits,
    private readonly log: Logger,
  ) {}

  /** Takes a call slot; false when the connection already has its cap of calls running. */
  tryStartCall(): boolean {
    if (this.inFlight >= this.limits.maxCallsInFlight) return false;
    this.inFlight++;
    return true;
  }

  endCall(): void {
    this.inFlight--;
  }

  /** Checks the queue after each frame sent to this client. */
  afterSend(): void {
    const queued = this.ws.bufferedAmount;
    if (queued >= this.limits.closeAtBytes) {
      this.log.warn({ queued, limit: this.limits.closeAtBytes }, 'dropped a WebSocket client that does not read what it is sent');
      this.ws.terminate();
    } else if (queued >= this.limits.pauseReadingAtBytes) {
      this.pause(queued);
    }
  }

  private pause(queued: number): void {
    // Only a socket that owes a 'drain' may be paused: that event is what resumes it.
    if (this.paused || !this.socket.writableNeedDrain) return;
    this.paused = true;
    this.ws.pause();
    this.socket.once('drain', () => {
      this.paused = false;
      this.ws.resume();
    });
    const fields = { queued, limit: this.limits.pauseReadingAtBytes };
    // Once per connection: a slow page may pause and resume many times.
    if (!this.warnedPause) this.log.warn(fields, 'stopped reading calls from a WebSocket client that does not read its replies');
    else this.log.debug(fields, 'paused a slow WebSocket client');
    this.warnedPause = true;
  }
}
