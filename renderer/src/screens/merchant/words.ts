import type { ErrorCode } from '../../../../preload/contract';

/**
 * The merchant namespace's message keys for the codes the screen translates itself. Codes of the
 * larger tables (entitlement products, platforms, discount options…) are shown with the meaning
 * main gives them (main/merchant/labels.ts); a code missing here falls back the same way.
 */

export const LEVEL_WORDS = {
  '120': 'level.120',
  '100': 'level.100',
  '90': 'level.90',
  '60': 'level.60',
  '50': 'level.50',
  '40': 'level.40',
} as const;

export const ROLE_WORDS = { 1: 'role.1', 2: 'role.2', 3: 'role.3', 4: 'role.4', 5: 'role.5', 6: 'role.6', 7: 'role.7' } as const;

export const CONTACT_WORDS = { DBA: 'contact.DBA', BIL: 'contact.BIL', STM: 'contact.STM' } as const;

export const SERVICE_WORDS = {
  A: 'service.A',
  D: 'service.D',
  F: 'service.F',
  I: 'service.I',
  K: 'service.K',
  M: 'service.M',
  N: 'service.N',
  R: 'service.R',
} as const;

export const FREQUENCY_WORDS = { D: 'frequency.D', M: 'frequency.M', B: 'frequency.B', S: 'frequency.S', X: 'frequency.X' } as const;

export const SEQUENCE_WORDS = { F: 'sequence.F', A: 'sequence.A' } as const;

export const BILLING_WORDS = {
  '1': 'billing.1',
  '2': 'billing.2',
  '3': 'billing.3',
  '4': 'billing.4',
  '5': 'billing.5',
  B: 'billing.B',
  N: 'billing.N',
  R: 'billing.R',
} as const;

/** Labels of the account's fields, by the field's key in the merchant record. */
export const FIELD_WORDS = {
  mid: 'field.mid',
  externalMerchantId: 'field.externalMerchantId',
  tradeName: 'field.tradeName',
  name: 'field.name',
  affiliateName: 'field.affiliateName',
  businessType: 'field.businessType',
  mccIso: 'field.mccIso',
  organisationType: 'field.organisationType',
  taxId: 'field.taxId',
  baseCurrencyCode: 'field.baseCurrencyCode',
  description: 'field.description',
  businessWebsiteAddress: 'field.businessWebsiteAddress',
  ompSysId: 'field.ompSysId',
  relationshipManagerCode: 'field.relationshipManagerCode',
  pricingMethod: 'field.pricingMethod',
  discountFieldSchemeA: 'field.discountFieldSchemeA',
  discountFieldSchemeB: 'field.discountFieldSchemeB',
  discountFieldSchemeC: 'field.discountFieldSchemeC',
  multiCurrencyIndicator: 'field.multiCurrencyIndicator',
  rebateIndicator: 'field.rebateIndicator',
  autoBillingIndicator: 'field.autoBillingIndicator',
  seasonalIndicator: 'field.seasonalIndicator',
  primaryNetworkCode: 'field.primaryNetworkCode',
  secondaryNetworkCode: 'field.secondaryNetworkCode',
  transactionKeyedPercent: 'field.transactionKeyedPercent',
  schemeAAnnualVolume: 'field.schemeAAnnualVolume',
  schemeBAnnualVolume: 'field.schemeBAnnualVolume',
  schemeAAverageTicket: 'field.schemeAAverageTicket',
  schemeBAverageTicket: 'field.schemeBAverageTicket',
  leaseCompanyCode: 'field.leaseCompanyCode',
  abaNumber: 'field.abaNumber',
  ddaNumber: 'field.ddaNumber',
  emvIndicator: 'field.emvIndicator',
} as const;

/** Sort options by the field the service sorts on; a field not listed here is not offered. */
export const SORT_WORDS = {
  dbaName: 'sort.dbaName',
  city: 'sort.city',
  state: 'sort.state',
  zipCode: 'sort.zipCode',
  mid: 'sort.mid',
  merchantId: 'sort.merchantId',
  externalMerchantId: 'sort.externalMerchantId',
  hierarchyLevel: 'sort.hierarchyLevel',
} as const;

export const PROBLEM_WORDS = {
  NOT_FOUND: 'problem.notFound',
  UNAVAILABLE: 'problem.unavailable',
  TIMEOUT: 'problem.timeout',
  BAD_INPUT: 'problem.badInput',
  BUSY: 'problem.busy',
  INTERNAL: 'problem.internal',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The key for `code` in `table`, when the table has one (tables are keyed by the service's codes). */
export function wordFor<T extends Record<string, string>>(table: T, code: string | number): T[keyof T] | undefined {
  const k = String(code);
  return Object.hasOwn(table, k) ? table[k as keyof T] : undefined;
}
