import type { DailyTotals } from '../../../../preload/contract';
import { DataTable } from '../../components/DataTable';
import { money } from '../../components/money';
import { useT } from '../../i18n/i18n';

/** The day's totals: approved, refunded, voided, offline not sent yet, net; then by tender and type. */
export function DayTotals({ totals }: { totals: DailyTotals }) {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const cards = [
    ['totals.approved', totals.approvedCents],
    ['totals.refunded', totals.refundedCents],
    ['totals.voided', totals.voidedCents],
    ['totals.offline', totals.offlineOutstandingCents],
    ['totals.net', totals.netCents],
  ] as const;
  return (
    <>
      <div className="cards totals" aria-label={t('totals.label')}>
        {cards.map(([words, cents]) => (
          <article key={words} className="card">
            <h2>{t(words)}</h2>
            <p className="big">{money(cents)}</p>
          </article>
        ))}
      </div>
      {totals.lines.length > 0 && (
        <DataTable
          label={t('totals.lines')}
          className="totals-lines"
          rows={totals.lines}
          rowKey={(l) => `${l.tender}-${l.type}-${l.bucket}`}
          columns={[
            { id: 'tender', header: t('totals.tender'), cell: (l) => common(`payment.tender.${l.tender}`) },
            { id: 'type', header: t('totals.type'), cell: (l) => common(`payment.type.${l.type}`) },
            { id: 'bucket', header: t('totals.bucket'), cell: (l) => t(`bucket.${l.bucket}`) },
            { id: 'count', header: t('totals.count'), cell: (l) => l.count, numeric: true },
            { id: 'amount', header: t('totals.amount'), cell: (l) => money(l.cents), numeric: true },
          ]}
        />
      )}
    </>
  );
}
