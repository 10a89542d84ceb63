import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { openCacheDb } from '../../main/http/cache-db';
import { createJsonApi } from '../../main/http/client';
import { ResponseCache } from '../../main/http/response-cache';
import { CatalogueIndex } from '../../main/marketplace/catalogue-index';
import { createMarketplaceClient } from '../../main/marketplace/client';
import { productSummary } from '../../main/marketplace/views';
import { Products } from '../../main/marketplace/wire';
import { startMarketplaceSimulator } from '../../main/training/marketplace/simulator';
import { compare, measure, type Comparison } from '../harness';

/**
 * Opening the catalogue: from this terminal's cache (SQLite read, schema check, search index)
 * against fetching it from the simulator over loopback HTTP (signed GET, JSON, schema check).
 * The ratio is what the cache saves even with the service next door; over a real network the
 * service side only grows.
 */
export async function run(): Promise<Comparison[]> {
  const credentials = { apiKey: 'bench', apiSecret: 'bench-secret', algorithm: 'hmac-sha1' as const };
  const sim = await startMarketplaceSimulator({ credentials });
  const client = createMarketplaceClient(createJsonApi({ api: 'marketplace', target: async () => ({ baseUrl: sim.baseUrl, credentials }), retry: { attempts: 1 } }), async () => sim.companyId);
  const dir = mkdtempSync(join(tmpdir(), 'pos-bench-load-'));
  const db = openCacheDb(dir, {}, pino({ level: 'silent' }), () => new Date());
  const cache = new ResponseCache(db);
  const products = await client.products();
  cache.put('bench', 'products', products, new Date().toISOString());
  const parts = await Promise.all([client.details(5001), client.features(5001), client.includes(5001), client.specs(5001), client.recommended(5001), client.faq(5001), client.options(5001)]);
  cache.put('bench', 'product:5001', parts, new Date().toISOString());

  const fromSimulator = await measure(`GET products from the simulator (${products.length})`, async () => {
    const list = await client.products();
    return new CatalogueIndex(list.map((p) => productSummary(p)));
  }, { iterations: 100 });
  const fromCache = await measure(`products from cache.sqlite (${products.length})`, () => {
    const list = cache.get('bench', 'products', Products)?.value ?? [];
    return new CatalogueIndex(list.map((p) => productSummary(p)));
  }, { iterations: 100 });

  const detailFromSimulator = await measure('one product, 7 endpoints from the simulator', () =>
    Promise.all([client.details(5001), client.features(5001), client.includes(5001), client.specs(5001), client.recommended(5001), client.faq(5001), client.options(5001)]), { iterations: 100 });
  const detailFromCache = await measure('one product from cache.sqlite', () => cache.get('bench', 'product:5001', z.array(z.unknown())), { iterations: 100 });

  db.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
  return [
    compare('Catalogue load: cache vs simulator', fromCache, fromSimulator, { target: '≪ 1×' }),
    compare('Product details: cache vs simulator', detailFromCache, detailFromSimulator, { target: '≪ 1×' }),
  ];
}
