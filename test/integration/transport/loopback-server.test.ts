import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { startLoopbackServer, type LoopbackServer } from '../../../main/transport/loopback-server';
import { nodeSocketFactory } from '../../../main/transport/node-ws-client';
import { createPosClient } from '../../../preload/client';
import { createWsBridge } from '../../../preload/transports/ws-client';
import type { AppStatus } from '../../../preload/contract';
import { tempDirForSuite } from '../../support/tmp';
import { handshake } from '../../support/ws-handshake';

function get(port: number, path: string, host = `127.0.0.1:${port}`, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('loopback server', () => {
  const data = tempDirForSuite();
  let core: Core;
  let server: LoopbackServer;

  beforeAll(async () => {
    const staticDir = join(data.dir, 'renderer');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>pos</title>');
    core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: data.dir, version: '1.0.0' }));
    server = await startLoopbackServer({ dispatch: core.dispatch, bus: core.bus, log: core.log, staticDir, port: 0 });
  });

  afterAll(async () => {
    await server.close();
    await core.close();
    data.remove();
  });

  const api = () => `ws://127.0.0.1:${server.port}/api`;

  it('binds 127.0.0.1 only and prints a URL with the token in the fragment', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(`${server.origin}/#token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(43);
  });

  it('accepts the right token from its own origin and refuses everything else', async () => {
    const origin = { Origin: server.origin };
    expect(await handshake(api(), ['pos.v1', `pos.token.${server.token}`], origin)).toBe('open');
    expect(await handshake(api(), ['pos.v1', 'pos.token.wrong'], origin)).toBe(401);
    expect(await handshake(api(), ['pos.v1', `pos.token.${server.token}x`], origin)).toBe(401);
    expect(await handshake(api(), ['pos.v1'], origin)).toBe(401);
    expect(await handshake(api(), ['pos.v1', `pos.token.${server.token}`], { Origin: 'http://evil.example' })).toBe(403);
    expect(await handshake(api(), ['pos.v1', `pos.token.${server.token}`], {})).toBe(403);
    expect(await handshake(api(), ['pos.v1', `pos.token.${server.token}`], { ...origin, Host: `rebind.example:${server.port}` })).toBe(404);
    expect(await handshake(`ws://127.0.0.1:${server.port}/other`, ['pos.v1', `pos.token.${server.token}`], origin)).toBe(404);
  });

  it('serves the renderer with its CSP and security headers, and refuses other hosts and methods', async () => {
    const page = await get(server.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`connect-src ws://127.0.0.1:${server.port}`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-store');
    expect((await get(server.port, '/', 'attacker.example')).status).toBe(421);
    expect((await get(server.port, '/', `127.0.0.1:${server.port}`, 'POST')).status).toBe(405);
    expect((await get(server.port, '/missing.js')).status).toBe(404);
  });

  it('carries calls and events of the contract', async () => {
    const bridge = createWsBridge({ url: api(), token: server.token, createSocket: nodeSocketFactory(server.origin) });
    const client = createPosClient(bridge);
    expect(await client.call('app.status', {})).toMatchObject({ mode: 'training', version: '1.0.0' });
    await expect(client.call('app.status', { bad: true } as never)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(client.call('app.nothing' as never, {} as never)).rejects.toMatchObject({ code: 'UNKNOWN_METHOD' });

    const events: AppStatus[] = [];
    const seen = new Promise<void>((resolve) => client.on('status.changed', (s) => (events.push(s), resolve())));
    core.settings.set('terminal.name', 'Lane 9');
    await seen;
    expect(events[0]?.terminal.name).toBe('Lane 9');
    bridge.close();
  });

  it('answers frames it cannot read without closing the connection', async () => {
    const ws = new WebSocket(api(), ['pos.v1', `pos.token.${server.token}`], { origin: server.origin });
    await new Promise((r) => ws.once('open', r));
    const next = () => new Promise<unknown>((r) => ws.once('message', (d: Buffer) => r(JSON.parse(d.toString()))));
    let reply = next();
    ws.send('{not json');
    expect(await reply).toMatchObject({ t: 'refused', error: { code: 'BAD_INPUT' } });
    reply = next();
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await reply).toMatchObject({ t: 'refused' });
    reply = next();
    ws.send(JSON.stringify({ t: 'call', id: 5, method: 'app.status', input: {} }));
    expect(await reply).toMatchObject({ t: 'reply', id: 5, reply: { ok: true } });
    ws.close();
  });
});
