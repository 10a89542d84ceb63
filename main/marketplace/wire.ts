import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { wireBool, wireInt, wireList, wireDollars, wireNumber, wireText } from '../http/wire';

/**
 * Response and request shapes of the marketplace interface (spec: marketplace-api.md). Every
 * object keeps unknown fields; documented variant spellings are accepted as text here and
 * mapped onto the documented codes by ./labels.ts.
 */

// A function, so the fields are made with the schema that uses them (each is built on first use).
const productFields = () => ({
  id: wireInt.nullish(),
  productId: wireInt,
  supplierProductName: wireText,
  supplierName: wireText,
  productType: wireText,
  productName: wireText,
  productShortDescription: wireText,
  productLongDescription: wireText,
  showoncart: wireBool,
  productWithOptions: wireBool,
  pinPad: wireBool,
  imageUrls: wireList(z.string()),
});

export const Category = lazySchema(() => z.looseObject({
  id: wireInt,
  name: wireText,
  description: wireText,
  rank: wireInt.nullish().transform((v) => v ?? 0),
  imageURL: wireText,
}));
export type Category = z.output<typeof Category>;
export const Categories = lazySchema(() => z.array(Category));

export const Product = lazySchema(() => z.looseObject({
  ...productFields(),
  categoryIds: wireList(wireInt),
  tags: wireList(z.string()),
}));
export type Product = z.output<typeof Product>;
export const Products = lazySchema(() => z.array(Product));

export const PricingType = lazySchema(() => z.looseObject({
  id: wireInt.nullish(),
  fkProdId: z.union([wireInt, z.string()]).nullish(),
  fkCompanyId: wireNumber.nullish(),
  purchaseType: wireText,
  defaultAmt: wireDollars,
  status: wireText,
  occurrence: wireText,
  purchaseTypeLabel: wireText,
}));
export type PricingType = z.output<typeof PricingType>;

export const ProductDetail = lazySchema(() => z.looseObject({
  ...productFields(),
  categoryIds: wireList(wireInt),
  price: wireDollars,
  pricingModel: wireList(PricingType),
}));
export type ProductDetail = z.output<typeof ProductDetail>;

export const Feature = lazySchema(() => z.looseObject({ id: wireInt.nullish(), feature: wireText, featureId: wireInt.nullish() }));
export const Features = lazySchema(() => z.looseObject({
  success: wireBool,
  features: wireList(Feature),
  groupFeatures: wireList(z.unknown()),
}));
export type Features = z.output<typeof Features>;

export const IncludedProduct = lazySchema(() => z.looseObject({
  ...productFields(),
  createdBy: wireText,
  defaultPurchaseType: wireText,
  endDate: wireText,
  price: wireDollars,
}));
export type IncludedProduct = z.output<typeof IncludedProduct>;
export const IncludedProducts = lazySchema(() => z.array(IncludedProduct));

/** Values are lists of lines; a single line sent as plain text is accepted as one line. */
export const Specs = lazySchema(() => z.record(
  z.string(),
  z.union([z.array(wireText), z.string().transform((s) => [s]), z.null().transform(() => [] as string[])]),
));
export type Specs = z.output<typeof Specs>;

export const Sponsor = lazySchema(() => z.looseObject({
  sponsorId: wireNumber.nullish(),
  sponsorName: wireText,
  createdBy: wireText,
  billingName: wireText,
  billingEmail: wireText,
  addressLineOne: wireText,
  addressLineTwo: wireText,
  city: wireText,
  state: wireText,
  zip: wireText,
  country: wireText,
  phone: wireText,
}));

export const RecommendedPricing = lazySchema(() => z.looseObject({
  id: wireNumber.nullish(),
  fkProdId: z.union([z.string(), z.number()]).nullish(),
  purchaseType: wireText,
  defaultAmt: wireDollars,
  purchaseTypeLabel: wireText,
  paymentType: wireText,
  paymentTerm: wireText,
  commissionDefined: wireBool,
  occurrence: wireText,
}));

export const RecommendedProduct = lazySchema(() => z.looseObject({
  ...productFields(),
  price: wireDollars,
  sponsor: Sponsor.nullish(),
  offeringTypes: wireList(z.string()),
  pricingModel: wireList(RecommendedPricing),
}));
export type RecommendedProduct = z.output<typeof RecommendedProduct>;
export const RecommendedProducts = lazySchema(() => z.array(RecommendedProduct));

export const FaqEntry = lazySchema(() => z.looseObject({ header: wireText, shortAnswer: wireText, url: wireText, sortId: wireInt.nullish() }));
export const Faq = lazySchema(() => z.array(FaqEntry));
export type FaqEntry = z.output<typeof FaqEntry>;

/**
 * Endpoint 11's body is not published. Accepted: a list of product-like options, or an object
 * carrying such a list under `options` / `productOptions` / `products`; anything else is kept as
 * it came and shown as "not readable".
 */
export const OptionItem = lazySchema(() => z.looseObject({ ...productFields(), price: wireDollars }));
export type OptionItem = z.output<typeof OptionItem>;
export const Options = lazySchema(() => z.unknown());

export function readOptions(body: unknown): { items: OptionItem[]; readable: boolean } {
  const list = Array.isArray(body)
    ? body
    : body !== null && typeof body === 'object'
      ? ((['options', 'productOptions', 'products'] as const).map((k) => (body as Record<string, unknown>)[k]).find(Array.isArray) as unknown[] | undefined)
      : undefined;
  if (!list) return { items: [], readable: body === null || body === undefined };
  const items: OptionItem[] = [];
  for (const entry of list) {
    const parsed = OptionItem.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
  }
  return { items, readable: items.length === list.length };
}

/** A lead as the leads endpoint returns it: all strings, any of which may be missing. */
export const Lead = lazySchema(() => z.looseObject({
  Identifier: wireText,
  identifier: wireText,
  createdDate: wireText,
  emailAddress: wireText,
  companyName: wireText,
  status: wireText,
  ownerFirstName: wireText,
  ownerMiddleInitial: wireText,
  ownerLastName: wireText,
  ownerStreetAddress: wireText,
  ownerCity: wireText,
  ownerState: wireText,
  ownerZip: wireText,
  phone: wireText,
  leadType: wireText,
  annualVolume: wireText,
  bankId: wireText,
  actionType: wireText,
  recordType: wireText,
  opportunityId: wireText,
  linkBackId: wireText,
  businessConsultantAMAId: wireText,
  dealId: wireText,
  uid: wireText,
  orderId: wireText,
}));
export type Lead = z.output<typeof Lead>;
export const Leads = lazySchema(() => z.array(Lead));

export const LeadCreateResponse = lazySchema(() => z.looseObject({
  leadId: wireText,
  dealId: z.union([z.string(), z.number().transform(String), z.null()]).optional().transform((v) => v ?? null),
  errorCode: wireText,
  errMessage: wireText,
  message: wireText,
}));
export type LeadCreateResponse = z.output<typeof LeadCreateResponse>;

/** The body of endpoint 2, every key present (all are required except `country`). */
export interface LeadCreateRequest {
  first_name: string;
  last_name: string;
  company: string;
  actionType: string;
  recordType: string;
  email: string;
  phone: string;
  bankId: string;
  zip: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country?: string;
  campaign_id: string;
  leadType: string;
  referenceType: string;
  annualVolume: number;
  linkBackId: string;
  dealId: string;
  leadStatus: string;
  leadId: string;
  businessConsultantAMAId: string;
  uid: string;
  businessConsultantId: string;
}
