import { useEffect } from 'react';
import { problemWords } from '../../components/problem';
import { ProblemNote } from '../../components/ProblemNote';
import { useT } from '../../i18n/i18n';
import { closeDayActions } from '../../stores/close-day-store';
import { today, useHistoryStore } from '../../stores/history-store';
import { CloseDay } from './CloseDay';
import { DayTotals } from './DayTotals';
import { ExportWhat } from './ExportWhat';
import { HistoryFilters } from './HistoryFilters';
import { PaymentDetail } from './PaymentDetail';
import { PaymentTable } from './PaymentTable';

/** The filters a cashier may have narrowed the day with; the day itself stays. */
const NO_FILTERS = { type: '', tender: '', state: '', last4: '', reference: '' };

/** What the list says while it has no row: searching, or nothing found and how to find more. */
function NoRows({ loading, filtered, onClear }: { loading: boolean; filtered: boolean; onClear: () => void }) {
  const { t } = useT('history');
  if (loading) {
    return (
      <p className="muted" role="status">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="history-empty" role="status">
      <p className="muted">
        {t('empty')} {t(filtered ? 'empty.hint' : 'empty.day')}
      </p>
      {filtered && (
        <button type="button" className="button" onClick={onClear}>
          {t('empty.clear')}
        </button>
      )}
    </div>
  );
}

/**
 * History: the journal searched by day, type, tender, state, last four digits or reference; a
 * payment opened with its receipt, and voided, refunded or completed from its row (the manager
 * approves in the PIN dialog); the day's totals; CSV export of the filter shown (manager); Close
 * the day (manager).
 */
export function HistoryScreen({ onFollow }: { onFollow: () => void }) {
  const { t } = useT('history');
  const h = useHistoryStore();
  useEffect(() => h.search(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const filtered = Object.entries(NO_FILTERS).some(([key, none]) => h.filter[key as keyof typeof NO_FILTERS] !== none);
  return (
    <section className="screen history-screen" aria-labelledby="history-title">
      <div className="screen-head">
        <h1 id="history-title">{t('title')}</h1>
        <ExportWhat />
        <button type="button" className="button" onClick={() => closeDayActions.open(h.applied.date || today())}>
          {t('close.show')}
        </button>
      </div>
      <CloseDay />
      <HistoryFilters />
      <ProblemNote text={problemWords(h.problem)} />
      {h.totals && <DayTotals totals={h.totals} />}
      {h.detail && (
        <PaymentDetail
          detail={h.detail}
          onClose={h.close}
          onStarted={() => {
            h.close();
            onFollow();
          }}
        />
      )}
      {h.rows.length === 0 ? (
        <NoRows
          loading={h.loading}
          filtered={filtered}
          onClear={() => {
            h.setFilter(NO_FILTERS);
            h.search();
          }}
        />
      ) : (
        <PaymentTable rows={h.rows} busy={h.loading} onOpen={h.open} />
      )}
      {h.nextBeforeId !== null && (
        <button type="button" className="button" onClick={() => h.search(true)}>
          {t('more')}
        </button>
      )}
    </section>
  );
}
