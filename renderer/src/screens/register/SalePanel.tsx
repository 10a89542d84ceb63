import { useRef } from 'react';
import { Trans } from 'react-i18next';
import type { CheckDetails, Receipt, SaleView } from '../../../../preload/contract';
import { CardLine } from '../../components/CardLine';
import { CheckLine } from '../../components/CheckLine';
import { money } from '../../components/money';
import { useT } from '../../i18n/i18n';
import type { RegisterTender } from '../../stores/register-store';
import '../../styles/sale.css';
import { moneyValues, type ReceiptAfter } from './result-format';
import { resultWords } from './result-words';
import { SaleProgress } from './SaleProgress';
import { SaleResult } from './SaleResult';
import type { Simulated } from './sale-words';

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
  /** The customer receipt once approved (receipts.afterApproval), and where that question stands; absent: never asked. */
  receiptAfter?: ReceiptAfter | undefined;
  /** No amount is typed before this payment (a card check): the idle line says so. */
  noAmount?: boolean;
}

/**
 * Where the sale is, step by step from `sale.changed`, then its result and what to do next.
 *
 * One frame for every state, so nothing jumps while a payment runs: the step (then the result) in
 * one status line of fixed height, the operation and its amount with Cancel beside it, the card or
 * check line in a reserved slot, and below them what changes (the training buttons, the check form,
 * the result's details). The status line is the same element throughout, so focus can rest on it
 * while main works (after the check details are sent). It is not a live region: the app's one
 * Announcer says each step and result once (a second region would say them twice).
 */
export function SalePanel({ sale, training, onCancel, onNewSale, onPayBalance, onCheckDetails, onSimulate, receipt, onReceipt, receiptAfter, noAmount = false }: SalePanelProps) {
  const { t } = useT('register');
  const { t: common } = useT('common');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const sending = sale?.state === 'journaled' || sale?.state === 'sending';
  const result = sale?.final ? resultWords(sale) : undefined;
  // The words ask the cashier to check the card's name and expiry (a card stored offline): the line shows both.
  const checkCard = result?.next === 'next.offlineCard';
  const amount = result ? result.amountCents : sale?.type === 'verify' ? null : (sale?.amountCents ?? null);
  return (
    <div className={`sale-panel ${!sale ? 'idle' : result ? `done tone-${result.tone}` : 'in-progress'}`} data-state={sale?.state} data-type={sale?.type}>
      <div className="sale-status">
        <p ref={statusRef} tabIndex={-1} className={!sale ? 'sale-idle' : result ? 'sale-result' : 'sale-step'}>
          {!sale ? (
            <Trans t={t} i18nKey={noAmount ? 'idle.verify' : 'idle'} components={{ key: <kbd /> }} />
          ) : result ? (
            t(result.words, moneyValues(result.values))
          ) : sale.waitingFor ? (
            t(`wait.${sale.waitingFor}`)
          ) : (
            common(`payment.sentence.${sale.state}`)
          )}
        </p>
      </div>
      {sale && (
        <>
          <div className="sale-head">
            <p className="sale-amount">
              <span className="sale-operation">{common(`payment.type.${sale.type}`)}</span> {amount === null ? t('amount.none') : money(amount)}
            </p>
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
                <CardLine card={{ brand: sale.card.brand, masked: sale.card.masked, name: sale.card.name, ...(checkCard && sale.card.expiry ? { expiry: sale.card.expiry } : {}) }} />
              </>
            ) : sale.check ? (
              <>
                <span className="label">{t('line.check')}</span>{' '}
                <CheckLine check={{ routing: sale.check.routing, accountMasked: sale.check.accountMasked, checkNumber: sale.check.checkNumber, business: sale.check.business }} />
              </>
            ) : null}
          </p>
          {result ? (
            <SaleResult sale={sale} result={result} onNewSale={onNewSale} onPayBalance={onPayBalance} receipt={receipt} onReceipt={onReceipt} receiptAfter={receiptAfter} onFocusResult={() => statusRef.current?.focus()} />
          ) : (
            <SaleProgress
              sale={sale}
              training={training}
              onCheckDetails={(details) => {
                // The form goes once main has the details: focus waits on the status line, which says what follows.
                statusRef.current?.focus();
                onCheckDetails(details);
              }}
              onSimulate={onSimulate}
            />
          )}
        </>
      )}
    </div>
  );
}
