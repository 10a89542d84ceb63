import type { ProductSummary } from '../../preload/contract';

export interface CatalogueQuery {
  query?: string;
  categoryId?: number;
  /** A documented type code (TERM, PINPAD, ...). */
  kind?: string;
  limit?: number;
}

interface Entry {
  product: ProductSummary;
  name: string;
  haystack: string;
}

const fold = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The product list held in memory for search as you type: each product's searchable text is
 * folded once (case and accents), so a query is a few substring tests per product. Every word of
 * the query must match; products whose name matches come first.
 */
export class CatalogueIndex {
  private readonly entries: Entry[];

  constructor(products: readonly ProductSummary[]) {
    this.entries = products.map((p) => ({
      product: p,
      name: fold(p.name),
      haystack: fold([p.name, p.supplierName, p.supplierProductName, p.type, p.kind, p.typeLabel, p.shortDescription, ...p.tags, String(p.productId)].join('\n')),
    }));
  }

  search(q: CatalogueQuery): { products: ProductSummary[]; total: number } {
    const words = fold(q.query ?? '').split(/\s+/).filter(Boolean);
    const kind = q.kind?.toUpperCase();
    const scored: Array<{ e: Entry; score: number }> = [];
    for (const e of this.entries) {
      if (q.categoryId !== undefined && !e.product.categoryIds.includes(q.categoryId)) continue;
      if (kind && e.product.kind.toUpperCase() !== kind) continue;
      let score = 0;
      let all = true;
      for (const w of words) {
        if (!e.haystack.includes(w)) {
          all = false;
          break;
        }
        score += e.name.startsWith(w) ? 3 : e.name.includes(w) ? 2 : 1;
      }
      if (all) scored.push({ e, score });
    }
    if (words.length > 0) scored.sort((a, b) => b.score - a.score || (a.e.name < b.e.name ? -1 : a.e.name > b.e.name ? 1 : 0));
    const limit = q.limit ?? scored.length;
    return { products: scored.slice(0, limit).map((s) => s.e.product), total: scored.length };
  }
}
