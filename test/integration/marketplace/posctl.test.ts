import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, posctl } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';
import { startMerchantSimulator, type MerchantSimulator } from '../../../main/training/merchant/simulator';
import { MERCHANT_BOOK } from '../../../main/training/merchant/data';

/** The "done when" of the marketplace and merchant work: all 21 endpoints through posctl. */

const json = (stdout: string): unknown => JSON.parse(stdout);
const home = MERCHANT_BOOK.home;

async function ok(dataDir: string, args: string[], input?: string): Promise<unknown> {
  const r = await posctl(dataDir, [...args, '--json'], input === undefined ? {} : { input });
  expect(r.code, `posctl ${args.join(' ')}\n${r.stderr}\n${r.stdout}`).toBe(0);
  return json(r.stdout);
}

// Each posctl run is a fresh Node process opening the terminal's files: give the suites room.
describe('posctl against the training simulators (no URL configured)', { timeout: 180_000 }, () => {
  const data = tempDirForSuite('pos-posctl-apis-');
  beforeAll(() => requireBuild());
  afterAll(() => data.remove());

  it('reaches the catalogue: categories, products, product (details and its six parts)', async () => {
    const cats = (await ok(data.dir, ['catalogue', 'categories'])) as { categories: unknown[]; freshness: { training: boolean } };
    expect(cats.categories).toHaveLength(8);
    expect(cats.freshness.training).toBe(true);
    const products = (await ok(data.dir, ['catalogue', 'products', '--type', 'PINPAD'])) as { total: number; products: Array<{ kind: string }> };
    expect(products.total).toBe(25);
    const product = (await ok(data.dir, ['catalogue', 'product', '5001'])) as { product: Record<string, unknown[]> & { missingParts: unknown[] } };
    for (const part of ['pricing', 'features', 'includes', 'specs', 'recommended', 'faq', 'options']) expect(product.product[part]?.length, part).toBeGreaterThan(0);
    expect(product.product.missingParts).toEqual([]);
    expect((await posctl(data.dir, ['catalogue', 'product', '99999'])).code).toBe(1);
  });

  it('reaches leads: list, create (refusals exit 1), outbox', async () => {
    const list = (await ok(data.dir, ['leads', 'list'])) as { businessConsultantId: string; leads: unknown[] };
    expect(list.businessConsultantId).toBe('BC1001');
    const created = (await ok(data.dir, ['leads', 'create', '--first-name', 'Ada', '--last-name', 'Byron', '--company', 'Posctl Books', '--email', 'ada@posctl.test', '--phone', '217-555-0111', '--address1', '1 Main St', '--city', 'Springfield', '--state', 'IL', '--zip', '62701', '--annual-volume', '150000'])) as { status: string };
    expect(created.status).toBe('created');
    // Kept across runs: the next posctl (another process) sees the training lead.
    const again = (await ok(data.dir, ['leads', 'list'])) as { leads: Array<{ companyName: string }> };
    expect(again.leads.map((l) => l.companyName)).toContain('Posctl Books');
    const dup = await posctl(data.dir, ['leads', 'create', '--first-name', 'Ada', '--last-name', 'Byron', '--company', 'Posctl Books', '--email', 'ada@posctl.test', '--phone', '217-555-0111', '--address1', '1 Main St', '--city', 'Springfield', '--state', 'IL', '--zip', '62701', '--annual-volume', '150000']);
    expect(dup.code).toBe(1);
    expect(dup.stdout).toContain('DUPLICATE_LEAD');
    const missing = await posctl(data.dir, ['leads', 'create', '--first-name', 'Ada']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/E-mail is required/);
    expect(await ok(data.dir, ['leads', 'outbox'])).toEqual({ entries: [] });
  });

  it('reaches every merchant endpoint', async () => {
    const m = (await ok(data.dir, ['merchant', 'get'])) as { merchant: { merchantId: number } };
    expect(m.merchant.merchantId).toBe(home);
    const s = (await ok(data.dir, ['merchant', 'search', '--dba', 'harbor', '--sort', 'city'])) as { results: Array<{ dbaName: string }>; pagination: { countPerPage: number } };
    expect(s.results.length).toBeGreaterThan(5);
    expect(s.pagination.countPerPage).toBe(3000);
    const contacts = (await ok(data.dir, ['merchant', 'contacts', String(home)])) as { contacts: Array<{ contactId: number }> };
    expect(contacts.contacts).toHaveLength(3);
    expect(((await ok(data.dir, ['merchant', 'contacts', String(home), '--id', String(contacts.contacts[1]!.contactId)])) as { contact: { contactId: number } }).contact.contactId).toBe(contacts.contacts[1]!.contactId);
    const h = (await ok(data.dir, ['merchant', 'hierarchy', String(home), '--level', '120', '--date', '2025-01-01'])) as { items: Array<{ hierarchyId: number; matches: boolean }> };
    expect(h.items[0]!.matches).toBe(true);
    expect(((await ok(data.dir, ['merchant', 'hierarchy', String(home), '--id', String(h.items[0]!.hierarchyId)])) as { item: { hierarchyId: number } }).item.hierarchyId).toBe(h.items[0]!.hierarchyId);
    const e = (await ok(data.dir, ['merchant', 'entitlements', String(home)])) as { entitlements: Array<{ entitlementId: number }> };
    expect(((await ok(data.dir, ['merchant', 'entitlements', String(home), '--id', String(e.entitlements[0]!.entitlementId)])) as { entitlement: { entitlementId: number } }).entitlement.entitlementId).toBe(e.entitlements[0]!.entitlementId);
    const f = (await ok(data.dir, ['merchant', 'fees', String(home)])) as { fees: Array<{ feeId: number }> };
    expect(((await ok(data.dir, ['merchant', 'fees', String(home), '--id', String(f.fees[0]!.feeId)])) as { fee: { feeId: number } }).fee.feeId).toBe(f.fees[0]!.feeId);
    const empty = await posctl(data.dir, ['merchant', 'search']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/at least one search field/);
    expect((await posctl(data.dir, ['merchant', 'get', '12'])).code).toBe(1);
  });
});

describe('posctl against configured services: the 21 routes, each signed and accepted', { timeout: 180_000 }, () => {
  const data = tempDirForSuite('pos-posctl-live-');
  let market: MarketplaceSimulator;
  let merchant: MerchantSimulator;
  const mk = { apiKey: 'mk-key', apiSecret: 'mk-secret-value', algorithm: 'hmac-sha256' };
  const mc = { apiKey: 'mc-key', apiSecret: 'mc-secret-value', algorithm: 'hmac-sha1' };

  beforeAll(async () => {
    requireBuild();
    market = await startMarketplaceSimulator({ credentials: mk, basePath: '/market' });
    merchant = await startMerchantSimulator({ credentials: mc, basePath: '/mms' });
    const set = async (key: string, value?: string, input?: string) => expect((await posctl(data.dir, ['config', 'set', key, ...(value === undefined ? [] : [value])], input === undefined ? {} : { input })).code).toBe(0);
    await set('marketplace.url', market.baseUrl);
    await set('marketplace.apiKey', mk.apiKey);
    await set('marketplace.apiSecret', undefined, `${mk.apiSecret}\n`);
    await set('marketplace.algorithm', mk.algorithm);
    await set('marketplace.companyId', market.companyId);
    await set('marketplace.businessConsultantId', 'BC1004');
    await set('merchant.url', merchant.baseUrl);
    await set('merchant.apiKey', mc.apiKey);
    await set('merchant.apiSecret', undefined, `${mc.apiSecret}\n`);
    await set('merchant.merchantId', String(home));
  });
  afterAll(async () => {
    await market?.close();
    await merchant?.close();
    data.remove();
  });

  it('sends every endpoint to the configured service with its own key and algorithm', async () => {
    await ok(data.dir, ['catalogue', 'categories']);
    await ok(data.dir, ['catalogue', 'products']);
    await ok(data.dir, ['catalogue', 'product', '5010']);
    await ok(data.dir, ['leads', 'list']);
    await ok(data.dir, ['leads', 'create', '--file', '-'], JSON.stringify({ first_name: 'Lin', last_name: 'Wu', company: 'Wu Tea', email: 'lin@wu.test', phone: '503-555-0100', address1: '2 Pine', city: 'Portland', state: 'OR', zip: '97205', annualVolume: 5000, leadType: 'Self Sourced', actionType: 'Create', recordType: 'Merchant', bankId: 'B-1', campaign_id: 'C-1', referenceType: 'LeadSystem', businessConsultantAMAId: 'AMA-1' }));
    const c = (await ok(data.dir, ['merchant', 'contacts', String(home), '--type', 'STM'])) as { contacts: Array<{ contactId: number }> };
    await ok(data.dir, ['merchant', 'get']);
    await ok(data.dir, ['merchant', 'search', '--state', 'OH']);
    await ok(data.dir, ['merchant', 'contacts', String(home), '--id', String(c.contacts[0]!.contactId)]);
    const h = (await ok(data.dir, ['merchant', 'hierarchy', String(home)])) as { items: Array<{ hierarchyId: number }> };
    await ok(data.dir, ['merchant', 'hierarchy', String(home), '--id', String(h.items[0]!.hierarchyId)]);
    const e = (await ok(data.dir, ['merchant', 'entitlements', String(home)])) as { entitlements: Array<{ entitlementId: number }> };
    await ok(data.dir, ['merchant', 'entitlements', String(home), '--id', String(e.entitlements[0]!.entitlementId)]);
    const f = (await ok(data.dir, ['merchant', 'fees', String(home)])) as { fees: Array<{ feeId: number }> };
    await ok(data.dir, ['merchant', 'fees', String(home), '--id', String(f.fees[0]!.feeId)]);

    const routes = (reqs: MarketplaceSimulator['requests']) => new Set(reqs.map((r) => `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, '/#')}`));
    expect([...routes(market.requests)].filter((r) => !r.includes('/images/')).sort()).toEqual([
      'GET /market/marketplace/v1/companies/#/products/#/includes',
      'GET /market/marketplace/v1/companies/#/products/#/options/',
      'GET /market/marketplace/v1/companies/#/products/#/recommended',
      'GET /market/marketplace/v1/products',
      'GET /market/marketplace/v1/products/#/faq',
      'GET /market/marketplace/v1/products/#/features',
      'GET /market/marketplace/v1/products/#/specs',
      'GET /market/marketplace/v2/companies/#/categories',
      'GET /market/v1/companies/#/products/#/details/',
      'POST /market/marketplace/v1/businessconsultant/leads',
      'POST /market/marketplace/v1/canada/lead/create',
    ]);
    expect([...routes(merchant.requests)].sort()).toEqual([
      'GET /mms/api/manage/merchants/#',
      'GET /mms/api/manage/merchants/#/contacts',
      'GET /mms/api/manage/merchants/#/contacts/#',
      'GET /mms/api/manage/merchants/#/entitlements',
      'GET /mms/api/manage/merchants/#/entitlements/#',
      'GET /mms/api/manage/merchants/#/fees',
      'GET /mms/api/manage/merchants/#/fees/#',
      'GET /mms/api/manage/merchants/#/hierarchies/#',
      'GET /mms/api/manage/merchants/#/hierarchies/#/#',
      'POST /mms/api/manage/merchantsearch',
    ]);
    // Every request was signed with the configured key and algorithm (the simulators refused nothing).
    expect(market.requests.filter((r) => !r.path.includes('/images/')).every((r) => r.headers.authorization?.startsWith('hmac username="mk-key",algorithm="hmac-sha256"'))).toBe(true);
    expect(merchant.requests.every((r) => r.headers.authorization?.startsWith('hmac username="mc-key",algorithm="hmac-sha1"'))).toBe(true);
  });

  it('shows the cached catalogue and merchant with both services stopped', async () => {
    await market.close();
    await merchant.close();
    const cats = (await ok(data.dir, ['catalogue', 'categories'])) as { categories: unknown[]; freshness: { source: string } };
    expect(cats.categories).toHaveLength(8);
    expect(cats.freshness.source).toBe('cache');
    const m = (await ok(data.dir, ['merchant', 'get'])) as { freshness: { offline: boolean; source: string } };
    expect(m.freshness).toMatchObject({ offline: true, source: 'cache' });
    const r = await posctl(data.dir, ['merchant', 'get']);
    expect(r.stderr).toMatch(/OFFLINE/);
  });
});
