import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayState } from '../../../preload/contract';
import { purchase } from '../../../main/gateway/builders';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { DEFAULT_GATEWAY_NAMESPACE } from '../../../main/config/settings/gateway';
import { tempDir } from '../../support/tmp';
import { proxyServer, selfSignedCert, tlsFront } from './tls-helpers';

/** The gateway inside the core: training simulator in-process, live gateway, switching at run time, state from real exchanges. */
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startCore(): Promise<Core> {
  const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: tempDir(), version: 'test' }));
  cleanups.push(() => core.close());
  await core.start();
  return core;
}

function nextState(core: Core, wanted: GatewayState): Promise<void> {
  return new Promise((resolve) => {
    if (core.status.current().gateway.state === wanted) return resolve();
    const off = core.bus.on('status.changed', (s) => {
      if (s.gateway.state === wanted) {
        off();
        resolve();
      }
    });
  });
}

const card = { entry: 'keyed', pan: '4242424242424242', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe' } as const;

async function sell(core: Core, cents: number) {
  const call = purchase(card, cents, core.gateway.builderContext());
  return core.gateway.send(call.operation, call.request as never);
}

describe('gateway service in the core', () => {
  it('training mode: the in-process simulator is reached over real HTTP, duplicates follow the training setting', async () => {
    const core = await startCore();
    expect(core.mode()).toBe('training');
    expect(core.status.current().gateway.state).toBe('training');
    const sim = core.gateway.simulator();
    expect(sim?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/transaction\/v14$/);
    expect(await sell(core, 1_000)).toMatchObject({ kind: 'approved', result: { GatewayID: 'TRAINING' } });
    expect(sim?.received().at(-1)?.soapAction).toBe(`"${DEFAULT_GATEWAY_NAMESPACE}SendAndCommit"`);
    // The in-process simulator keeps no request bodies: a real card swiped in training stays out of memory.
    expect(sim?.received().at(-1)?.body).toBe('');
    expect(JSON.stringify(sim?.stored())).not.toContain('4242424242424242');
    core.settings.set('gateway.trainingDuplicateMinutes', 5);
    await core.gateway.client();
    expect(core.gateway.simulator()).toBe(sim);
    expect(await sell(core, 1_000)).toMatchObject({ kind: 'rejected', gatewayCode: '63' });
  });

  it('switches to live when the credentials are set, reports online/offline from exchanges, and back to training', async () => {
    const core = await startCore();
    const training = core.gateway.simulator();
    const live: GatewaySimulator = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: { gatewayId: 'LIVE-1', password: 'live-pw' } });
    cleanups.push(() => live.close());

    core.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', 'LIVE-1'], ['gateway.password', 'live-pw']]);
    expect(core.mode()).toBe('live');
    await nextState(core, 'unknown');
    expect(await sell(core, 2_000)).toMatchObject({ kind: 'approved', result: { GatewayID: 'LIVE-1' } });
    expect(live.received()).toHaveLength(1);
    await nextState(core, 'online');
    // The training simulator was stopped with the switch.
    await expect(fetch(training?.url ?? '', { method: 'POST' })).rejects.toThrow();

    await live.close();
    expect(await sell(core, 2_000)).toMatchObject({ kind: 'not-sent' });
    await nextState(core, 'offline');

    core.settings.unset('gateway.url');
    expect(core.mode()).toBe('training');
    await nextState(core, 'training');
    expect(await sell(core, 3_000)).toMatchObject({ kind: 'approved' });
    expect(core.gateway.simulator()).toBeDefined();
  });

  it('a wrong password in live mode is an HTTP 401, and the gateway still counts as reachable', async () => {
    const core = await startCore();
    const live = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: { gatewayId: 'LIVE-1', password: 'live-pw' } });
    cleanups.push(() => live.close());
    core.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', 'LIVE-1'], ['gateway.password', 'not-it']]);
    expect(await sell(core, 100)).toMatchObject({ kind: 'http-error', status: 401 });
    await nextState(core, 'online');
  });

  it('a corrected password is used from the next payment, with every other setting unchanged', async () => {
    const core = await startCore();
    const live = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: { gatewayId: 'LIVE-1', password: 'live-pw' } });
    cleanups.push(() => live.close());
    core.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', 'LIVE-1'], ['gateway.password', 'not-it']]);
    expect(await sell(core, 100)).toMatchObject({ kind: 'http-error', status: 401 });
    core.settings.set('gateway.password', 'live-pw');
    expect(await sell(core, 100)).toMatchObject({ kind: 'approved' });
  });

  it('reaches the gateway through a proxy with its own sealed password, never one inside the proxy URL', async () => {
    const core = await startCore();
    const live = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE, credentials: { gatewayId: 'LIVE-1', password: 'live-pw' } });
    // Through a proxy the gateway is https only: a TLS front for the simulator, trusted through gateway.caFile.
    const dir = tempDir();
    const cert = selfSignedCert(dir);
    const front = await tlsFront(cert, live.port);
    const proxy = await proxyServer();
    cleanups.push(() => live.close(), () => front.close(), () => proxy.close());
    expect(() => core.settings.set('gateway.proxy', `http://bob:s3cret@127.0.0.1:${proxy.port}`)).toThrow(/must not contain a user name or password/);
    core.settings.setMany([
      ['gateway.url', `https://127.0.0.1:${front.port}/transaction/v14`],
      ['gateway.caFile', join(dir, 'cert.pem')],
      ['gateway.gatewayId', 'LIVE-1'],
      ['gateway.password', 'live-pw'],
      ['gateway.proxy', `http://127.0.0.1:${proxy.port}`],
      ['gateway.proxyUser', 'bob'],
      ['gateway.proxyPassword', 's3cret'],
    ]);
    expect(core.settings.describe('gateway.proxyPassword')[0]).toMatchObject({ secret: true, set: true });
    expect(core.settings.describe('gateway.proxyPassword')[0]).not.toHaveProperty('value');
    expect(await sell(core, 500)).toMatchObject({ kind: 'approved' });
    expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${front.port}`]);
    expect(proxy.auth).toEqual([`Basic ${Buffer.from('bob:s3cret').toString('base64')}`]);
  });

  it('marks a live gateway over plain http on this machine as unencrypted, in the status and its problems', async () => {
    const core = await startCore();
    const live = await startGatewaySimulator({ namespace: DEFAULT_GATEWAY_NAMESPACE });
    cleanups.push(() => live.close());
    core.settings.setMany([['gateway.url', live.url], ['gateway.gatewayId', 'LIVE-1'], ['gateway.password', 'pw']]);
    const status = core.status.current();
    expect(status.gateway.unencrypted).toBe(true);
    expect(status.problems.map((p) => p.code)).toContain('gateway-unencrypted');
    core.settings.set('gateway.url', 'https://gw.example/transaction/v14');
    expect(core.status.current().gateway.unencrypted).toBe(false);
    expect(core.status.current().problems.map((p) => p.code)).not.toContain('gateway-unencrypted');
  });

  it('an unreadable CA file does not stop the terminal; payments get a clear error', async () => {
    const core = await startCore();
    core.settings.setMany([['gateway.caFile', '/nonexistent/ca.pem']]);
    await expect(core.gateway.client()).rejects.toThrow(/cannot read gateway.caFile/);
  });
});
