import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleSockets, type WatchedSocket } from '../../../main/transport/idle-sockets';

/** A socket that records its destruction and closes when told. */
class FakeSocket extends EventEmitter implements WatchedSocket {
  destroyed = false;
  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }
}

describe('IdleSockets', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('destroys a socket that stays silent for the idle time, and not a moment before', () => {
    let told = 0;
    const idle = new IdleSockets(4_000, () => told++);
    const socket = new FakeSocket();
    idle.add(socket);
    vi.advanceTimersByTime(3_999);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.destroyed).toBe(true);
    expect(told).toBe(1);
    expect(idle.size).toBe(0);
  });

  it('holds the timer while a request is answered, and starts it again after the last one', () => {
    const idle = new IdleSockets(4_000);
    const socket = new FakeSocket();
    idle.add(socket);
    vi.advanceTimersByTime(3_000);
    const first = idle.busy(socket);
    const second = idle.busy(socket);
    vi.advanceTimersByTime(60_000);
    first();
    first(); // told twice: counted once
    vi.advanceTimersByTime(60_000);
    expect(socket.destroyed).toBe(false);
    second();
    vi.advanceTimersByTime(3_999);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.destroyed).toBe(true);
  });

  it('leaves an authenticated WebSocket alone', () => {
    const idle = new IdleSockets(4_000);
    const socket = new FakeSocket();
    idle.add(socket);
    vi.advanceTimersByTime(3_000);
    idle.authenticated(socket);
    vi.advanceTimersByTime(600_000);
    expect(socket.destroyed).toBe(false);
    expect(idle.size).toBe(0);
  });

  it('forgets a socket that closed by itself', () => {
    const idle = new IdleSockets(4_000);
    const socket = new FakeSocket();
    idle.add(socket);
    socket.emit('close');
    expect(idle.size).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(socket.destroyed).toBe(false);
    // A request reported after the close changes nothing.
    idle.busy(socket)();
    vi.advanceTimersByTime(10_000);
    expect(socket.destroyed).toBe(false);
  });
});
