import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionAhead, type AheadTarget } from '../../../main/gateway/connection-ahead';

/** Enough of a net.Socket for the policy: events, state, idle timeout, ref. Closing is synchronous (harder than Node's). */
class FakeSocket extends EventEmitter {
  destroyed = false;
  readable = true;
  writable = true;
  refd = true;
  idleMs = 0;
  private idle: ReturnType<typeof setTimeout> | undefined;
  setTimeout(ms: number, cb?: () => void): this {
    clearTimeout(this.idle);
    this.idleMs = ms;
    if (ms > 0 && cb) this.idle = setTimeout(cb, ms);
    return this;
  }
  unref(): this {
    this.refd = false;
    return this;
  }
  ref(): this {
    this.refd = true;
    return this;
  }
  destroy(): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.readable = this.writable = false;
    clearTimeout(this.idle);
    this.emit('close');
    return this;
  }
  /** The handshake finished. */
  up(): void {
    this.emit('secureConnect');
  }
}

const MAX_AGE = 10_000;
let opened: FakeSocket[];
const target = (key = 'https://gw:443'): AheadTarget => ({
  key,
  open: () => {
    const socket = new FakeSocket();
    opened.push(socket);
    return { socket: socket as unknown as Socket, readyEvent: 'secureConnect' };
  },
});
const live = (): FakeSocket[] => opened.filter((s) => !s.destroyed);

/** `n` seconds go by; after each, `check` runs and the newest connection comes up (its handshake takes under a second). */
function secondsPass(n: number, check: () => void = () => undefined): void {
  for (let s = 0; s < n; s++) {
    vi.advanceTimersByTime(1000);
    check();
    const newest = opened.at(-1);
    if (newest && !newest.destroyed) newest.up();
  }
}

/**
 * The newest connection comes up; one is ready through the window's `seconds` (renewed as needed),
 * none just after it, and nothing is opened again for ten minutes.
 */
function readyForThenGone(seconds: number): void {
  opened.at(-1)!.up();
  secondsPass(seconds - 1, () => expect(live().length).toBeGreaterThanOrEqual(1));
  vi.advanceTimersByTime(2000);
  expect(live()).toHaveLength(0);
  const count = opened.length;
  vi.advanceTimersByTime(600_000);
  expect(opened).toHaveLength(count);
}

beforeEach(() => {
  opened = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function ahead(keepWarmMs = 0): ConnectionAhead {
  return new ConnectionAhead({ maxAgeMs: MAX_AGE, keepWarmMs, now: () => Date.now() });
}

describe('ConnectionAhead', () => {
  it('opens at the hold and hands the open connection to the request, once', () => {
    const a = ahead();
    a.hold(target());
    expect(opened).toHaveLength(1);
    opened[0]!.up();
    const socket = a.take('https://gw:443');
    expect(socket).toBe(opened[0]);
    expect(opened[0]!.refd).toBe(true);
    expect(opened[0]!.idleMs).toBe(0);
    expect(a.take('https://gw:443')).toBeUndefined();
  });

  it('awaits a handshake in flight at the request instead of throwing it away', async () => {
    const a = ahead();
    a.hold(target());
    const pending = a.take('https://gw:443');
    expect(pending).toBeInstanceOf(Promise);
    expect(opened[0]!.destroyed).toBe(false);
    opened[0]!.up();
    expect(await pending).toBe(opened[0]);
    expect(opened).toHaveLength(1);
  });

  it('a handshake in flight that fails leaves the request to open its own', async () => {
    const a = ahead();
    a.hold(target());
    const pending = a.take('https://gw:443');
    opened[0]!.emit('error', new Error('ECONNREFUSED'));
    expect(await pending).toBeUndefined();
  });

  it('renews before the connection can go stale, however long the customer takes, with never more than two held', () => {
    const a = ahead();
    a.hold(target());
    opened[0]!.up();
    secondsPass(65, () => expect(a.held()).toBeLessThanOrEqual(2));
    // A swipe 65 s after the tender: an open connection younger than the gateway's idle limit.
    const socket = a.take('https://gw:443');
    expect(socket).toBeInstanceOf(FakeSocket);
    expect(live()).toEqual([socket]);
    // About one connection per half age (5 s) over 65 s.
    expect(opened.length).toBeGreaterThanOrEqual(12);
    expect(opened.length).toBeLessThanOrEqual(15);
  });

  it('keeps the old connection until its successor is up', () => {
    const a = ahead();
    a.hold(target());
    opened[0]!.up();
    vi.advanceTimersByTime(MAX_AGE / 2);
    expect(opened).toHaveLength(2);
    expect(opened[0]!.destroyed).toBe(false);
    // The swipe comes while the renewal handshakes: the old one, still fresh, is used.
    expect(a.take('https://gw:443')).toBe(opened[0]);
  });

  it('dials nothing while a request is on its way, and lets a renewal in flight go, so no handshake lands in the sale', () => {
    const a = ahead(120_000);
    a.hold(target());
    opened[0]!.up();
    // The swipe comes just before the renewal is due (at half age).
    vi.advanceTimersByTime(MAX_AGE / 2 - 1);
    expect(a.take('https://gw:443')).toBe(opened[0]);
    vi.advanceTimersByTime(MAX_AGE);
    expect(opened).toHaveLength(1);
    // The answer is in: the next sale's connection is opened a little later.
    a.exchangeDone(true);
    vi.advanceTimersByTime(50);
    expect(opened).toHaveLength(2);
    opened[1]!.up();

    // The swipe comes while a renewal handshakes: the open one is used, the renewal closed.
    vi.advanceTimersByTime(MAX_AGE / 2);
    expect(opened).toHaveLength(3);
    expect(a.take('https://gw:443')).toBe(opened[1]);
    // Closed just after, once the request's bytes are out.
    expect(opened[2]!.destroyed).toBe(false);
    vi.advanceTimersByTime(0);
    expect(opened[2]!.destroyed).toBe(true);
    vi.advanceTimersByTime(MAX_AGE);
    expect(opened).toHaveLength(3);
    expect(a.held()).toBe(0);
  });

  it('dials nothing while a request that opened its own connection is on its way', () => {
    const a = ahead(120_000);
    a.hold(target());
    // Refused twice: the next try is a quarter of the age away when the swipe comes.
    opened[0]!.emit('error', new Error('ECONNREFUSED'));
    opened[1]!.emit('error', new Error('ECONNREFUSED'));
    expect(a.take('https://gw:443')).toBeUndefined();
    vi.advanceTimersByTime(MAX_AGE);
    expect(opened).toHaveLength(2);
  });

  it('replaces a connection the far end closed, without dialling in a loop', () => {
    const a = ahead();
    a.hold(target());
    opened[0]!.up();
    vi.advanceTimersByTime(3000);
    opened[0]!.destroy();
    expect(opened).toHaveLength(2);
    opened[1]!.destroy();
    expect(opened).toHaveLength(3);
    // Two lost young in a row (a gateway refusing): the next try waits a quarter of the age.
    opened[2]!.destroy();
    expect(opened).toHaveLength(3);
    vi.advanceTimersByTime(MAX_AGE / 4 - 1);
    expect(opened).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(4);
    opened[3]!.destroy();
    vi.advanceTimersByTime(MAX_AGE / 4 - 1);
    expect(opened).toHaveLength(4);
  });

  it('stops after the request when nothing keeps it warm, and keeps one ready for the next sale when something does', () => {
    const cold = ahead(0);
    cold.hold(target());
    opened[0]!.up();
    void cold.take('https://gw:443');
    cold.exchangeDone(true);
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);

    opened = [];
    const warm = ahead(30_000);
    warm.hold(target());
    opened[0]!.up();
    void warm.take('https://gw:443');
    opened.shift(); // the request's own now
    warm.exchangeDone(true);
    // The sale ends and gives the gateway back: nothing is dialled in that same turn of the loop
    // (a TLS connect is ~1 ms of CPU the ending sale and the next event would wait for).
    warm.release();
    expect(opened).toHaveLength(0);
    vi.advanceTimersByTime(49);
    expect(opened).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(1);
    readyForThenGone(30);
  });

  it('a request that could not reach the gateway leaves nothing warm', async () => {
    const a = ahead(120_000);
    a.hold(target());
    opened[0]!.emit('error', new Error('ECONNREFUSED'));
    // Replaced once at once; the request waits for that one, which is refused too.
    const pending = a.take('https://gw:443');
    opened[1]!.emit('error', new Error('ECONNREFUSED'));
    await expect(pending).resolves.toBeUndefined();
    a.exchangeDone(false);
    vi.advanceTimersByTime(600_000);
    expect(opened).toHaveLength(2);
    expect(live()).toHaveLength(0);
  });

  it('a sale that ends without a request lets its connection go (or keeps it for the warm window)', () => {
    const a = ahead(0);
    a.hold(target());
    opened[0]!.up();
    a.release();
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(600_000);
    expect(opened).toHaveLength(1);

    opened = [];
    const warm = ahead(30_000);
    warm.hold(target());
    opened[0]!.up();
    warm.release();
    expect(live()).toHaveLength(1);
    secondsPass(40);
    expect(live()).toHaveLength(0);
  });

  it('an abandoned hold ends by itself', () => {
    const a = new ConnectionAhead({ maxAgeMs: MAX_AGE, keepWarmMs: 0, holdMs: 60_000, now: () => Date.now() });
    a.hold(target());
    opened[0]!.up();
    vi.advanceTimersByTime(61_000);
    for (const s of opened) if (!s.destroyed) s.up();
    expect(live()).toHaveLength(0);
  });

  it('never hands a connection to another target, nor one past its age', () => {
    const a = ahead();
    a.hold(target());
    opened[0]!.up();
    expect(a.take('https://other:443')).toBeUndefined();
    a.hold(target('https://other:443'));
    expect(opened[0]!.destroyed).toBe(true);
    opened[1]!.up();
    // The clock jumps (a suspended machine): the connection is too old to trust.
    vi.setSystemTime(Date.now() + MAX_AGE);
    expect(a.take('https://other:443')).toBeUndefined();
  });

  describe('expect: an amount being typed, its tender still to come', () => {
    it('opens at once and keeps one ready (renewed) for its window, then lets it go with nothing kept warm', () => {
      const a = ahead(0);
      a.expect(target(), 30_000);
      expect(opened).toHaveLength(1);
      readyForThenGone(30);
    });

    it('the tender that follows holds the same connection, and the request goes on it', () => {
      const a = ahead(0);
      a.expect(target(), 30_000);
      opened[0]!.up();
      vi.advanceTimersByTime(2000);
      a.hold(target());
      expect(opened).toHaveLength(1);
      // Past the expect window: the hold keeps it (renewed) until the swipe.
      secondsPass(40);
      expect(a.take('https://gw:443')).toBeInstanceOf(FakeSocket);
    });

    it('a handshake begun at the first digit and still in flight at the swipe is awaited', async () => {
      const a = ahead(0);
      a.expect(target(), 30_000);
      a.hold(target());
      const pending = a.take('https://gw:443');
      expect(pending).toBeInstanceOf(Promise);
      opened[0]!.up();
      expect(await pending).toBe(opened[0]);
      expect(opened).toHaveLength(1);
    });

    it('dials nothing while a request is on its way: its connection comes after the answer', () => {
      const a = ahead(0);
      a.hold(target());
      opened[0]!.up();
      expect(a.take('https://gw:443')).toBe(opened[0]);
      // The next customer's amount is typed while the answer is awaited (a forwarding round, say).
      a.expect(target(), 30_000);
      vi.advanceTimersByTime(5000);
      expect(opened).toHaveLength(1);
      a.exchangeDone(true);
      vi.advanceTimersByTime(50);
      expect(opened).toHaveLength(2);
      opened[1]!.up();
      // Its window counts from the first digit: over 30 s after it, only the request's own is left.
      secondsPass(30);
      expect(live()).toEqual([opened[0]]);
    });

    it("does not shorten a hold already running, and a tender's end keeps only the warm window", () => {
      const a = ahead(0);
      a.hold(target());
      opened[0]!.up();
      a.expect(target(), 1000);
      secondsPass(20);
      expect(live().length).toBeGreaterThanOrEqual(1);
      // The sale is cancelled: with nothing kept warm, everything goes, the first digit's window long past.
      a.release();
      expect(live()).toHaveLength(0);
    });

    it('for another gateway, drops what it held for the old one', () => {
      const a = ahead(0);
      a.expect(target(), 30_000);
      opened[0]!.up();
      a.expect(target('https://other:443'), 30_000);
      expect(opened[0]!.destroyed).toBe(true);
      expect(opened).toHaveLength(2);
      expect(a.take('https://gw:443')).toBeUndefined();
    });
  });

  it('close drops everything and opens nothing more', () => {
    const a = ahead(120_000);
    a.hold(target());
    a.close();
    expect(live()).toHaveLength(0);
    vi.advanceTimersByTime(600_000);
    expect(opened).toHaveLength(1);
  });
});
