import type { PaymentRow } from '../../../../preload/contract';
import { DataTable, type Column } from '../../components/DataTable';
import { dateTime, money } from '../../components/money';
import { PaymentStateWord } from '../../components/PaymentStateWord';
import { TenderLine } from '../../components/TenderLine';
import { useT } from '../../i18n/i18n';
import { amountOf, standingWords } from './standing-words';

/** The payments found, newest first; each opens from its reference, or with Enter on any cell of its row (one Tab stop, arrow keys). */
export function PaymentTable({ rows, busy, onOpen }: { rows: readonly PaymentRow[]; busy: boolean; onOpen: (ref: string) => void }) {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const columns: Array<Column<PaymentRow>> = [
    { id: 'time', header: t('col.time'), cell: (r) => dateTime(r.createdAt) },
    { id: 'type', header: t('col.type'), cell: (r) => common(`payment.type.${r.type}`) },
    { id: 'amount', header: t('col.amount'), cell: (r) => money(amountOf(r)), numeric: true },
    { id: 'means', header: t('col.means'), cell: (r) => <TenderLine payment={r} /> },
    { id: 'state', header: t('col.state'), cell: (r) => <PaymentStateWord state={r.state} instead={standingWords(r, t)} /> },
    {
      id: 'reference',
      header: t('col.reference'),
      cell: (r) => (
        <button type="button" className="link-button" onClick={() => onOpen(r.clientRef)} aria-label={t('open', { ref: r.clientRef })}>
          {r.clientRef}
        </button>
      ),
    },
  ];
  return <DataTable label={t('table.label')} className="history-table" rows={rows} rowKey={(r) => r.clientRef} columns={columns} busy={busy} onActivate={(r) => onOpen(r.clientRef)} />;
}
