import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LANGUAGES, type Language, type SetupStatus } from '../../../../preload/contract';
import { LabelledField } from '../../components/LabelledField';
import { digitsOnly } from '../../components/money';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { setupActions, useSetupStore, type SetupField } from '../../stores/setup-store';

const FIELD_IDS: Readonly<Record<SetupField, string>> = { name: 'setup-name', language: 'setup-language', pin: 'setup-pin', pinAgain: 'setup-pin-again' };

/**
 * A fresh lane's one-time set-up, before the register: the lane's name, the language of the
 * screens, and the manager PIN typed twice. Keyboard first: the name has the focus, Tab goes
 * through the fields, Enter finishes. A refusal is announced and its field gets the focus. A name
 * or language the provisioning file locks is shown read-only, with why.
 */
export function SetupScreen({ status }: { status: SetupStatus }) {
  const { t } = useT('setup');
  const { busy, problem } = useSetupStore(useShallow((s) => ({ busy: s.busy, problem: s.problem })));
  const [name, setName] = useState(status.name);
  const [language, setLanguage] = useState<Language>(status.language);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const form = useRef<HTMLFormElement>(null);
  // The field a refusal is about takes the focus, so its words are read with it.
  useEffect(() => {
    if (problem?.field) form.current?.querySelector<HTMLElement>(`#${FIELD_IDS[problem.field]}`)?.focus();
  }, [problem]);

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (busy) return;
    if (pin !== again) {
      setAgain('');
      setupActions.refuse();
      return;
    }
    setupActions.complete({ name, language, pin, pinAgain: again });
    setPin('');
    setAgain('');
  };
  const problemText = problem && (problem.refusal === 'mismatch' ? t('mismatch') : problemWords(problem.refusal));
  const problemOf = (field: SetupField): string | undefined => (problem?.field === field ? problemText : undefined);

  return (
    <form ref={form} className="panel setup" aria-labelledby="setup-title" onSubmit={submit} noValidate>
      <h1 id="setup-title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <LabelledField id={FIELD_IDS.name} label={t('name')} hint={status.nameLocked ?? t('name.hint')} problem={problemOf('name')}>
        {/* The first field has the focus as the screen opens: the set-up is typed without a mouse. */}
        {(c) => <input {...c} autoFocus autoComplete="off" value={name} readOnly={status.nameLocked !== null} onChange={(e) => setName(e.target.value)} />}
      </LabelledField>
      <LabelledField id={FIELD_IDS.language} label={t('language')} hint={status.languageLocked ?? undefined} problem={problemOf('language')}>
        {(c) => (
          <select {...c} value={language} disabled={status.languageLocked !== null} onChange={(e) => setLanguage(e.target.value === 'fr' ? 'fr' : 'en')}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <LabelledField id={FIELD_IDS.pin} label={t('pin')} hint={t('pin.hint')} problem={problemOf('pin')}>
        {(c) => <input {...c} type="password" inputMode="numeric" autoComplete="new-password" maxLength={12} value={pin} onChange={(e) => setPin(digitsOnly(e.target.value))} />}
      </LabelledField>
      <LabelledField id={FIELD_IDS.pinAgain} label={t('pinAgain')} problem={problemOf('pinAgain')}>
        {(c) => <input {...c} type="password" inputMode="numeric" autoComplete="new-password" maxLength={12} value={again} onChange={(e) => setAgain(digitsOnly(e.target.value))} />}
      </LabelledField>
      <p className={problem ? 'error-note' : 'visually-hidden'} role="alert">
        {problemText}
      </p>
      <button type="submit" className="button primary" disabled={busy || pin.length < 4 || again.length < 4 || name.trim() === ''}>
        {busy ? t('saving') : t('finish')}
      </button>
    </form>
  );
}
