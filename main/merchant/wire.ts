import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { wireInt, wireList, wireNumber, wireOptionalInt, wireText } from '../http/wire';

/**
 * Response shapes of the merchant management interface (spec: merchant-api.md). Every object
 * keeps unknown fields; numbers may come as numeric text and strings as null.
 */

/** Timestamps come as text or as epoch milliseconds; kept as ISO text either way. */
export const wireTimestamp = lazySchema(() => z
  .union([z.string(), z.number().finite().transform((n) => new Date(n).toISOString()), z.null()])
  .optional()
  .transform((v) => v ?? ''));

export const PaginationWire = lazySchema(() => z.looseObject({
  rowCount: wireInt,
  pageCount: wireInt,
  countPerPage: wireInt,
  page: wireInt,
}));

/** The envelope every answer comes in; `result` / `results` are checked by the endpoint's own schema. */
export const Envelope = lazySchema(() => z.looseObject({
  responseCode: wireText,
  reasonCode: wireText,
  errorDetails: z.unknown().optional(),
  message: z.unknown().optional(),
  result: z.unknown().optional(),
  results: z.unknown().optional(),
  pagination: PaginationWire.nullish(),
}));
export type Envelope = z.output<typeof Envelope>;

const text = wireText;

export const MERCHANT_TEXT_FIELDS = [
  'externalMerchantId', 'taxId', 'ompSysId', 'mid', 'mccIso', 'tradeName', 'name', 'businessType', 'baseCurrencyCode',
  'description', 'multiCurrencyIndicator', 'affiliateName', 'rebateIndicator', 'discountFieldSchemeA', 'discountFieldSchemeB',
  'discountFieldSchemeC', 'relationshipManagerCode', 'pricingMethod', 'autoBillingIndicator', 'seasonalIndicator',
  'businessWebsiteAddress', 'primaryNetworkCode', 'secondaryNetworkCode', 'transactionKeyedPercent', 'schemeAAnnualVolume',
  'schemeBAnnualVolume', 'leaseCompanyCode', 'abaNumber', 'ddaNumber', 'organisationType', 'emvIndicator',
  'schemeAAverageTicket', 'schemeBAverageTicket', 'customMerchantId', 'systemIndicator', 'internalMerchantId', 'leaseCompCode',
  'sourceSystemId', 'subPlatformCode', 'bypassFiid', 'checkServiceContactPerson', 'checkServiceContactPhone',
] as const;

export const Merchant = lazySchema(() => z.looseObject({
  merchantId: wireInt,
  uniqueId: wireInt.nullish(),
  ...(Object.fromEntries(MERCHANT_TEXT_FIELDS.map((f) => [f, text])) as Record<(typeof MERCHANT_TEXT_FIELDS)[number], typeof text>),
}));
export type Merchant = z.output<typeof Merchant>;

export const SearchItem = lazySchema(() => z.looseObject({
  merchantId: wireInt,
  mid: text,
  hierarchyLevel: text,
  hierarchyLevelAbbreviation: text,
  externalMerchantId: text,
  dbaName: text,
  city: text,
  state: text,
  zipCode: text,
}));
export type SearchItem = z.output<typeof SearchItem>;

export const Contact = lazySchema(() => z.looseObject({
  contactId: wireInt,
  merchantId: wireInt,
  contactType: text,
  addressLine1: text,
  addressLine2: text,
  postalCode: text,
  city: text,
  state: text,
  country: text,
  phoneNumber: text,
  emailAddress: text,
  attentionToFirstName: text,
  attentionToLastName: text,
  firstName: text,
  lastName: text,
  fullName: text,
  attentionToFullName: text,
  uniqueId: wireInt.nullish(),
}));
export type Contact = z.output<typeof Contact>;

const lvl = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].flatMap((n) => [
    [`lvl${n}Id`, wireOptionalInt],
    [`lvl${n}Number`, text],
  ]),
) as Record<`lvl${1 | 2 | 3 | 4 | 5 | 6 | 7}Id`, typeof wireOptionalInt> & Record<`lvl${1 | 2 | 3 | 4 | 5 | 6 | 7}Number`, typeof text>;

export const HierarchyItem = lazySchema(() => z.looseObject({
  hierarchyId: wireInt,
  merchantId: wireInt,
  hierarchyLevel: text,
  dateFrom: wireTimestamp,
  dateTo: wireTimestamp,
  uniqueId: wireInt.nullish(),
  ...lvl,
}));
export type HierarchyItem = z.output<typeof HierarchyItem>;

export const Entitlement = lazySchema(() => z.looseObject({
  recLoad: z.unknown().optional(),
  recUpdate: z.unknown().optional(),
  recDelete: z.unknown().optional(),
  entitlementId: wireInt,
  allianceCode: text,
  platformCode: text,
  merchantId: wireInt.nullish(),
  productCode: text,
  pricingPlanCode: text,
  serviceTypeCode: text,
  signedVolume: wireNumber.nullish(),
  avgTicket: wireNumber.nullish(),
  alphaId: text,
  uniqueId: wireInt.nullish(),
}));
export type Entitlement = z.output<typeof Entitlement>;

export const Fee = lazySchema(() => z.looseObject({
  feeId: wireInt,
  merchId: z.unknown().optional(),
  platformCode: text,
  sequenceCode: text,
  sequenceType: text,
  name: text,
  generalLedgerCode: text,
  updateIndicator: text,
  frequenceCode: text,
  retailRate: text,
  retailDate: wireTimestamp,
  wholesaleRate: z.union([wireNumber, z.null()]).optional().transform((v) => v ?? null),
  wholesaleDate: wireTimestamp,
  processingIndicator: text,
  globalNumber: text,
  uniqueId: wireInt.nullish(),
}));
export type Fee = z.output<typeof Fee>;

export const Fees = lazySchema(() => z.array(Fee));
export const Entitlements = lazySchema(() => z.array(Entitlement));
export const HierarchyItems = lazySchema(() => z.array(HierarchyItem));
export const SearchItems = lazySchema(() => wireList(SearchItem));
export const Contacts = lazySchema(() => z.array(Contact));
