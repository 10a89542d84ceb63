import { useEffect, useState, type FormEvent } from 'react';
import type { LeadInput } from '../../../../preload/contract';
import { leadsActions, startLeadForm, useLeadsStore } from '../../stores/leads-store';

const PERSON_FIELDS: Array<[keyof LeadInput, string, string?]> = [
  ['first_name', 'First name', 'given-name'],
  ['last_name', 'Last name', 'family-name'],
  ['company', 'Company (DBA) name', 'organization'],
  ['email', 'E-mail', 'email'],
  ['phone', 'Phone', 'tel'],
  ['address1', 'Street address', 'address-line1'],
  ['address2', 'Unit / suite', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['state', 'State', 'address-level1'],
  ['zip', 'Zip / postal code', 'postal-code'],
];

const SYSTEM_FIELDS: Array<[keyof LeadInput, string]> = [
  ['businessConsultantId', 'Business consultant id'],
  ['businessConsultantAMAId', 'Consultant AMA id'],
  ['actionType', 'Action type'],
  ['recordType', 'Record type'],
  ['bankId', 'Bank id'],
  ['campaign_id', 'Campaign id'],
  ['referenceType', 'Reference type'],
  ['country', 'Country (ISO code)'],
];

/**
 * A new lead, as a store manager keys it in. The terminal checks the lead system's rules before
 * sending and shows what is missing next to each field; with the service unreachable the lead
 * is kept and sent later.
 */
export function LeadForm({ onDone, note }: { onDone?: () => void; note?: string }) {
  const { defaults, submitting, result, issues, submitError } = useLeadsStore();
  // What was typed, over the store's defaults (which arrive after the first render).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const values: Record<string, string> = { ...(defaults ? { ...defaults.fields, businessConsultantId: defaults.businessConsultantId } : {}), ...edits };
  const setValues = (next: Record<string, string>): void => setEdits({ ...edits, ...next });
  useEffect(() => {
    startLeadForm();
    leadsActions.clearResult();
  }, []);

  const issueFor = (k: string) => issues.find((i) => i.path === k)?.message;
  const field = (key: keyof LeadInput, label: string, autoComplete?: string) => {
    const id = `lead-${key}`;
    const problem = issueFor(key);
    return (
      <label key={key} className="field" htmlFor={id}>
        <span>{label}</span>
        <input
          id={id}
          name={key}
          autoComplete={autoComplete ?? 'off'}
          value={values[key] ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        />
        {problem && (
          <small id={`${id}-problem`} className="field-problem">
            {problem}
          </small>
        )}
      </label>
    );
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const input: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(values)) if (k !== 'annualVolume' && v.trim() !== '') input[k] = v.trim();
    const volume = (values.annualVolume ?? '').replace(/[,$\s]/g, '');
    if (/^\d+$/.test(volume)) input.annualVolume = Number(volume);
    const r = await leadsActions.submit(input);
    // A lead that went (or waits in the outbox) clears the person's fields; the store's fields stay.
    if (r?.status === 'created' || r?.status === 'queued') setEdits(Object.fromEntries(Object.entries(edits).filter(([k]) => SYSTEM_FIELDS.some(([s]) => s === k) || k === 'leadType')));
  };

  return (
    <form className="lead-form" onSubmit={(e) => void submit(e)} aria-label="New lead" noValidate>
      {note && <p className="muted">{note}</p>}
      <div className="form-grid">
        {PERSON_FIELDS.map(([k, label, ac]) => field(k, label, ac))}
        <label className="field" htmlFor="lead-annualVolume">
          <span>Annual card volume ($)</span>
          <input id="lead-annualVolume" inputMode="numeric" value={values.annualVolume ?? ''} aria-invalid={issueFor('annualVolume') ? true : undefined} onChange={(e) => setValues({ ...values, annualVolume: e.target.value })} />
          {issueFor('annualVolume') && <small className="field-problem">{issueFor('annualVolume')}</small>}
        </label>
        <label className="field" htmlFor="lead-leadType">
          <span>Lead type</span>
          <select id="lead-leadType" value={values.leadType ?? ''} onChange={(e) => setValues({ ...values, leadType: e.target.value })}>
            {(defaults?.leadTypes ?? ['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend']).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <details className="system-fields">
        <summary>Lead system fields (filled in for this store)</summary>
        <div className="form-grid">{SYSTEM_FIELDS.map(([k, label]) => field(k, label))}</div>
      </details>
      <div className="actions">
        <button type="submit" className="button primary" disabled={submitting}>
          {submitting ? 'Sending…' : 'Submit lead'}
        </button>
        {onDone && (
          <button type="button" className="button secondary" onClick={onDone}>
            Close
          </button>
        )}
      </div>
      {submitError && (
        <p className="error-note" role="alert">
          {issues.length > 0 ? 'The lead is not complete: see the marked fields.' : submitError}
        </p>
      )}
      {result && (
        <p className={`lead-result ${result.status}`} role="status" data-testid="lead-result">
          {result.status === 'created' && `Lead created: ${result.leadId}${result.dealId ? `, deal ${result.dealId}` : ''}.`}
          {result.status === 'rejected' && `The lead system refused this lead: ${result.errMessage} (${result.errorCode}).`}
          {result.status === 'queued' && `Not sent yet: the marketplace cannot be reached. The lead is kept on this terminal and sent when it answers again.`}
        </p>
      )}
    </form>
  );
}
