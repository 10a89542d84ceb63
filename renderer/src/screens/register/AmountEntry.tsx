import type { RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { money } from '../../components/money';
import { problemWords } from '../../components/problem';
import { useT } from '../../i18n/i18n';
import { entryShown, useRegisterStore, type RegisterType } from '../../stores/register-store';

const TYPES: readonly RegisterType[] = ['sale', 'preauth', 'refund', 'verify'];
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'Backspace'] as const;

/**
 * The left of the counter: the payment type, the amount, the keypad and the tenders. While a sale
 * runs every control stays where it is, disabled, so nothing moves under the cashier's finger. The
 * type and amount are those of the payment on screen (a void started from History reads "Void" and
 * its amount), else of the one being typed; a card check asks for no amount.
 */
export function AmountEntry({ amountRef }: { amountRef: RefObject<HTMLOutputElement | null> }) {
  const { t } = useT('register');
  const { t: common } = useT('common');
  const r = useRegisterStore(
    useShallow((s) => ({ ...entryShown(s), busy: s.busy, problem: s.problem, inSale: s.sale !== undefined && !s.sale.final, result: s.sale?.final === true, setType: s.setType, press: s.press, charge: s.charge })),
  );
  const noAmount = r.cents === null;
  // After a tap on the keypad or a type, Enter charges (rather than pressing the same button again).
  const backToAmount = (): void => amountRef.current?.focus();
  return (
    <div className="register-entry">
      <div className="segmented-buttons" role="group" aria-label={t('type.label')}>
        {TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="button"
            aria-pressed={r.type === type}
            disabled={r.inSale}
            onClick={() => {
              r.setType(type);
              backToAmount();
            }}
          >
            {common(`payment.type.${type}`)}
          </button>
        ))}
      </div>
      {/* The operation's name sits in the amount's box: the keypad and tenders stay where they were. */}
      <div className="amount-box">
        <span className="entry-operation" data-testid="entry-operation">
          {common(`payment.type.${r.type}`)}
        </span>
        <output ref={amountRef} tabIndex={-1} className={`amount${noAmount ? ' no-amount' : ''}`} aria-label={t('amount')} aria-live="polite">
          {r.cents === null ? t('amount.none') : r.cents === undefined ? t(r.type === 'void' ? 'amount.whole' : 'amount.left') : money(r.cents)}
        </output>
      </div>
      <div className="keypad" role="group" aria-label={t('keypad')}>
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className="button key"
            disabled={r.inSale || (noAmount && !r.result)}
            aria-label={k === 'Backspace' ? t('key.backspace') : k}
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
        <button type="button" className="button primary tender" disabled={r.inSale || r.busy} onClick={() => r.charge('card')}>
          {t('charge.card')} <kbd>{t('key.enter')}</kbd>
        </button>
        <button type="button" className="button tender" disabled={r.inSale || r.busy || (!r.result && r.type !== 'sale')} onClick={() => r.charge('check')}>
          {t('charge.check')}
        </button>
      </div>
      {r.problem && (
        <p className="error-note" role="alert">
          {'check' in r.problem ? t(r.problem.check) : problemWords(r.problem.refusal)}
        </p>
      )}
    </div>
  );
}
