import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import {
  ConnectionBudget,
  DEFAULT_CONNECTION_LIMITS,
  resolveLimits,
  type BudgetClient,
  type BudgetSocket,
} from '../../../main/transport/connection-limits';
import { memoryLog } from '../../support/memory-log';

/** A server-side WebSocket whose queue the test sets by hand. */
class FakeClient implements BudgetClient {
  bufferedAmount = 0;
  paused = false;
  terminated = false;
  pause(): void {
    this.paused = true;
  }
  resume(): void {
    this.paused = false;
  }
  terminate(): void {
    this.terminated = true;
  }
}

/** A TCP socket that owes a 'drain' while its queue is over the high-water mark. */
class FakeSocket extends EventEmitter implements BudgetSocket {
  writableNeedDrain = true;
  drain(): void {
    this.writableNeedDrain = false;
    this.emit('drain');
  }
}

const limits = { ...DEFAULT_CONNECTION_LIMITS, maxCallsInFlight: 2, pauseReadingAtBytes: 100, closeAtBytes: 1000 };

function budget() {
  const log = memoryLog();
  const client = new FakeClient();
  const socket = new FakeSocket();
  const b = new ConnectionBudget(client, socket, limits, createLogger({ level: 'debug', destination: log.stream }));
  return { b, client, socket, log };
}

describe('connection budget', () => {
  it('gives out call slots up to the cap and takes them back', () => {
    const { b } = budget();
    expect([b.tryStartCall(), b.tryStartCall(), b.tryStartCall()]).toEqual([true, true, false]);
    b.endCall();
    expect(b.tryStartCall()).toBe(true);
  });

  it('pauses reading at the pause limit and resumes when the socket drains, warning once', () => {
    const { b, client, socket, log } = budget();
    client.bufferedAmount = 99;
    b.afterSend();
    expect(client.paused).toBe(false);
    client.bufferedAmount = 100;
    b.afterSend();
    expect(client.paused).toBe(true);
    socket.drain();
    expect(client.paused).toBe(false);

    socket.writableNeedDrain = true;
    b.afterSend();
    expect(client.paused).toBe(true);
    expect(log.lines().filter((l) => l.includes('stopped reading calls'))).toHaveLength(1);
    expect(client.terminated).toBe(false);
  });

  it('does not pause a socket that owes no drain, since nothing would resume it', () => {
    const { b, client, socket } = budget();
    socket.writableNeedDrain = false;
    client.bufferedAmount = 500;
    b.afterSend();
    expect(client.paused).toBe(false);
  });

  it('terminates a client whose queue reaches the close limit, with a log line', () => {
    const { b, client, log } = budget();
    client.bufferedAmount = 1000;
    b.afterSend();
    expect(client.terminated).toBe(true);
    expect(log.text()).toContain('dropped a WebSocket client that does not read');
  });
});

describe('connection limits', () => {
  it('fills in the defaults and refuses limits that cannot work, naming them', () => {
    expect(resolveLimits({ maxConnections: 2 })).toEqual({ ...DEFAULT_CONNECTION_LIMITS, maxConnections: 2 });
    expect(() => resolveLimits({ maxCallsInFlight: 0 })).toThrow('limits.maxCallsInFlight');
    expect(() => resolveLimits({ maxConnections: 1.5 })).toThrow('limits.maxConnections');
    expect(() => resolveLimits({ pauseReadingAtBytes: 2 << 20, closeAtBytes: 1 << 20 })).toThrow('limits.closeAtBytes');
    expect(() => resolveLimits({ headersTimeoutMs: 6_000, requestTimeoutMs: 5_000 })).toThrow('limits.headersTimeoutMs');
    expect(() => resolveLimits({ idleUnauthenticatedMs: 0 })).toThrow('limits.idleUnauthenticatedMs');
  });

  it('closes an idle unauthenticated socket within 5 s by default, and bounds headers and requests in time', () => {
    expect(DEFAULT_CONNECTION_LIMITS.idleUnauthenticatedMs).toBeLessThan(5_000);
    // Node checks its time-outs every second: the headers' bound plus one check stays within 5 s too.
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs + 1_000).toBeLessThanOrEqual(5_000);
    expect(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(10_000);
  });
});
