import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { MERCHANT_BOOK } from '../../../main/training/merchant/data';
import { startMerchantSimulator, type MerchantSimulator } from '../../../main/training/merchant/simulator';
import { callCore } from '../../support/call-core';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

const credentials = { apiKey: 'mo-key', apiSecret: 'mo-secret', algorithm: 'hmac-sha512' as const };
let core: Core | undefined;
let sim: MerchantSimulator | undefined;
afterEach(async () => {
  await core?.close();
  await sim?.close();
  core = undefined;
  sim = undefined;
});

const call = callCore;

describe('merchant view with the network down', () => {
  it('shows the last copy of the account, contacts, hierarchy, entitlements and fees, marked offline', async () => {
    const dataDir = tempDir();
    sim = await startMerchantSimulator({ credentials });
    core = await createCore({ logLevel: 'warn', logDestination: memoryLog().stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
    const home = MERCHANT_BOOK.home;
    core.settings.setMany([
      ['merchant.url', sim.baseUrl],
      ['merchant.apiKey', credentials.apiKey],
      ['merchant.apiSecret', credentials.apiSecret],
      ['merchant.algorithm', credentials.algorithm],
      ['merchant.merchantId', String(home)],
    ]);

    const account = await call(core, 'merchant.get', {});
    expect(account.merchant.merchantId).toBe(home);
    expect(account.freshness).toMatchObject({ source: 'network', offline: false, training: false });
    const contacts = await call(core, 'merchant.contacts', { merchantId: home });
    expect(contacts.contacts.map((c) => c.contactType.code).sort()).toEqual(['BIL', 'DBA', 'STM']);
    const hierarchy = await call(core, 'merchant.hierarchies', { merchantId: home, level: '120' });
    expect(hierarchy.items[0]).toMatchObject({ matchedField: 1, matches: true });
    const ents = await call(core, 'merchant.entitlements', { merchantId: home });
    const fees = await call(core, 'merchant.fees', { merchantId: home });
    const search = await call(core, 'merchant.search', { city: 'spring' });
    expect(search.results.length).toBeGreaterThan(0);
    const taxId = String(MERCHANT_BOOK.merchants.find((m) => m.merchantId === home)!.record.taxId);

    await sim.close();
    sim = undefined;

    const offline = await call(core, 'merchant.get', {});
    expect(offline.merchant).toEqual(account.merchant);
    expect(offline.freshness).toMatchObject({ source: 'cache', offline: true, refreshedAt: account.freshness.refreshedAt });
    expect(offline.freshness.problem).toMatch(/merchant service cannot be reached/);
    expect((await call(core, 'merchant.contacts', { merchantId: home })).contacts).toEqual(contacts.contacts);
    expect((await call(core, 'merchant.hierarchies', { merchantId: home, level: '120' })).items).toEqual(hierarchy.items);
    expect((await call(core, 'merchant.entitlements', { merchantId: home })).entitlements).toEqual(ents.entitlements);
    expect((await call(core, 'merchant.fees', { merchantId: home })).fees).toEqual(fees.fees);
    // Searches are never cached (their parameters may be sensitive): offline they say so.
    await expect(call(core, 'merchant.search', { city: 'spring' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    // Something never looked at cannot be shown.
    await expect(call(core, 'merchant.get', { merchantId: home + 1 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    // The full tax id never reached the disk.
    for (const f of ['cache.sqlite', 'cache.sqlite-wal'].map((n) => join(dataDir, n)).filter((p) => existsSync(p))) {
      expect(readFileSync(f).includes(taxId)).toBe(false);
    }
  });
});
