import type { Socket } from 'node:net';

/**
 * Keeps one connection to the gateway open ahead of the request that will use it, so the customer
 * never waits for the TCP and TLS handshakes (issue 23). Still one request per connection: a
 * connection is handed to one request and never comes back (see http-transport.ts for why).
 *
 * The policy:
 * - `expect` (the cashier ringing up a payment, before its tender) opens one at once and keeps
 *   it ready for a short window: at 200 ms round trips the handshakes take longer than a customer
 *   who swipes right after the tender. Nothing is dialled for it while a request is on its way.
 * - `hold` (a sale's tender) opens a connection at once and keeps one ready until a request takes
 *   it, however long the customer takes: a connection is replaced before it reaches `maxAgeMs`
 *   unused (a new one is opened at half that age; the old one is closed once the new one is up), so
 *   the one handed over is never older than the gateway's idle limit allows.
 * - A handshake still in flight when the request comes is awaited, never thrown away (when an
 *   open one is there too, the open one goes and the renewal is closed).
 * - While a request is on its way, nothing else is opened: the next connection comes after the answer.
 * - After a request, one is kept ready `keepWarmMs` longer for the next sale (0: only from a tender
 *   to its request). Nothing is opened outside those windows.
 * - A connection the far end closes (or that fails) is replaced at once; after two lost young in a
 *   row, at most once per quarter of `maxAgeMs` (a gateway that refuses or drops every connection
 *   is not dialled in a loop).
 * Everything here is best effort: whatever fails, the request opens its own connection as before.
 */
export interface AheadTarget {
  /** protocol//host:port: a request to another target never gets this connection. */
  readonly key: string;
  /** Starts a connection; `readyEvent` fires once it can carry a request (TLS verified). */
  open(): { socket: Socket; readyEvent: 'connect' | 'secureConnect' };
}

export interface ConnectionAheadOptions {
  /** A connection unused this long is not handed out (servers close idle connections). */
  maxAgeMs: number;
  /** After a request, how long one stays ready for the next (0: only from a tender to its request). */
  keepWarmMs: number;
  /** Longest wait for a request after `hold` (a sale abandoned without ending still stops). */
  holdMs?: number;
  now?: () => number;
}

/** A sale's card wait is at most a few minutes (payments.cardWaitSeconds, a keyed card's 3 minutes). */
export const DEFAULT_HOLD_MS = 10 * 60_000;

/**
 * From the first digit of an amount to its tender (gateway.md): a cashier who types an amount and
 * walks away does not keep a connection open longer than this.
 */
export const DEFAULT_EXPECT_MS = 60_000;

/** The next sale cannot start sooner; the sale just answered has published by then. */
const NEXT_AFTER_ANSWER_MS = 50;

interface Ahead {
  readonly socket: Socket;
  readonly openedAt: number;
  ready: boolean;
  gone: boolean;
  /** true once ready, false if it closed or failed first. */
  readonly settled: Promise<boolean>;
  detach(): void;
}

export class ConnectionAhead {
  private target: AheadTarget | undefined;
  private ready: Ahead | undefined;
  private opening: Ahead | undefined;
  private warmUntil = 0;
  /** A request took a connection and its exchange is not done: nothing is dialled meanwhile. */
  private sending = false;
  /** After a connection of ours failed or was closed young, the next is not opened before this. */
  private retryNotBefore = Number.NEGATIVE_INFINITY;
  /** The last connection lost had lived less than a quarter of its age. */
  private lostYoung = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: ConnectionAheadOptions) {
    this.now = deps.now ?? Date.now;
  }

  /** A sale is at the counter: have a connection ready for its request. */
  hold(target: AheadTarget): void {
    this.keepFor(target, this.deps.holdMs ?? DEFAULT_HOLD_MS);
    this.ensure();
  }

  /**
   * A payment is being rung up: have a connection ready for the next `forMs` (a hold, or the warm
   * window, may keep it longer). While a request is on its way, the window only starts and the
   * connection opens after its answer, as the warm window's does.
   */
  expect(target: AheadTarget, forMs: number = DEFAULT_EXPECT_MS): void {
    this.keepFor(target, forMs);
    if (!this.sending) this.ensure();
  }

  /**
   * The connection for a request to `key`: an open one at once, the one whose handshake is in
   * flight when it is up (undefined if it fails), or undefined (the request opens its own). Every
   * other connection is let go, and nothing is opened again until `exchangeDone`.
   */
  take(key: string): Socket | Promise<Socket | undefined> | undefined {
    if (!this.target || this.target.key !== key) return undefined;
    // The hold is served: from now on only the warm window after a request applies.
    this.warmUntil = this.now() + this.deps.keepWarmMs;
    this.sending = true;
    // Until exchangeDone, the request is the only thing on the way to the gateway: no renewal
    // is dialled and none left to finish, since a TLS handshake's millisecond of CPU landing as the
    // answer comes in is the customer's wait (renewals come every half age, so at 200 ms round
    // trips one would be in flight at one swipe in twelve). The next one opens after the answer.
    this.stopTimer();
    const ready = this.ready;
    this.ready = undefined;
    const opening = this.opening;
    this.opening = undefined;
    if (ready && this.usable(ready)) {
      ready.detach();
      // Closed once the request's bytes are out (they leave on the next tick), not before them.
      if (opening) setImmediate(() => opening.socket.destroy());
      return ready.socket;
    }
    if (ready) setImmediate(() => ready.socket.destroy());
    if (!opening) return undefined;
    return opening.settled.then((ok) => {
      if (ok && this.usable(opening)) {
        opening.detach();
        return opening.socket;
      }
      opening.socket.destroy();
      return undefined;
    });
  }

  /**
   * A request finished: open the next connection if the lane stays warm and the gateway was reached
   * (one that could not be is not dialled again until the next sale). A little later, so its
   * handshake does not share the event loop with the answer the sale is journaling and publishing.
   */
  exchangeDone(reached: boolean): void {
    this.sending = false;
    if (!reached) this.warmUntil = 0;
    if (!this.target || this.now() >= this.warmUntil) return;
    this.wakeIn(NEXT_AFTER_ANSWER_MS);
  }

  /**
   * The sale that held a connection ended (sent, cancelled or timed out): from now on only the
   * warm window after a payment keeps one.
   */
  release(): void {
    this.warmUntil = Math.min(this.warmUntil, this.now() + this.deps.keepWarmMs);
    if (!this.target) return;
    // Nothing to keep: dropped now. Otherwise looked at a little later, as after an answer: the sale
    // is still ending (the pad's last word, its devices given back) and a TLS connect costs ~1 ms of CPU.
    if (this.now() >= this.warmUntil) this.dropAll();
    else this.wakeIn(NEXT_AFTER_ANSWER_MS);
  }

  close(): void {
    this.dropAll();
    this.target = undefined;
    this.warmUntil = 0;
  }

  /** `target` is the one to keep ready (another one's connections go), at least `forMs` from now. */
  private keepFor(target: AheadTarget, forMs: number): void {
    if (this.target && this.target.key !== target.key) this.dropAll();
    this.target = target;
    this.warmUntil = Math.max(this.warmUntil, this.now() + forMs);
  }

  /** Sockets held now (tests: never more than two). */
  held(): number {
    return (this.ready ? 1 : 0) + (this.opening ? 1 : 0);
  }

  private usable(a: Ahead): boolean {
    const s = a.socket;
    return a.ready && !a.gone && !s.destroyed && s.readable && s.writable && this.now() - a.openedAt < this.deps.maxAgeMs;
  }

  /** Opens, renews or drops, then sets the timer for the next look. */
  private ensure(): void {
    const now = this.now();
    if (!this.target || now >= this.warmUntil) return this.dropAll();
    const { maxAgeMs } = this.deps;
    const stale = this.ready && !this.usable(this.ready) ? this.ready : undefined;
    if (stale) {
      this.ready = undefined;
      stale.socket.destroy();
    }
    if (!this.opening && (!this.ready || now >= this.ready.openedAt + maxAgeMs / 2)) {
      if (now < this.retryNotBefore) return this.wakeAt(Math.min(this.retryNotBefore, this.warmUntil));
      this.open(this.target, now);
      if (!this.opening) return this.wakeAt(Math.min(this.retryNotBefore, this.warmUntil));
    }
    // Next look: the ready one's renewal (or, while its successor opens, its end of life), or the window's end.
    const next = this.ready ? this.ready.openedAt + (this.opening ? maxAgeMs : maxAgeMs / 2) : this.warmUntil;
    this.wakeAt(Math.min(next, this.warmUntil));
  }

  private open(target: AheadTarget, now: number): void {
    let opened: { socket: Socket; readyEvent: 'connect' | 'secureConnect' };
    try {
      opened = target.open();
    } catch {
      this.retryNotBefore = now + this.deps.maxAgeMs / 4;
      return;
    }
    const { socket, readyEvent } = opened;
    let settle: (ok: boolean) => void = () => undefined;
    const settled = new Promise<boolean>((resolve) => (settle = resolve));
    const onReady = (): void => {
      ahead.ready = true;
      settle(true);
      if (this.opening !== ahead) return;
      const previous = this.ready;
      this.opening = undefined;
      this.ready = ahead;
      previous?.socket.destroy();
      this.ensure();
    };
    // A failure costs nothing: the request opens its own connection.
    const onError = (): void => {
      socket.destroy();
    };
    const onClose = (): void => {
      ahead.gone = true;
      settle(false);
      const mine = this.opening === ahead || this.ready === ahead;
      if (this.opening === ahead) this.opening = undefined;
      if (this.ready === ahead) this.ready = undefined;
      // Ours closed by the far end (or failed): replaced at once; a second one lost young (refused,
      // dropped at once) waits a quarter of the age, so a gateway that is down is not dialled in a loop.
      if (!mine) return;
      const now = this.now();
      const young = now - ahead.openedAt < this.deps.maxAgeMs / 4;
      this.retryNotBefore = young && this.lostYoung ? now + this.deps.maxAgeMs / 4 : Number.NEGATIVE_INFINITY;
      this.lostYoung = young;
      this.ensure();
    };
    const ahead: Ahead = {
      socket,
      openedAt: now,
      ready: false,
      gone: false,
      settled,
      detach: () => {
        socket.off(readyEvent, onReady);
        socket.off('error', onError);
        socket.off('close', onClose);
        socket.setTimeout(0);
        socket.ref();
      },
    };
    socket.once(readyEvent, onReady);
    socket.on('error', onError);
    socket.once('close', onClose);
    // Unused past its age: closed even if no renewal came (the gateway went away meanwhile).
    socket.setTimeout(this.deps.maxAgeMs, () => socket.destroy());
    socket.unref();
    this.opening = ahead;
  }

  private dropAll(): void {
    this.stopTimer();
    const { ready, opening } = this;
    this.ready = undefined;
    this.opening = undefined;
    ready?.socket.destroy();
    opening?.socket.destroy();
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private wakeAt(at: number): void {
    this.wakeIn(Math.max(0, at - this.now()));
  }

  private wakeIn(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ensure();
    }, ms);
    this.timer.unref?.();
  }
}
