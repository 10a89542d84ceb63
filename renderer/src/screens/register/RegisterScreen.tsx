import { useEffect, useLayoutEffect, useRef } from 'react';
import type { AppStatus } from '../../../../preload/contract';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { useRegisterStore, type RegisterState } from '../../stores/register-store';
import { AmountEntry } from './AmountEntry';
import { CashierSignIn } from './CashierSignIn';
import { asksReceipt } from './result-words';
import { SalePanel } from './SalePanel';
import { TrainingPanel } from './TrainingPanel';

/** Keys typed into a field belong to the field, not to the keypad. */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

const asking = (s: RegisterState): boolean => asksReceipt(s.sale, s.afterApproval, s.sale?.clientRef === s.receiptHandled);

/**
 * The number keys type the amount (over a result, a new one), Backspace corrects, Enter charges a
 * card, prints at "Print the receipt?", or starts a new sale over a result; Esc cancels, or answers
 * "Print the receipt?" with no receipt. Enter on a button is the button's own press.
 */
function useRegisterKeys(): void {
  // A layout effect: the keys are heard from the moment the keypad is drawn, so a cashier typing
  // at once (or a busy machine painting before effects run) loses no digit.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      // Esc is never a field's: it cancels the sale from the check details too.
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || (typingInField(e.target) && e.key !== 'Escape')) return;
      const s = useRegisterStore.getState();
      if (s.pin) return;
      if (/^\d$/.test(e.key) || e.key === 'Backspace') {
        // Backspace on a button would otherwise do nothing; on the page it corrects the amount.
        s.press(e.key);
        e.preventDefault();
      } else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
        if (asking(s)) s.printCustomerReceipt();
        else if (s.sale?.final) s.newSale();
        else s.charge('card');
        e.preventDefault();
      } else if (e.key === 'Escape') {
        if (asking(s)) s.skipReceipt();
        else s.cancel();
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
 * main. A sale in progress is found again after a reload (payments.current). What happens to the
 * customer receipt once approved (receipts.afterApproval) comes with the status, so a manager's
 * change reaches every open page at once.
 */
export function RegisterScreen({ status }: { status: AppStatus }) {
  const afterApproval = status.receipts.afterApproval;
  const { t } = useT('register');
  const r = useRegisterStore();
  const inSale = r.sale !== undefined && !r.sale.final;
  const amountRef = useRef<HTMLOutputElement>(null);
  useEffect(() => useRegisterStore.setState({ afterApproval }), [afterApproval]);
  // Arriving on the Register (from the navigation too), and after New sale, Enter charges and digits type: the amount has the focus.
  const idle = r.sale === undefined;
  useLayoutEffect(() => {
    if (idle) amountRef.current?.focus();
  }, [idle]);
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
        <CashierSignIn error={problemWords(r.signInProblem)} onSignIn={r.signIn} />
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
          noAmount={r.type === 'verify'}
          onCancel={r.cancel}
          onNewSale={r.newSale}
          onPayBalance={r.payBalance}
          onCheckDetails={r.checkDetails}
          onSimulate={r.simulate}
          receipt={r.receipt}
          onReceipt={r.showReceipt}
          receiptAfter={
            r.sale && {
              setting: afterApproval,
              handled: r.receiptHandled === r.sale.clientRef,
              printOnShow: r.printOnShow === r.sale.clientRef,
              onPrint: r.printCustomerReceipt,
              onSkip: r.skipReceipt,
            }
          }
        />
      </div>
      <TrainingPanel training={status.mode === 'training'} />
    </section>
  );
}
