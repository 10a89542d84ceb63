import type { LabelTable } from '../http/labels';

/**
 * Label tables of the merchant spec, as data. Where the spec omits a label (codes that name a
 * card network, a provider or a lease company) the table says so instead of guessing a name.
 */

export interface HierarchyLevelInfo {
  code: string;
  name: string;
  /** Which `lvlNId` of a hierarchy item is matched against the merchant id for this level. */
  field: 1 | 2 | 3 | 4 | 5 | 6;
  /** Abbreviation in search results. CORP and LCTN are documented; the others are inferred from their names. */
  abbreviation: string;
}

export const HIERARCHY_LEVELS: readonly HierarchyLevelInfo[] = [
  { code: '120', name: 'Location', field: 1, abbreviation: 'LCTN' },
  { code: '100', name: 'Corporate', field: 2, abbreviation: 'CORP' },
  { code: '90', name: 'Lead Corporate', field: 3, abbreviation: 'LEAD' },
  { code: '60', name: 'Agent', field: 4, abbreviation: 'AGNT' },
  { code: '50', name: 'Bank', field: 5, abbreviation: 'BANK' },
  { code: '40', name: 'Business/Owner', field: 6, abbreviation: 'BSNS' },
];

/** The level for a code (`120`) or an abbreviation (`LCTN`). */
export function hierarchyLevel(codeOrAbbreviation: string | number | null | undefined): HierarchyLevelInfo | undefined {
  const k = String(codeOrAbbreviation ?? '').trim().toUpperCase();
  return HIERARCHY_LEVELS.find((l) => l.code === k || l.abbreviation === k);
}

/** What each `lvlN` of a hierarchy item stands for. */
export const HIERARCHY_FIELDS: Readonly<Record<number, string>> = {
  1: 'Outlet',
  2: 'Chain',
  3: 'Lead corporate',
  4: 'Agent',
  5: 'Bank',
  6: 'Business chain',
  7: 'Bank marker',
};

const tiered = (n: number): string => `Tiered ${String(n).padStart(2, '0')}`;

export const DISCOUNT_CODES: LabelTable = {
  A: 'Rate discount',
  B: 'Processing fees',
  C: 'Interchange plus',
  D: 'Grid',
  E: 'Tiered 0100',
  F: tiered(1),
  G: tiered(2),
  H: tiered(3),
  I: tiered(4),
  J: 'Dummy account',
  K: 'Hold account',
  ...Object.fromEntries('LMNOPQRSTUVWXYZ'.split('').map((c, i) => [c, tiered(5 + i)])),
  1: 'Tiered 20 (participating alliance only)',
  2: 'Tiered 21 (participating alliance only)',
  3: '3-tier retail',
  4: '3-tier mail/telephone order',
  5: '2-tier mail/telephone order',
  6: '9-tier retail (alliance only)',
  7: 'Tiered 27',
  8: 'Tier table 8Y',
  9: 'Tier table 9Z',
  W01: 'Two tiered',
  W02: 'Three tiered',
  T23: 'Tiered 23',
  T24: 'Tiered 24',
  CHS: 'Tier discount 43',
  '(None)': 'None',
};

export const MULTI_CURRENCY: LabelTable = {
  B: 'Dynamic conversion (global merchant platform)',
  C: 'Named provider (label not published)',
  D: 'Dynamic currency conversion',
  E: 'Global e-pricing',
  F: 'Foreign processing',
  I: 'International',
  N: 'None',
  O: 'Named provider (label not published)',
  T: 'Regional program',
  X: 'Foreign processing',
};

export const REBATE: LabelTable = {
  B: 'Blank',
  C: 'Card plan codes (credit schemes)',
  F: 'Exclude auto fuel',
  G: 'Government plan codes',
  L: 'Fuel card plan codes',
  M: 'Auto bill surcharge merchant',
  N: 'No auto bill surcharge',
  R: 'Corporate card plan codes',
  Y: 'Auto bill surcharge of .50%',
};

export const AUTO_BILLING: LabelTable = {
  S: 'Auto billback with reverse billbacks',
  A: 'Auto billback without reverse billbacks',
  P: 'Not on auto billback',
  Y: 'Auto billback on',
  N: 'Auto billback off',
};

export const SEASONAL: LabelTable = { Y: 'Seasonal merchant', N: 'Not seasonal' };

const NETWORK_UNPUBLISHED = 'Processing network (label not published)';
const networkTable = (codes: string): Record<string, string> => Object.fromEntries(codes.split('').map((c) => [c, NETWORK_UNPUBLISHED]));

export const PRIMARY_NETWORK: LabelTable = {
  ...networkTable('ABDEFGJMNQRSTUVX'),
  C: `${NETWORK_UNPUBLISHED}; primary only`,
  P: 'Paper',
  ' ': 'Other',
};

export const SECONDARY_NETWORK: LabelTable = { None: 'None', ...networkTable('ABDEFGJMNQRSTUVX'), ' ': 'Other' };

export const LEASE_COMPANIES: LabelTable = {
  '01': 'Lease company 01 (name not published)',
  '02': 'Lease company 02 (name not published)',
  '03': 'Third-party lease company',
  '04': 'Lease company 04 (name not published)',
  '05': 'Lease company 05 (name not published)',
};

export const ORGANISATION_TYPES: LabelTable = {
  D: 'Corporation, private',
  E: 'Corporation, publicly traded',
  F: 'Non profit',
  G: 'Government',
  M: 'LLC, private',
  N: 'LLC, publicly traded',
  Q: 'Partnership, private',
  R: 'Partnership, publicly traded',
  S: 'Sole proprietorship',
  Space: 'Not applicable',
  ' ': 'Not applicable',
};

const NAMED_PROGRAM = 'Named program or network (label not published)';
const named = (codes: string[], label: string): Record<string, string> => Object.fromEntries(codes.map((c) => [c, label]));

export const ENTITLEMENT_PRODUCTS: LabelTable = {
  ...named(['01', '02', '03', '04', '06', '07', '08'], 'Card network product (label not published)'),
  ...named(['10', '11', '19', '20', '21', '23', '24', '25', '35', '36', '37', '46', '51', '52', '54', '75', '78'], NAMED_PROGRAM),
  ...named(['09', '12', '13', '14', '15', '16', '17'], 'Future use'),
  ...named(['38', '39', '40'], 'Future petroleum'),
  '05': 'Private label',
  '18': 'Debit',
  '22': 'Check verification',
  '26': 'Purchase card',
  '27': 'EBT',
  '28': 'Debit gateway',
  '29': 'Stored value, funded',
  '30': 'Stored value, unfunded',
  '31': 'Generic private label',
  '32': 'Tier II credit',
  '33': 'Check warrantee',
  '34': 'Check non-warrantee',
  '48': 'Earn loyalty',
  '49': 'Bill me later',
  '50': 'Global alternative payments',
  '53': 'International alternative payment',
  '56': 'Signature debit',
};

/** UK entitlement product codes: card network variants, labels not published. */
export const UK_ENTITLEMENT_PRODUCTS: LabelTable = named(
  ['76', ...Array.from({ length: 13 }, (_, i) => String(78 + i))],
  'UK card network variant (label not published)',
);

export const SERVICE_TYPES: LabelTable = {
  A: 'Auth only',
  D: 'Deposit plus auth (capture)',
  F: 'Full service',
  I: 'Info only, split dial',
  K: 'Deposit only',
  M: 'Memo post',
  N: 'No',
  R: 'Reverse',
};

export const PLATFORMS: LabelTable = { FDN: 'North', FDE: 'North (UK)', FDS: 'South', FDM: 'Memphis', OMA: 'Omaha' };

export const FREQUENCIES: LabelTable = { D: 'Daily', M: 'Monthly', B: 'Bi-weekly', S: 'Special', X: 'Delayed billing' };

export const PROCESSING_INDICATORS: LabelTable = {
  1: 'Bill to account 1',
  2: 'Bill to account 2',
  3: 'Bill to account 3',
  4: 'Bill to account 4',
  5: 'Bill to account 5',
  B: 'Bill (account 1)',
  N: 'No billing',
  R: 'Report only, do not bill',
};

export const SEQUENCE_TYPES: LabelTable = { F: 'Fee', A: 'Pricing strategy' };

export const CONTACT_TYPES = { DBA: 'Doing-business-as address', BIL: 'Billing address', STM: 'Statement delivery address' } as const;
export type ContactType = keyof typeof CONTACT_TYPES;
export const CONTACT_TYPE_CODES = Object.keys(CONTACT_TYPES) as ContactType[];
