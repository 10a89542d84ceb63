import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Dispatch } from '../../../main/api/dispatcher';
import { EventBus } from '../../../main/events/bus';
import { createLogger } from '../../../main/log/logger';
import type { ConnectionLimits } from '../../../main/transport/connection-limits';
import { startLoopbackServer, type LoopbackServer } from '../../../main/transport/loopback-server';
import { memoryLog } from '../../support/memory-log';
import { tempDirForSuite } from '../../support/tmp';

const dispatch: Dispatch = async () => ({ ok: true, value: null });
/** Time-outs that never fire within a test: whatever closes a socket is the bound under test. */
const NEVER = { idleUnauthenticatedMs: 600_000, headersTimeoutMs: 600_000, requestTimeoutMs: 600_000 };

/** A raw TCP client of the server: what it received, and a promise of its close. */
interface RawClient {
  socket: Socket;
  received(): string;
  closed: Promise<number>;
}

function raw(server: LoopbackServer, first = ''): RawClient {
  const started = Date.now();
  const socket = connect(server.port, '127.0.0.1');
  let got = '';
  socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
  socket.on('error', () => undefined);
  if (first) socket.write(first);
  return { socket, received: () => got, closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now() - started))) };
}

describe('loopback server time bounds', () => {
  const data = tempDirForSuite('pos-time-bounds-');
  const servers: LoopbackServer[] = [];
  const clients: Array<Socket | WebSocket> = [];
  const timers: Array<ReturnType<typeof setInterval>> = [];

  async function start(limits: Partial<ConnectionLimits>): Promise<LoopbackServer> {
    const log = createLogger({ level: 'debug', destination: memoryLog().stream });
    const server = await startLoopbackServer({ dispatch, bus: new EventBus(), log, staticDir: data.dir, port: 0, limits });
    servers.push(server);
    return server;
  }

  function client(server: LoopbackServer, first = ''): RawClient {
    const c = raw(server, first);
    clients.push(c.socket);
    return c;
  }

  /** Sends one byte every `ms` until the socket closes. */
  function drip(c: RawClient, ms: number): void {
    const timer = setInterval(() => c.socket.write('a'), ms);
    timers.push(timer);
    void c.closed.then(() => clearInterval(timer));
  }

  afterEach(async () => {
    for (const t of timers.splice(0)) clearInterval(t);
    for (const c of clients.splice(0)) {
      if (c instanceof WebSocket) c.terminate();
      else c.destroy();
    }
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  afterAll(() => data.remove());

  const head = (server: LoopbackServer, method: string, extra: string): string => `${method} /index.html HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${extra}\r\n`;

  it('answers a request announcing a body larger than it sends at once, and closes it, without waiting for the body', async () => {
    const server = await start(NEVER);
    const post = client(server, `${head(server, 'POST', 'Content-Length: 100000000\r\n')}abc`);
    const get = client(server, `${head(server, 'GET', 'Content-Length: 100000000\r\n')}abc`);
    // Well before Node's keep-alive time-out (5 s), the first thing that would close them otherwise.
    for (const took of await Promise.all([post.closed, get.closed])) expect(took).toBeLessThan(2_000);
    expect(post.received()).toMatch(/^HTTP\/1\.1 405 /);
    expect(get.received()).toMatch(/^HTTP\/1\.1 404 /);
    expect(get.received()).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('closes a body that drips in, and a chunked one that never ends', async () => {
    const server = await start(NEVER);
    const slow = client(server, head(server, 'POST', 'Content-Length: 1000\r\n'));
    drip(slow, 50);
    const chunked = client(server, `${head(server, 'POST', 'Transfer-Encoding: chunked\r\n')}1\r\na\r\n`);
    drip(chunked, 50);
    await Promise.all([slow.closed, chunked.closed]);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 405 /);
  });

  it('closes a connection that never sends a request, or sends its headers too slowly, once idle', async () => {
    const server = await start({ ...NEVER, idleUnauthenticatedMs: 300 });
    const silent = client(server);
    const trickle = client(server, `GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `);
    // Each byte comes well within the idle time: bytes alone never keep a socket open.
    drip(trickle, 50);
    await Promise.all([silent.closed, trickle.closed]);
    expect(silent.received()).toBe('');
  });

  it("bounds the headers' time with Node's own time-out too", async () => {
    const server = await start({ ...NEVER, headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const trickle = client(server, `GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `);
    drip(trickle, 50);
    await trickle.closed;
  });

  it('keeps an authenticated WebSocket open past the idle time', async () => {
    const server = await start({ ...NEVER, idleUnauthenticatedMs: 300 });
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`, ['pos.v1', `pos.token.${server.token}`], { origin: server.origin });
    clients.push(ws);
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('open', resolve));
    // A silent socket opened after it is closed for idling: the WebSocket has been idle longer.
    await client(server).closed;
    expect(ws.readyState).toBe(WebSocket.OPEN);
    const reply = new Promise<string>((resolve) => ws.once('message', (d: Buffer) => resolve(d.toString())));
    ws.send(JSON.stringify({ t: 'call', id: 1, method: 'app.status', input: {} }));
    expect(JSON.parse(await reply)).toEqual({ t: 'reply', id: 1, reply: { ok: true, value: null } });
  });

  it('with its default limits, closes an idle unauthenticated socket within 5 s', async () => {
    const server = await start({});
    const silent = client(server);
    expect(await silent.closed).toBeLessThan(5_000);
  });
});
