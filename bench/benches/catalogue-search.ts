import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { ProductSummary } from '../../preload/contract';
import { createCore } from '../../main/core';
import { CatalogueIndex } from '../../main/marketplace/catalogue-index';
import { productSummary } from '../../main/marketplace/views';
import { Products } from '../../main/marketplace/wire';
import { createNodePlatform } from '../../main/platform/platform';
import { PRODUCTS } from '../../main/training/marketplace/data';
import { compare, measure, type Comparison } from '../harness';

/** 10,000 products in the shape the products endpoint answers, made from the training catalogue. */
export function tenThousandProducts(): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; out.length < 10_000; i++) {
    const p = PRODUCTS[i % PRODUCTS.length]!;
    const round = Math.floor(i / PRODUCTS.length);
    out.push({
      id: 100_000 + i,
      productId: 100_000 + i,
      supplierProductName: `${p.supplierProductName} R${round}`,
      supplierName: p.supplierName,
      productType: p.productType,
      productName: `${p.productName} series ${round}`,
      productShortDescription: p.productShortDescription,
      productLongDescription: p.productLongDescription,
      showoncart: p.showoncart,
      productWithOptions: p.productWithOptions,
      pinPad: p.pinPad,
      imageUrls: p.images.map((n) => `https://images.example.test/thumb/${round}-${n}`),
      categoryIds: p.categoryIds,
      tags: p.tags,
    });
  }
  return out;
}

const QUERIES = ['contactless pin', 'northwind', 'receipt printer series 3', 'kp 1', 'terminal'];

/**
 * Search as you type over 10,000 cached products (target < 16 ms, one frame): the catalogue
 * index, and the whole contract call with its validation, against a plain name scan.
 */
export async function run(): Promise<Comparison[]> {
  const wire = Products.parse(tenThousandProducts());
  const summaries: ProductSummary[] = wire.map((p) => productSummary(p));
  const index = new CatalogueIndex(summaries);
  let q = 0;
  const next = (): string => QUERIES[q++ % QUERIES.length]!;

  const naive = await measure('name scan (toLowerCase + includes, 1 field)', () => {
    const needle = next();
    return summaries.filter((p) => p.name.toLowerCase().includes(needle));
  }, { iterations: 500 });
  const indexed = await measure('catalogue index: every word, 8 fields, ranked', () => index.search({ query: next() }), { iterations: 500 });

  // The same through the core: cached in cache.sqlite, asked for over the contract (input and output validated).
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-bench-search-'));
  const core = await createCore({ logLevel: 'silent', logDestination: pino.destination('/dev/null'), watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'bench' }));
  core.apis.marketplace.fetcher.write('products', wire, new Date().toISOString());
  const ctx = { transport: 'test' } as const;
  await core.dispatch('catalogue.products', {}, ctx);
  const viaContract = await measure('catalogue.products over the contract, first 500', () => core.dispatch('catalogue.products', { query: next(), limit: 500 }, ctx), { iterations: 200 });
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });

  const ms = (x: number): string => `${x.toFixed(2)} ms`;
  return [
    compare('Catalogue search over 10,000 cached products', indexed, naive, { target: '< 16 ms', note: `median ${ms(indexed.medianMs)}, p95 ${ms(indexed.p95Ms)}` }),
    compare('Catalogue search over 10,000 cached products, through the contract', viaContract, naive, { target: '< 16 ms', note: `median ${ms(viaContract.medianMs)}, p95 ${ms(viaContract.p95Ms)}` }),
  ];
}
