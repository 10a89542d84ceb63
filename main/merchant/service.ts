import type { Logger } from 'pino';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import type { Freshness, MerchantSearchInput } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { SettingsStore } from '../config/settings-store';
import type { ApiSource } from '../http/api-source';
import { CachedFetch, toPosError, type Fresh } from '../http/cached-fetch';
import { ApiError } from '../http/errors';
import type { ResponseCache } from '../http/response-cache';
import type { Service } from '../service';
import { createMerchantClient, levelCode, SEARCH_FIELDS, type MerchantClient } from './client';
import { CONTACT_TYPE_CODES, CONTACT_TYPES, HIERARCHY_LEVELS, type ContactType } from './labels';
import { contactView, entitlementView, feeView, hierarchyItemView, merchantForCache, merchantView, searchItemView } from './views';
import { Contact, Contacts, Entitlement, Entitlements, Fee, Fees, HierarchyItem, HierarchyItems, Merchant, PaginationWire } from './wire';

export interface MerchantServiceOptions {
  source: ApiSource;
  cache: ResponseCache;
  settings: SettingsStore;
  log: Logger;
  now: () => Date;
  /** This store's merchant in training (the simulator's). */
  trainingMerchantId: number;
}

const HierarchyList = lazySchema(() => z.object({ items: HierarchyItems, pagination: PaginationWire.nullable() }));

/**
 * Merchant lookups for the store manager: always asked of the service, and when it cannot be
 * reached, answered from the last copy with its date, so the account stays viewable offline.
 * Searches are never cached (their parameters may be sensitive).
 */
export class MerchantService implements Service {
  readonly name = 'merchant';
  readonly client: MerchantClient;
  readonly fetcher: CachedFetch;

  constructor(private readonly deps: MerchantServiceOptions) {
    this.client = createMerchantClient(deps.source.api);
    this.fetcher = new CachedFetch({ source: deps.source, cache: deps.cache, log: deps.log, now: deps.now });
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    await this.fetcher.settle();
  }

  /** This store's merchant id: the setting, or the simulator's store in training. */
  homeMerchantId(): number | null {
    const configured = this.deps.settings.get('merchant.merchantId');
    if (configured) return Number(configured);
    return this.deps.source.training() ? this.deps.trainingMerchantId : null;
  }

  private read<T, V>(key: string, schema: z.ZodType<T>, fetch: () => Promise<T>, view: (t: T) => V): Promise<{ value: V; freshness: Freshness }> {
    return this.fetcher.networkFirst(key, schema, fetch).then((r: Fresh<T>) => ({ value: view(r.value), freshness: r.freshness }));
  }

  async merchant(merchantId?: number) {
    const id = merchantId ?? this.homeMerchantId();
    if (id === null) throw new PosError('BAD_INPUT', 'give a merchant id, or set merchant.merchantId to this store\'s');
    const r = await this.read(`merchant:${id}`, Merchant, async () => merchantForCache(await this.client.merchant(id)), merchantView);
    return { merchant: r.value, freshness: r.freshness };
  }

  async search(input: MerchantSearchInput) {
    const query: Parameters<MerchantClient['search']>[0] = {};
    for (const f of SEARCH_FIELDS) if (input[f]) query[f] = input[f];
    if (input.sort) query.sort = input.sort;
    if (input.page) query.page = input.page;
    try {
      const r = await this.client.search(query);
      this.fetcher.observe();
      return { results: r.data.map(searchItemView), pagination: r.pagination };
    } catch (e) {
      this.fetcher.observe(e);
      throw toPosError(e);
    }
  }

  /** Contacts of one type, or of all three types gathered (the endpoint answers one contact per type). */
  async contacts(merchantId: number, contactType?: ContactType) {
    const types = contactType ? [contactType] : CONTACT_TYPE_CODES;
    const key = `contacts:${merchantId}:${contactType ?? 'all'}`;
    const r = await this.read(
      key,
      Contacts,
      async () => {
        const lists = await Promise.all(
          types.map((t) =>
            this.client.contacts(merchantId, t).catch((e: unknown) => {
              // A type the merchant has no contact of is not a failure of the others.
              if (e instanceof ApiError && e.posCode === 'NOT_FOUND') return [];
              throw e;
            }),
          ),
        );
        const seen = new Set<number>();
        return lists.flat().filter((c) => (seen.has(c.contactId) ? false : (seen.add(c.contactId), true)));
      },
      (list) => list.map(contactView),
    );
    return { contacts: r.value, freshness: r.freshness };
  }

  async contact(merchantId: number, contactId: number) {
    const r = await this.read(`contact:${merchantId}:${contactId}`, Contact, () => this.client.contact(merchantId, contactId), contactView);
    return { contact: r.value, freshness: r.freshness };
  }

  async hierarchies(merchantId: number, level: string, date?: string) {
    const code = this.level(level);
    const r = await this.read(
      `hierarchies:${merchantId}:${code}:${date ?? ''}`,
      HierarchyList,
      () => this.client.hierarchies(merchantId, code, date),
      (v) => ({ items: v.items.map((h) => hierarchyItemView(h, merchantId, code)), pagination: v.pagination }),
    );
    return { ...r.value, freshness: r.freshness };
  }

  async hierarchy(merchantId: number, level: string, hierarchyId: number) {
    const code = this.level(level);
    const r = await this.read(`hierarchy:${merchantId}:${code}:${hierarchyId}`, HierarchyItem, () => this.client.hierarchy(merchantId, code, hierarchyId), (h) =>
      hierarchyItemView(h, merchantId, code),
    );
    return { item: r.value, freshness: r.freshness };
  }

  async entitlements(merchantId: number) {
    const r = await this.read(`entitlements:${merchantId}`, Entitlements, () => this.client.entitlements(merchantId), (l) => l.map((e) => entitlementView(e, merchantId)));
    return { entitlements: r.value, freshness: r.freshness };
  }

  async entitlement(merchantId: number, entitlementId: number) {
    const r = await this.read(`entitlement:${merchantId}:${entitlementId}`, Entitlement, () => this.client.entitlement(merchantId, entitlementId), (e) =>
      entitlementView(e, merchantId),
    );
    return { entitlement: r.value, freshness: r.freshness };
  }

  async fees(merchantId: number) {
    const r = await this.read(`fees:${merchantId}`, Fees, () => this.client.fees(merchantId), (l) => l.map(feeView));
    return { fees: r.value, freshness: r.freshness };
  }

  async fee(merchantId: number, feeId: number) {
    const r = await this.read(`fee:${merchantId}:${feeId}`, Fee, () => this.client.fee(merchantId, feeId), feeView);
    return { fee: r.value, freshness: r.freshness };
  }

  vocabulary() {
    return {
      hierarchyLevels: HIERARCHY_LEVELS.map((l) => ({ code: l.code, name: l.name, abbreviation: l.abbreviation, field: l.field })),
      contactTypes: CONTACT_TYPE_CODES.map((code) => ({ code, label: CONTACT_TYPES[code] })),
      homeMerchantId: this.homeMerchantId(),
      sortFields: ['dbaName', 'city', 'state', 'zipCode', 'mid', 'merchantId', 'externalMerchantId', 'hierarchyLevel'],
    };
  }

  private level(level: string): string {
    try {
      return levelCode(level);
    } catch (e) {
      throw toPosError(e);
    }
  }
}
