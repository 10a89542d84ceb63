import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { purchase } from '../../../main/gateway/builders';
import type { Core } from '../../../main/core';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import { GatewayHttpTransport, GatewayTransportError } from '../../../main/gateway/http-transport';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';
import { proxyServer, selfSignedCert, tlsFront } from './tls-helpers';

/**
 * Issue 19, item 2: plain http only to this machine, directly. Through a proxy the gateway is
 * https with TLS end to end (CONNECT); http with a proxy is refused wherever it comes from (a
 * setting, a provisioning file, values an older version stored), and the status says so.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CREDENTIALS = { gatewayId: 'LIVE-19', password: 'Pw-in-clear-19!' } as const;
const TRACK1 = SAMPLE_CARDS.visa.tracks[0] ?? '';
const TRACK2 = SAMPLE_CARDS.visa.tracks[1] ?? '';
const PAN = '4111111111111111';
const REFUSED = /gateway\.url is not https:\/\/ while gateway\.proxy is set/;

async function liveGateway(): Promise<GatewaySimulator> {
  const live = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: CREDENTIALS });
  cleanups.push(() => live.close());
  return live;
}

async function recordingProxy() {
  const proxy = await proxyServer();
  cleanups.push(() => proxy.close());
  return proxy;
}

async function started(dataDir: string): Promise<Core> {
  const core = await openCore(dataDir);
  cleanups.push(() => core.close());
  await core.start();
  return core;
}

/** A swiped sale: Track1, Track2 and the stored password go out with it. */
function sellSwiped(core: Core) {
  const call = purchase({ entry: 'swipe', track1: TRACK1, track2: TRACK2 }, 1_900, core.gateway.builderContext());
  return core.gateway.send(call.operation, call.request as never);
}

/** What an older version (or a hand-written row) leaves in terminal.sqlite: no rule between keys ran. */
function writeStraightToDb(dataDir: string, key: string, value: string): void {
  const db = new Database(join(dataDir, 'terminal.sqlite'));
  try {
    db.prepare(
      `INSERT INTO settings (key, value_json, sealed, updated_at) VALUES (?, ?, NULL, ?)
       ON CONFLICT(key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
    ).run(key, JSON.stringify(value), new Date().toISOString());
  } finally {
    db.close();
  }
}

function expectNothingInClear(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  for (const secret of [PAN, TRACK2.slice(1, -1), 'TRAINING/VISA', CREDENTIALS.password, 'Password', 'Track2', 'SendAndCommit']) expect(text).not.toContain(secret);
}

describe('through a proxy: https with TLS end to end (CONNECT)', () => {
  it('sends a swiped sale through a recording CONNECT proxy that sees no track, card number or password', async () => {
    const live = await liveGateway();
    const dir = tempDir();
    const cert = selfSignedCert(dir);
    const front = await tlsFront(cert, live.port);
    cleanups.push(() => front.close());
    const proxy = await recordingProxy();
    const core = await started(join(dir, 'lane'));
    core.settings.setMany([
      ['gateway.url', `https://127.0.0.1:${front.port}/transaction/v14`],
      ['gateway.caFile', join(dir, 'cert.pem')],
      ['gateway.gatewayId', CREDENTIALS.gatewayId],
      ['gateway.password', CREDENTIALS.password],
      ['gateway.proxy', `http://127.0.0.1:${proxy.port}`],
    ]);
    expect(core.mode()).toBe('live');

    expect(await sellSwiped(core)).toMatchObject({ kind: 'approved' });
    // The gateway got the tracks and the password: they did travel, through the proxy, encrypted.
    const body = live.received().at(-1)?.body ?? '';
    expect(body).toContain(TRACK2.slice(1, -1));
    expect(body).toContain(CREDENTIALS.password);
    expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${front.port}`]);
    const relayed = proxy.relayed();
    expect(relayed[0]).toBe(0x16); // the first byte in the tunnel opens a TLS handshake
    expectNothingInClear(relayed);

    const status = core.status.current();
    expect(status.gateway.unencrypted).toBe(false);
    expect(status.problems.map((p) => p.code)).not.toContain('gateway-unencrypted');
    expect(status.problems.map((p) => p.code)).not.toContain('gateway-route-refused');
  });

  it('verifies the certificate inside the tunnel: without the CA nothing is sent', async () => {
    const live = await liveGateway();
    const dir = tempDir();
    const front = await tlsFront(selfSignedCert(dir), live.port);
    cleanups.push(() => front.close());
    const proxy = await recordingProxy();
    const core = await started(join(dir, 'lane'));
    core.settings.setMany([
      ['gateway.url', `https://127.0.0.1:${front.port}/transaction/v14`],
      ['gateway.gatewayId', CREDENTIALS.gatewayId],
      ['gateway.password', CREDENTIALS.password],
      ['gateway.proxy', `http://127.0.0.1:${proxy.port}`],
    ]);
    expect(await sellSwiped(core)).toMatchObject({ kind: 'not-sent', reason: 'tls' });
    expect(live.received()).toHaveLength(0);
    expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${front.port}`]);
    expectNothingInClear(proxy.relayed());
  });

  it('the HTTP layer refuses a plain-http address with a proxy before a byte leaves (no absolute-URI forwarding)', async () => {
    const live = await liveGateway();
    const proxy = await recordingProxy();
    const transport = new GatewayHttpTransport({ connectTimeoutMs: 1_000, timeoutMs: 3_000, proxy: `http://127.0.0.1:${proxy.port}` });
    cleanups.push(() => transport.close());
    const error = await new Promise<unknown>((resolve) => {
      transport.request(live.url, `<Track2>${TRACK2}</Track2><Password>${CREDENTIALS.password}</Password>`, (err) => resolve(err));
    });
    expect(error).toBeInstanceOf(GatewayTransportError);
    expect(error).toMatchObject({ phase: 'not-sent', reason: 'proxy', message: expect.stringMatching(REFUSED) as unknown });
    expect(proxy.seen).toEqual([]);
    expect(proxy.relayed()).toHaveLength(0);
    expect(live.received()).toHaveLength(0);
  });
});

describe('plain http with a proxy, stored where no rule ran', () => {
  it('at start-up: the live gateway is refused in words, nothing goes out, the proxy is not silently dropped', async () => {
    const live = await liveGateway();
    const proxy = await recordingProxy();
    const dataDir = tempDir();
    const before = await openCore(dataDir);
    before.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', CREDENTIALS.gatewayId], ['gateway.password', CREDENTIALS.password]]);
    await before.close();
    writeStraightToDb(dataDir, 'gateway.proxy', `http://127.0.0.1:${proxy.port}`);

    const core = await started(dataDir);
    expect(core.mode()).toBe('live');
    const status = core.status.current();
    expect(status.gateway.unencrypted).toBe(false);
    expect(status.problems).toContainEqual(expect.objectContaining({ code: 'gateway-route-refused', severity: 'error', audience: 'cashier', message: expect.stringMatching(REFUSED) as unknown }));
    expect(status.problems.map((p) => p.code)).not.toContain('gateway-unencrypted');
    await expect(core.gateway.client()).rejects.toThrow(/the live gateway is not used: gateway\.url is not https:\/\//);
    await expect(sellSwiped(core)).rejects.toThrow(REFUSED);
    expect(proxy.seen).toEqual([]);
    expect(live.received()).toHaveLength(0);
  });

  it('when the client is rebuilt: a proxy another process wrote beside a direct http gateway stops the gateway at once', async () => {
    const live = await liveGateway();
    const proxy = await recordingProxy();
    const dataDir = tempDir();
    const core = await started(dataDir);
    core.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', CREDENTIALS.gatewayId], ['gateway.password', CREDENTIALS.password]]);
    expect(await sellSwiped(core)).toMatchObject({ kind: 'approved' });
    expect(core.status.current().gateway.unencrypted).toBe(true);

    writeStraightToDb(dataDir, 'gateway.proxy', `http://127.0.0.1:${proxy.port}`);
    expect(core.settings.reload()).toBe(true);
    await expect(sellSwiped(core)).rejects.toThrow(REFUSED);
    expect(live.received()).toHaveLength(1);
    expect(proxy.seen).toEqual([]);
    const status = core.status.current();
    expect(status.gateway.unencrypted).toBe(false);
    expect(status.problems.map((p) => p.code)).toContain('gateway-route-refused');

    // Fixed by unsetting the proxy (allowed by the rule): the direct route works again.
    core.settings.unset('gateway.proxy');
    expect(await sellSwiped(core)).toMatchObject({ kind: 'approved' });
    expect(core.status.current().problems.map((p) => p.code)).not.toContain('gateway-route-refused');
  });
});

describe('plain http with a proxy in a provisioning file', () => {
  const FILE = { gateway: { url: 'http://127.0.0.1:8080/transaction/v14', proxy: 'http://proxy.lan:3128', gatewayId: 'LIVE-19' } };

  it('the machine-wide file stops the start, naming the keys, and nothing of it is applied', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'policy'));
    const file = join(root, 'policy', 'provision.json');
    writeFileSync(file, JSON.stringify(FILE));
    chmodSync(file, 0o640);
    await expect(openCore(join(root, 'lane'), { applyProvisioning: true, machineProvisioningFile: file })).rejects.toThrow(REFUSED);
    const core = await openCore(join(root, 'lane'));
    cleanups.push(() => core.close());
    expect(core.settings.isSet('gateway.proxy') || core.settings.isSet('gateway.url')).toBe(false);
  });

  it('the machine-wide file that adds a proxy to a lane holding a direct http gateway stops the start too', async () => {
    const root = tempDir();
    const lane = join(root, 'lane');
    const before = await openCore(lane);
    before.settings.set('gateway.url', FILE.gateway.url);
    await before.close();
    mkdirSync(join(root, 'policy'));
    const file = join(root, 'policy', 'provision.json');
    writeFileSync(file, JSON.stringify({ gateway: { proxy: FILE.gateway.proxy } }));
    chmodSync(file, 0o640);
    await expect(openCore(lane, { applyProvisioning: true, machineProvisioningFile: file })).rejects.toThrow(REFUSED);
  });

  it('the lane file (provision.json in the data folder) is refused as a whole', async () => {
    const lane = tempDir();
    writeFileSync(join(lane, 'provision.json'), JSON.stringify({ terminal: { name: 'Lane 19' }, ...FILE }), { mode: 0o600 });
    await expect(openCore(lane, { applyProvisioning: true, machineProvisioningFile: join(lane, 'none.json') })).rejects.toThrow(REFUSED);
    const core = await openCore(lane);
    cleanups.push(() => core.close());
    expect(core.settings.get('terminal.name')).toBe('Lane 1');
  });
});
