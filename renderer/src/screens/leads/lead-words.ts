import type { ErrorCode, LeadInput } from '../../../../preload/contract';
import { problemKey, type Problem } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { knownKey } from '../../i18n/keys';
import type { leadsMessages } from '../../i18n/messages/leads';

type LeadsKey = keyof typeof leadsMessages.en;

/** The fields a store manager keys in, in the order of the form. */
export const PERSON_FIELDS = [
  ['first_name', 'field.first_name', 'given-name'],
  ['last_name', 'field.last_name', 'family-name'],
  ['company', 'field.company', 'organization'],
  ['email', 'field.email', 'email'],
  ['phone', 'field.phone', 'tel'],
  ['address1', 'field.address1', 'address-line1'],
  ['address2', 'field.address2', 'address-line2'],
  ['city', 'field.city', 'address-level2'],
  ['state', 'field.state', 'address-level1'],
  ['zip', 'field.zip', 'postal-code'],
] as const satisfies ReadonlyArray<readonly [keyof LeadInput, LeadsKey, string]>;

/** The lead system's own fields, filled for this store from the last lead sent. */
export const SYSTEM_FIELDS = [
  ['businessConsultantId', 'field.businessConsultantId'],
  ['businessConsultantAMAId', 'field.businessConsultantAMAId'],
  ['actionType', 'field.actionType'],
  ['recordType', 'field.recordType'],
  ['bankId', 'field.bankId'],
  ['campaign_id', 'field.campaign_id'],
  ['referenceType', 'field.referenceType'],
  ['country', 'field.country'],
] as const satisfies ReadonlyArray<readonly [keyof LeadInput, LeadsKey]>;

/** Every field in the order of the form: the first one with a problem gets the focus. */
export const FIELD_ORDER: ReadonlyArray<keyof LeadInput> = [...PERSON_FIELDS.map(([k]) => k), 'annualVolume', 'leadType', ...SYSTEM_FIELDS.map(([k]) => k)];
export const isSystemField = (k: string): boolean => SYSTEM_FIELDS.some(([s]) => s === k);

const PROBLEM_WORDS = {
  UNAVAILABLE: 'problem.unavailable',
  TIMEOUT: 'problem.timeout',
  BAD_INPUT: 'problem.noConsultant',
  BUSY: 'problem.busy',
  INTERNAL: 'problem.internal',
} as const satisfies Partial<Record<ErrorCode, LeadsKey>>;

/** The Leads screen's ways of saying fields, codes and problems, in the language on screen. */
export function useLeadWords() {
  const { t } = useT('leads');
  return {
    t,
    issue: (path: string): string => t(knownKey('leads', 'issue.', path) ?? 'issue.required'),
    leadType: (value: string): string => {
      const key = knownKey('leads', 'leadType.', value);
      return key ? t(key) : value;
    },
    /**
     * A failed call in words. For the leads list a refused input is a missing consultant; a lead
     * refused for its fields is said by the form with its marked fields, not here.
     */
    problem: (p: Problem | undefined, context: 'list' | 'lead' = 'list'): string | undefined => {
      if (!p) return undefined;
      if (p.code === 'BAD_INPUT' && context === 'lead') return p.message;
      const key = problemKey(p, PROBLEM_WORDS);
      return key ? t(key) : p.message;
    },
  };
}
