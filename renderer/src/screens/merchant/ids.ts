import type { MerchantSearchInput } from '../../../../preload/contract';

/**
 * The merchant spec's id formats, checked before anything is sent: a merchantId is a number the
 * merchant system made (the contract takes a positive whole number, here at most 15 digits so it
 * stays exact), a MID an account number of digits. A malformed id never leaves the page.
 */
export type IdProblem = 'required' | 'digits' | 'tooLong';

const MAX_MERCHANT_ID_DIGITS = 15;
const MAX_MID_DIGITS = 40;

export function merchantIdProblem(text: string): IdProblem | undefined {
  const v = text.trim();
  if (v === '') return 'required';
  if (!/^\d+$/.test(v) || /^0+$/.test(v)) return 'digits';
  if (v.replace(/^0+/, '').length > MAX_MERCHANT_ID_DIGITS) return 'tooLong';
  return undefined;
}

export function midProblem(text: string): Exclude<IdProblem, 'required'> | undefined {
  const v = text.trim();
  if (!/^\d+$/.test(v)) return 'digits';
  return v.length > MAX_MID_DIGITS ? 'tooLong' : undefined;
}

/** The fields a person types in the search form (level and sort are picked from lists). */
export const SEARCH_TEXT_FIELDS = ['dbaName', 'city', 'state', 'zipCode', 'externalMerchantId', 'mid', 'merchantId'] as const;
export type SearchTextField = (typeof SEARCH_TEXT_FIELDS)[number];

export interface SearchCheck {
  /** Nothing to search on: the service refuses an empty search. */
  empty: boolean;
  fields: Partial<Record<SearchTextField, IdProblem>>;
}

/** What is wrong with a search before it is sent; `ok` when it may go. */
export function checkSearch(input: MerchantSearchInput): SearchCheck & { ok: boolean } {
  const fields: SearchCheck['fields'] = {};
  const given = (k: keyof MerchantSearchInput): string => String(input[k] ?? '').trim();
  if (given('merchantId') !== '') {
    const p = merchantIdProblem(given('merchantId'));
    if (p) fields.merchantId = p;
  }
  if (given('mid') !== '') {
    const p = midProblem(given('mid'));
    if (p) fields.mid = p;
  }
  const empty = [...SEARCH_TEXT_FIELDS, 'hierarchyLevel' as const].every((k) => given(k) === '');
  return { empty, fields, ok: !empty && Object.keys(fields).length === 0 };
}
