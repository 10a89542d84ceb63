import type { LabelTable } from '../http/labels';

/**
 * Label tables of the marketplace spec, as data. Codes are the wire values; the spec names some
 * spellings seen in responses beside the documented ones, and those map onto the documented code.
 */

export const PRODUCT_TYPES = {
  ACCES: 'Accessory',
  APP_FEE: 'Application fee',
  CABLES: 'Cables',
  CHKRDR: 'Check reader',
  GAS: 'Petroleum equipment',
  IMP: 'Imprinter',
  INET_HOST: 'Hosted gateway',
  INET_MISC: 'Gateway (misc.)',
  MO_FEE: 'Monthly fee',
  NET_FEE: 'Per-transaction fee',
  OTHER: 'Other',
  PINPAD: 'PIN pad',
  PP_CABLES: 'PIN pad cables',
  PRNTR: 'Printer',
  Power_Sup: 'Power supply',
  REG: 'Register',
  SATBUNDLE: 'Network bundle',
  SETUP_FEE: 'Set-up fee',
  SOFT: 'Software',
  STAND: 'Stand / mounting',
  TERM: 'Terminal',
} as const satisfies LabelTable;
export type ProductTypeCode = keyof typeof PRODUCT_TYPES;

/** Spellings seen in responses for documented codes (`ITERM`: an integrated terminal, still a terminal). */
const PRODUCT_TYPE_VARIANTS: Readonly<Record<string, ProductTypeCode>> = {
  terminal: 'TERM',
  iterm: 'TERM',
  pinpad: 'PINPAD',
  'pin pad': 'PINPAD',
  checkreader: 'CHKRDR',
  'check reader': 'CHKRDR',
  printer: 'PRNTR',
  power_sup: 'Power_Sup',
  powersupply: 'Power_Sup',
};

const PRODUCT_CODES_BY_LOWER = new Map(Object.keys(PRODUCT_TYPES).map((c) => [c.toLowerCase(), c as ProductTypeCode]));

/** The documented code a wire `productType` stands for; `OTHER` for spellings nobody documented. */
export function productTypeCode(wire: string | null | undefined): ProductTypeCode {
  const key = (wire ?? '').trim().toLowerCase();
  return PRODUCT_CODES_BY_LOWER.get(key) ?? PRODUCT_TYPE_VARIANTS[key] ?? 'OTHER';
}

export interface PurchaseTypeInfo {
  label: string;
  meaning: string;
  /** Months over which the amount is paid, where the code says. */
  months?: number;
  family: 'installment' | 'lease' | 'rental' | 'purchase' | 'owned' | 'reprogram' | 'swap';
}

export const PURCHASE_TYPES: Readonly<Record<string, PurchaseTypeInfo>> = {
  IP3: { label: '3 Month Installment', meaning: 'Paid in monthly installments over 3 months', months: 3, family: 'installment' },
  IP6: { label: '6 Month Installment', meaning: 'Paid in monthly installments over 6 months', months: 6, family: 'installment' },
  IP9: { label: '9 Month Installment', meaning: 'Paid in monthly installments over 9 months', months: 9, family: 'installment' },
  IP12: { label: '12 Month Installment', meaning: 'Paid in monthly installments over 12 months', months: 12, family: 'installment' },
  LR: { label: 'Lease Rental', meaning: 'Paid every month to lease', family: 'lease' },
  LT12: { label: '12 Month Lease', meaning: 'Paid monthly for 12 months to lease', months: 12, family: 'lease' },
  LT24: { label: '24 Month Lease', meaning: 'Paid monthly for 24 months to lease', months: 24, family: 'lease' },
  LT27: { label: '27 Month Lease', meaning: 'Paid monthly for 27 months to lease', months: 27, family: 'lease' },
  LT36: { label: '36 Month Lease', meaning: 'Paid monthly for 36 months to lease', months: 36, family: 'lease' },
  // The spec's meaning text gives 47 months for this code; the label says 48. Both are shown.
  LT48: { label: '48 Month Lease', meaning: 'Paid monthly to lease (the provider states a 47-month term)', months: 48, family: 'lease' },
  LT60: { label: '60 Month Lease', meaning: 'Paid monthly for 60 months to lease', months: 60, family: 'lease' },
  O: { label: 'Owned', meaning: 'Compatible equipment already owned, added to the account during onboarding', family: 'owned' },
  P: { label: 'Purchased', meaning: 'Paid once to buy', family: 'purchase' },
  R: { label: 'Rent', meaning: 'Rented', family: 'rental' },
  RP: { label: 'Re-program', meaning: 'Owned compatible equipment is re-programmed for a charge', family: 'reprogram' },
  S: { label: 'Swap', meaning: 'Swapped', family: 'swap' },
  SR: { label: 'Short Term Rental', meaning: 'Charged periodically for the rental time', family: 'rental' },
};

/** The generic labels the spec lists for `purchaseTypeLabel` beside the per-code ones. */
export const GENERIC_PURCHASE_LABELS = ['Purchased', 'Rental', 'Lease', 'Installment'] as const;

const PURCHASE_CODE_BY_LABEL = new Map(Object.entries(PURCHASE_TYPES).map(([code, info]) => [info.label.toLowerCase(), code]));

/** The code for a pricing entry: its own `purchaseType` when known, else what its per-code label names. */
export function purchaseTypeCode(purchaseType: string | null | undefined, label: string | null | undefined): string {
  const code = (purchaseType ?? '').trim();
  if (Object.hasOwn(PURCHASE_TYPES, code)) return code;
  const upper = code.toUpperCase();
  if (Object.hasOwn(PURCHASE_TYPES, upper)) return upper;
  return PURCHASE_CODE_BY_LABEL.get((label ?? '').trim().toLowerCase()) ?? code;
}

export type Occurrence = 'one-time' | 'recurring' | 'unknown';

/** `OneTime_Products` as documented, `Onetime_Product` as seen, `Recurring`; case and separators vary. */
export function occurrenceOf(wire: string | null | undefined): Occurrence {
  const k = (wire ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (k.startsWith('onetime')) return 'one-time';
  if (k.startsWith('recurring')) return 'recurring';
  return 'unknown';
}

export const OCCURRENCES: Readonly<Record<Occurrence, string>> = {
  'one-time': 'Paid once',
  recurring: 'Paid periodically',
  unknown: 'Payment schedule not stated',
};

export const LEAD_TYPES = ['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
