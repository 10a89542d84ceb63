import { create } from 'zustand';
import type { CartInput, CartView, CategoryView, Freshness, ProductDetail, ProductSummary } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';

export interface CatalogueState {
  started: boolean;
  categories: CategoryView[];
  categoryId: number | undefined;
  query: string;
  kind: string;
  products: ProductSummary[];
  total: number;
  freshness: Freshness | undefined;
  loading: boolean;
  error: string | undefined;
  selectedId: number | undefined;
  selected: ProductDetail | undefined;
  selectedFreshness: Freshness | undefined;
  detailError: string | undefined;
  cart: CartView | undefined;
  cartError: string | undefined;
  /** data: URLs by image key; null when there is no picture to show. */
  images: Record<string, string | null>;
  refreshing: boolean;
  progress: { done: number; total: number } | undefined;
}

export const useCatalogueStore = create<CatalogueState>(() => ({
  started: false,
  categories: [],
  categoryId: undefined,
  query: '',
  kind: '',
  products: [],
  total: 0,
  freshness: undefined,
  loading: false,
  error: undefined,
  selectedId: undefined,
  selected: undefined,
  selectedFreshness: undefined,
  detailError: undefined,
  cart: undefined,
  cartError: undefined,
  images: {},
  refreshing: false,
  progress: undefined,
}));

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
    if (token === searchToken) set({ products: r.products, total: r.total, freshness: r.freshness, loading: false, error: undefined });
  } catch (e) {
    if (token === searchToken) set({ loading: false, error: errorWords(e) });
  }
}

async function loadCategories(): Promise<void> {
  try {
    const r = await client().call('catalogue.categories', {});
    set({ categories: r.categories, freshness: r.freshness, error: undefined });
  } catch (e) {
    set({ error: errorWords(e) });
  }
}

async function loadCart(): Promise<void> {
  try {
    set({ cart: await client().call('catalogue.cart', {}), cartError: undefined });
  } catch (e) {
    set({ cartError: errorWords(e) });
  }
}

async function loadDetail(productId: number): Promise<void> {
  try {
    const r = await client().call('catalogue.product', { productId });
    if (get().selectedId === productId) set({ selected: r.product, selectedFreshness: r.freshness, detailError: undefined });
  } catch (e) {
    if (get().selectedId === productId) set({ detailError: errorWords(e) });
  }
}

/** First visit of the screen: lists, cart, and live updates from the core. */
export function startCatalogue(): void {
  if (get().started) return;
  set({ started: true });
  const c = client();
  c.on('catalogue.changed', (e) => {
    if (e.scope === 'lists') void Promise.all([loadCategories(), loadProducts()]);
    if (e.scope === 'product' && e.productId === get().selectedId && e.productId !== undefined) void loadDetail(e.productId);
    if (e.scope === 'cart') void loadCart();
  });
  c.on('catalogue.progress', (p) => set({ progress: p.done >= p.total ? undefined : p }));
  void Promise.all([loadCategories(), loadProducts(), loadCart()]);
}

export const catalogueActions = {
  search(query: string): void {
    set({ query });
    void loadProducts();
  },
  category(categoryId: number | undefined): void {
    set({ categoryId });
    void loadProducts();
  },
  kind(kind: string): void {
    set({ kind });
    void loadProducts();
  },
  /** Back to every product: no words, no category, no type. */
  clearFilters(): void {
    set({ query: '', categoryId: undefined, kind: '' });
    void loadProducts();
  },
  open(productId: number): void {
    set({ selectedId: productId, selected: undefined, detailError: undefined });
    void loadDetail(productId);
  },
  close(): void {
    set({ selectedId: undefined, selected: undefined });
  },
  async refresh(): Promise<void> {
    set({ refreshing: true });
    try {
      const r = await client().call('catalogue.refresh', {});
      set({ freshness: r.freshness, error: undefined });
      await Promise.all([loadCategories(), loadProducts()]);
    } catch (e) {
      // The lists are re-read for their offline state; the reason the refresh failed stays shown.
      await loadCategories();
      set({ error: errorWords(e) });
    } finally {
      set({ refreshing: false });
    }
  },
  async warm(): Promise<string> {
    set({ progress: { done: 0, total: 1 } });
    try {
      const r = await client().call('catalogue.warm', {});
      return `Saved ${r.products - r.failed} of ${r.products} products and ${r.images} pictures for offline use.`;
    } catch (e) {
      return errorWords(e);
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
      set({ cart: await client().call('catalogue.cart.set', next), cartError: undefined });
    } catch (e) {
      set({ cartError: errorWords(e) });
    }
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
