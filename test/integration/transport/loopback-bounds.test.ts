import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Dispatch } from '../../../main/api/dispatcher';
import { EventBus } from '../../../main/events/bus';
import { createLogger } from '../../../main/log/logger';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../../../main/transport/connection-limits';
import { startLoopbackServer, type LoopbackServer } from '../../../main/transport/loopback-server';
import { nodeSocketFactory } from '../../../main/transport/node-ws-client';
import { createPosClient } from '../../../preload/client';
import type { Reply } from '../../../preload/contract';
import { createWsBridge, type ConnectionState, type WsBridge } from '../../../preload/transports/ws-client';
import { handshake } from '../../support/ws-handshake';
import { memoryLog } from '../../support/memory-log';
import { startHeadlessApp, type HeadlessAppProcess } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';

const OK: Reply = { ok: true, value: null };

/** A dispatcher whose calls wait until the test lets them go, counting the calls that ran. */
function heldDispatch(): { dispatch: Dispatch; started: () => number; release: () => void } {
  let started = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    dispatch: async () => {
      started++;
      await gate;
      return OK;
    },
    started: () => started,
    release: () => release(),
  };
}

/** A dispatcher that answers at once with a reply of about `bytes` bytes, counting the calls. */
function bulkyDispatch(bytes: number): { dispatch: Dispatch; started(): number } {
  let started = 0;
  const reply: Reply = { ok: true, value: 'x'.repeat(bytes) };
  return {
    dispatch: async () => {
      started++;
      return reply;
    },
    started: () => started,
  };
}

const callFrame = (id: number, method = 'app.status'): string => JSON.stringify({ t: 'call', id, method, input: {} });

/** The replies a raw client received, by id; `until` resolves once a condition on them holds. */
function repliesOf(ws: WebSocket): { got: Map<number, Reply>; until(done: () => boolean): Promise<void> } {
  const got = new Map<number, Reply>();
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as { t: string; id?: number; reply?: Reply };
    if (frame.t === 'reply' && frame.id !== undefined && frame.reply) got.set(frame.id, frame.reply);
    for (const check of [...waiters]) check();
  });
  return {
    got,
    until: (done) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (!done()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

function rawClient(server: LoopbackServer): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api`, ['pos.v1', `pos.token.${server.token}`], { origin: server.origin });
  ws.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode ?? 0}`)));
  });
}

/** How a handshake with the server's own token and origin ended: 'open' or the HTTP status of the refusal. */
const handshakeWith = (server: LoopbackServer): Promise<string | number> =>
  handshake(`ws://127.0.0.1:${server.port}/api`, ['pos.v1', `pos.token.${server.token}`], { Origin: server.origin });

describe('loopback server limits', () => {
  const data = tempDirForSuite('pos-bounds-');
  const servers: LoopbackServer[] = [];
  const sockets: WebSocket[] = [];
  const bridges: WsBridge[] = [];
  const releases: Array<() => void> = [];
  let log = memoryLog();
  const bus = new EventBus();

  async function start(dispatch: Dispatch, limits: Partial<ConnectionLimits> = {}): Promise<LoopbackServer> {
    log = memoryLog();
    const logger = createLogger({ level: 'debug', destination: log.stream });
    const server = await startLoopbackServer({ dispatch, bus, log: logger, staticDir: data.dir, port: 0, limits });
    servers.push(server);
    return server;
  }

  async function client(server: LoopbackServer): Promise<WebSocket> {
    const ws = await rawClient(server);
    sockets.push(ws);
    return ws;
  }

  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    for (const bridge of bridges.splice(0)) bridge.close();
    for (const ws of sockets.splice(0)) ws.terminate();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  afterAll(() => data.remove());

  it('answers a call over the in-flight cap with BUSY at once, without running its handler', async () => {
    const cap = DEFAULT_CONNECTION_LIMITS.maxCallsInFlight;
    const held = heldDispatch();
    releases.push(held.release);
    const ws = await client(await start(held.dispatch));
    const replies = repliesOf(ws);
    for (let id = 1; id <= cap + 1; id++) ws.send(callFrame(id));
    await replies.until(() => replies.got.has(cap + 1));
    expect(replies.got.get(cap + 1)).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    expect(held.started()).toBe(cap);
    expect(replies.got.size).toBe(1);

    held.release();
    await replies.until(() => replies.got.size === cap + 1);
    ws.send(callFrame(cap + 2));
    await replies.until(() => replies.got.has(cap + 2));
    expect(replies.got.get(cap + 2)).toEqual(OK);
    expect(held.started()).toBe(cap + 1);
  });

  it('refuses a connection over the cap at the upgrade with 503 and a log line', async () => {
    const server = await start(async () => OK);
    const open: WebSocket[] = [];
    for (let i = 0; i < DEFAULT_CONNECTION_LIMITS.maxConnections; i++) open.push(await client(server));
    expect(await handshakeWith(server)).toBe(503);
    expect(log.text()).toContain('refused a connection: too many open connections');

    const leaving = open[0];
    const closed = new Promise((resolve) => leaving?.once('close', resolve));
    leaving?.close();
    await closed;
    // The server hears of the close on its own side a moment later: the next handshake gets in then.
    await vi.waitFor(async () => expect(await handshakeWith(server)).toBe('open'), { timeout: 10_000 });
  });

  it('stops reading calls from a client that does not read its replies, and answers them all once it reads', async () => {
    const calls = 20_000;
    const bulky = bulkyDispatch(2048);
    const server = await start(bulky.dispatch, { pauseReadingAtBytes: 64 << 10, closeAtBytes: 1 << 30, maxCallsInFlight: calls });
    const ws = await client(server);
    const replies = repliesOf(ws);
    ws.pause(); // the client stops reading: its replies pile up on the server's side
    for (let id = 1; id <= calls; id++) ws.send(callFrame(id));

    await vi.waitFor(() => expect(log.text()).toContain('stopped reading calls'), { timeout: 10_000 });
    // About 40 MB of replies are owed; the server stopped after what the kernel and 64 KiB hold.
    expect(bulky.started()).toBeLessThan(calls);

    ws.resume();
    await replies.until(() => replies.got.size === calls);
    expect(bulky.started()).toBe(calls);
    expect([...replies.got.values()].every((r) => r.ok)).toBe(true);
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a client whose unread events pass the limit, and the page reconnects and calls again', async () => {
    const server = await start(async () => OK, { pauseReadingAtBytes: 64 << 10, closeAtBytes: 512 << 10 });
    const made: WebSocket[] = [];
    const states: ConnectionState[] = [];
    const factory = nodeSocketFactory(server.origin);
    const bridge = createWsBridge({
      url: `ws://127.0.0.1:${server.port}/api`,
      token: server.token,
      createSocket: (url, protocols) => {
        const socket = factory(url, protocols);
        made.push(socket as unknown as WebSocket);
        return socket;
      },
      onState: (state) => states.push(state),
      maxRetryDelayMs: 50,
    });
    bridges.push(bridge);
    await vi.waitFor(() => expect(states).toEqual(['open']), { timeout: 10_000 });
    const first = made[0];
    first?.pause();

    const dropped = (): boolean => log.text().includes('dropped a WebSocket client');
    // Bounded: 200k events of ~70 bytes are far more than the kernel's buffers and the limit.
    for (let sent = 0; sent < 200_000 && !dropped(); sent += 1000) {
      for (let i = 0; i < 1000; i++) bus.emit('catalogue.progress', { done: sent + i, total: 200_000 });
      await new Promise((resolve) => setImmediate(resolve)); // lets the sockets flush between batches
    }
    expect(dropped()).toBe(true);

    first?.resume(); // so the client reads up to the end of the stream and sees it closed
    await vi.waitFor(() => expect(states).toEqual(['open', 'lost', 'open']), { timeout: 10_000 });
    expect(await bridge.invoke('app.status', {})).toEqual(OK);
  });
});

/** VmRSS of a process, in MB. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

describe('headless app under a call flood', () => {
  const FRAMES = 250_000;
  const data = tempDirForSuite('pos-flood-');
  let app: HeadlessAppProcess | undefined;
  let flood: WebSocket | undefined;
  let bridge: WsBridge | undefined;

  beforeAll(async () => {
    app = await startHeadlessApp(data.dir);
  });

  afterAll(async () => {
    flood?.terminate();
    bridge?.close();
    await app?.stop();
    data.remove();
  });

  it('keeps its memory bounded under a client that floods calls and never reads, and still answers another page', async () => {
    if (!app) throw new Error('the headless app did not start');
    const { origin, token } = app;
    const pid = app.child.pid ?? 0;
    const port = Number(new URL(origin).port);
    bridge = createWsBridge({ url: `ws://127.0.0.1:${port}/api`, token, createSocket: nodeSocketFactory(origin) });
    const page = createPosClient(bridge);
    expect(await page.call('app.status', {})).toMatchObject({ mode: 'training' });
    const before = rssMb(pid);

    const ws = new WebSocket(`ws://127.0.0.1:${port}/api`, ['pos.v1', `pos.token.${token}`], { origin });
    flood = ws;
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.pause(); // never reads a reply
    for (let id = 1; id <= FRAMES; id++) ws.send(callFrame(id));

    // Either the server took every frame (nothing bounds it) or it says it stopped reading.
    const logFile = join(data.dir, 'logs', 'pos.log');
    const paused = (): boolean => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('stopped reading calls');
    await vi.waitFor(() => expect(ws.bufferedAmount === 0 || paused()).toBe(true), { timeout: 20_000, interval: 50 });
    const status = await page.call('app.status', {});
    const after = rssMb(pid);
    console.log(`loopback flood: ${FRAMES} call frames from a client that never reads; server RSS ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after (+${(after - before).toFixed(1)} MB); server paused it: ${paused()}`);

    expect(status).toMatchObject({ mode: 'training' });
    expect(after - before).toBeLessThan(64);
  });
});
