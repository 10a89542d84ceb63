import type { ProductSummary } from '../../../preload/contract';

export interface ProductFilters {
  query: string;
  categoryId: number | undefined;
  /** A documented type code (TERM, PINPAD, ...); empty: every type. */
  kind: string;
}

export interface VisibleProducts {
  /** The first rows that match, best first. */
  products: readonly ProductSummary[];
  /** How many match in all. */
  total: number;
}

/** Case and accents folded as main's catalogue index folds them (the same words must find the same products). */
const fold = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The whole product list held in the page, so that a keystroke filters it in the same task as
 * the key and the list is painted in the key's own frame. The matching rules are main's
 * (main/marketplace/catalogue-index.ts, compared on the same data in
 * test/component/catalogue-search.test.tsx): every word of the query must be found in the
 * product's folded text; a word at the start of the name scores 3, inside the name 2, elsewhere 1;
 * with words, higher scores first, then by folded name, then in the list's own order; without
 * words, the list's own order.
 */
export class ProductSearch {
  private readonly names: string[];
  private readonly haystacks: string[];
  /** Positions in the list ordered by folded name (stable), so ranking is a pass over score buckets instead of a sort per keystroke. */
  private readonly byName: number[];

  constructor(readonly products: readonly ProductSummary[]) {
    this.names = products.map((p) => fold(p.name));
    this.haystacks = products.map((p) =>
      fold([p.name, p.supplierName, p.supplierProductName, p.type, p.kind, p.typeLabel, p.shortDescription, ...p.tags, String(p.productId)].join('\n')),
    );
    this.byName = products.map((_, i) => i).sort((a, b) => byCodeUnits(this.names[a]!, this.names[b]!));
  }

  /** The first `limit` products that pass the filters, and how many pass. */
  filter(f: ProductFilters, limit: number): VisibleProducts {
    const words = fold(f.query).split(/\s+/).filter(Boolean);
    const kind = f.kind.toUpperCase();
    const passes = (i: number): boolean => {
      const p = this.products[i]!;
      return (f.categoryId === undefined || p.categoryIds.includes(f.categoryId)) && (!kind || p.kind.toUpperCase() === kind);
    };
    if (words.length === 0) {
      const products: ProductSummary[] = [];
      let total = 0;
      for (let i = 0; i < this.products.length; i++) {
        if (!passes(i)) continue;
        if (total++ < limit) products.push(this.products[i]!);
      }
      return { products, total };
    }
    // Scores run from words.length (every word elsewhere) to 3 × words.length (every word starts the name).
    const buckets: number[][] = Array.from({ length: 2 * words.length + 1 }, () => []);
    let total = 0;
    for (const i of this.byName) {
      if (!passes(i)) continue;
      const hay = this.haystacks[i]!;
      const name = this.names[i]!;
      let score = 0;
      let all = true;
      for (const w of words) {
        if (!hay.includes(w)) {
          all = false;
          break;
        }
        score += name.startsWith(w) ? 3 : name.includes(w) ? 2 : 1;
      }
      if (!all) continue;
      buckets[score - words.length]!.push(i);
      total++;
    }
    const products: ProductSummary[] = [];
    for (let b = buckets.length - 1; b >= 0 && products.length < limit; b--) {
      for (const i of buckets[b]!) {
        if (products.length >= limit) break;
        products.push(this.products[i]!);
      }
    }
    return { products, total };
  }
}
