import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusLost, focusScreen } from '../app/focus';
import { useT } from '../i18n/i18n';
import { DialogAnnouncer } from './Announcer';
import { digitsOnly } from './money';

/**
 * Asks for the manager PIN at the moment something needs it. A modal <dialog>: the page behind
 * it is inert, so focus stays inside; Esc cancels. The PIN goes with the call that needs it and
 * is not kept; the field shows dots and is cleared after each try. It never chooses a first PIN:
 * that is the set-up screen's.
 */
export function PinDialog({
  why,
  busy,
  onSubmit,
  onClose,
}: {
  why: string;
  busy: boolean;
  onSubmit: (pin: string) => void;
  onClose: () => void;
}) {
  const { t } = useT('common');
  const [pin, setPin] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const whyId = useId();
  useEffect(() => {
    const d = dialog.current;
    // What had focus before the dialog: it gets it back when the dialog goes (approved, cancelled or Esc).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    return () => {
      d?.close();
      // Unless the screen has already put focus somewhere (the sale's next step), never leave it on the page.
      if (!focusLost() && !d?.contains(document.activeElement)) return;
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
      if (focusLost() || d?.contains(document.activeElement)) focusScreen();
    };
  }, []);
  useEffect(() => input.current?.focus(), [why]);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (pin.length < 4) return;
    onSubmit(pin);
    setPin('');
  };
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
        <h2 id={titleId}>{t('pin.title')}</h2>
        <p id={whyId} role="alert">
          {why}
        </p>
        <label className="field">
          {t('pin.pin')}
          <input ref={input} type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" maxLength={12} value={pin} onChange={(e) => setPin(digitsOnly(e.target.value))} />
        </label>
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy || pin.length < 4}>
            {t('pin.approve')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
      <DialogAnnouncer />
    </dialog>
  );
}
