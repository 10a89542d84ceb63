import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonApi } from '../../../main/http/client';
import { ApiError } from '../../../main/http/errors';
import { createMarketplaceClient } from '../../../main/marketplace/client';
import { buildLeadRequest } from '../../../main/marketplace/lead';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';

const credentials = { apiKey: 'itest-key', apiSecret: 'itest-secret-0123456789', algorithm: 'hmac-sha256' as const };
const RFC1123 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('marketplace client against the simulator over real HTTP', () => {
  let sim: MarketplaceSimulator;
  let client: ReturnType<typeof createMarketplaceClient>;

  beforeAll(async () => {
    // Mounted under a path, as a gateway in front of the service would be.
    sim = await startMarketplaceSimulator({ credentials, basePath: '/gw' });
    const api = createJsonApi({ api: 'marketplace', target: async () => ({ baseUrl: sim.baseUrl, credentials }), retry: { attempts: 1 } });
    client = createMarketplaceClient(api, async () => sim.companyId);
  });
  afterAll(async () => sim?.close());

  /** The last request the simulator received, with its signature checked here independently. */
  function last() {
    const r = sim.requests.at(-1);
    if (!r) throw new Error('no request recorded');
    expect(r.headers.date).toMatch(RFC1123);
    const expected = createHmac('sha256', credentials.apiSecret).update(`date: ${r.headers.date}`).digest('base64');
    expect(r.headers.authorization).toBe(`hmac username="itest-key",algorithm="hmac-sha256",headers="date",signature="${expected}"`);
    return r;
  }

  it('1. POST marketplace/v1/businessconsultant/leads with the consultant id as a JSON body', async () => {
    const leads = await client.leads('BC1002');
    expect(leads.length).toBeGreaterThan(3);
    const r = last();
    expect([r.method, r.path]).toEqual(['POST', '/gw/marketplace/v1/businessconsultant/leads']);
    expect(r.headers.contentType).toBe('application/json');
    expect(r.body).toEqual({ businessConsultantId: 'BC1002' });
    expect(leads.every((l) => l.businessConsultantAMAId === 'AMA-55102')).toBe(true);
  });

  it('2. POST /marketplace/v1/canada/lead/create with every required key, and errorCode/errMessage on refusal', async () => {
    const body = buildLeadRequest({
      first_name: 'Ada', last_name: 'Byron', company: 'Byron Books', actionType: 'Create', recordType: 'Merchant', email: 'ada@books.test',
      phone: '217-555-0101', bankId: 'TB-0042', zip: '62701', address1: '1 Main St', city: 'Springfield', state: 'IL', campaign_id: 'C1',
      leadType: 'Bank Referral', referenceType: 'LeadSystem', annualVolume: 120000, businessConsultantAMAId: 'AMA-55101', uid: 'itest-uid-1',
      businessConsultantId: 'BC1001',
    });
    const created = await client.createLead(body);
    expect(created).toMatchObject({ errorCode: '', errMessage: '' });
    expect(created.leadId).toMatch(/^00Q/);
    const r = last();
    expect([r.method, r.path, r.headers.contentType]).toEqual(['POST', '/gw/marketplace/v1/canada/lead/create', 'application/json']);
    expect(r.body).toEqual(body);
    expect(Object.keys(r.body as object)).toHaveLength(24);
    // Same company and zip again under a new uid: refused by the lead system with its own code.
    const dup = await client.createLead({ ...body, uid: 'itest-uid-2' });
    expect(dup.errorCode).toBe('DUPLICATE_LEAD');
    expect(dup.errMessage).toContain(created.leadId);
    // The same uid again: the lead system answers the lead it has, it does not make a second.
    expect((await client.createLead(body)).leadId).toBe(created.leadId);
  });

  it('2. refuses to send a lead with required fields missing', async () => {
    const before = sim.requests.length;
    const err = await client.createLead(buildLeadRequest({ first_name: 'Ada' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('invalid-request');
    expect((err as ApiError).issues?.map((i) => i.path)).toContain('email');
    expect(sim.requests.length).toBe(before);
  });

  it('3. GET /marketplace/v2/companies/{companyId}/categories', async () => {
    const cats = await client.categories();
    expect(cats.map((c) => c.name)).toContain('RETAIL');
    const r = last();
    expect([r.method, r.path, r.body, r.headers.contentType]).toEqual(['GET', '/gw/marketplace/v2/companies/1001/categories', undefined, undefined]);
  });

  it('4. GET /marketplace/v1/products: at least 200 products across the categories, with the variant spellings', async () => {
    const products = await client.products();
    expect(products.length).toBeGreaterThanOrEqual(200);
    expect(new Set(products.flatMap((p) => p.categoryIds)).size).toBe(8);
    const types = new Set(products.map((p) => p.productType));
    for (const t of ['TERM', 'Terminal', 'ITERM', 'PINPAD', 'CHKRDR', 'Power_Sup', 'MO_FEE']) expect(types).toContain(t);
    expect(last().path).toBe('/gw/marketplace/v1/products');
  });

  it('5. GET /v1/companies/{companyId}/products/{productId}/details/ (no marketplace segment, trailing slash)', async () => {
    const d = await client.details(5001);
    expect(d.pricingModel.length).toBeGreaterThan(0);
    expect(last().path).toBe('/gw/v1/companies/1001/products/5001/details/');
  });

  it('6-11. features, includes, specs, recommended, faq and options at their paths', async () => {
    const f = await client.features(5001);
    expect(f.success).toBe(true);
    expect(last().path).toBe('/gw/marketplace/v1/products/5001/features');
    expect((await client.includes(5001)).length).toBeGreaterThan(0);
    expect(last().path).toBe('/gw/marketplace/v1/companies/1001/products/5001/includes');
    expect(Object.keys(await client.specs(5001))).toContain('Memory');
    expect(last().path).toBe('/gw/marketplace/v1/products/5001/specs');
    const rec = await client.recommended(5001);
    expect(rec[0]?.sponsor?.sponsorName).toBeTruthy();
    expect(last().path).toBe('/gw/marketplace/v1/companies/1001/products/5001/recommended');
    expect((await client.faq(5001)).length).toBeGreaterThan(1);
    expect(last().path).toBe('/gw/marketplace/v1/products/5001/faq');
    expect(Array.isArray(await client.options(5001))).toBe(true);
    expect(last().path).toBe('/gw/marketplace/v1/companies/1001/products/5001/options/');
    expect(sim.requests.filter((r) => r.method === 'GET').every((r) => r.headers.contentType === undefined)).toBe(true);
  });

  it('answers an unknown product with the failure body, typed NOT_FOUND', async () => {
    const err = (await client.details(42).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'http', status: 404, posCode: 'NOT_FOUND' });
    expect(err.failure?.code).toBe(2004);
  });
});
