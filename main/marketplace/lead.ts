import { LEAD_TYPES } from './labels';
import type { LeadCreateRequest } from './wire';

/**
 * Rules of the lead-create body, checked before anything leaves the terminal. Every field except
 * `country` is required by the spec; the ones below must also carry text (the "update" fields,
 * the unit line and the link-back id may be empty on a brand-new lead but must be present).
 */
export const LEAD_TEXT_REQUIRED = [
  'first_name',
  'last_name',
  'company',
  'actionType',
  'recordType',
  'email',
  'phone',
  'bankId',
  'zip',
  'address1',
  'city',
  'state',
  'campaign_id',
  'leadType',
  'referenceType',
  'businessConsultantAMAId',
  'uid',
  'businessConsultantId',
] as const satisfies ReadonlyArray<keyof LeadCreateRequest>;

export const LEAD_PRESENT_REQUIRED = ['address2', 'linkBackId', 'dealId', 'leadStatus', 'leadId'] as const satisfies ReadonlyArray<
  keyof LeadCreateRequest
>;

/** Field names in words, for messages a store manager reads. */
export const LEAD_FIELD_WORDS: Readonly<Record<string, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company (DBA) name',
  actionType: 'Action type',
  recordType: 'Record type',
  email: 'E-mail',
  phone: 'Phone',
  bankId: 'Bank id',
  zip: 'Zip / postal code',
  address1: 'Street address',
  address2: 'Unit / suite',
  city: 'City',
  state: 'State',
  country: 'Country',
  campaign_id: 'Campaign id',
  leadType: 'Lead type',
  referenceType: 'Reference type',
  annualVolume: 'Annual card volume',
  linkBackId: 'Link-back id',
  dealId: 'Deal id',
  leadStatus: 'Lead status',
  leadId: 'Lead id',
  businessConsultantAMAId: 'Consultant AMA id',
  uid: 'Lead uid',
  businessConsultantId: 'Business consultant id',
};

export interface Issue {
  path: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Everything wrong with a lead body, one issue per field; empty when it may be sent. */
export function leadRequestIssues(request: Partial<Record<keyof LeadCreateRequest, unknown>>): Issue[] {
  const issues: Issue[] = [];
  const words = (k: string): string => LEAD_FIELD_WORDS[k] ?? k;
  for (const key of LEAD_TEXT_REQUIRED) {
    const v = request[key];
    if (typeof v !== 'string' || v.trim() === '') issues.push({ path: key, message: `${words(key)} is required` });
  }
  for (const key of LEAD_PRESENT_REQUIRED) {
    if (typeof request[key] !== 'string') issues.push({ path: key, message: `${words(key)} must be present (it may be empty)` });
  }
  const volume = request.annualVolume;
  if (typeof volume !== 'number' || !Number.isFinite(volume) || volume < 0) {
    issues.push({ path: 'annualVolume', message: `${words('annualVolume')} is required (a number of dollars, 0 or more)` });
  }
  if (typeof request.email === 'string' && request.email.trim() !== '' && !EMAIL.test(request.email.trim())) {
    issues.push({ path: 'email', message: 'E-mail is not an e-mail address' });
  }
  if (typeof request.phone === 'string' && request.phone.trim() !== '') {
    const digits = request.phone.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15 || /[^\d\s()+.-]/.test(request.phone)) {
      issues.push({ path: 'phone', message: 'Phone must be 7 to 15 digits (spaces, dashes, dots, brackets and + allowed)' });
    }
  }
  if (typeof request.leadType === 'string' && request.leadType !== '' && !(LEAD_TYPES as readonly string[]).includes(request.leadType)) {
    issues.push({ path: 'leadType', message: `Lead type must be one of: ${LEAD_TYPES.join(', ')}` });
  }
  const country = request.country;
  if (country !== undefined && (typeof country !== 'string' || (country !== '' && !/^[A-Z]{2,3}$/.test(country)))) {
    issues.push({ path: 'country', message: 'Country must be an ISO code (2 or 3 capital letters)' });
  }
  return issues;
}

/** The body as sent: every key present, text trimmed, `country` only when given. */
export function buildLeadRequest(input: Partial<Record<keyof LeadCreateRequest, string | number | undefined>>): LeadCreateRequest {
  const t = (k: keyof LeadCreateRequest): string => {
    const v = input[k];
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  };
  const volume = input.annualVolume;
  const request: LeadCreateRequest = {
    first_name: t('first_name'),
    last_name: t('last_name'),
    company: t('company'),
    actionType: t('actionType'),
    recordType: t('recordType'),
    email: t('email'),
    phone: t('phone'),
    bankId: t('bankId'),
    zip: t('zip'),
    address1: t('address1'),
    address2: t('address2'),
    city: t('city'),
    state: t('state'),
    campaign_id: t('campaign_id'),
    leadType: t('leadType'),
    referenceType: t('referenceType'),
    annualVolume: typeof volume === 'number' ? volume : Number.NaN,
    linkBackId: t('linkBackId'),
    dealId: t('dealId'),
    leadStatus: t('leadStatus'),
    leadId: t('leadId'),
    businessConsultantAMAId: t('businessConsultantAMAId'),
    uid: t('uid'),
    businessConsultantId: t('businessConsultantId'),
  };
  const country = t('country').toUpperCase();
  if (country) request.country = country;
  return request;
}
