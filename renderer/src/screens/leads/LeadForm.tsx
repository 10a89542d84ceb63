import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { LeadResult } from '../../../../preload/contract';
import { LabelledField } from '../../components/LabelledField';
import { startCart, useCatalogueStore } from '../../stores/catalogue-store';
import { leadsActions, startLeadForm, useLeadsStore } from '../../stores/leads-store';
import { EquipmentList } from './EquipmentList';
import { FIELD_ORDER, isSystemField, PERSON_FIELDS, SYSTEM_FIELDS, useLeadWords } from './lead-words';

function ResultNote({ result }: { result: LeadResult }) {
  const { t } = useLeadWords();
  const equipment = result.status !== 'rejected' ? result.equipment : undefined;
  return (
    <p className={`lead-result ${result.status}`} role="status" data-testid="lead-result">
      {result.status === 'created' && (result.dealId ? t('result.createdDeal', { leadId: result.leadId, dealId: result.dealId }) : t('result.created', { leadId: result.leadId }))}
      {result.status === 'rejected' && t('result.rejected', { reason: result.errMessage })}
      {result.status === 'queued' && t('result.queued')}
      {equipment && equipment.length > 0 && ` ${t('result.equipment', { count: equipment.length })}`}
    </p>
  );
}

/**
 * A new lead, as a store manager keys it in. The terminal checks the lead system's rules before
 * sending; a field with a problem is marked, its section opened and the first one focused. The
 * cart's equipment goes with the lead unless unticked. `focusRequest` brings the form into view
 * with the focus on its first field each time it changes (opening the form counts).
 */
export function LeadForm({ onDone, note, focusRequest = 0 }: { onDone?: () => void; note?: string; focusRequest?: number }) {
  const { defaults, submitting, result, submitProblem } = useLeadsStore();
  const cart = useCatalogueStore((s) => s.cart);
  const w = useLeadWords();
  const t = w.t;
  const form = useRef<HTMLFormElement>(null);
  // What was typed, over the store's defaults (which arrive after the first render).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [systemOpen, setSystemOpen] = useState(false);
  const [withCart, setWithCart] = useState(true);
  const [focusField, setFocusField] = useState<{ key: string; n: number }>();
  const values: Record<string, string> = { ...(defaults ? { ...defaults.fields, businessConsultantId: defaults.businessConsultantId } : {}), ...edits };
  const setValue = (key: string, value: string): void => setEdits((e) => ({ ...e, [key]: value }));
  const issues = submitProblem?.code === 'BAD_INPUT' ? submitProblem.issues : [];
  const issueFor = (k: string): string | undefined => (issues.some((i) => i.path === k) ? w.issue(k) : undefined);
  const cartLines = cart?.items ?? [];

  useEffect(() => {
    startLeadForm();
    startCart();
    leadsActions.clearResult();
  }, []);

  useEffect(() => {
    const el = form.current;
    // Smooth only where the OS allows motion (prefers-reduced-motion cannot reach a script's scroll).
    el?.scrollIntoView?.({ block: 'start', behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    el?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }, [focusRequest]);

  // In the commit that opens the section, not after the paint: no frame shows it open with the focus elsewhere.
  useLayoutEffect(() => {
    if (focusField) document.getElementById(`lead-${focusField.key}`)?.focus();
  }, [focusField]);

  /** Opens the section of the first marked field and puts the focus there. */
  const showMarked = (marked: readonly string[]): void => {
    const first = FIELD_ORDER.find((k) => marked.includes(k));
    if (!first) return;
    if (marked.some(isSystemField)) setSystemOpen(true);
    setFocusField((f) => ({ key: first, n: (f?.n ?? 0) + 1 }));
  };

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const input: Record<string, string | number | boolean> = {};
    for (const [k, v] of Object.entries(values)) if (k !== 'annualVolume' && v.trim() !== '') input[k] = v.trim();
    const volume = (values.annualVolume ?? '').replace(/[,$\s]/g, '');
    if (/^\d+$/.test(volume)) input.annualVolume = Number(volume);
    if (withCart && cartLines.length > 0) input.withCart = true;
    const r = await leadsActions.submit(input);
    const refused = useLeadsStore.getState().submitProblem;
    if (refused?.code === 'BAD_INPUT') showMarked(refused.issues.map((i) => i.path));
    // A lead that went (or waits in the outbox) clears the person's fields; the store's fields stay.
    if (r?.status === 'created' || r?.status === 'queued') setEdits((ed) => Object.fromEntries(Object.entries(ed).filter(([k]) => isSystemField(k) || k === 'leadType')));
  };

  const field = (key: string, label: string, autoComplete?: string) => (
    <LabelledField key={key} id={`lead-${key}`} label={label} problem={issueFor(key)}>
      {(control) => <input {...control} name={key} autoComplete={autoComplete ?? 'off'} value={values[key] ?? ''} onChange={(e) => setValue(key, e.target.value)} />}
    </LabelledField>
  );

  return (
    <form ref={form} className="lead-form" onSubmit={(e) => void submit(e)} aria-label={t('form.label')} noValidate>
      {note && <p className="muted">{note}</p>}
      <div className="form-grid">
        {PERSON_FIELDS.map(([k, label, ac]) => field(k, t(label), ac))}
        <LabelledField id="lead-annualVolume" label={t('field.annualVolume')} problem={issueFor('annualVolume')}>
          {(control) => <input {...control} inputMode="numeric" value={values.annualVolume ?? ''} onChange={(e) => setValue('annualVolume', e.target.value)} />}
        </LabelledField>
        <LabelledField id="lead-leadType" label={t('field.leadType')} problem={issueFor('leadType')}>
          {(control) => (
            <select {...control} value={values.leadType ?? ''} onChange={(e) => setValue('leadType', e.target.value)}>
              {(defaults?.leadTypes ?? ['Bank Referral', 'Self Sourced', 'Merchant Refer A Friend']).map((v) => (
                <option key={v} value={v}>
                  {w.leadType(v)}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      </div>
      <fieldset className="choices lead-equipment">
        <legend>{t('cart.title')}</legend>
        {cartLines.length === 0 ? (
          <p className="muted">{t('cart.empty')}</p>
        ) : (
          <>
            <EquipmentList items={cartLines} />
            <label className="check">
              <input type="checkbox" checked={withCart} onChange={(e) => setWithCart(e.target.checked)} />
              {t('cart.with')}
            </label>
          </>
        )}
      </fieldset>
      <details className="system-fields" open={systemOpen} onToggle={(e) => setSystemOpen(e.currentTarget.open)}>
        <summary>{t('systemFields')}</summary>
        <div className="form-grid">{SYSTEM_FIELDS.map(([k, label]) => field(k, t(label)))}</div>
      </details>
      <div className="actions">
        <button type="submit" className="button primary" disabled={submitting}>
          {submitting ? t('sending') : t('submit')}
        </button>
        {onDone && (
          <button type="button" className="button secondary" onClick={onDone}>
            {t('close')}
          </button>
        )}
      </div>
      {submitProblem && (
        <div className="error-note" role="alert">
          {issues.length > 0 ? (
            <>
              {t('incomplete')}{' '}
              <button type="button" className="link-button" onClick={() => showMarked(issues.map((i) => i.path))}>
                {t('seeMarked')}
              </button>
            </>
          ) : (
            w.problem(submitProblem, 'lead')
          )}
        </div>
      )}
      {result && <ResultNote result={result} />}
    </form>
  );
}
