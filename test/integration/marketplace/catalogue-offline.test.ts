import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { failure } from '../../../main/training/marketplace/sim-http';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';
import { callCore } from '../../support/call-core';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

const credentials = { apiKey: 'offline-key', apiSecret: 'offline-secret', algorithm: 'hmac-sha256' as const };
const cores: Core[] = [];
/** Everything every core of a test logged, at debug level. */
let logged = memoryLog();
const sims: MarketplaceSimulator[] = [];

afterEach(async () => {
  logged = memoryLog();
  for (const c of cores.splice(0)) await c.close();
  for (const s of sims.splice(0)) await s.close();
});

async function startSim(port?: number): Promise<MarketplaceSimulator> {
  const sim = await startMarketplaceSimulator({ credentials, ...(port ? { port } : {}) });
  sims.push(sim);
  return sim;
}

async function openCore(dataDir: string, sim: MarketplaceSimulator): Promise<Core> {
  const core = await createCore({ logLevel: 'debug', logDestination: logged.stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
  cores.push(core);
  core.settings.setMany([
    ['marketplace.url', sim.baseUrl],
    ['marketplace.apiKey', credentials.apiKey],
    ['marketplace.apiSecret', credentials.apiSecret],
    ['marketplace.algorithm', credentials.algorithm],
    ['marketplace.companyId', sim.companyId],
    ['marketplace.businessConsultantId', 'BC1003'],
  ]);
  return core;
}

const call = callCore;

const closeCore = async (core: Core): Promise<void> => {
  cores.splice(cores.indexOf(core), 1);
  await core.close();
};

const lead = {
  first_name: 'Grace', last_name: 'Hopper', company: 'Hopper Hardware', email: 'grace@hopper.test', phone: '217-555-0199',
  address1: '9 Navy Way', city: 'Springfield', state: 'IL', zip: '62704', annualVolume: 300000, leadType: 'Bank Referral',
  actionType: 'Create', recordType: 'Merchant', bankId: 'TB-0042', campaign_id: 'C-9', referenceType: 'LeadSystem', businessConsultantAMAId: 'AMA-55103',
};

describe('catalogue and leads with the network down', () => {
  it('keeps the catalogue, product details, images and the cart viewable, across a restart', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const core = await openCore(dataDir, sim);

    const cats = await call(core, 'catalogue.categories', {});
    expect(cats.freshness).toMatchObject({ source: 'network', offline: false, training: false });
    const list = await call(core, 'catalogue.products', { kind: 'TERM' });
    expect(list.total).toBeGreaterThan(30);
    const detail = await call(core, 'catalogue.product', { productId: 5001 });
    expect(detail.product.pricing.length).toBeGreaterThan(0);
    expect(detail.product.features.length).toBeGreaterThan(2);
    const image = await call(core, 'catalogue.image', { productId: 5001, index: 0, size: 'thumb' });
    expect(image.dataUrl).toMatch(/^data:image\/png;base64,/);
    await core.apis.marketplace.settle();
    expect(readdirSync(join(dataDir, 'cache', 'images')).length).toBeGreaterThan(200);
    const refreshedAt = cats.freshness.refreshedAt;

    await sim.close();

    // A refresh now fails and says why; everything read before stays viewable, marked offline.
    await expect(call(core, 'catalogue.refresh', {})).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const offlineCats = await call(core, 'catalogue.categories', {});
    expect(offlineCats.categories).toEqual(cats.categories);
    expect(offlineCats.freshness).toMatchObject({ source: 'cache', offline: true, refreshedAt });
    expect(offlineCats.freshness.problem).toMatch(/cannot be reached/);
    expect((await call(core, 'catalogue.products', { kind: 'TERM' })).total).toBe(list.total);
    expect((await call(core, 'catalogue.product', { productId: 5001 })).product).toEqual(detail.product);
    expect((await call(core, 'catalogue.image', { productId: 5001, index: 0, size: 'large' })).dataUrl).toMatch(/^data:image\/png/);
    await expect(call(core, 'catalogue.product', { productId: 5002 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const cart = await call(core, 'catalogue.cart.set', { items: [{ productId: 5001, quantity: 2 }], debit: true, checkAcceptance: false });
    expect(cart.missing.map((m) => m.kind)).toEqual(['PINPAD']);
    expect(cart.totals.oneTimeCents).toBe(2 * (detail.product.pricing.find((p) => p.code === 'P')?.amountCents ?? -1));

    // The app restarts with the network still down: the last copy is still there.
    await closeCore(core);
    const again = await openCore(dataDir, sim);
    const afterRestart = await call(again, 'catalogue.categories', {});
    expect(afterRestart.categories).toEqual(cats.categories);
    expect(afterRestart.freshness.refreshedAt).toBe(refreshedAt);
    expect((await call(again, 'catalogue.cart', {})).items[0]).toMatchObject({ productId: 5001, quantity: 2 });
  });

  it('refreshes a stale list in the background and tells the screens', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const core = await openCore(dataDir, sim);
    await call(core, 'catalogue.categories', {});
    // Make the copy old, as if fetched yesterday.
    core.apis.marketplace.fetcher.write('categories', (await core.apis.marketplace.client.categories()).slice(0, 2), '2000-01-01T00:00:00.000Z');
    const changed = new Promise((resolve) => core.bus.on('catalogue.changed', resolve));
    const stale = await call(core, 'catalogue.categories', {});
    expect(stale.categories).toHaveLength(2);
    expect(stale.freshness.refreshedAt).toBe('2000-01-01T00:00:00.000Z');
    expect(await changed).toMatchObject({ scope: 'lists', freshness: { source: 'network', offline: false } });
    expect((await call(core, 'catalogue.categories', {})).categories).toHaveLength(8);
  });

  it('keeps a lead keyed in offline sealed in the outbox and sends it once when the service is back', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const port = sim.port;
    const core = await openCore(dataDir, sim);
    await sim.close();

    const queued = await call(core, 'leads.create', lead);
    expect(queued.status).toBe('queued');
    const outbox = await call(core, 'leads.outbox', {});
    expect(outbox.entries).toMatchObject([{ uid: queued.uid, state: 'pending', company: 'Hopper Hardware', contactName: 'Grace Hopper' }]);
    // Sealed at rest: the person's details are not in the cache file.
    for (const f of ['cache.sqlite', 'cache.sqlite-wal'].map((n) => join(dataDir, n)).filter((p) => existsSync(p))) {
      expect(readFileSync(f).includes('grace@hopper.test')).toBe(false);
    }

    const back = await startSim(port);
    const results = await call(core, 'leads.retry', {});
    expect(results.results).toMatchObject([{ status: 'created', uid: queued.uid }]);
    expect((await call(core, 'leads.outbox', {})).entries).toEqual([]);
    expect(back.requests.filter((r) => r.path.endsWith('/lead/create'))).toHaveLength(1);
    const listed = await call(core, 'leads.list', {});
    expect(listed.leads.find((l) => l.uid === queued.uid)?.companyName).toBe('Hopper Hardware');
    // The log tells what happened without the secret, the signatures or the person's details.
    const text = logged.text();
    expect(text).toContain('api call');
    for (const secret of [credentials.apiSecret, 'signature=', 'grace@hopper.test', '217-555-0199']) expect(text).not.toContain(secret);
  });

  it('does not send a lead twice when the answer to the first send was lost', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const core = await openCore(dataDir, sim);
    // The service creates the lead, but the answer never arrives (a proxy times out).
    sim.inject({ match: /lead\/create$/, times: 1, afterHandling: true, reply: failure(504, 1504, 'Gateway timeout') });
    const first = await call(core, 'leads.create', { ...lead, company: 'Lost Answer Ltd' });
    expect(first.status).toBe('queued');
    const results = await call(core, 'leads.retry', {});
    expect(results.results).toMatchObject([{ status: 'created', uid: first.uid, message: 'the lead system already had this lead' }]);
    expect(sim.requests.filter((r) => r.path.endsWith('/lead/create'))).toHaveLength(1);
    const mine = (await call(core, 'leads.list', {})).leads.filter((l) => l.companyName === 'Lost Answer Ltd');
    expect(mine).toHaveLength(1);
  });

  it('reports a refused lead with its errorCode and keeps nothing in the outbox', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const core = await openCore(dataDir, sim);
    const seeded = (await call(core, 'leads.list', {})).leads[0]!;
    const refused = await call(core, 'leads.create', { ...lead, company: seeded.companyName, zip: seeded.zip });
    expect(refused).toMatchObject({ status: 'rejected', errorCode: 'DUPLICATE_LEAD' });
    expect((await call(core, 'leads.outbox', {})).entries).toEqual([]);
    await expect(call(core, 'leads.create', { first_name: 'Only' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('product details with a part missing', () => {
  it('shows a part the service refuses as missing, but does not keep a copy with a part lost to the network', async () => {
    const dataDir = tempDir();
    const sim = await startSim();
    const core = await openCore(dataDir, sim);
    sim.inject({ match: /5003\/faq$/, times: 1, reply: { status: 404, body: { code: 2004, 'additional message': 'no FAQ', message: 'Not found' } } });
    const partial = await call(core, 'catalogue.product', { productId: 5003 });
    expect(partial.product.faq).toEqual([]);
    expect(partial.product.missingParts.map((m) => m.part)).toEqual(['faq']);
    sim.inject({ match: /5004\/specs$/, times: 3, reply: { status: 503, body: { code: 1503, 'additional message': '', message: 'busy' } } });
    await expect(call(core, 'catalogue.product', { productId: 5004 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect((await call(core, 'catalogue.product', { productId: 5004 })).product.specs.length).toBeGreaterThan(0);
  });
});
