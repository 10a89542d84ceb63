import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../main/marketplace/catalogue-index';
import type { ProductSummary } from '../../preload/contract';
import { ProductSearch, type ProductFilters } from '../../renderer/src/stores/catalogue-search';

// The page filters the product list itself; these prove it finds what main's index finds, in
// the same order, for the same words, category and type.

const KINDS = ['TERM', 'PINPAD', 'CHKRDR', 'PRINTER', 'OTHER'];

function product(productId: number, name: string, kind: string, extra: Partial<ProductSummary> = {}): ProductSummary {
  return {
    productId,
    name,
    supplierName: 'Keystone Payments',
    supplierProductName: name.toUpperCase(),
    type: kind === 'TERM' ? 'ITERM' : kind,
    kind,
    typeLabel: kind.toLowerCase(),
    shortDescription: '',
    categoryIds: [100],
    tags: [],
    pinPad: kind === 'PINPAD',
    hasOptions: false,
    showOnCart: true,
    imageCount: 0,
    ...extra,
  };
}

/** A catalogue shaped like the benchmark's: a few originals, then "… series N" copies (many equal scores, names sharing prefixes). */
function scaled(count: number): ProductSummary[] {
  const originals = [
    product(5001, 'KP 107 Countertop Terminal', 'TERM', { tags: ['countertop', 'contactless'], shortDescription: 'Fast EMV and contactless', categoryIds: [100, 101] }),
    product(5002, 'Northwind Café Terminal', 'TERM', { supplierName: 'Northwind Systems', shortDescription: 'Menus et pourboires', categoryIds: [102] }),
    product(5041, 'NW 150 PIN Pad', 'PINPAD', { supplierName: 'Northwind Systems', tags: ['pin pad', 'debit'] }),
    product(5066, 'MC 300 Check Reader', 'CHKRDR', { shortDescription: 'Lecteur de chèques', categoryIds: [101] }),
    product(5070, 'Receipt Printer', 'PRINTER', { tags: ['cable', 'usb'] }),
    product(5071, 'receipt printer', 'PRINTER', { supplierName: 'Épicerie Supplies', tags: ['Cable'] }),
    product(5080, 'Payments Software Suite', 'OTHER', { type: 'SOFTWARE', typeLabel: 'Other (SOFTWARE)', categoryIds: [] }),
    product(5090, 'ﬁne Ligature Stand', 'OTHER', { shortDescription: 'Ｆｕｌｌ width', tags: ['Stand'] }),
  ];
  const out: ProductSummary[] = [];
  for (let i = 0; out.length < count; i++) {
    const p = originals[i % originals.length]!;
    const round = Math.floor(i / originals.length);
    out.push(round === 0 ? p : { ...p, productId: p.productId + round * 1000, name: `${p.name} series ${round}`, supplierProductName: `${p.supplierProductName} R${round}` });
  }
  return out;
}

const QUERIES = [
  '', ' ', 'k', 'kp', 'kp 1', 'KP 107', 'northwind', 'north wind', 'pin pad', 'PIN', 'pad pin', 'receipt printer series 3', 'series 12', 'terminal series 12',
  'cable', 'software', 'contactless', 'cafe', 'café', 'CAFÉ', 'cheques', 'chèques', 'epicerie', 'fine', 'fi', 'full', 'ｆｕｌｌ', '5041', '6041', 'iterm', 'term',
  'other (software)', 'zzqx', 'e', 'r', '1', 'series', 'printer receipt', '  pad  ', '\tpin\npad',
];

function both(products: readonly ProductSummary[], f: ProductFilters, limit: number) {
  const main = new CatalogueIndex(products).search({ ...(f.query.trim() ? { query: f.query.trim() } : {}), ...(f.categoryId !== undefined ? { categoryId: f.categoryId } : {}), ...(f.kind ? { kind: f.kind } : {}), limit });
  const page = new ProductSearch(products).filter(f, limit);
  return { main: { ids: main.products.map((p) => p.productId), total: main.total }, page: { ids: page.products.map((p) => p.productId), total: page.total } };
}

describe('the page’s product search', () => {
  const catalogue = scaled(2_000);

  it('finds what main’s catalogue index finds, in the same order, for each query', () => {
    for (const query of QUERIES) {
      for (const limit of [500, 20_000]) {
        const r = both(catalogue, { query, categoryId: undefined, kind: '' }, limit);
        expect(r.page, `“${query}”, limit ${limit}`).toEqual(r.main);
      }
    }
  });

  it('agrees with main on category and type filters, with and without words', () => {
    for (const query of ['', 'pin', 'series 1', 'receipt']) {
      for (const categoryId of [undefined, 100, 101, 102, 999]) {
        for (const kind of ['', 'TERM', 'pinpad', 'OTHER', 'NOPE']) {
          const r = both(catalogue, { query, categoryId, kind }, 500);
          expect(r.page, `“${query}”, category ${categoryId}, type ${kind}`).toEqual(r.main);
        }
      }
    }
  });

  it('ranks a name that starts with the word first, then a name that holds it, then the other text', () => {
    const list = [
      product(1, 'Receipt Printer', 'PRINTER', { tags: ['pad'] }),
      product(2, 'Stand for pads', 'OTHER'),
      product(3, 'Apple', 'OTHER'),
      product(4, 'Pad holder', 'OTHER'),
      product(5, 'PAD HOLDER', 'OTHER'),
    ];
    const r = new ProductSearch(list).filter({ query: 'pad', categoryId: undefined, kind: '' }, 10);
    // Equal names once folded (4 and 5) keep the list's order.
    expect(r.products.map((p) => p.productId)).toEqual([4, 5, 2, 1]);
    expect(new ProductSearch(list).filter({ query: 'pad', categoryId: undefined, kind: '' }, 2)).toEqual({ products: [list[3], list[4]], total: 4 });
    // Without words: the list's own order.
    expect(new ProductSearch(list).filter({ query: '  ', categoryId: undefined, kind: 'other' }, 10).products.map((p) => p.productId)).toEqual([2, 3, 4, 5]);
  });

  it('agrees with main on any catalogue and any words', () => {
    const letters = fc.constantFrom('a', 'e', 'é', 'E', 'É', 'n', 'N', 'ñ', 'p', 'P', ' ', '1', 'ﬁ', 'i', 'I');
    const text = fc.array(letters, { maxLength: 12 }).map((cs) => cs.join(''));
    const arbProduct = fc.record({ name: text, supplier: text, description: text, tags: fc.array(text, { maxLength: 2 }), kind: fc.constantFrom(...KINDS), categories: fc.array(fc.constantFrom(1, 2, 3), { maxLength: 2 }) });
    fc.assert(
      fc.property(
        fc.array(arbProduct, { maxLength: 40 }),
        text,
        fc.constantFrom(undefined, 1, 2),
        fc.constantFrom('', 'TERM', 'pinpad'),
        fc.integer({ min: 1, max: 50 }),
        (raw, query, categoryId, kind, limit) => {
          const products = raw.map((r, i) => product(i + 1, r.name, r.kind, { supplierName: r.supplier, shortDescription: r.description, tags: r.tags, categoryIds: r.categories }));
          const r = both(products, { query, categoryId, kind }, limit);
          expect(r.page).toEqual(r.main);
        },
      ),
      { numRuns: 300 },
    );
  });
});
