import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonApi } from '../../../main/http/client';
import { ApiError } from '../../../main/http/errors';
import { createMerchantClient } from '../../../main/merchant/client';
import { MERCHANT_BOOK } from '../../../main/training/merchant/data';
import { startMerchantSimulator, type MerchantSimulator } from '../../../main/training/merchant/simulator';

const credentials = { apiKey: 'mm-key', apiSecret: 'mm-secret', algorithm: 'hmac-sha1' as const };

describe('merchant client against the simulator over real HTTP', () => {
  let sim: MerchantSimulator;
  let client: ReturnType<typeof createMerchantClient>;
  const home = MERCHANT_BOOK.home;

  beforeAll(async () => {
    sim = await startMerchantSimulator({ credentials, countPerPage: 5 });
    client = createMerchantClient(createJsonApi({ api: 'merchant', target: async () => ({ baseUrl: sim.baseUrl, credentials }), retry: { attempts: 1 } }));
  });
  afterAll(async () => sim?.close());

  function last() {
    const r = sim.requests.at(-1)!;
    const expected = createHmac('sha1', credentials.apiSecret).update(`date: ${r.headers.date}`).digest('base64');
    expect(r.headers.authorization).toBe(`hmac username="mm-key",algorithm="hmac-sha1",headers="date",signature="${expected}"`);
    return r;
  }

  it('1. GET /api/manage/merchants/{merchantId}', async () => {
    const m = await client.merchant(home);
    expect(m).toMatchObject({ merchantId: home, uniqueId: home });
    expect(m.mid).toMatch(/^4445/);
    expect([last().method, last().path]).toEqual(['GET', `/api/manage/merchants/${home}`]);
  });

  it('2. POST /api/manage/merchantsearch: partial fields, sort, pages of countPerPage', async () => {
    const p1 = await client.search({ dbaName: 'BAKERY', sort: 'merchantId' });
    const r = last();
    expect([r.method, r.path, r.headers.contentType]).toEqual(['POST', '/api/manage/merchantsearch', 'application/json']);
    expect(r.body).toEqual({ dbaName: 'BAKERY', sort: 'merchantId' });
    expect(p1.pagination).toMatchObject({ countPerPage: 5, page: 1 });
    expect(p1.data).toHaveLength(5);
    expect(p1.data.every((x) => x.dbaName.toLowerCase().includes('bakery'))).toBe(true);
    const ids = p1.data.map((x) => x.merchantId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const p2 = await client.search({ dbaName: 'BAKERY', sort: 'merchantId', page: 2 });
    expect(last().body).toEqual({ dbaName: 'BAKERY', sort: 'merchantId', page: 2 });
    expect(p2.pagination?.page).toBe(2);
    expect(p2.data[0]!.merchantId).toBeGreaterThan(ids.at(-1)!);
    const corp = await client.search({ hierarchyLevel: 'CORP', state: 'o' });
    expect(last().body).toEqual({ hierarchyLevel: '100', state: 'o' });
    expect(corp.data.every((x) => x.hierarchyLevelAbbreviation === 'CORP')).toBe(true);
    expect(corp.pagination?.rowCount).toBeGreaterThan(0);
  });

  it('2. refuses an all-empty search without sending it', async () => {
    const before = sim.requests.length;
    await expect(client.search({ city: ' ', sort: 'city' })).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(sim.requests.length).toBe(before);
  });

  it('3-4. contacts: one by id, and the contacts endpoint with and without contactType', async () => {
    const bil = await client.contacts(home, 'BIL');
    expect(last().path).toBe(`/api/manage/merchants/${home}/contacts`);
    expect(last().query).toEqual({ contactType: 'BIL' });
    expect(bil).toHaveLength(1);
    expect(bil[0]!.contactType).toBe('BIL');
    expect((await client.contacts(home))[0]!.contactType).toBe('DBA');
    expect(last().query).toEqual({});
    const one = await client.contact(home, bil[0]!.contactId);
    expect(one.contactId).toBe(bil[0]!.contactId);
    expect(last().path).toBe(`/api/manage/merchants/${home}/contacts/${bil[0]!.contactId}`);
  });

  it('5-6. hierarchy lists by level with hierarchydate, matched on the lvlNId the level table picks', async () => {
    const bank = MERCHANT_BOOK.bank;
    const all = await client.hierarchies(bank, 'BANK');
    expect(last().path).toBe(`/api/manage/merchants/${bank}/hierarchies/50`);
    expect(all.items.length).toBe(5);
    expect(all.pagination).toMatchObject({ countPerPage: 5 });
    expect(all.pagination!.rowCount).toBeGreaterThan(150);
    expect(all.items.every((h) => h.lvl5Id === bank)).toBe(true);

    // An outlet that moved chain in mid-2024: the date picks the item in force.
    const moved = MERCHANT_BOOK.items.filter((h) => h.hierarchyLevel === '120').find((h, _i, list) => list.filter((x) => x.merchantId === h.merchantId).length === 2)!;
    const before = await client.hierarchies(moved.merchantId, '120', '2023-03-01');
    expect(last().query).toEqual({ hierarchydate: '2023-03-01' });
    const after = await client.hierarchies(moved.merchantId, 'LCTN', '2025-03-01');
    expect(last().path).toBe(`/api/manage/merchants/${moved.merchantId}/hierarchies/120`);
    expect(before.items).toHaveLength(1);
    expect(after.items).toHaveLength(1);
    expect(before.items[0]!.lvl2Id).not.toBe(after.items[0]!.lvl2Id);
    await expect(client.hierarchies(moved.merchantId, '120', '2023-02-30')).rejects.toMatchObject({ kind: 'invalid-request' });

    const one = await client.hierarchy(moved.merchantId, '120', after.items[0]!.hierarchyId);
    expect(last().path).toBe(`/api/manage/merchants/${moved.merchantId}/hierarchies/120/${after.items[0]!.hierarchyId}`);
    expect(one.hierarchyId).toBe(after.items[0]!.hierarchyId);
  });

  it('7-10. entitlements and fees, lists and one by id', async () => {
    const ents = await client.entitlements(home);
    expect(last().path).toBe(`/api/manage/merchants/${home}/entitlements`);
    expect(ents.length).toBeGreaterThan(1);
    expect((await client.entitlement(home, ents[0]!.entitlementId)).productCode).toBe(ents[0]!.productCode);
    expect(last().path).toBe(`/api/manage/merchants/${home}/entitlements/${ents[0]!.entitlementId}`);
    const fees = await client.fees(home);
    expect(last().path).toBe(`/api/manage/merchants/${home}/fees`);
    expect(fees.length).toBeGreaterThan(3);
    expect((await client.fee(home, fees[0]!.feeId)).name).toBe(fees[0]!.name);
    expect(last().path).toBe(`/api/manage/merchants/${home}/fees/${fees[0]!.feeId}`);
  });

  it('maps code 1030 (identity not matched) to a plain-words NOT_FOUND', async () => {
    const err = (await client.merchant(123).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, posCode: 'NOT_FOUND', failure: { code: 1030 } });
    expect(err.message).toMatch(/could not be matched to any record/);
  });

  it('treats a responseCode other than success as a failure even on HTTP 200', async () => {
    sim.inject({ match: /fees$/, times: 1, reply: { status: 200, body: { responseCode: 'failure', reasonCode: 'E42', errorDetails: { code: 1030, 'additional message': 'x', message: 'y' }, message: 'no' } } });
    await expect(client.fees(home)).rejects.toMatchObject({ kind: 'http', failure: { code: 1030 } });
  });
});
