import { afterEach, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../preload/contract';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';
import { callCore } from '../../support/call-core';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

const credentials = { apiKey: 'cart-key', apiSecret: 'cart-secret', algorithm: 'hmac-sha256' as const };
const cores: Core[] = [];
const sims: MarketplaceSimulator[] = [];

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  for (const s of sims.splice(0)) await s.close();
});

async function startSim(port?: number): Promise<MarketplaceSimulator> {
  const sim = await startMarketplaceSimulator({ credentials, ...(port ? { port } : {}) });
  sims.push(sim);
  return sim;
}

async function openCore(sim: MarketplaceSimulator): Promise<Core> {
  const core = await createCore({ logLevel: 'debug', logDestination: memoryLog().stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: tempDir(), version: 'test' }));
  cores.push(core);
  core.settings.setMany([
    ['marketplace.url', sim.baseUrl],
    ['marketplace.apiKey', credentials.apiKey],
    ['marketplace.apiSecret', credentials.apiSecret],
    ['marketplace.algorithm', credentials.algorithm],
    ['marketplace.companyId', sim.companyId],
    ['marketplace.businessConsultantId', 'BC1004'],
  ]);
  return core;
}

const call = callCore;

const lead = {
  first_name: 'Ada', last_name: 'Byron', company: 'Analytical Engines', email: 'ada@engines.test', phone: '217-555-0188',
  address1: '1 Difference Row', city: 'Springfield', state: 'IL', zip: '62711', annualVolume: 90000, leadType: 'Self Sourced',
  actionType: 'Create', recordType: 'Merchant', bankId: 'TB-0042', campaign_id: 'C-1', referenceType: 'LeadSystem', businessConsultantAMAId: 'AMA-55104',
};

/** A terminal (5001) and a PIN pad, with debit chosen: a complete cart. */
async function fillCart(core: Core): Promise<MethodOutput<'catalogue.cart.set'>> {
  const pinPad = (await call(core, 'catalogue.products', { kind: 'PINPAD', limit: 1 })).products[0]!.productId;
  return call(core, 'catalogue.cart.set', { items: [{ productId: 5001, quantity: 2 }, { productId: pinPad, quantity: 1 }], debit: true, checkAcceptance: false });
}

describe('a lead sent with the equipment cart', () => {
  it('carries the cart lines with the lead and empties the cart once the lead is created', async () => {
    const sim = await startSim();
    const core = await openCore(sim);
    const cart = await fillCart(core);
    expect(cart.complete).toBe(true);

    const created = await call(core, 'leads.create', { ...lead, withCart: true });
    expect(created.status).toBe('created');
    const equipment = created.status === 'created' ? created.equipment : undefined;
    expect(equipment?.map((e) => [e.productId, e.quantity, e.purchaseType])).toEqual(cart.items.map((l) => [l.productId, l.quantity, l.purchaseType]));
    expect(equipment?.[0]?.name).toBe(cart.items[0]?.name);

    expect(await call(core, 'catalogue.cart', {})).toMatchObject({ items: [], debit: false, checkAcceptance: false });
    const listed = (await call(core, 'leads.list', {})).leads.find((l) => l.uid === created.uid);
    expect(listed?.equipment).toEqual(equipment);
  });

  it('empties the cart when the lead is kept in the outbox, and shows the equipment with it', async () => {
    const sim = await startSim();
    const core = await openCore(sim);
    await fillCart(core);
    await sim.close();
    const queued = await call(core, 'leads.create', { ...lead, withCart: true });
    expect(queued.status).toBe('queued');
    expect((await call(core, 'catalogue.cart', {})).items).toEqual([]);
    const [entry] = (await call(core, 'leads.outbox', {})).entries;
    expect(entry?.uid).toBe(queued.uid);
    expect(entry?.equipment?.map((e) => e.productId)[0]).toBe(5001);
    expect(entry?.keptFor).toBeUndefined();
  });

  it('leaves the cart as it was when the lead system refuses the lead, or when the lead goes without it', async () => {
    const sim = await startSim();
    const core = await openCore(sim);
    const cart = await fillCart(core);
    const seeded = (await call(core, 'leads.list', {})).leads[0]!;
    const refused = await call(core, 'leads.create', { ...lead, company: seeded.companyName, zip: seeded.zip, withCart: true });
    expect(refused.status).toBe('rejected');
    expect((await call(core, 'catalogue.cart', {})).items).toEqual(cart.items);
    const plain = await call(core, 'leads.create', { ...lead, company: 'No Cart Co' });
    expect(plain).toMatchObject({ status: 'created' });
    expect(plain.status === 'created' && plain.equipment).toBeFalsy();
    expect((await call(core, 'catalogue.cart', {})).items).toEqual(cart.items);
  });
});

describe('the lead outbox when the settings change', () => {
  it('keeps showing leads keyed for another marketplace address, and sends them only to that address', async () => {
    const sim = await startSim();
    const port = sim.port;
    const core = await openCore(sim);
    await sim.close();
    const queued = await call(core, 'leads.create', lead);
    expect(queued.status).toBe('queued');

    // A company change is not another marketplace: the lead-create call names no company.
    core.settings.set('marketplace.companyId', '2002');
    expect((await call(core, 'leads.outbox', {})).entries).toMatchObject([{ uid: queued.uid, state: 'pending' }]);
    expect((await call(core, 'leads.outbox', {})).entries[0]?.keptFor).toBeUndefined();

    // Another address: the lead stays listed, saying for which marketplace it waits, and is not sent elsewhere.
    const other = await startSim();
    core.settings.set('marketplace.url', other.baseUrl);
    const [entry] = (await call(core, 'leads.outbox', {})).entries;
    expect(entry).toMatchObject({ uid: queued.uid, keptFor: { training: false, url: `http://127.0.0.1:${port}` } });
    expect((await call(core, 'leads.retry', {})).results).toEqual([]);
    expect(other.requests.filter((r) => r.path.endsWith('/lead/create'))).toHaveLength(0);

    // Training keeps its own leads apart too.
    core.settings.set('marketplace.url', '');
    expect((await call(core, 'leads.outbox', {})).entries[0]?.keptFor).toMatchObject({ training: false });

    // Back to the first address: it is sent there.
    const back = await startSim(port);
    core.settings.set('marketplace.url', back.baseUrl);
    expect((await call(core, 'leads.retry', {})).results).toMatchObject([{ status: 'created', uid: queued.uid }]);
    expect((await call(core, 'leads.outbox', {})).entries).toEqual([]);
  });

  it('keeps a refusal in the lead system\'s words, without its code', async () => {
    const sim = await startSim();
    const port = sim.port;
    const core = await openCore(sim);
    const seeded = (await call(core, 'leads.list', {})).leads[0]!;
    await sim.close();
    const queued = await call(core, 'leads.create', { ...lead, company: seeded.companyName, zip: seeded.zip });
    expect(queued.status).toBe('queued');
    await startSim(port);
    expect((await call(core, 'leads.retry', {})).results).toMatchObject([{ status: 'rejected', errorCode: 'DUPLICATE_LEAD' }]);
    const [entry] = (await call(core, 'leads.outbox', {})).entries;
    expect(entry?.state).toBe('rejected');
    expect(entry?.lastProblem).toMatch(/^A lead for this company and zip already exists/);
  });
});

describe('the equipment cart', () => {
  it('makes one line of a product added without an option and again as bought outright', async () => {
    const sim = await startSim();
    const core = await openCore(sim);
    await call(core, 'catalogue.cart.set', { items: [{ productId: 5001, quantity: 1 }], debit: false, checkAcceptance: false });
    const cart = await call(core, 'catalogue.cart.set', { items: [{ productId: 5001, quantity: 1, purchaseType: 'P' }, { productId: 5001, quantity: 1, purchaseType: 'P' }], debit: false, checkAcceptance: false });
    expect(cart.items.map((l) => [l.productId, l.purchaseType, l.quantity])).toEqual([[5001, 'P', 2]]);
    const again = await call(core, 'catalogue.cart.set', { items: [...cart.items.map((l) => ({ productId: l.productId, quantity: l.quantity, purchaseType: l.purchaseType ?? '' })), { productId: 5001, quantity: 1 }], debit: false, checkAcceptance: false });
    expect(again.items.map((l) => [l.productId, l.purchaseType, l.quantity])).toEqual([[5001, 'P', 3]]);
  });
});
