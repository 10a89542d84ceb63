import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { KeyedCardInput } from '../../../../preload/contract';
import { LabelledField } from '../../components/LabelledField';
import { useT } from '../../i18n/i18n';
import {
  checkKeyed,
  CVD_PRESENCES,
  expiryAsTyped,
  groupInFours,
  isAmex,
  maskedPan,
  panComplete,
  panDigits,
  panProblem,
  type CvdPresence,
  type KeyedField,
  type KeyedProblems,
} from './keyed-card';
import '../../styles/keyed.css';

const IDS: Readonly<Record<KeyedField, string>> = { pan: 'keyed-pan', expiry: 'keyed-expiry', cvd: 'keyed-cvd', zip: 'keyed-zip', name: 'keyed-name' };
const ORDER: readonly KeyedField[] = ['pan', 'expiry', 'cvd', 'zip', 'name'];

/**
 * A card typed in at the Register, for a card the readers cannot read or a customer on the phone.
 * The number is checked by its check digit as it is typed and masked once entered (after the
 * field, or at once when complete and valid); the full number lives only in this form's own state
 * until it is sent, never in a store. Sending, cancelling (Esc, which leaves the sale waiting) and
 * closing all clear every field. The manager approves in the PIN dialog, as for a refund. In
 * training the card goes to the training gateway like any sale.
 */
export function KeyedCardForm({ onSend, onClose, now = () => new Date() }: {
  onSend: (card: KeyedCardInput) => void;
  onClose: () => void;
  now?: () => Date;
}) {
  const { t } = useT('keyed');
  const [digits, setDigits] = useState('');
  const [masked, setMasked] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [presence, setPresence] = useState<CvdPresence>('present');
  const [cvd, setCvd] = useState('');
  const [zip, setZip] = useState('');
  const [name, setName] = useState('');
  /** Fields left once: their problems show from then on; all of them after a send was refused. */
  const [left, setLeft] = useState<ReadonlySet<KeyedField>>(new Set());
  const [tried, setTried] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // Nothing typed outlives the form: its inputs are emptied as it goes, whatever closed it.
  useEffect(() => {
    const el = form.current;
    return () => el?.querySelectorAll<HTMLInputElement>('input:not([type=radio])').forEach((input) => (input.value = ''));
  }, []);

  const clear = (): void => {
    setDigits('');
    setMasked(false);
    setExpiry('');
    setPresence('present');
    setCvd('');
    setZip('');
    setName('');
    setLeft(new Set());
    setTried(false);
  };
  const leave = (field: KeyedField): void => setLeft((s) => new Set(s).add(field));
  const retype = (first: string): void => {
    setDigits(first);
    setMasked(false);
    setLeft((s) => new Set([...s].filter((f) => f !== 'pan')));
  };

  const result = checkKeyed({ digits, expiry, cvd, presence, zip, name }, now());
  const problems = 'problems' in result ? result.problems : {};
  const shown = (field: KeyedField) => (tried || left.has(field) ? problems[field] : undefined);
  // As typed: a number that has its length and fails the check digit; an expiry once its four digits are in.
  const live: KeyedProblems = {
    pan: panProblem(digits, false) ? problems.pan : undefined,
    expiry: expiry.replace(/\D/g, '').length === 4 ? problems.expiry : undefined,
  };
  const problemOf = (field: KeyedField): string | undefined => {
    const key = shown(field) ?? live[field];
    return key ? t(key) : undefined;
  };

  const cancel = (): void => {
    clear();
    onClose();
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if ('card' in result) {
      clear();
      onSend(result.card);
      return;
    }
    setTried(true);
    const first = ORDER.find((f) => problems[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#${IDS[first]}`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>): void => {
    if (e.key !== 'Escape') return;
    // Esc closes the form only: the Register's own Esc (cancel the sale) must not hear it.
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };

  return (
    <form ref={form} className="keyed-form" aria-labelledby="keyed-title" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <p className="keyed-head">
        <strong id="keyed-title">{t('title')}</strong> <span className="muted">{t('intro')}</span>
      </p>
      <LabelledField id={IDS.pan} label={t('pan')} className="keyed-wide" hint={masked ? t('pan.masked') : undefined} problem={problemOf('pan')}>
        {(c) => (
          <input
            {...c}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            inputMode="numeric"
            className="keyed-pan"
            value={masked ? maskedPan(digits) : groupInFours(digits)}
            readOnly={masked}
            onChange={(e) => {
              if (masked) return;
              const typed = panDigits(e.target.value);
              setDigits(typed);
              if (panComplete(typed)) setMasked(true);
            }}
            onKeyDown={(e) => {
              // A masked number is typed again from its first digit: it is never shown whole again.
              if (!masked) return;
              if (/^\d$/.test(e.key)) retype(e.key);
              else if (e.key === 'Backspace' || e.key === 'Delete') retype('');
              else return;
              e.preventDefault();
            }}
            onBlur={() => {
              if (digits !== '') setMasked(true);
              leave('pan');
            }}
          />
        )}
      </LabelledField>
      <LabelledField id={IDS.expiry} label={t('expiry')} problem={problemOf('expiry')}>
        {(c) => (
          <input {...c} autoComplete="off" inputMode="numeric" placeholder={t('expiry.placeholder')} maxLength={5} value={expiry} onChange={(e) => setExpiry(expiryAsTyped(e.target.value))} onBlur={() => leave('expiry')} />
        )}
      </LabelledField>
      <div className="field">
        <label htmlFor="keyed-presence">{t('presence')}</label>
        <select
          id="keyed-presence"
          value={presence}
          onChange={(e) => {
            const chosen = CVD_PRESENCES.find((p) => p === e.target.value) ?? 'present';
            setPresence(chosen);
            if (chosen !== 'present') setCvd('');
          }}
        >
          {CVD_PRESENCES.map((p) => (
            <option key={p} value={p}>
              {t(`presence.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <LabelledField id={IDS.cvd} label={t('cvd')} problem={problemOf('cvd')}>
        {(c) => (
          <input
            {...c}
            // Masked on screen like a PIN: the code is never shown.
            type="password"
            autoComplete="off"
            inputMode="numeric"
            maxLength={isAmex(digits) ? 4 : 3}
            disabled={presence !== 'present'}
            value={cvd}
            onChange={(e) => setCvd(e.target.value.replace(/\D/g, ''))}
            onBlur={() => leave('cvd')}
          />
        )}
      </LabelledField>
      <LabelledField id={IDS.zip} label={t('zip')} problem={problemOf('zip')}>
        {(c) => <input {...c} autoComplete="off" maxLength={10} value={zip} onChange={(e) => setZip(e.target.value)} onBlur={() => leave('zip')} />}
      </LabelledField>
      <LabelledField id={IDS.name} label={t('name')} problem={problemOf('name')}>
        {(c) => <input {...c} autoComplete="off" spellCheck={false} maxLength={30} value={name} onChange={(e) => setName(e.target.value)} onBlur={() => leave('name')} />}
      </LabelledField>
      <div className="keyed-actions">
        <button type="submit" className="button primary">
          {t('send')}
        </button>
        <button type="button" className="button" onClick={cancel}>
          {t('cancel')}
        </button>
      </div>
      <p className="field-problem" role="alert">
        {tried && Object.keys(problems).length > 0 ? t('problems') : ''}
      </p>
    </form>
  );
}
