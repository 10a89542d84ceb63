import { create } from 'zustand';
import type { CartInput, CartView, CategoryView, Freshness, MethodOutput, ProductDetail, ProductSummary } from '../../../preload/contract';
import { connect } from '../api/pos';
import { toProblem, type Problem } from '../components/problem';

export interface CatalogueState {
  started: boolean;
  categories: CategoryView[];
  categoryId: number | undefined;
  query: string;
  kind: string;
  products: ProductSummary[];
  total: number;
  /** The product list has been answered once (until then the screen says it is loading). */
  loaded: boolean;
  freshness: Freshness | undefined;
  loading: boolean;
  problem: Problem | undefined;
  selectedId: number | undefined;
  selected: ProductDetail | undefined;
  selectedFreshness: Freshness | undefined;
  detailProblem: Problem | undefined;
  cartStarted: boolean;
  cart: CartView | undefined;
  cartProblem: Problem | undefined;
  /** data: URLs by image key; null when there is no picture to show. */
  images: Record<string, string | null>;
  refreshing: boolean;
  progress: { done: number; total: number } | undefined;
  /** What "Save all for offline" did, or why it could not. */
  warmed: { result: MethodOutput<'catalogue.warm'> } | { problem: Problem } | undefined;
}

const initial = (): CatalogueState => ({
  started: false,
  categories: [],
  categoryId: undefined,
  query: '',
  kind: '',
  products: [],
  total: 0,
  loaded: false,
  freshness: undefined,
  loading: false,
  problem: undefined,
  selectedId: undefined,
  selected: undefined,
  selectedFreshness: undefined,
  detailProblem: undefined,
  cartStarted: false,
  cart: undefined,
  cartProblem: undefined,
  images: {},
  refreshing: false,
  progress: undefined,
  warmed: undefined,
});

export const useCatalogueStore = create<CatalogueState>(initial);

const set = useCatalogueStore.setState;
const get = useCatalogueStore.getState;
const client = () => connect().client;
let searchToken = 0;
/** Rows sent per search: enough to browse, few enough to answer within a frame on 10,000 products. */
export const LIST_LIMIT = 500;

async function loadProducts(): Promise<void> {
  const token = ++searchToken;
  const { query, categoryId, kind } = get();
  set({ loading: true });
  try {
    const r = await client().call('catalogue.products', {
      limit: LIST_LIMIT,
      ...(query.trim() ? { query: query.trim() } : {}),
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(kind ? { kind } : {}),
    });
    if (token === searchToken) set({ products: r.products, total: r.total, freshness: r.freshness, loading: false, loaded: true, problem: undefined });
  } catch (e) {
    if (token === searchToken) set({ loading: false, loaded: true, problem: toProblem(e) });
  }
}

async function loadCategories(): Promise<void> {
  try {
    const r = await client().call('catalogue.categories', {});
    set({ categories: r.categories, freshness: r.freshness, problem: undefined });
  } catch (e) {
    set({ problem: toProblem(e) });
  }
}

async function loadCart(): Promise<void> {
  try {
    set({ cart: await client().call('catalogue.cart', {}), cartProblem: undefined });
  } catch (e) {
    set({ cartProblem: toProblem(e) });
  }
}

async function loadDetail(productId: number): Promise<void> {
  try {
    const r = await client().call('catalogue.product', { productId });
    if (get().selectedId === productId) set({ selected: r.product, selectedFreshness: r.freshness, detailProblem: undefined });
  } catch (e) {
    if (get().selectedId === productId) set({ detailProblem: toProblem(e) });
  }
}

/** A filter changed: the list is shown again (not a product that no longer matches), then read. */
function filter(change: Partial<Pick<CatalogueState, 'query' | 'categoryId' | 'kind'>>): void {
  set({ ...change, selectedId: undefined, selected: undefined, detailProblem: undefined });
  void loadProducts();
}

/** The cart, for the Catalogue and for a lead form anywhere: read once, then kept current by events. */
export function startCart(): void {
  if (get().cartStarted) return;
  set({ cartStarted: true });
  client().on('catalogue.changed', (e) => {
    if (e.scope === 'cart') void loadCart();
  });
  void loadCart();
}

/** First visit of the screen: lists, cart, and live updates from the core. */
export function startCatalogue(): void {
  startCart();
  if (get().started) return;
  set({ started: true });
  const c = client();
  c.on('catalogue.changed', (e) => {
    if (e.scope === 'lists') void Promise.all([loadCategories(), loadProducts()]);
    if (e.scope === 'product' && e.productId === get().selectedId && e.productId !== undefined) void loadDetail(e.productId);
  });
  c.on('catalogue.progress', (p) => set({ progress: p.done >= p.total ? undefined : p }));
  void Promise.all([loadCategories(), loadProducts()]);
}

export const catalogueActions = {
  search(query: string): void {
    filter({ query });
  },
  category(categoryId: number | undefined): void {
    filter({ categoryId });
  },
  kind(kind: string): void {
    filter({ kind });
  },
  /** Back to every product: no words, no category, no type. */
  clearFilters(): void {
    filter({ query: '', categoryId: undefined, kind: '' });
  },
  open(productId: number): void {
    set({ selectedId: productId, selected: undefined, detailProblem: undefined });
    void loadDetail(productId);
  },
  close(): void {
    set({ selectedId: undefined, selected: undefined, detailProblem: undefined });
  },
  async refresh(): Promise<void> {
    set({ refreshing: true });
    try {
      const r = await client().call('catalogue.refresh', {});
      set({ freshness: r.freshness, problem: undefined });
      await Promise.all([loadCategories(), loadProducts()]);
    } catch (e) {
      // The lists are re-read for their offline state; the reason the refresh failed stays shown.
      await loadCategories();
      set({ problem: toProblem(e) });
    } finally {
      set({ refreshing: false });
    }
  },
  async warm(): Promise<void> {
    set({ progress: { done: 0, total: 1 }, warmed: undefined });
    try {
      set({ warmed: { result: await client().call('catalogue.warm', {}) } });
    } catch (e) {
      set({ warmed: { problem: toProblem(e) } });
    } finally {
      set({ progress: undefined });
    }
  },
  async image(key: string, input: { productId?: number; categoryId?: number; index?: number; size?: 'thumb' | 'large' }): Promise<void> {
    if (key in get().images) return;
    set((s) => ({ images: { ...s.images, [key]: null } }));
    try {
      const { dataUrl } = await client().call('catalogue.image', input);
      set((s) => ({ images: { ...s.images, [key]: dataUrl } }));
    } catch {
      // No picture is not an error a person can act on; the placeholder stays.
    }
  },
  async setCart(next: CartInput): Promise<void> {
    // The choices show at once; lines and what is missing follow from the core's answer.
    const shown = get().cart;
    if (shown) set({ cart: { ...shown, debit: next.debit, checkAcceptance: next.checkAcceptance } });
    try {
      set({ cart: await client().call('catalogue.cart.set', next), cartProblem: undefined });
    } catch (e) {
      set({ cartProblem: toProblem(e) });
    }
  },
  /** Reads the cart again (a lead took its equipment). */
  reloadCart(): Promise<void> {
    return loadCart();
  },
};

/** The cart as the input the core takes, for edits. */
export function cartInput(cart: CartView | undefined): CartInput {
  return {
    items: (cart?.items ?? []).map((i) => ({ productId: i.productId, quantity: i.quantity, ...(i.purchaseType ? { purchaseType: i.purchaseType } : {}) })),
    debit: cart?.debit ?? false,
    checkAcceptance: cart?.checkAcceptance ?? false,
  };
}

/** Back to the first visit (tests). */
export function resetCatalogue(): void {
  searchToken = 0;
  set(initial(), true);
}
