import { useEffect, useRef } from 'react';
import type { Receipt, SaleView } from '../../../../preload/contract';
import { money } from '../../components/money';
import { outcomeMessageLabel } from '../../components/payment-words';
import { ReceiptView } from '../../components/ReceiptView';
import { useT } from '../../i18n/i18n';
import type { RegisterTender } from '../../stores/register-store';
import { ReceiptPrompt } from './ReceiptPrompt';
import { asksReceipt, wantsReceipt, type ResultWords } from './result-words';
import { moneyValues, type ReceiptAfter } from './result-format';

/**
 * The details of an ended payment: authorization, what the cashier does next, the bank's or the
 * gateway's own message when it is for the cashier, the reference, and the next actions (a balance
 * to pay, the receipt question, a new sale, the receipts). The receipt shows beside them, so New
 * sale stays in view. Focus rests on the next useful control: Print while the receipt question is
 * asked, else New sale (after Print too).
 */
export function SaleResult({ sale, result, onNewSale, onPayBalance, receipt, onReceipt, receiptAfter, onFocusResult }: {
  sale: SaleView;
  result: ResultWords;
  onNewSale: () => void;
  onPayBalance: (tender: RegisterTender) => void;
  receipt?: Receipt | undefined;
  onReceipt?: ((copy: 'customer' | 'merchant') => void) | undefined;
  receiptAfter?: ReceiptAfter | undefined;
  /** Puts the focus on the result's own line (after the receipt's Print button: what was done is read again). */
  onFocusResult?: (() => void) | undefined;
}) {
  const { t } = useT('register');
  const { t: common } = useT('common');
  const newSaleRef = useRef<HTMLButtonElement>(null);
  const autoPrinted = useRef<string | undefined>(undefined);
  const balance = sale.balanceDueCents > 0;
  const message = result.showMessage ? sale.outcome?.message : undefined;
  const asking = receiptAfter !== undefined && asksReceipt(sale, receiptAfter.setting, receiptAfter.handled);
  const printNow = receiptAfter?.setting === 'print' && wantsReceipt(sale) && !receiptAfter.handled;
  const onPrint = receiptAfter?.onPrint;

  useEffect(() => {
    // receipts.afterApproval print: once per payment, however often this renders.
    if (!printNow || !onPrint || autoPrinted.current === sale.clientRef) return;
    autoPrinted.current = sale.clientRef;
    onPrint();
  }, [printNow, onPrint, sale.clientRef]);
  useEffect(() => {
    // The question answered (its buttons gone), focus goes on to New sale rather than the page.
    if (!asking) newSaleRef.current?.focus();
  }, [asking, sale.clientRef]);

  return (
    <div className="sale-result-body">
      <div className="sale-result-main">
        {sale.outcome?.authorizationNum && (
          <p className="sale-line">
            <span className="label">{t('line.authorization')}</span> {sale.outcome.authorizationNum}
          </p>
        )}
        {sale.entry && (
          <p className="sale-line">
            <span className="label">{t('line.entry')}</span> {common(`payment.entry.${sale.entry}`)}
          </p>
        )}
        {sale.problem && <p className="error-note">{sale.problem}</p>}
        <p className="sale-next">{t(result.next, moneyValues(result.values))}</p>
        {message && <p className="muted">{common(outcomeMessageLabel(sale.outcome?.kind), { message })}</p>}
        <p className="muted">{t('reference', { ref: sale.clientRef })}</p>
        {asking && receiptAfter && <ReceiptPrompt onPrint={receiptAfter.onPrint} onSkip={receiptAfter.onSkip} />}
        <div className="actions">
          {balance && (
            <>
              <button type="button" className="button primary" onClick={() => onPayBalance('card')}>
                {t('pay.card', { amount: money(sale.balanceDueCents) })}
              </button>
              {sale.type === 'sale' && (
                <button type="button" className="button" onClick={() => onPayBalance('check')}>
                  {t('pay.check', { amount: money(sale.balanceDueCents) })}
                </button>
              )}
            </>
          )}
          <button ref={newSaleRef} type="button" className={`button${balance || asking ? '' : ' primary'}`} onClick={onNewSale}>
            {t('newSale')}
          </button>
          {onReceipt && sale.state !== 'cancelled' && (
            <>
              <button type="button" className="button" onClick={() => onReceipt('customer')}>
                {t('receipt.customer')}
              </button>
              <button type="button" className="button" onClick={() => onReceipt('merchant')}>
                {t('receipt.merchant')}
              </button>
            </>
          )}
        </div>
      </div>
      {receipt && receipt.clientRef === sale.clientRef && (
        <div className="sale-result-receipt">
          <ReceiptView receipt={receipt} printOnShow={receiptAfter?.printOnShow === true && receipt.copy === 'customer'} onPrinted={(by) => (by === 'button' && onFocusResult ? onFocusResult() : newSaleRef.current?.focus())} />
        </div>
      )}
    </div>
  );
}
