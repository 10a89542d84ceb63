import type { Receipt, SaleView } from '../../../../preload/contract';
import { money } from '../../components/money';
import { ENTRY, outcomeMessageLabel } from '../../components/payment-words';
import { ReceiptView } from '../../components/ReceiptView';
import { useT } from '../../i18n/i18n';
import type { RegisterTender } from '../../stores/register-store';
import { NEXT, partlyApproved } from './sale-words';

/**
 * The details of an ended sale: authorization, what the cashier does next, the bank's or the
 * gateway's own message when it says more than the state, the reference, and the next actions
 * (a balance to pay, a new sale, the receipts).
 */
export function SaleResult({ sale, onNewSale, onPayBalance, receipt, onReceipt }: {
  sale: SaleView;
  onNewSale: () => void;
  onPayBalance: (tender: RegisterTender) => void;
  receipt?: Receipt | undefined;
  onReceipt?: ((copy: 'customer' | 'merchant') => void) | undefined;
}) {
  const { t } = useT('register');
  const { t: common } = useT('common');
  const balance = sale.balanceDueCents > 0;
  const message = sale.state !== 'approved' && sale.state !== 'cancelled' ? sale.outcome?.message : undefined;
  return (
    <>
      {sale.outcome?.authorizationNum && (
        <p className="sale-line">
          <span className="label">{t('line.authorization')}</span> {sale.outcome.authorizationNum}
        </p>
      )}
      {sale.entry && (
        <p className="sale-line">
          <span className="label">{t('line.entry')}</span> {common(ENTRY[sale.entry])}
        </p>
      )}
      {sale.problem && <p className="error-note">{sale.problem}</p>}
      <p>{partlyApproved(sale) ? t('next.partly', { approved: money(sale.approvedCents ?? 0), balance: money(sale.balanceDueCents) }) : t(NEXT[sale.state])}</p>
      {message && <p className="muted">{common(outcomeMessageLabel(sale.outcome?.kind), { message })}</p>}
      <p className="muted">{t('reference', { ref: sale.clientRef })}</p>
      <div className="actions">
        {balance && (
          <>
            <button type="button" className="button primary" onClick={() => onPayBalance('card')}>
              {t('pay.card', { amount: money(sale.balanceDueCents) })}
            </button>
            <button type="button" className="button" onClick={() => onPayBalance('check')}>
              {t('pay.check', { amount: money(sale.balanceDueCents) })}
            </button>
          </>
        )}
        <button type="button" className={`button${balance ? '' : ' primary'}`} onClick={onNewSale} autoFocus>
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
      {receipt && receipt.clientRef === sale.clientRef && <ReceiptView receipt={receipt} />}
    </>
  );
}
