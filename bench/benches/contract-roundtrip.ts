import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer, WebSocket } from 'ws';
import { createPosClient } from '../../preload/client';
import { createWsBridge } from '../../preload/transports/ws-client';
import { createCore } from '../../main/core';
import { createNodePlatform } from '../../main/platform/platform';
import { startLoopbackServer } from '../../main/transport/loopback-server';
import { nodeSocketFactory } from '../../main/transport/node-ws-client';
import { compare, measure, type Comparison } from '../harness';

/** A contract call (`app.status`) over the loopback WebSocket transport vs a raw WebSocket echo of the same size. */
export async function run(): Promise<Comparison[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-bench-'));
  const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'bench' }));
  const server = await startLoopbackServer({ dispatch: core.dispatch, bus: core.bus, log: core.log, staticDir: dataDir, port: 0 });
  const bridge = createWsBridge({ url: `ws://127.0.0.1:${server.port}/api`, token: server.token, createSocket: nodeSocketFactory(server.origin) });
  const client = createPosClient(bridge);
  await client.call('app.status', {});

  const replySize = JSON.stringify({ t: 'reply', id: 1, reply: { ok: true, value: core.status.current() } }).length;
  const echo = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  echo.on('connection', (ws) => ws.on('message', (data) => ws.send(data)));
  await new Promise((r) => echo.once('listening', r));
  const address = echo.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  const raw = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => raw.once('open', r));
  const payload = 'x'.repeat(replySize);
  const echoOnce = (): Promise<void> =>
    new Promise((resolve) => {
      raw.once('message', () => resolve());
      raw.send(payload);
    });

  const iterations = 2000;
  const baseline = await measure('raw WebSocket echo (same size)', echoOnce, { iterations });
  const subject = await measure('app.status over the WebSocket contract', () => client.call('app.status', {}), { iterations });

  raw.close();
  echo.close();
  bridge.close();
  await server.close();
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
  return [compare('Contract round trip (loopback WebSocket)', subject, baseline, { note: 'validation on both ends + status composition' })];
}
