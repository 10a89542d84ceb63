import type { PaymentRow } from '../../../../preload/contract';
import { dateTime, money } from '../../components/money';
import { outcomeMessageLabel } from '../../components/payment-words';
import { PaymentStateWord } from '../../components/PaymentStateWord';
import { ReceiptView } from '../../components/ReceiptView';
import { TenderLine } from '../../components/TenderLine';
import { useT } from '../../i18n/i18n';
import { useHistoryStore, type Detail } from '../../stores/history-store';
import { PaymentActions } from './PaymentActions';
import { amountOf, standingWords } from './standing-words';

/** Voids, refunds and completions of this payment, each with its state. */
function Related({ related }: { related: PaymentRow[] }) {
  const { t } = useT('history');
  const { t: common } = useT('common');
  if (related.length === 0) return null;
  return (
    <>
      <h3>{t('detail.related')}</h3>
      <ul className="related-payments">
        {related.map((r) => (
          <li key={r.clientRef}>
            {common(`payment.type.${r.type}`)} {money(amountOf(r))} · <PaymentStateWord state={r.state} instead={standingWords(r, t)} /> · {dateTime(r.createdAt)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One payment opened from its row: what it was, its receipt, and what may be done from it. */
export function PaymentDetail({ detail, onClose, onStarted }: { detail: Detail; onClose: () => void; onStarted: () => void }) {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const receipt = useHistoryStore((h) => h.receipt);
  const showReceipt = useHistoryStore((h) => h.showReceipt);
  const p = detail.payment;
  const standing = standingWords(p, t);
  const who = [p.cashier ? t('detail.cashier', { cashier: p.cashier }) : '', p.approvedBy ? t('detail.approvedBy', { name: p.approvedBy }) : ''].filter(Boolean);
  return (
    <div className="panel history-detail" role="region" aria-label={t('detail.label', { ref: p.clientRef })}>
      <div className="screen-head">
        <h2>{t('detail.title', { type: common(`payment.type.${p.type}`), amount: money(amountOf(p)), state: standing?.words ?? common(`payment.state.${p.state}`) })}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <p>{common(`payment.sentence.${p.state}`)}</p>
      <p className="sale-line">
        <span className="label">{t('detail.means')}</span> <TenderLine payment={p} />
      </p>
      {p.entry && (
        <p className="sale-line">
          <span className="label">{t('detail.entry')}</span> {common(`payment.entry.${p.entry}`)}
        </p>
      )}
      {p.authorizationNum && (
        <p className="sale-line">
          <span className="label">{t('detail.authorization')}</span> {p.authorizationNum}
        </p>
      )}
      <p className="sale-line">
        <span className="label">{t('detail.reference')}</span> {[p.clientRef, dateTime(p.createdAt), ...who].join(' · ')}
      </p>
      {/* An approval's own message only repeats the state; a decline's or a failure's says more. */}
      {p.message && p.state !== 'approved' && p.state !== 'cancelled' && <p className="muted">{common(outcomeMessageLabel(p.outcomeKind), { message: p.message })}</p>}
      <Related related={detail.related} />
      <PaymentActions detail={detail} onDone={onStarted} />
      <div className="row-actions">
        <button type="button" className="button" onClick={() => showReceipt(p.clientRef, 'customer')}>
          {t('receipt.customer')}
        </button>
        <button type="button" className="button" onClick={() => showReceipt(p.clientRef, 'merchant')}>
          {t('receipt.merchant')}
        </button>
      </div>
      {receipt && receipt.clientRef === p.clientRef && <ReceiptView receipt={receipt} />}
    </div>
  );
}
