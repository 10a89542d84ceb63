import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Contract entries of the equipment catalogue, the equipment cart and the leads of the
 * marketplace interface. Money is integer cents; images travel as data: URLs (the renderer's
 * policy allows no remote host).
 */

/** How fresh the data on screen is, and whether the service could be reached. */
export const Freshness = lazySchema(() => z.object({
  /** When the data shown was fetched from the service (ISO time); null when never. */
  refreshedAt: z.string().nullable(),
  /** `cache`: served from this terminal's cache (offline, or a refresh is under way). */
  source: z.enum(['network', 'cache']),
  /** The last attempt to reach the service failed. */
  offline: z.boolean(),
  /** Answered by the simulator built into this terminal (no service address configured). */
  training: z.boolean(),
  /** Why the service could not be reached, in words for the screen. */
  problem: z.string().optional(),
}));
export type Freshness = z.infer<typeof Freshness>;

const cents = lazySchema(() => z.number().int());
const productId = lazySchema(() => z.number().int().nonnegative());

export const CategoryView = lazySchema(() => z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  rank: z.number().int(),
  hasImage: z.boolean(),
}));
export type CategoryView = z.infer<typeof CategoryView>;

export const ProductSummary = lazySchema(() => z.object({
  productId,
  name: z.string(),
  supplierName: z.string(),
  supplierProductName: z.string(),
  /** productType as the service spelled it. */
  type: z.string(),
  /** The documented code it stands for (`Terminal` and `ITERM` are `TERM`). */
  kind: z.string(),
  typeLabel: z.string(),
  shortDescription: z.string(),
  categoryIds: z.array(z.number().int()),
  tags: z.array(z.string()),
  pinPad: z.boolean(),
  hasOptions: z.boolean(),
  showOnCart: z.boolean(),
  imageCount: z.number().int().nonnegative(),
}));
export type ProductSummary = z.infer<typeof ProductSummary>;

export const PricingOption = lazySchema(() => z.object({
  code: z.string(),
  label: z.string(),
  meaning: z.string(),
  occurrence: z.enum(['one-time', 'recurring', 'unknown']),
  occurrenceLabel: z.string(),
  amountCents: cents,
  months: z.number().int().optional(),
}));
export type PricingOption = z.infer<typeof PricingOption>;

export const RelatedProduct = lazySchema(() => z.object({
  productId,
  name: z.string(),
  kind: z.string(),
  typeLabel: z.string(),
  shortDescription: z.string(),
  priceCents: cents.nullable(),
  /** Included products: the purchase type they come with, and until when. */
  defaultPurchaseType: z.string().optional(),
  validUntil: z.string().optional(),
  /** Recommended products: who sponsors them, and how they are priced. */
  sponsor: z.string().optional(),
  pricing: z.array(PricingOption).optional(),
}));
export type RelatedProduct = z.infer<typeof RelatedProduct>;

export const ProductDetail = lazySchema(() => ProductSummary.extend({
  longDescription: z.string(),
  priceCents: cents.nullable(),
  pricing: z.array(PricingOption),
  features: z.array(z.object({ id: z.number().int(), featureId: z.number().int(), text: z.string() })),
  includes: z.array(RelatedProduct),
  specs: z.array(z.object({ name: z.string(), lines: z.array(z.string()) })),
  recommended: z.array(RelatedProduct),
  faq: z.array(z.object({ question: z.string(), answer: z.string(), url: z.string(), sortId: z.number().int() })),
  options: z.array(RelatedProduct),
  /** Parts that could not be fetched or read (e.g. "faq"), each with the reason. */
  missingParts: z.array(z.object({ part: z.string(), problem: z.string() })),
}));
export type ProductDetail = z.infer<typeof ProductDetail>;

export const EquipmentKind = lazySchema(() => z.enum(['TERM', 'PINPAD', 'CHKRDR']));
export const MissingEquipment = lazySchema(() => z.object({
  rule: z.enum(['terminal', 'pinpad', 'check-reader']),
  kind: EquipmentKind,
  message: z.string(),
}));
export type MissingEquipment = z.infer<typeof MissingEquipment>;

export const CartItemInput = lazySchema(() => z.strictObject({
  productId,
  quantity: z.number().int().min(1).max(99),
  /** A purchase type code of the product's pricing (P, LT36, ...); the cheapest one-time option otherwise. */
  purchaseType: z.string().max(20).optional(),
}));
export const CartInput = lazySchema(() => z.strictObject({
  items: z.array(CartItemInput).max(200),
  debit: z.boolean(),
  checkAcceptance: z.boolean(),
}));
export type CartInput = z.infer<typeof CartInput>;

export const CartLine = lazySchema(() => z.object({
  productId,
  name: z.string(),
  kind: z.string(),
  typeLabel: z.string(),
  quantity: z.number().int(),
  purchaseType: z.string().nullable(),
  purchaseLabel: z.string().nullable(),
  occurrence: z.enum(['one-time', 'recurring', 'unknown']),
  unitCents: cents.nullable(),
  /** Purchase options of the product (from its cached details), to change the choice. */
  choices: z.array(PricingOption),
}));
export const CartView = lazySchema(() => z.object({
  items: z.array(CartLine),
  debit: z.boolean(),
  checkAcceptance: z.boolean(),
  missing: z.array(MissingEquipment),
  complete: z.boolean(),
  totals: z.object({ oneTimeCents: cents, recurringCents: cents, unpricedLines: z.number().int() }),
  updatedAt: z.string().nullable(),
}));
export type CartView = z.infer<typeof CartView>;

/** A line of the equipment cart that went with a lead (kept by this terminal: the lead system's create call has no field for it). */
export const LeadEquipment = lazySchema(() => z.object({
  productId,
  name: z.string(),
  kind: z.string(),
  quantity: z.number().int(),
  purchaseType: z.string().nullable(),
  purchaseLabel: z.string().nullable(),
}));
export type LeadEquipment = z.infer<typeof LeadEquipment>;

export const LeadView = lazySchema(() => z.object({
  identifier: z.string(),
  createdDate: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  emailAddress: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  status: z.string(),
  leadType: z.string(),
  annualVolume: z.string(),
  dealId: z.string(),
  uid: z.string(),
  opportunityId: z.string(),
  /** The cart's equipment when this terminal sent the lead with it. */
  equipment: z.array(LeadEquipment).optional(),
}));
export type LeadView = z.infer<typeof LeadView>;

const text = (max = 200) => z.string().trim().max(max);

/** What a store manager keys in; the terminal checks the lead-system rules before sending (issues come back as BAD_INPUT). */
export const LeadInput = lazySchema(() => z.strictObject({
  first_name: text(80).optional(),
  last_name: text(80).optional(),
  company: text(120).optional(),
  email: text(254).optional(),
  phone: text(40).optional(),
  address1: text(120).optional(),
  address2: text(120).optional(),
  city: text(80).optional(),
  state: text(40).optional(),
  zip: text(20).optional(),
  country: text(3).optional(),
  leadType: text(40).optional(),
  annualVolume: z.number().int().nonnegative().max(1e12).optional(),
  actionType: text(40).optional(),
  recordType: text(40).optional(),
  bankId: text(40).optional(),
  campaign_id: text(80).optional(),
  referenceType: text(80).optional(),
  linkBackId: text(80).optional(),
  dealId: text(80).optional(),
  leadStatus: text(40).optional(),
  leadId: text(80).optional(),
  businessConsultantAMAId: text(80).optional(),
  businessConsultantId: text(80).optional(),
  /** The lead's own id: also what makes a resend safe. Made by the terminal when absent. */
  uid: text(80).optional(),
  /** Takes the equipment cart's lines with the lead; the cart is emptied once the lead is created or kept in the outbox. */
  withCart: z.boolean().optional(),
}));
export type LeadInput = z.infer<typeof LeadInput>;

const equipment = lazySchema(() => z.array(LeadEquipment).optional());

export const LeadResult = lazySchema(() => z.discriminatedUnion('status', [
  z.object({ status: z.literal('created'), uid: z.string(), leadId: z.string(), dealId: z.string().nullable(), message: z.string(), equipment }),
  z.object({ status: z.literal('rejected'), uid: z.string(), errorCode: z.string(), errMessage: z.string(), message: z.string() }),
  /** Not sent yet (service unreachable); kept sealed in the outbox and sent when the service answers again. */
  z.object({ status: z.literal('queued'), uid: z.string(), problem: z.string(), equipment }),
]));
export type LeadResult = z.infer<typeof LeadResult>;

export const OutboxEntry = lazySchema(() => z.object({
  uid: z.string(),
  /** `pending`: sent when the service answers again. `rejected`: the lead system refused it; fix and submit again, or discard. */
  state: z.enum(['pending', 'rejected']),
  company: z.string(),
  contactName: z.string(),
  queuedAt: z.string(),
  attempts: z.number().int(),
  lastProblem: z.string(),
  /** Waits for a person: refused, or tried ten times by itself without getting through (Try again still sends it). */
  attention: z.boolean(),
  /** When it is tried again by itself (ISO 8601); null when it is not (waiting for a person, or refused). */
  nextAttemptAt: z.string().nullable(),
  equipment,
  /**
   * Keyed for another marketplace than the one set now (the settings changed since): kept and
   * shown, but sent only when that marketplace is set again (a training lead never goes live).
   */
  keptFor: z.object({ training: z.boolean(), url: z.string() }).optional(),
}));
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const LeadDefaults = lazySchema(() => z.object({
  businessConsultantId: z.string(),
  fields: z.record(z.string(), z.string()),
  leadTypes: z.array(z.string()),
}));

const empty = lazySchema(() => z.strictObject({}));

export const marketplaceMethods = {
  'catalogue.categories': { input: empty, output: lazySchema(() => z.object({ categories: z.array(CategoryView), freshness: Freshness })) },
  'catalogue.products': {
    input: lazySchema(() => z.strictObject({
      query: z.string().max(200).optional(),
      categoryId: z.number().int().optional(),
      kind: z.string().max(20).optional(),
      limit: z.number().int().min(1).max(20000).optional(),
    })),
    output: lazySchema(() => z.object({ products: z.array(ProductSummary), total: z.number().int(), freshness: Freshness })),
  },
  'catalogue.product': { input: lazySchema(() => z.strictObject({ productId })), output: lazySchema(() => z.object({ product: ProductDetail, freshness: Freshness })) },
  /** Fetches categories and products again now (the lists are otherwise refreshed in the background). */
  'catalogue.refresh': { input: empty, output: lazySchema(() => z.object({ freshness: Freshness, products: z.number().int(), categories: z.number().int() })) },
  /** Fills the cache for a day offline: every product's details and images. Progress comes as catalogue.progress. */
  'catalogue.warm': { input: empty, output: lazySchema(() => z.object({ products: z.number().int(), failed: z.number().int(), images: z.number().int() })) },
  'catalogue.image': {
    input: lazySchema(() => z.strictObject({
      productId: productId.optional(),
      categoryId: z.number().int().optional(),
      index: z.number().int().min(0).max(9).default(0),
      size: z.enum(['thumb', 'large']).default('thumb'),
    })),
    output: lazySchema(() => z.object({ dataUrl: z.string().nullable() })),
  },
  'catalogue.cart': { input: empty, output: CartView },
  'catalogue.cart.set': { input: CartInput, output: CartView },
  'leads.list': {
    input: lazySchema(() => z.strictObject({ businessConsultantId: text(80).optional() })),
    output: lazySchema(() => z.object({ businessConsultantId: z.string(), leads: z.array(LeadView), freshness: Freshness })),
  },
  'leads.create': { input: LeadInput, output: LeadResult },
  'leads.defaults': { input: empty, output: LeadDefaults },
  'leads.outbox': { input: empty, output: lazySchema(() => z.object({ entries: z.array(OutboxEntry) })) },
  /** Sends the outbox now. */
  'leads.retry': { input: empty, output: lazySchema(() => z.object({ results: z.array(LeadResult) })) },
  'leads.discard': { input: lazySchema(() => z.strictObject({ uid: text(80) })), output: lazySchema(() => z.object({ discarded: z.boolean() })) },
} as const;

export const marketplaceEvents = {
  /** Cached catalogue or leads changed (a background refresh finished or failed): screens re-read. */
  'catalogue.progress': lazySchema(() => z.object({ done: z.number().int(), total: z.number().int() })),
  'catalogue.changed': lazySchema(() => z.object({ scope: z.enum(['lists', 'product', 'cart', 'leads']), productId: productId.optional(), freshness: Freshness })),
} as const;
