import { useEffect, useRef } from 'react';
import type { AppStatus } from '../../../../preload/contract';
import { money } from '../../components/money';
import { useRegisterStore, type RegisterType } from '../../stores/register-store';
import { CashierSignIn } from './CashierSignIn';
import { SalePanel } from './SalePanel';

const TYPES: Array<{ id: RegisterType; label: string }> = [
  { id: 'sale', label: 'Sale' },
  { id: 'preauth', label: 'Pre-auth' },
  { id: 'refund', label: 'Refund' },
  { id: 'verify', label: 'Verify card' },
];
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'Backspace'];

/** Keys typed into a field belong to the field, not to the keypad. */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

/**
 * The counter: an amount keypad (touch, or the number keys; Enter charges a card, Esc cancels,
 * Backspace corrects), the payment type, card or check, and the sale's progress and result from
 * main. A sale in progress is found again after a reload (payments.current).
 */
export function RegisterScreen({ status }: { status: AppStatus }) {
  const r = useRegisterStore();
  const inSale = r.sale !== undefined && !r.sale.final;
  const amountRef = useRef<HTMLOutputElement>(null);
  // After a tap on the keypad or a type, Enter charges (rather than pressing the same button again).
  const backToAmount = (): void => amountRef.current?.focus();
  // Arriving on the Register (from the navigation too), Enter charges: the amount has the focus.
  useEffect(() => amountRef.current?.focus(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typingInField(e.target)) return;
      const s = useRegisterStore.getState();
      if (s.pin) return;
      if (/^\d$/.test(e.key) || e.key === 'Backspace') {
        // Backspace on a button would otherwise do nothing; on the page it corrects the amount.
        s.press(e.key);
        e.preventDefault();
      } else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
        if (s.sale?.final) s.newSale();
        else s.charge('card');
        e.preventDefault();
      } else if (e.key === 'Escape') {
        s.cancel();
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const signedIn = r.cashier?.cashier ?? null;
  if (r.cashier?.signInRequired && !signedIn && !inSale) {
    return (
      <section className="screen register-screen" aria-labelledby="register-title">
        <h1 id="register-title" className="visually-hidden">
          Register
        </h1>
        <CashierSignIn error={r.signInError} onSignIn={r.signIn} />
      </section>
    );
  }

  return (
    <section className="screen register-screen" aria-labelledby="register-title">
      <h1 id="register-title" className="visually-hidden">
        Register
      </h1>
      {signedIn && (
        <p className="cashier-line">
          Cashier {signedIn.number}, {signedIn.name}
          <button type="button" className="link-button" onClick={r.signOut} disabled={inSale}>
            Sign out
          </button>
        </p>
      )}
      <div className="register">
        <div className="register-entry">
          <div className="segmented-buttons" role="group" aria-label="Payment type">
            {TYPES.map((t) => (
              <button
                key={t.id}
                type="button"
                className="button"
                aria-pressed={r.type === t.id}
                disabled={inSale}
                onClick={() => {
                  r.setType(t.id);
                  backToAmount();
                }}
              >
                {t.label}
              </button>
            ))}
          </div>
          <output ref={amountRef} tabIndex={-1} className="amount" aria-label="Amount" aria-live="polite">
            {r.type === 'verify' ? money(0) : money(r.cents)}
          </output>
          <div className="keypad" role="group" aria-label="Amount keypad">
            {KEYS.map((k) => (
              <button
                key={k}
                type="button"
                className="button key"
                disabled={inSale || r.type === 'verify'}
                aria-label={k === 'Backspace' ? 'Correct (Backspace)' : k}
                onClick={() => {
                  r.press(k);
                  backToAmount();
                }}
              >
                {k === 'Backspace' ? '⌫' : k}
              </button>
            ))}
          </div>
          <div className="tenders">
            <button type="button" className="button primary tender" disabled={inSale || r.busy} onClick={() => r.charge('card')}>
              Charge card <kbd>Enter</kbd>
            </button>
            <button type="button" className="button tender" disabled={inSale || r.busy || r.type !== 'sale'} onClick={() => r.charge('check')}>
              Check
            </button>
          </div>
          {r.error && (
            <p className="error-note" role="alert">
              {r.error}
            </p>
          )}
        </div>
        <SalePanel
          sale={r.sale}
          training={status.mode === 'training'}
          onCancel={r.cancel}
          onNewSale={r.newSale}
          onPayBalance={r.payBalance}
          onCheckDetails={r.checkDetails}
          onSimulate={r.simulate}
          receipt={r.receipt}
          onReceipt={r.showReceipt}
        />
      </div>
    </section>
  );
}
