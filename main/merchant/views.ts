import type { ContactView, EntitlementView, FeeView, HierarchyItemView, LabelledField, MerchantView, SearchItemView } from '../../preload/contract';
import { labelFor, type LabelTable } from '../http/labels';
import {
  AUTO_BILLING,
  CONTACT_TYPES,
  DISCOUNT_CODES,
  ENTITLEMENT_PRODUCTS,
  FREQUENCIES,
  HIERARCHY_FIELDS,
  hierarchyLevel,
  LEASE_COMPANIES,
  MULTI_CURRENCY,
  ORGANISATION_TYPES,
  PLATFORMS,
  PRIMARY_NETWORK,
  PROCESSING_INDICATORS,
  REBATE,
  SEASONAL,
  SECONDARY_NETWORK,
  SEQUENCE_TYPES,
  SERVICE_TYPES,
  UK_ENTITLEMENT_PRODUCTS,
} from './labels';
import type { Contact, Entitlement, Fee, HierarchyItem, Merchant, SearchItem, MERCHANT_TEXT_FIELDS } from './wire';

/** Wire answers of the merchant interface turned into what the screens and posctl show. Pure. */

const coded = (table: LabelTable, code: string) => ({ code, label: labelFor(table, code) });

/** Shows only the last four characters: a tax id is not for the counter screen. */
export function lastFour(value: string): string {
  const v = value.trim();
  return v.length <= 4 ? v : `•••${v.slice(-4)}`;
}

interface FieldDef {
  key: (typeof MERCHANT_TEXT_FIELDS)[number];
  label: string;
  table?: LabelTable;
  mask?: boolean;
}

/** The merchant record in display order, with the meaning of every coded value. */
const MERCHANT_FIELDS: readonly FieldDef[] = [
  { key: 'mid', label: 'Merchant account number (MID)' },
  { key: 'externalMerchantId', label: 'External merchant id' },
  { key: 'tradeName', label: 'Doing business as' },
  { key: 'name', label: 'Legal name' },
  { key: 'affiliateName', label: 'Affiliate (DBA) name' },
  { key: 'businessType', label: 'Type of business' },
  { key: 'mccIso', label: 'Industry code (MCC)' },
  { key: 'organisationType', label: 'Ownership type', table: ORGANISATION_TYPES },
  { key: 'taxId', label: 'Tax id', mask: true },
  { key: 'baseCurrencyCode', label: 'Base currency' },
  { key: 'description', label: 'Description' },
  { key: 'businessWebsiteAddress', label: 'Web site' },
  { key: 'ompSysId', label: 'Payment platform system id' },
  { key: 'relationshipManagerCode', label: 'Relationship manager' },
  { key: 'pricingMethod', label: 'Pricing method' },
  { key: 'discountFieldSchemeA', label: 'Discount option, scheme A', table: DISCOUNT_CODES },
  { key: 'discountFieldSchemeB', label: 'Discount option, scheme B', table: DISCOUNT_CODES },
  { key: 'discountFieldSchemeC', label: 'Discount option, scheme C', table: DISCOUNT_CODES },
  { key: 'multiCurrencyIndicator', label: 'Multi-currency', table: MULTI_CURRENCY },
  { key: 'rebateIndicator', label: 'Surcharge program', table: REBATE },
  { key: 'autoBillingIndicator', label: 'Auto billback', table: AUTO_BILLING },
  { key: 'seasonalIndicator', label: 'Seasonal', table: SEASONAL },
  { key: 'primaryNetworkCode', label: 'Primary network', table: PRIMARY_NETWORK },
  { key: 'secondaryNetworkCode', label: 'Secondary network', table: SECONDARY_NETWORK },
  { key: 'transactionKeyedPercent', label: 'Keyed transactions (%)' },
  { key: 'schemeAAnnualVolume', label: 'Annual volume, scheme A' },
  { key: 'schemeBAnnualVolume', label: 'Annual volume, scheme B' },
  { key: 'schemeAAverageTicket', label: 'Average ticket, scheme A' },
  { key: 'schemeBAverageTicket', label: 'Average ticket, scheme B' },
  { key: 'leaseCompanyCode', label: 'Lease company', table: LEASE_COMPANIES },
  { key: 'abaNumber', label: 'Funding routing number (last 4)' },
  { key: 'ddaNumber', label: 'Funding account (last 4)' },
  { key: 'emvIndicator', label: 'Chip (EMV) signed up' },
];

export function merchantView(m: Merchant): MerchantView {
  const fields: LabelledField[] = [];
  for (const f of MERCHANT_FIELDS) {
    const raw = m[f.key];
    const value = typeof raw === 'string' ? raw : '';
    if (value === '' && !f.table) continue;
    const shown = f.mask ? lastFour(value) : value;
    const meaning = f.table && value !== '' ? labelFor(f.table, value) : undefined;
    fields.push({ key: f.key, label: f.label, value: shown, ...(meaning ? { meaning } : {}) });
  }
  return { merchantId: m.merchantId, mid: m.mid, tradeName: m.tradeName || m.affiliateName, legalName: m.name, fields: fields.filter((f) => f.value !== '') };
}

/** The merchant as it may be written to the cache: the tax id already cut to its last four. */
export function merchantForCache(m: Merchant): Merchant {
  return { ...m, taxId: lastFour(m.taxId) };
}

export function contactView(c: Contact): ContactView {
  const name = c.fullName || [c.firstName, c.lastName].filter(Boolean).join(' ') || c.attentionToFullName;
  return {
    contactId: c.contactId,
    merchantId: c.merchantId,
    contactType: coded(CONTACT_TYPES, c.contactType),
    addressLine1: c.addressLine1,
    addressLine2: c.addressLine2,
    city: c.city,
    state: c.state,
    postalCode: c.postalCode,
    country: c.country,
    phoneNumber: c.phoneNumber,
    emailAddress: c.emailAddress,
    name,
  };
}

export function hierarchyItemView(h: HierarchyItem, askedMerchantId: number, askedLevel: string): HierarchyItemView {
  const level = hierarchyLevel(h.hierarchyLevel || askedLevel) ?? hierarchyLevel(askedLevel);
  const levels = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
    n,
    role: HIERARCHY_FIELDS[n] ?? `Level ${n}`,
    id: h[`lvl${n as 1}Id`],
    number: h[`lvl${n as 1}Number`],
  }));
  const asked = hierarchyLevel(askedLevel);
  const matchedField = asked?.field ?? null;
  return {
    hierarchyId: h.hierarchyId,
    merchantId: h.merchantId,
    level: { code: h.hierarchyLevel || asked?.code || askedLevel, label: level?.name ?? 'Unknown level' },
    dateFrom: h.dateFrom,
    dateTo: h.dateTo,
    levels,
    matchedField,
    matches: matchedField !== null && levels[matchedField - 1]?.id === askedMerchantId,
  };
}

export function entitlementView(e: Entitlement, merchantId: number): EntitlementView {
  const product = ENTITLEMENT_PRODUCTS[e.productCode] !== undefined ? coded(ENTITLEMENT_PRODUCTS, e.productCode) : coded(UK_ENTITLEMENT_PRODUCTS, e.productCode);
  return {
    entitlementId: e.entitlementId,
    merchantId: e.merchantId ?? merchantId,
    product,
    serviceType: coded(SERVICE_TYPES, e.serviceTypeCode),
    platform: coded(PLATFORMS, e.platformCode),
    pricingPlanCode: e.pricingPlanCode,
    allianceCode: e.allianceCode,
    signedVolume: e.signedVolume ?? null,
    avgTicket: e.avgTicket ?? null,
    alphaId: e.alphaId,
  };
}

export function feeView(f: Fee): FeeView {
  return {
    feeId: f.feeId,
    name: f.name,
    sequenceCode: f.sequenceCode,
    sequenceType: coded(SEQUENCE_TYPES, f.sequenceType),
    frequency: coded(FREQUENCIES, f.frequenceCode),
    platform: coded(PLATFORMS, f.platformCode),
    processing: coded(PROCESSING_INDICATORS, f.processingIndicator),
    generalLedgerCode: f.generalLedgerCode,
    retailRate: f.retailRate,
    retailDate: f.retailDate,
    // Shown as the service wrote it: no arithmetic, so no float rounding.
    wholesaleRate: f.wholesaleRate === null ? '' : String(f.wholesaleRate),
    wholesaleDate: f.wholesaleDate,
    globalNumber: f.globalNumber,
    updateIndicator: f.updateIndicator,
  };
}

export function searchItemView(s: SearchItem): SearchItemView {
  const level = hierarchyLevel(s.hierarchyLevel) ?? hierarchyLevel(s.hierarchyLevelAbbreviation);
  return {
    merchantId: s.merchantId,
    mid: s.mid,
    level: { code: s.hierarchyLevel, label: level?.name ?? (s.hierarchyLevel || 'Unknown level') },
    hierarchyLevelAbbreviation: s.hierarchyLevelAbbreviation,
    externalMerchantId: s.externalMerchantId,
    dbaName: s.dbaName,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
  };
}
