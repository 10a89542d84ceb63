import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  LeadEquipment,
  type CartInput,
  type CartView,
  type CategoryView,
  type Freshness,
  type LeadInput,
  type LeadResult,
  type LeadView,
  type OutboxEntry,
  type ProductDetail as ProductDetailView,
  type ProductSummary,
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
import { chosenOption, leadEquipment, mergeCartItems } from './cart';
import { missingEquipment } from './equipment-rules';
import type { ImageCache } from './image-cache';
import { imagePairs } from './image-pairs';
import { LEAD_TYPES } from './labels';
import { buildLeadRequest, leadRequestIssues } from './lead';
import { leadTarget, type LeadOutbox } from './lead-outbox';
import { categoryView, leadView, pricingOption, productDetailView, productSummary, type ProductParts } from './views';
import {
  Categories,
  Faq,
  Features,
  IncludedProducts,
  Leads,
  OptionItem,
  ProductDetail,
  Products,
  readOptions,
  RecommendedProducts,
  Specs,
  type LeadCreateRequest,
  type Product,
} from './wire';

/** Non-personal lead fields a deployment fills the same way on every lead. */
export const LEAD_DEFAULT_FIELDS = ['actionType', 'recordType', 'bankId', 'campaign_id', 'referenceType', 'businessConsultantAMAId', 'leadType', 'country'] as const;

export interface TrainingLeadDefaults {
  businessConsultantId: string;
  fields: Record<string, string>;
}

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

const ProductPartsSchema = z.object({
  details: ProductDetail,
  features: Features.optional(),
  includes: IncludedProducts.optional(),
  specs: Specs.optional(),
  recommended: RecommendedProducts.optional(),
  faq: Faq.optional(),
  options: z.object({ items: z.array(OptionItem), readable: z.boolean() }).optional(),
  problems: z.array(z.object({ part: z.string(), problem: z.string() })),
});

const StoredCart = z.object({ items: z.array(z.object({ productId: z.number(), quantity: z.number(), purchaseType: z.string().optional() })), debit: z.boolean(), checkAcceptance: z.boolean() });
const StoredDefaults = z.record(z.string(), z.string());

const KEY = {
  categories: 'categories',
  products: 'products',
  product: (id: number) => `product:${id}`,
  cart: 'cart',
  leads: (consultant: string) => `leads:${consultant}`,
  leadDefaults: 'lead-defaults',
  leadEquipment: (uid: string) => `lead-equipment:${uid}`,
};

const EMPTY_CART: z.infer<typeof StoredCart> = { items: [], debit: false, checkAcceptance: false };
const KeptEquipment = z.array(LeadEquipment);

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
  private retrying: Promise<LeadResult[]> | undefined;

  constructor(private readonly o: MarketplaceServiceOptions) {
    this.client = createMarketplaceClient(o.source.api, () => o.source.companyId());
    this.fetcher = new CachedFetch({
      source: o.source,
      cache: o.cache,
      log: o.log,
      now: o.now,
      onBackground: (key, freshness) => {
        const scope = key.startsWith('product:') ? 'product' : key.startsWith('leads:') ? 'leads' : 'lists';
        const productId = scope === 'product' ? Number(key.slice('product:'.length)) : undefined;
        o.bus.emit('catalogue.changed', { scope, ...(productId !== undefined ? { productId } : {}), freshness });
      },
    });
  }

  async start(): Promise<void> {
    const every = this.o.outboxRetryMs ?? 60_000;
    if (every > 0 && !this.timer) {
      this.timer = setInterval(() => {
        if (this.o.outbox.pendingCount(this.o.source.namespace()) > 0) void this.retryOutbox().catch(() => undefined);
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
    const p = this.o.images.prefetch(urls).catch(() => 0);
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
    return this.o.listMaxAgeMs ?? 15 * 60_000;
  }

  /** The product list as an in-memory index, rebuilt only when the cached copy changed. */
  private async productIndex(): Promise<{ memo: IndexMemo; freshness: Freshness }> {
    const namespace = this.o.source.namespace();
    const at = this.o.cache.fetchedAt(namespace, KEY.products);
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
    if (problems.length > 0) this.o.log.info({ productId, parts: problems.map((p) => p.part) }, 'product parts missing');
    this.prefetchImages(imagePairs(details.imageUrls).flatMap((p) => [p.thumb, p.large]));
    return parts;
  };

  async product(productId: number): Promise<{ product: ProductDetailView; freshness: Freshness }> {
    const { value, freshness } = await this.fetcher.staleWhileRevalidate(
      KEY.product(productId),
      ProductPartsSchema,
      () => this.fetchProductParts(productId),
      this.o.productMaxAgeMs ?? 60 * 60_000,
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
      this.o.bus.emit('catalogue.changed', { scope: 'lists', freshness });
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
    const progress = (done: number, total: number): void => this.o.bus.emit('catalogue.progress', { done, total });
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
    return { products: ids.length, failed, images: this.o.images.count() };
  }

  /** A product or category image as a data: URL, from disk or downloaded now; null when there is none to show. */
  async image(input: { productId?: number | undefined; categoryId?: number | undefined; index: number; size: 'thumb' | 'large' }): Promise<string | null> {
    let url: string | undefined;
    const ns = this.o.source.namespace();
    if (input.categoryId !== undefined) {
      url = this.o.cache.get(ns, KEY.categories, Categories)?.value.find((c) => c.id === input.categoryId)?.imageURL;
    } else if (input.productId !== undefined) {
      const detail = this.o.cache.get(ns, KEY.product(input.productId), ProductPartsSchema)?.value.details.imageUrls;
      const listed = detail ?? this.memo?.byId.get(input.productId)?.imageUrls ?? (await this.productIndex()).memo.byId.get(input.productId)?.imageUrls;
      const pair = imagePairs(listed ?? [])[input.index];
      url = pair ? pair[input.size] : undefined;
    } else {
      throw new PosError('BAD_INPUT', 'give a productId or a categoryId');
    }
    if (!url || !/^https?:\/\//i.test(url)) return null;
    return (await this.o.images.get(url)) ?? null;
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
    const at = this.o.now().toISOString();
    this.fetcher.write(KEY.cart, cart, at);
    const view = await this.cartView(cart, at);
    this.o.bus.emit('catalogue.changed', { scope: 'cart', freshness: this.fetcher.freshness(at, 'cache') });
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

  // ---- leads -----------------------------------------------------------------------------

  private consultant(explicit?: string): string {
    return explicit || this.o.settings.get('marketplace.businessConsultantId') || (this.o.source.training() ? this.o.trainingLeadDefaults.businessConsultantId : '');
  }

  async leads(businessConsultantId?: string): Promise<{ businessConsultantId: string; leads: LeadView[]; freshness: Freshness }> {
    const consultant = this.consultant(businessConsultantId);
    if (!consultant) throw new PosError('BAD_INPUT', 'no business consultant: give one, or set marketplace.businessConsultantId');
    const { value, freshness } = await this.fetcher.networkFirst(KEY.leads(consultant), Leads, () => this.client.leads(consultant));
    const leads = value
      .map((l): LeadView => {
        const view = leadView(l);
        const equipment = view.uid ? this.fetcher.read(KEY.leadEquipment(view.uid), KeptEquipment)?.value : undefined;
        return equipment ? { ...view, equipment } : view;
      })
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    return { businessConsultantId: consultant, leads, freshness };
  }

  leadDefaults(): { businessConsultantId: string; fields: Record<string, string>; leadTypes: string[] } {
    const remembered = this.fetcher.read(KEY.leadDefaults, StoredDefaults)?.value ?? {};
    const training = this.o.source.training() ? this.o.trainingLeadDefaults.fields : {};
    return {
      businessConsultantId: this.consultant(),
      fields: { leadType: 'Self Sourced', ...training, ...remembered },
      leadTypes: [...LEAD_TYPES],
    };
  }

  /** The body of a new lead: what was keyed in over the remembered defaults, with a fresh uid. */
  private leadRequest(input: Omit<LeadInput, 'withCart'>): LeadCreateRequest {
    const defaults = this.leadDefaults();
    const merged: Record<string, string | number | undefined> = { ...defaults.fields };
    for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== '') merged[k] = v;
    merged.businessConsultantId = input.businessConsultantId || defaults.businessConsultantId;
    merged.uid = input.uid || randomUUID();
    return buildLeadRequest(merged);
  }

  /**
   * Sends a new lead. With `withCart`, the cart's lines go with it (kept by this terminal under the
   * lead's uid, as the lead-create call has no field for equipment) and the cart is emptied once
   * the lead is taken: created, or kept safely in the outbox. A refused lead leaves the cart as it was.
   */
  async createLead(input: LeadInput): Promise<LeadResult> {
    const { withCart, ...fields } = input;
    const request = this.leadRequest(fields);
    const issues = leadRequestIssues(request);
    if (issues.length > 0) throw new PosError('BAD_INPUT', `the lead is not complete: ${issues.map((i) => i.message).join('; ')}`, issues);
    const equipment = withCart ? leadEquipment((await this.cart()).items) : undefined;
    const result = await this.send(request);
    if (result.status === 'queued') {
      this.o.outbox.add(this.o.source.namespace(), request, this.o.now().toISOString(), result.problem);
      this.o.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.fetcher.freshness(null, 'cache') });
    }
    if (result.status === 'rejected' || !equipment) return result;
    if (equipment.length > 0) this.fetcher.write(KEY.leadEquipment(request.uid), equipment, this.o.now().toISOString());
    await this.writeCart(EMPTY_CART);
    return { ...result, equipment };
  }

  /** One try at the service. Unreachable → queued (the caller keeps it); a refusal → rejected. */
  private async send(request: LeadCreateRequest): Promise<LeadResult> {
    const uid = request.uid;
    try {
      const res = await this.client.createLead(request);
      this.fetcher.observe();
      if (res.errorCode || res.errMessage || !res.leadId) {
        return {
          status: 'rejected',
          uid,
          errorCode: res.errorCode || 'UNKNOWN',
          errMessage: res.errMessage || 'the lead system created no lead and gave no reason',
          message: res.message,
        };
      }
      const remembered = Object.fromEntries(LEAD_DEFAULT_FIELDS.map((k): [string, string] => [k, request[k] ?? '']).filter(([, v]) => v !== ''));
      this.fetcher.write(KEY.leadDefaults, remembered, this.o.now().toISOString());
      this.fetcher.background(KEY.leads(request.businessConsultantId), () => this.client.leads(request.businessConsultantId));
      this.o.log.info({ uid, leadId: res.leadId }, 'lead created');
      return { status: 'created', uid, leadId: res.leadId, dealId: res.dealId, message: res.message };
    } catch (e) {
      this.fetcher.observe(e);
      if (e instanceof ApiError && e.unreachable) return { status: 'queued', uid, problem: e.message };
      throw toPosError(e);
    }
  }

  /** Every lead waiting; one keyed for another marketplace than the one set now says which. */
  outbox(): { entries: OutboxEntry[] } {
    const target = leadTarget(this.o.source.namespace());
    const entries = this.o.outbox.list().map(({ namespace, ...row }): OutboxEntry => {
      const equipment = this.o.cache.get(namespace, KEY.leadEquipment(row.uid), KeptEquipment)?.value;
      const keptFor = leadTarget(namespace) === target ? undefined : keptForWords(namespace);
      return { ...row, ...(equipment ? { equipment } : {}), ...(keptFor ? { keptFor } : {}) };
    });
    return { entries };
  }

  discard(uid: string): { discarded: boolean } {
    const discarded = this.o.outbox.remove(uid);
    if (discarded) this.o.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.fetcher.freshness(null, 'cache') });
    return { discarded };
  }

  /** Tries every pending lead once. A lead the service already has (same uid) is not sent again. */
  retryOutbox(): Promise<LeadResult[]> {
    this.retrying ??= this.retryOnce().finally(() => (this.retrying = undefined));
    return this.retrying;
  }

  private async retryOnce(): Promise<LeadResult[]> {
    const results: LeadResult[] = [];
    for (const entry of this.o.outbox.pending(this.o.source.namespace())) {
      const { request } = entry;
      let known: LeadView | undefined;
      try {
        known = (await this.client.leads(request.businessConsultantId)).map(leadView).find((l) => l.uid === request.uid);
      } catch (e) {
        if (e instanceof ApiError && e.unreachable) {
          this.fetcher.observe(e);
          this.o.outbox.failed(entry.uid, e.message);
          results.push({ status: 'queued', uid: entry.uid, problem: e.message });
          continue;
        }
        // The list is only a check against duplicates; a refusal of it does not stop the send.
      }
      const result: LeadResult = known
        ? { status: 'created', uid: request.uid, leadId: known.identifier, dealId: known.dealId || null, message: 'the lead system already had this lead' }
        : await this.send(request).catch((e: unknown) => ({
            status: 'rejected' as const,
            uid: request.uid,
            errorCode: e instanceof PosError ? e.code : 'ERROR',
            errMessage: e instanceof Error ? e.message : String(e),
            message: '',
          }));
      if (result.status === 'created') this.o.outbox.remove(entry.uid);
      // The lead system's words; its error code stays in the log and in posctl's answer.
      else if (result.status === 'rejected') this.o.outbox.rejected(entry.uid, result.errMessage);
      else this.o.outbox.failed(entry.uid, result.problem);
      results.push(result);
    }
    if (results.length > 0) this.o.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.fetcher.freshness(null, 'cache') });
    return results;
  }
}

/** The marketplace an outbox namespace stands for: the training simulator, or a service address. */
function keptForWords(namespace: string): { training: boolean; url: string } {
  const target = leadTarget(namespace);
  const url = target.slice(target.indexOf(':') + 1);
  return url === 'training' ? { training: true, url: '' } : { training: false, url };
}
