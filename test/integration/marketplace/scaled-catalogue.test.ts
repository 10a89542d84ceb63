import { afterEach, describe, expect, it } from 'vitest';
import { createJsonApi } from '../../../main/http/client';
import { createMarketplaceClient } from '../../../main/marketplace/client';
import { PRODUCTS, scaledCatalogue } from '../../../main/training/marketplace/data';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../../main/training/marketplace/simulator';

const credentials = { apiKey: 'itest-scaled', apiSecret: 'itest-scaled-secret', algorithm: 'hmac-sha256' as const };

describe('the marketplace simulator with a scaled catalogue (benchmarks)', () => {
  let sim: MarketplaceSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  const clientOf = (s: MarketplaceSimulator) =>
    createMarketplaceClient(createJsonApi({ api: 'marketplace', target: async () => ({ baseUrl: s.baseUrl, credentials }), retry: { attempts: 1 } }), async () => s.companyId);

  it('makes the count asked for, training products first, every id its own', () => {
    const scaled = scaledCatalogue(10_000);
    expect(scaled).toHaveLength(10_000);
    expect(scaled.slice(0, PRODUCTS.length)).toEqual(PRODUCTS);
    expect(new Set(scaled.map((p) => p.productId)).size).toBe(10_000);
    expect(new Set(scaled.map((p) => p.id)).size).toBe(10_000);
    expect(scaled[PRODUCTS.length]!.productName).toBe(`${PRODUCTS[0]!.productName} series 1`);
  });

  it('serves the scaled list, the details and picture of a copy; without the option, the training catalogue', async () => {
    sim = await startMarketplaceSimulator({ credentials, products: scaledCatalogue(1000) });
    const client = clientOf(sim);
    const listed = await client.products();
    expect(listed).toHaveLength(1000);
    const copy = scaledCatalogue(1000)[PRODUCTS.length * 2 + 3]!;
    const details = await client.details(copy.productId);
    expect(details.productName).toBe(copy.productName);
    const thumb = details.imageUrls.find((u) => u.includes('/images/thumb/'));
    expect(thumb).toBeDefined();
    const picture = await fetch(thumb!);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    await sim.close();

    sim = await startMarketplaceSimulator({ credentials });
    expect(await clientOf(sim).products()).toHaveLength(PRODUCTS.length);
  });
});
