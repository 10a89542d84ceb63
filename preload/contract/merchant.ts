import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Freshness } from './marketplace';

/**
 * Contract entries of the merchant management interface: the account, its contacts, hierarchy,
 * entitlements and fees, and merchant search. Codes travel with their meaning (`label`).
 */

const merchantId = lazySchema(() => z.number().int().positive());
const id = lazySchema(() => z.number().int().nonnegative());

export const Coded = lazySchema(() => z.object({ code: z.string(), label: z.string() }));
export type Coded = z.infer<typeof Coded>;

/** One labelled field of a record, in display order. */
export const LabelledField = lazySchema(() => z.object({ key: z.string(), label: z.string(), value: z.string(), meaning: z.string().optional() }));
export type LabelledField = z.infer<typeof LabelledField>;

export const MerchantView = lazySchema(() => z.object({
  merchantId: z.number().int(),
  mid: z.string(),
  tradeName: z.string(),
  legalName: z.string(),
  fields: z.array(LabelledField),
}));
export type MerchantView = z.infer<typeof MerchantView>;

export const ContactView = lazySchema(() => z.object({
  contactId: z.number().int(),
  merchantId: z.number().int(),
  contactType: Coded,
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string(),
  name: z.string(),
}));
export type ContactView = z.infer<typeof ContactView>;

export const HierarchyItemView = lazySchema(() => z.object({
  hierarchyId: z.number().int(),
  merchantId: z.number().int(),
  level: Coded,
  dateFrom: z.string(),
  dateTo: z.string(),
  levels: z.array(z.object({ n: z.number().int(), role: z.string(), id: z.number().int().nullable(), number: z.string() })),
  /** The `lvlNId` the level table selects for this level, and whether it holds the merchant asked about. */
  matchedField: z.number().int().nullable(),
  matches: z.boolean(),
}));
export type HierarchyItemView = z.infer<typeof HierarchyItemView>;

export const EntitlementView = lazySchema(() => z.object({
  entitlementId: z.number().int(),
  merchantId: z.number().int(),
  product: Coded,
  serviceType: Coded,
  platform: Coded,
  pricingPlanCode: z.string(),
  allianceCode: z.string(),
  signedVolume: z.number().nullable(),
  avgTicket: z.number().nullable(),
  alphaId: z.string(),
}));
export type EntitlementView = z.infer<typeof EntitlementView>;

export const FeeView = lazySchema(() => z.object({
  feeId: z.number().int(),
  name: z.string(),
  sequenceCode: z.string(),
  sequenceType: Coded,
  frequency: Coded,
  platform: Coded,
  processing: Coded,
  generalLedgerCode: z.string(),
  retailRate: z.string(),
  retailDate: z.string(),
  wholesaleRate: z.string(),
  wholesaleDate: z.string(),
  globalNumber: z.string(),
  updateIndicator: z.string(),
}));
export type FeeView = z.infer<typeof FeeView>;

export const SearchItemView = lazySchema(() => z.object({
  merchantId: z.number().int(),
  mid: z.string(),
  level: Coded,
  hierarchyLevelAbbreviation: z.string(),
  externalMerchantId: z.string(),
  dbaName: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
}));
export type SearchItemView = z.infer<typeof SearchItemView>;

export const Pagination = lazySchema(() => z.object({
  rowCount: z.number().int(),
  pageCount: z.number().int(),
  countPerPage: z.number().int(),
  page: z.number().int(),
}));
export type Pagination = z.infer<typeof Pagination>;

const field = (max: number) => z.string().trim().max(max).optional();

export const MerchantSearchInput = lazySchema(() => z.strictObject({
  externalMerchantId: field(40),
  state: field(40),
  city: field(80),
  mid: field(40),
  merchantId: field(20),
  dbaName: field(120),
  zipCode: field(20),
  /** A level code (`120`) or abbreviation (`LCTN`). */
  hierarchyLevel: field(10),
  /** The field results are sorted on (e.g. `dbaName`). */
  sort: field(40),
  page: z.number().int().min(1).max(100000).optional(),
}));
export type MerchantSearchInput = z.infer<typeof MerchantSearchInput>;

const level = lazySchema(() => z.string().trim().min(1).max(10));
const isoDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));

export const merchantMethods = {
  /** The merchant account; without an id, this store's own (setting merchant.merchantId). */
  'merchant.get': {
    input: lazySchema(() => z.strictObject({ merchantId: merchantId.optional() })),
    output: lazySchema(() => z.object({ merchant: MerchantView, freshness: Freshness })),
  },
  'merchant.search': {
    input: MerchantSearchInput,
    output: lazySchema(() => z.object({ results: z.array(SearchItemView), pagination: Pagination.nullable() })),
  },
  /** Contacts of every type (or one type), gathered from the contacts endpoint. */
  'merchant.contacts': {
    input: lazySchema(() => z.strictObject({ merchantId, contactType: z.enum(['DBA', 'BIL', 'STM']).optional() })),
    output: lazySchema(() => z.object({ contacts: z.array(ContactView), freshness: Freshness })),
  },
  'merchant.contact': { input: lazySchema(() => z.strictObject({ merchantId, contactId: id })), output: lazySchema(() => z.object({ contact: ContactView, freshness: Freshness })) },
  'merchant.hierarchies': {
    input: lazySchema(() => z.strictObject({ merchantId, level, date: isoDate.optional() })),
    output: lazySchema(() => z.object({ items: z.array(HierarchyItemView), pagination: Pagination.nullable(), freshness: Freshness })),
  },
  'merchant.hierarchy': {
    input: lazySchema(() => z.strictObject({ merchantId, level, hierarchyId: id })),
    output: lazySchema(() => z.object({ item: HierarchyItemView, freshness: Freshness })),
  },
  'merchant.entitlements': { input: lazySchema(() => z.strictObject({ merchantId })), output: lazySchema(() => z.object({ entitlements: z.array(EntitlementView), freshness: Freshness })) },
  'merchant.entitlement': {
    input: lazySchema(() => z.strictObject({ merchantId, entitlementId: id })),
    output: lazySchema(() => z.object({ entitlement: EntitlementView, freshness: Freshness })),
  },
  'merchant.fees': { input: lazySchema(() => z.strictObject({ merchantId })), output: lazySchema(() => z.object({ fees: z.array(FeeView), freshness: Freshness })) },
  'merchant.fee': { input: lazySchema(() => z.strictObject({ merchantId, feeId: id })), output: lazySchema(() => z.object({ fee: FeeView, freshness: Freshness })) },
  /** Code tables the screens need for their pickers. */
  'merchant.vocabulary': {
    input: lazySchema(() => z.strictObject({})),
    output: lazySchema(() => z.object({
      hierarchyLevels: z.array(z.object({ code: z.string(), name: z.string(), abbreviation: z.string(), field: z.number().int() })),
      contactTypes: z.array(Coded),
      homeMerchantId: z.number().int().nullable(),
      sortFields: z.array(z.string()),
    })),
  },
} as const;
