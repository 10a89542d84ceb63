import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../i18n/i18n';
import { digitsOnly } from './money';

/**
 * Asks for the manager PIN at the moment something needs it. A modal <dialog>: the page behind
 * it is inert, so focus stays inside; Esc cancels. The PIN goes with the call that needs it and
 * is not kept; the field shows dots and is cleared after each try.
 */
export function PinDialog({
  mode = 'enter',
  why,
  busy,
  onSubmit,
  onClose,
}: {
  /** `set`: a fresh terminal has no PIN; the manager chooses one (typed twice). */
  mode?: 'enter' | 'set';
  why: string;
  busy: boolean;
  onSubmit: (pin: string) => void;
  onClose: () => void;
}) {
  const { t } = useT('common');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const whyId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  useEffect(() => input.current?.focus(), [why]);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (pin.length < 4) return;
    if (mode === 'set' && pin !== again) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    onSubmit(pin);
    setPin('');
    setAgain('');
  };
  const digits = (set: (v: string) => void) => (e: { target: { value: string } }) => set(digitsOnly(e.target.value));
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={whyId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId}>{mode === 'set' ? t('pin.setTitle') : t('pin.title')}</h2>
        <p id={whyId} role="alert">
          {why}
        </p>
        <label className="field">
          {mode === 'set' ? t('pin.newPin') : t('pin.pin')}
          <input ref={input} type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" maxLength={12} value={pin} onChange={digits(setPin)} />
        </label>
        {mode === 'set' && (
          <label className="field">
            {t('pin.again')}
            <input type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" maxLength={12} value={again} aria-invalid={mismatch} onChange={digits(setAgain)} />
            {mismatch && <span className="field-problem">{t('pin.mismatch')}</span>}
          </label>
        )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy || pin.length < 4}>
            {mode === 'set' ? t('pin.setAndApprove') : t('pin.approve')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
