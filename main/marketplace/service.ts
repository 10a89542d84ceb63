import type { Logger } from 'pino';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import type {
  CartInput,
  CartView,
  CategoryView,
  Freshness,
  LeadInput,
  LeadResult,
  LeadView,
  OutboxEntry,
  ProductDetail as ProductDetailView,
  ProductSummary,
} from '../../preload/contract';
import { PosError } from '../api/errors';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import { forEachLimit } from '../http/for-each-limit';
import type { ApiSource } from '../http/api-source';
import { CachedFetch, toPosError } from '../http/cached-fetch';
import { ApiError } from '../http/errors';
import { centsOrNull } from '../http/wire';
import type { ResponseCache } from '../http/response-cache';
import type { Service } from '../service';
import { CatalogueIndex, type CatalogueQuery } from './catalogue-index';
import { createMarketplaceClient, type MarketplaceClient } from './client';
import { chosenOption, mergeCartItems } from './cart';
import { missingEquipment } from './equipment-rules';
import type { ImageCache } from './image-cache';
import { imagePairs } from './image-pairs';
import { LeadDesk, type TrainingLeadDefaults } from './lead-desk';
import type { LeadOutbox } from './lead-outbox';
import { categoryView, pricingOption, productDetailView, productSummary, type ProductParts } from './views';
import {
  Categories,
  Faq,
  Features,
  IncludedProducts,
  OptionItem,
  ProductDetail,
  Products,
  readOptions,
  RecommendedProducts,
  Specs,
  type Product,
} from './wire';

export interface MarketplaceServiceOptions {
  source: ApiSource;
  cache: ResponseCache;
  images: ImageCache;
  outbox: LeadOutbox;
  settings: SettingsStore;
  bus: EventBus;
  log: Logger;
  now: () => Date;
  trainingLeadDefaults: TrainingLeadDefaults;
  /** Lists older than this are refreshed in the background when read. */
  listMaxAgeMs?: number;
  productMaxAgeMs?: number;
  /** How often the lead outbox is tried while the app runs; 0: only on request. */
  outboxRetryMs?: number;
}

const ProductPartsSchema = lazySchema(() => z.object({
  details: ProductDetail,
  features: Features.optional(),
  includes: IncludedProducts.optional(),
  specs: Specs.optional(),
  recommended: RecommendedProducts.optional(),
  faq: Faq.optional(),
  options: z.object({ items: z.array(OptionItem), readable: z.boolean() }).optional(),
  problems: z.array(z.object({ part: z.string(), problem: z.string() })),
}));

const StoredCart = lazySchema(() => z.object({ items: z.array(z.object({ productId: z.number(), quantity: z.number(), purchaseType: z.string().optional() })), debit: z.boolean(), checkAcceptance: z.boolean() }));

const KEY = {
  categories: 'categories',
  products: 'products',
  product: (id: number) => `product:${id}`,
  cart: 'cart',
};

const EMPTY_CART: z.infer<typeof StoredCart> = { items: [], debit: false, checkAcceptance: false };

interface IndexMemo {
  namespace: string;
  fetchedAt: string;
  index: CatalogueIndex;
  byId: Map<number, Product>;
}

/**
 * The catalogue, the equipment cart and the leads, on the marketplace interface: read through
 * the cache so the screens work offline, images kept on disk, and leads keyed in offline kept
 * in a sealed outbox until the service has them.
 */
export class MarketplaceService implements Service {
  readonly name = 'marketplace';
  readonly client: MarketplaceClient;
  readonly fetcher: CachedFetch;
  private memo: IndexMemo | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly desk: LeadDesk;

  constructor(private readonly deps: MarketplaceServiceOptions) {
    this.client = createMarketplaceClient(deps.source.api, () => deps.source.companyId());
    this.fetcher = new CachedFetch({
      source: deps.source,
      cache: deps.cache,
      log: deps.log,
      now: deps.now,
      onBackground: (key, freshness) => {
        const scope = key.startsWith('product:') ? 'product' : key.startsWith('leads:') ? 'leads' : 'lists';
        const productId = scope === 'product' ? Number(key.slice('product:'.length)) : undefined;
        deps.bus.emit('catalogue.changed', { scope, ...(productId !== undefined ? { productId } : {}), freshness });
      },
    });
    this.desk = new LeadDesk({ ...deps, client: this.client, fetcher: this.fetcher, cart: { view: () => this.cart(), empty: () => this.writeCart(EMPTY_CART) } });
  }

  async start(): Promise<void> {
    const every = this.deps.outboxRetryMs ?? 60_000;
    if (every > 0 && !this.timer) {
      this.timer = setInterval(() => {
        // By itself: only the leads due by their back-off, not those waiting for a person.
        if (this.deps.outbox.pendingCount(this.deps.source.namespace(), this.deps.now().toISOString()) > 0) void this.desk.retryOutbox({ byItself: true }).catch(() => undefined);
      }, every);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.settle();
  }

  /** Waits for background refreshes and downloads under way. */
  async settle(): Promise<void> {
    await this.fetcher.settle();
    await this.pendingImages;
  }

  // ---- catalogue -------------------------------------------------------------------------

  private pendingImages: Promise<unknown> = Promise.resolve();

  private prefetchImages(urls: string[]): void {
    if (urls.length === 0) return;
    const p = this.deps.images.prefetch(urls).catch(() => 0);
    this.pendingImages = Promise.all([this.pendingImages, p]);
  }

  private fetchCategories = async () => {
    const categories = await this.client.categories();
    this.prefetchImages(categories.map((c) => c.imageURL).filter((u) => /^https?:\/\//i.test(u)));
    return categories;
  };

  private fetchProducts = async () => {
    const products = await this.client.products();
    this.prefetchImages(products.flatMap((p) => imagePairs(p.imageUrls).map((pair) => pair.thumb)));
    return products;
  };

  async categories(): Promise<{ categories: CategoryView[]; freshness: Freshness }> {
    const { value, freshness } = await this.fetcher.staleWhileRevalidate(KEY.categories, Categories, this.fetchCategories, this.listMaxAge);
    const categories = value.map(categoryView).sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label));
    return { categories, freshness };
  }

  private get listMaxAge(): number {
    return this.deps.listMaxAgeMs ?? 15 * 60_000;
  }

  /** The product list as an in-memory index, rebuilt only when the cached copy changed. */
  private async productIndex(): Promise<{ memo: IndexMemo; freshness: Freshness }> {
    const namespace = this.deps.source.namespace();
    const at = this.deps.cache.fetchedAt(namespace, KEY.products);
    const memo = this.memo;
    if (memo && at !== null && memo.namespace === namespace && memo.fetchedAt === at) {
      if (this.fetcher.isStale(at, this.listMaxAge)) this.fetcher.background(KEY.products, this.fetchProducts);
      return { memo, freshness: this.fetcher.freshness(at, 'cache') };
    }
    const { value, freshness } = await this.fetcher.staleWhileRevalidate(KEY.products, Products, this.fetchProducts, this.listMaxAge);
    const summaries = value.map((p) => productSummary(p)).sort((a, b) => a.name.localeCompare(b.name));
    const fresh: IndexMemo = {
      namespace,
      fetchedAt: freshness.refreshedAt ?? '',
      index: new CatalogueIndex(summaries),
      byId: new Map(value.map((p) => [p.productId, p])),
    };
    this.memo = fresh;
    return { memo: fresh, freshness };
  }

  async products(query: CatalogueQuery): Promise<{ products: ProductSummary[]; total: number; freshness: Freshness }> {
    const { memo, freshness } = await this.productIndex();
    return { ...memo.index.search(query), freshness };
  }

  /** All seven endpoints of one product; only the details are essential, other parts may be missing. */
  private fetchProductParts = async (productId: number): Promise<ProductParts> => {
    const c = this.client;
    const problems: ProductParts['problems'] = [];
    let lostNetwork: ApiError | undefined;
    const part = async <T>(name: string, p: Promise<T>): Promise<T | undefined> => {
      try {
        return await p;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.unreachable) lostNetwork ??= e;
        problems.push({ part: name, problem: e.message });
        return undefined;
      }
    };
    const [details, features, includes, specs, recommended, faq, options] = await Promise.all([
      c.details(productId),
      part('features', c.features(productId)),
      part('includes', c.includes(productId)),
      part('specs', c.specs(productId)),
      part('recommended', c.recommended(productId)),
      part('faq', c.faq(productId)),
      part('options', c.options(productId)),
    ]);
    const parts: ProductParts = { details, problems };
    if (features) parts.features = features;
    if (includes) parts.includes = includes;
    if (specs) parts.specs = specs;
    if (recommended) parts.recommended = recommended;
    if (faq) parts.faq = faq;
    if (options !== undefined) parts.options = readOptions(options);
    // A part lost to the network is not a part the product lacks: keep the last whole copy instead.
    if (lostNetwork) throw lostNetwork;
    if (problems.length > 0) this.deps.log.info({ productId, parts: problems.map((p) => p.part) }, 'product parts missing');
    this.prefetchImages(imagePairs(details.imageUrls).flatMap((p) => [p.thumb, p.large]));
    return parts;
  };

  async product(productId: number): Promise<{ product: ProductDetailView; freshness: Freshness }> {
    const { value, freshness } = await this.fetcher.staleWhileRevalidate(
      KEY.product(productId),
      ProductPartsSchema,
      () => this.fetchProductParts(productId),
      this.deps.productMaxAgeMs ?? 60 * 60_000,
    );
    const listed = this.memo?.byId.get(productId);
    return { product: productDetailView(value, listed), freshness };
  }

  /** Fetches the lists again now, whatever their age. */
  async refresh(): Promise<{ freshness: Freshness; products: number; categories: number }> {
    try {
      const [cats, prods] = await Promise.all([
        this.fetcher.fetchAndStore(KEY.categories, this.fetchCategories),
        this.fetcher.fetchAndStore(KEY.products, this.fetchProducts),
      ]);
      const { freshness } = await this.productIndex();
      this.deps.bus.emit('catalogue.changed', { scope: 'lists', freshness });
      return { freshness, products: prods.value.length, categories: cats.value.length };
    } catch (e) {
      throw toPosError(e);
    }
  }

  /**
   * Fills the cache for a day offline: the lists, every product's details and their images.
   * Emits catalogue.progress after each product.
   */
  async warm(concurrency = 4): Promise<{ products: number; failed: number; images: number }> {
    const progress = (done: number, total: number): void => this.deps.bus.emit('catalogue.progress', { done, total });
    await this.refresh();
    const ids = [...(this.memo?.byId.keys() ?? [])];
    let done = 0;
    let failed = 0;
    await forEachLimit(ids, concurrency, async (id) => {
      try {
        await this.fetcher.fetchAndStore(KEY.product(id), () => this.fetchProductParts(id));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        failed++;
      }
      progress(++done, ids.length);
    });
    await this.pendingImages;
    return { products: ids.length, failed, images: this.deps.images.count() };
  }

  /** A product or category image as a data: URL, from disk or downloaded now; null when there is none to show. */
  async image(input: { productId?: number | undefined; categoryId?: number | undefined; index: number; size: 'thumb' | 'large' }): Promise<string | null> {
    let url: string | undefined;
    const ns = this.deps.source.namespace();
    if (input.categoryId !== undefined) {
      url = this.deps.cache.get(ns, KEY.categories, Categories)?.value.find((c) => c.id === input.categoryId)?.imageURL;
    } else if (input.productId !== undefined) {
      const detail = this.deps.cache.get(ns, KEY.product(input.productId), ProductPartsSchema)?.value.details.imageUrls;
      const listed = detail ?? this.memo?.byId.get(input.productId)?.imageUrls ?? (await this.productIndex()).memo.byId.get(input.productId)?.imageUrls;
      const pair = imagePairs(listed ?? [])[input.index];
      url = pair ? pair[input.size] : undefined;
    } else {
      throw new PosError('BAD_INPUT', 'give a productId or a categoryId');
    }
    if (!url || !/^https?:\/\//i.test(url)) return null;
    return (await this.deps.images.get(url)) ?? null;
  }

  // ---- equipment cart --------------------------------------------------------------------

  async cart(): Promise<CartView> {
    const stored = this.fetcher.read(KEY.cart, StoredCart);
    return this.cartView(stored?.value ?? EMPTY_CART, stored?.fetchedAt ?? null);
  }

  async setCart(input: CartInput): Promise<CartView> {
    // Details of new products are fetched for their prices and options (a product that cannot be
    // fetched now stays in the cart unpriced); then lines of one product and option are merged.
    const unpriced = input.items.filter((i) => !this.fetcher.read(KEY.product(i.productId), ProductPartsSchema));
    await Promise.all([...new Set(unpriced.map((i) => i.productId))].map((id) => this.product(id).catch(() => undefined)));
    const choicesOf = (productId: number) => (this.fetcher.read(KEY.product(productId), ProductPartsSchema)?.value.details.pricingModel ?? []).map(pricingOption);
    return this.writeCart({ ...input, items: mergeCartItems(input.items, choicesOf) });
  }

  private async writeCart(cart: z.infer<typeof StoredCart>): Promise<CartView> {
    const at = this.deps.now().toISOString();
    this.fetcher.write(KEY.cart, cart, at);
    const view = await this.cartView(cart, at);
    this.deps.bus.emit('catalogue.changed', { scope: 'cart', freshness: this.fetcher.freshness(at, 'cache') });
    return view;
  }

  private async cartView(cart: z.infer<typeof StoredCart>, updatedAt: string | null): Promise<CartView> {
    const byId = await this.productIndex().then(
      (r) => r.memo.byId,
      () => new Map<number, Product>(),
    );
    const lines = cart.items.map((item) => {
      const listed = byId.get(item.productId);
      const parts = this.fetcher.read(KEY.product(item.productId), ProductPartsSchema)?.value;
      const source = parts?.details ?? listed;
      const summary = source ? productSummary({ ...source, tags: listed?.tags ?? [] }) : undefined;
      const choices = (parts?.details.pricingModel ?? []).map(pricingOption);
      const chosen = chosenOption(choices, item.purchaseType);
      const basePrice = parts?.details.price;
      return {
        productId: item.productId,
        name: summary?.name ?? `Product ${item.productId} (no longer in the catalogue)`,
        kind: summary?.kind ?? 'OTHER',
        typeLabel: summary?.typeLabel ?? 'Unknown',
        type: source?.productType ?? '',
        quantity: item.quantity,
        purchaseType: chosen?.code ?? item.purchaseType ?? null,
        purchaseLabel: chosen?.label ?? null,
        occurrence: chosen?.occurrence ?? ('one-time' as const),
        unitCents: chosen ? chosen.amountCents : centsOrNull(basePrice),
        choices,
      };
    });
    const missing = missingEquipment(
      lines.map((l) => ({ productId: l.productId, productType: l.type, quantity: l.quantity })),
      { debit: cart.debit, checkAcceptance: cart.checkAcceptance },
    );
    let oneTimeCents = 0;
    let recurringCents = 0;
    let unpricedLines = 0;
    for (const l of lines) {
      if (l.unitCents === null) unpricedLines++;
      else if (l.occurrence === 'recurring') recurringCents += l.unitCents * l.quantity;
      else oneTimeCents += l.unitCents * l.quantity;
    }
    return {
      items: lines.map(({ type: _type, ...rest }) => rest),
      debit: cart.debit,
      checkAcceptance: cart.checkAcceptance,
      missing,
      complete: missing.length === 0,
      totals: { oneTimeCents, recurringCents, unpricedLines },
      updatedAt,
    };
  }

  // ---- leads (LeadDesk) -------------------------------------------------------------------

  leads(businessConsultantId?: string): Promise<{ businessConsultantId: string; leads: LeadView[]; freshness: Freshness }> {
    return this.desk.leads(businessConsultantId);
  }

  leadDefaults(): { businessConsultantId: string; fields: Record<string, string>; leadTypes: string[] } {
    return this.desk.leadDefaults();
  }

  createLead(input: LeadInput): Promise<LeadResult> {
    return this.desk.createLead(input);
  }

  outbox(): { entries: OutboxEntry[] } {
    return this.desk.outbox();
  }

  discard(uid: string): { discarded: boolean } {
    return this.desk.discard(uid);
  }

  retryOutbox(): Promise<LeadResult[]> {
    return this.desk.retryOutbox();
  }
}
