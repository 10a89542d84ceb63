import { Trans } from 'react-i18next';
import type { CheckDetails, Receipt, SaleView } from '../../../../preload/contract';
import { CardLine } from '../../components/CardLine';
import { CheckLine } from '../../components/CheckLine';
import { money } from '../../components/money';
import { PAYMENT_SENTENCE, PAYMENT_STATE } from '../../components/payment-words';
import { useT } from '../../i18n/i18n';
import type { RegisterTender } from '../../stores/register-store';
import { SaleProgress } from './SaleProgress';
import { SaleResult } from './SaleResult';
import { partlyApproved, WAITING, type Simulated } from './sale-words';

export interface SalePanelProps {
  sale: SaleView | undefined;
  training: boolean;
  onCancel: () => void;
  onNewSale: () => void;
  onPayBalance: (tender: RegisterTender) => void;
  onCheckDetails: (details: CheckDetails) => void;
  onSimulate: (what: Simulated) => void;
  /** The receipt asked for, if any, and how to ask (absent: no receipt buttons). */
  receipt?: Receipt | undefined;
  onReceipt?: (copy: 'customer' | 'merchant') => void;
}

/**
 * Where the sale is, step by step from `sale.changed`, then its result and what to do next.
 *
 * One frame for every state, so nothing jumps while a payment runs: the step (then the result) in
 * one status line of fixed height, the amount with Cancel beside it, the card or check line in a
 * reserved slot, and below them what changes (the training buttons, the check form, the result's
 * details). The status line is the same element throughout, so a screen reader hears each step.
 */
export function SalePanel({ sale, training, onCancel, onNewSale, onPayBalance, onCheckDetails, onSimulate, receipt, onReceipt }: SalePanelProps) {
  const { t } = useT('register');
  const { t: common } = useT('common');
  const sending = sale?.state === 'journaled' || sale?.state === 'sending';
  const tone = sale?.final ? (partlyApproved(sale) ? 'warn' : PAYMENT_STATE[sale.state].tone) : undefined;
  const shownCents = sale?.final && sale.state === 'approved' && sale.approvedCents !== null ? sale.approvedCents : (sale?.amountCents ?? 0);
  return (
    <div className={`sale-panel ${!sale ? 'idle' : sale.final ? `done tone-${tone}` : 'in-progress'}`} data-state={sale?.state}>
      <div className="sale-status">
        <p role="status" className={!sale ? 'sale-idle' : sale.final ? 'sale-result' : 'sale-step'}>
          {!sale ? (
            <Trans t={t} i18nKey="idle" components={{ key: <kbd /> }} />
          ) : sale.final ? (
            partlyApproved(sale) ? t('result.partly') : common(PAYMENT_STATE[sale.state].words)
          ) : sale.waitingFor ? (
            t(WAITING[sale.waitingFor])
          ) : (
            common(PAYMENT_SENTENCE[sale.state])
          )}
        </p>
      </div>
      {sale && (
        <>
          <div className="sale-head">
            <p className="sale-amount">{sale.type === 'verify' && !sale.final ? t('verifyAmount', { amount: money(0) }) : money(shownCents)}</p>
            {!sale.final && (
              <button type="button" className="button" onClick={onCancel} disabled={sending} title={sending ? t('cancel.tooLate') : undefined}>
                {t('cancel')}
              </button>
            )}
          </div>
          <p className="sale-line sale-means">
            {sale.card ? (
              <>
                <span className="label">{t('line.card')}</span>{' '}
                <CardLine card={{ brand: sale.card.brand, masked: sale.card.masked, name: sale.card.name }} />
              </>
            ) : sale.check ? (
              <>
                <span className="label">{t('line.check')}</span>{' '}
                <CheckLine check={{ routing: sale.check.routing, accountMasked: sale.check.accountMasked, checkNumber: sale.check.checkNumber, business: sale.check.business }} />
              </>
            ) : null}
          </p>
          {sale.final ? (
            <SaleResult sale={sale} onNewSale={onNewSale} onPayBalance={onPayBalance} receipt={receipt} onReceipt={onReceipt} />
          ) : (
            <SaleProgress sale={sale} training={training} onCheckDetails={onCheckDetails} onSimulate={onSimulate} />
          )}
        </>
      )}
    </div>
  );
}
