import { useEffect, useRef } from 'react';
import type { AppStatus } from '../../../../preload/contract';
import { useT } from '../../i18n/i18n';
import { useRegisterStore } from '../../stores/register-store';
import { AmountEntry } from './AmountEntry';
import { CashierSignIn } from './CashierSignIn';
import { SalePanel } from './SalePanel';

/** Keys typed into a field belong to the field, not to the keypad. */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

/** The number keys type the amount, Backspace corrects, Enter charges a card (or starts over), Esc cancels. */
function useRegisterKeys(): void {
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
}

/**
 * The counter: an amount keypad (touch, or the number keys; Enter charges a card, Esc cancels,
 * Backspace corrects), the payment type, card or check, and the sale's progress and result from
 * main. A sale in progress is found again after a reload (payments.current).
 */
export function RegisterScreen({ status }: { status: AppStatus }) {
  const { t } = useT('register');
  const r = useRegisterStore();
  const inSale = r.sale !== undefined && !r.sale.final;
  const amountRef = useRef<HTMLOutputElement>(null);
  // Arriving on the Register (from the navigation too), Enter charges: the amount has the focus.
  useEffect(() => amountRef.current?.focus(), []);
  useRegisterKeys();

  const signedIn = r.cashier?.cashier ?? null;
  const title = (
    <h1 id="register-title" className="visually-hidden">
      {t('title')}
    </h1>
  );
  if (r.cashier?.signInRequired && !signedIn && !inSale) {
    return (
      <section className="screen register-screen" aria-labelledby="register-title">
        {title}
        <CashierSignIn error={r.signInError} onSignIn={r.signIn} />
      </section>
    );
  }

  return (
    <section className="screen register-screen" aria-labelledby="register-title">
      {title}
      {signedIn && (
        <p className="cashier-line">
          {t('cashier.line', { number: signedIn.number, name: signedIn.name })}
          <button type="button" className="link-button" onClick={r.signOut} disabled={inSale}>
            {t('cashier.signOut')}
          </button>
        </p>
      )}
      <div className="register">
        <AmountEntry amountRef={amountRef} />
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
