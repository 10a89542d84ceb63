import type { CategoryView, PricingOption, ProductDetail as ProductDetailView, ProductSummary, RelatedProduct, LeadView } from '../../preload/contract';
import { labelFor } from '../http/labels';
import { centsOrNull } from '../http/wire';
import { imagePairs } from './image-pairs';
import { OCCURRENCES, occurrenceOf, PRODUCT_TYPES, productTypeCode, PURCHASE_TYPES, purchaseTypeCode } from './labels';
import type { Category, Features, FaqEntry, IncludedProduct, Lead, OptionItem, PricingType, Product, ProductDetail, RecommendedProduct, Specs } from './wire';

/** Wire answers of the marketplace turned into what the screens and posctl show. Pure. */

export function categoryView(c: Category): CategoryView {
  return { id: c.id, name: c.name, label: c.description || c.name, rank: c.rank, hasImage: /^https?:\/\//i.test(c.imageURL) };
}

type ProductLike = Pick<Product, 'productId' | 'productName' | 'supplierName' | 'supplierProductName' | 'productType' | 'productShortDescription' | 'pinPad' | 'productWithOptions' | 'showoncart' | 'imageUrls'>;

function kindOf(wireType: string): { kind: string; typeLabel: string } {
  const kind = productTypeCode(wireType);
  const typeLabel = kind === 'OTHER' && wireType && wireType.toUpperCase() !== 'OTHER' ? `Other (${wireType})` : labelFor(PRODUCT_TYPES, kind);
  return { kind, typeLabel };
}

export function productSummary(p: ProductLike & { categoryIds?: number[]; tags?: string[] }): ProductSummary {
  return {
    productId: p.productId,
    name: p.productName || p.supplierProductName || `Product ${p.productId}`,
    supplierName: p.supplierName,
    supplierProductName: p.supplierProductName,
    type: p.productType,
    ...kindOf(p.productType),
    shortDescription: p.productShortDescription,
    categoryIds: p.categoryIds ?? [],
    tags: p.tags ?? [],
    pinPad: p.pinPad,
    hasOptions: p.productWithOptions,
    showOnCart: p.showoncart,
    imageCount: imagePairs(p.imageUrls).length,
  };
}

export function pricingOption(p: Pick<PricingType, 'purchaseType' | 'purchaseTypeLabel' | 'occurrence' | 'defaultAmt'>): PricingOption {
  const code = purchaseTypeCode(p.purchaseType, p.purchaseTypeLabel);
  const info = PURCHASE_TYPES[code];
  let occurrence = occurrenceOf(p.occurrence);
  // Installments and leases are periodic by definition when the service leaves occurrence out.
  if (occurrence === 'unknown' && info && ['installment', 'lease', 'rental'].includes(info.family)) occurrence = 'recurring';
  if (occurrence === 'unknown' && info && ['purchase', 'reprogram', 'owned'].includes(info.family)) occurrence = 'one-time';
  return {
    code,
    label: info?.label ?? (p.purchaseTypeLabel || code),
    meaning: info?.meaning ?? '',
    occurrence,
    occurrenceLabel: OCCURRENCES[occurrence],
    amountCents: centsOrNull(p.defaultAmt) ?? 0,
    ...(info?.months !== undefined ? { months: info.months } : {}),
  };
}

function related(p: ProductLike & { price: number | null; productShortDescription: string }): RelatedProduct {
  const s = productSummary(p);
  return { productId: s.productId, name: s.name, kind: s.kind, typeLabel: s.typeLabel, shortDescription: s.shortDescription, priceCents: centsOrNull(p.price) };
}

export function includedView(p: IncludedProduct): RelatedProduct {
  return {
    ...related(p),
    ...(p.defaultPurchaseType ? { defaultPurchaseType: PURCHASE_TYPES[purchaseTypeCode(p.defaultPurchaseType, '')]?.label ?? p.defaultPurchaseType } : {}),
    ...(p.endDate ? { validUntil: p.endDate } : {}),
  };
}

export function recommendedView(p: RecommendedProduct): RelatedProduct {
  return {
    ...related(p),
    ...(p.sponsor?.sponsorName ? { sponsor: p.sponsor.sponsorName } : {}),
    pricing: p.pricingModel.map(pricingOption),
  };
}

/** The parts of one product, each fetched from its own endpoint; a part that failed is listed in `missingParts`. */
export interface ProductParts {
  details: ProductDetail;
  features?: Features;
  includes?: IncludedProduct[];
  specs?: Specs;
  recommended?: RecommendedProduct[];
  faq?: FaqEntry[];
  options?: { items: OptionItem[]; readable: boolean };
  problems: Array<{ part: string; problem: string }>;
}

export function productDetailView(parts: ProductParts, listed?: Product): ProductDetailView {
  const d = parts.details;
  const summary = productSummary({ ...d, categoryIds: d.categoryIds.length > 0 ? d.categoryIds : (listed?.categoryIds ?? []), tags: listed?.tags ?? [] });
  const options = parts.options;
  return {
    ...summary,
    longDescription: d.productLongDescription,
    priceCents: centsOrNull(d.price),
    pricing: d.pricingModel.map(pricingOption),
    features: (parts.features?.features ?? []).map((f, i) => ({ id: f.id ?? i, featureId: f.featureId ?? f.id ?? i, text: f.feature })).filter((f) => f.text !== ''),
    includes: (parts.includes ?? []).map(includedView),
    specs: Object.entries(parts.specs ?? {}).map(([name, lines]) => ({ name, lines })),
    recommended: (parts.recommended ?? []).map(recommendedView),
    faq: [...(parts.faq ?? [])]
      .map((f, i) => ({ question: f.header, answer: f.shortAnswer, url: /^https?:\/\//i.test(f.url) ? f.url : '', sortId: f.sortId ?? i }))
      .sort((a, b) => a.sortId - b.sortId),
    options: (options?.items ?? []).map(related),
    missingParts: [
      ...parts.problems,
      ...(options && !options.readable ? [{ part: 'options', problem: 'the options answer has a shape this terminal cannot read' }] : []),
    ],
  };
}

export function leadView(l: Lead): LeadView {
  const contact = [l.ownerFirstName, l.ownerMiddleInitial, l.ownerLastName].filter(Boolean).join(' ');
  return {
    identifier: l.identifier || l.Identifier,
    createdDate: l.createdDate,
    companyName: l.companyName,
    contactName: contact,
    emailAddress: l.emailAddress,
    phone: l.phone,
    city: l.ownerCity,
    state: l.ownerState,
    zip: l.ownerZip,
    status: l.status,
    leadType: l.leadType,
    annualVolume: l.annualVolume,
    dealId: l.dealId,
    uid: l.uid,
    opportunityId: l.opportunityId,
  };
}
