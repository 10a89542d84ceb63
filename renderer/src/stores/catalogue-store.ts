import { create } from 'zustand';
import type { CartInput, CartView, CategoryView, Freshness, MethodOutput, ProductDetail } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';
import { ProductSearch, type VisibleProducts } from './catalogue-search';

export interface CatalogueState {
  started: boolean;
  categories: CategoryView[];
  categoryId: number | undefined;
  query: string;
  kind: string;
  /**
   * The whole product list, read once per catalogue (again when main says it changed, or on
   * refresh): filters and words run in the page, in the same task as the keystroke.
   */
  search: ProductSearch | undefined;
  /** A catalogue larger than one answer is filtered by main as before: its rows for the filters on screen. */
  mainFilters: boolean;
  listed: VisibleProducts;
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
  search: undefined,
  mainFilters: false,
  listed: { products: [], total: 0 },
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
/** When main fetched the list the page holds (from its answer), to tell a newer one. */
let wholeListAt: string | null | undefined;
/** When main fetched the list being read now, as checkList learnt it (a second notice of the same list reads nothing). */
let readingAt: string | null | undefined;
/** Rows shown for the filters on screen (the rest are counted): enough to browse. */
export const LIST_LIMIT = 500;
/** The most products one answer holds (the contract's cap): a larger catalogue is filtered by main. */
export const WHOLE_LIST = 20_000;

/** The product list: the whole catalogue for the page to filter, or main's rows for the filters when it is too large for one answer. */
async function loadProducts(): Promise<void> {
  const token = ++searchToken;
  const current = (): boolean => token === searchToken;
  // The problem on screen stays while the list is read again; an answer to filters since changed is dropped.
  await callAction(useCatalogueStore, () => readProducts(current), {
    busy: 'loading',
    current,
    settle: (r) => {
      if (r.kind === 'refused') set({ loaded: true, problem: r.problem });
      if (r.kind !== 'done') return;
      if (r.value.whole) {
        wholeListAt = r.value.whole.freshness.refreshedAt;
        set({ search: new ProductSearch(r.value.whole.products), freshness: r.value.whole.freshness, loaded: true, problem: undefined });
      } else set({ listed: { products: r.value.rows.products, total: r.value.rows.total }, freshness: r.value.rows.freshness, loaded: true, problem: undefined });
    },
  });
}

type ProductsAnswer = MethodOutput<'catalogue.products'>;

/** The whole list when one answer holds it; else main's rows for the filters on screen (from then on main filters). */
async function readProducts(current: () => boolean): Promise<{ whole: ProductsAnswer; rows?: undefined } | { whole?: undefined; rows: ProductsAnswer }> {
  if (!get().mainFilters) {
    const r = await client().call('catalogue.products', { limit: WHOLE_LIST });
    // An answer to filters since changed goes back as it is: callAction drops it.
    if (r.products.length >= r.total || !current()) return { whole: r };
    set({ mainFilters: true, search: undefined });
  }
  const { query, categoryId, kind } = get();
  const rows = await client().call('catalogue.products', {
    limit: LIST_LIMIT,
    ...(query.trim() ? { query: query.trim() } : {}),
    ...(categoryId !== undefined ? { categoryId } : {}),
    ...(kind ? { kind } : {}),
  });
  return { rows };
}

/**
 * Main asked for one row, and the whole list read again only if main holds a newer one than the
 * page (or than the one being read). On a category or type choice (rare, unlike keystrokes) this
 * lets main check the list's age as it did on every filter: a stale list is fetched in the
 * background and announced with catalogue.changed. On that notice, and after a refresh, it keeps
 * a notice about the categories alone, a failed background refresh or the same list announced
 * twice from costing a read of every product.
 */
async function checkList(): Promise<void> {
  if (get().mainFilters) return loadProducts();
  // A refusal leaves the list on screen; the next read says what is wrong. The answer is taken in
  // settle, as a refresh takes its own: checks of the same list go on in the order main answered them.
  await callAction(useCatalogueStore, () => client().call('catalogue.products', { limit: 1 }), {
    settle: async (r) => {
      if (r.kind !== 'done') return;
      set({ freshness: r.value.freshness });
      const at = r.value.freshness.refreshedAt;
      if (get().mainFilters || at === wholeListAt || (at === readingAt && get().loading)) return;
      readingAt = at;
      await loadProducts();
    },
  });
}

let visible: { search: ProductSearch; query: string; categoryId: number | undefined; kind: string; result: VisibleProducts } | undefined;

/**
 * The products the filters on screen let through: filtered in the page and kept until the
 * words, the filters or the catalogue change (one pass over the list per keystroke, none per
 * re-render), or main's rows for a catalogue too large for the page.
 */
export function selectVisibleProducts(s: CatalogueState): VisibleProducts {
  const { search, query, categoryId, kind } = s;
  if (!search) return s.listed;
  if (visible?.search !== search || visible.query !== query || visible.categoryId !== categoryId || visible.kind !== kind) {
    visible = { search, query, categoryId, kind, result: search.filter({ query, categoryId, kind }, LIST_LIMIT) };
  }
  return visible.result;
}

async function loadCategories(): Promise<void> {
  const r = await callAction(useCatalogueStore, () => client().call('catalogue.categories', {}));
  if (r.kind === 'done') set({ categories: r.value.categories, freshness: r.value.freshness, problem: undefined });
  else if (r.kind === 'refused') set({ problem: r.problem });
}

async function loadCart(): Promise<void> {
  const r = await callAction(useCatalogueStore, () => client().call('catalogue.cart', {}));
  if (r.kind === 'done') set({ cart: r.value, cartProblem: undefined });
  else if (r.kind === 'refused') set({ cartProblem: r.problem });
}

async function loadDetail(productId: number): Promise<void> {
  const r = await callAction(useCatalogueStore, () => client().call('catalogue.product', { productId }));
  if (get().selectedId !== productId) return;
  if (r.kind === 'done') set({ selected: r.value.product, selectedFreshness: r.value.freshness, detailProblem: undefined });
  else if (r.kind === 'refused') set({ detailProblem: r.problem });
}

/**
 * A filter changed: the list is shown again (not a product that no longer matches). The page
 * filters what it holds; main is asked only when it filters (a catalogue too large for the page)
 * or when no list could be read yet.
 */
function filter(change: Partial<Pick<CatalogueState, 'query' | 'categoryId' | 'kind'>>): void {
  set({ ...change, selectedId: undefined, selected: undefined, detailProblem: undefined });
  const { mainFilters, search, loading } = get();
  if (mainFilters || (!search && !loading)) void loadProducts();
  else if (search && ('categoryId' in change || 'kind' in change)) void checkList();
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
    if (e.scope === 'lists') void Promise.all([loadCategories(), checkList()]);
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
    await callAction(useCatalogueStore, () => client().call('catalogue.refresh', {}), {
      busy: 'refreshing',
      settle: async (r) => {
        if (r.kind === 'done') {
          set({ freshness: r.value.freshness, problem: undefined });
          await Promise.all([loadCategories(), checkList()]);
        } else if (r.kind === 'refused') {
          // The lists are re-read for their offline state; the reason the refresh failed stays shown.
          await loadCategories();
          set({ problem: r.problem });
        }
      },
    });
  },
  async warm(): Promise<void> {
    set({ progress: { done: 0, total: 1 }, warmed: undefined });
    const r = await callAction(useCatalogueStore, () => client().call('catalogue.warm', {}));
    if (r.kind === 'done') set({ warmed: { result: r.value } });
    else if (r.kind === 'refused') set({ warmed: { problem: r.problem } });
    set({ progress: undefined });
  },
  async image(key: string, input: { productId?: number; categoryId?: number; index?: number; size?: 'thumb' | 'large' }): Promise<void> {
    if (key in get().images) return;
    set((s) => ({ images: { ...s.images, [key]: null } }));
    // No picture is not an error a person can act on; the placeholder stays.
    const r = await callAction(useCatalogueStore, () => client().call('catalogue.image', input));
    if (r.kind === 'done') set((s) => ({ images: { ...s.images, [key]: r.value.dataUrl } }));
  },
  async setCart(next: CartInput): Promise<void> {
    // The choices show at once; lines and what is missing follow from the core's answer.
    const shown = get().cart;
    if (shown) set({ cart: { ...shown, debit: next.debit, checkAcceptance: next.checkAcceptance } });
    const r = await callAction(useCatalogueStore, () => client().call('catalogue.cart.set', next));
    if (r.kind === 'done') set({ cart: r.value, cartProblem: undefined });
    else if (r.kind === 'refused') set({ cartProblem: r.problem });
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
  wholeListAt = undefined;
  readingAt = undefined;
  visible = undefined;
  set(initial(), true);
}
