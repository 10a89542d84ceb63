import { PaymentState, PaymentType, Tender } from '../../../../preload/contract';
import { digitsOnly } from '../../components/money';
import { useT } from '../../i18n/i18n';
import { useHistoryStore } from '../../stores/history-store';

/** The states a cashier tells apart: the three before a card is read are all "in progress". */
const IN_PROGRESS: ReadonlySet<PaymentState> = new Set(['choosing', 'waiting', 'validated']);
const STATE_CHOICES: ReadonlyArray<readonly [PaymentState, ...PaymentState[]]> = [
  ['choosing', 'waiting', 'validated'],
  ...PaymentState.options.filter((s) => !IN_PROGRESS.has(s)).map((s) => [s] as const),
];

/** The journal searched by day, type, tender, state, last four digits or reference. */
export function HistoryFilters() {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const filter = useHistoryStore((h) => h.filter);
  const setFilter = useHistoryStore((h) => h.setFilter);
  const search = useHistoryStore((h) => h.search);
  return (
    <form
      className="filters"
      aria-label={t('filters.label')}
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <label className="field">
        {t('filters.day')}
        <input type="date" value={filter.date} onChange={(e) => setFilter({ date: e.target.value })} />
      </label>
      <label className="field">
        {t('filters.type')}
        <select value={filter.type} onChange={(e) => setFilter({ type: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {PaymentType.options.map((o) => (
            <option key={o} value={o}>
              {common(`payment.type.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('filters.tender')}
        <select value={filter.tender} onChange={(e) => setFilter({ tender: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {Tender.options.map((o) => (
            <option key={o} value={o}>
              {common(`payment.tender.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('filters.state')}
        <select value={filter.state} onChange={(e) => setFilter({ state: e.target.value })}>
          <option value="">{t('filters.any')}</option>
          {STATE_CHOICES.map((states) => (
            <option key={states.join()} value={states.join()}>
              {common(`payment.state.${states[0]}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {t('filters.last4')}
        <input inputMode="numeric" maxLength={4} value={filter.last4} onChange={(e) => setFilter({ last4: digitsOnly(e.target.value) })} />
      </label>
      <label className="field">
        {t('filters.reference')}
        <input value={filter.reference} maxLength={64} onChange={(e) => setFilter({ reference: e.target.value.replace(/[^A-Za-z0-9_-]/g, '') })} />
      </label>
      <button type="submit" className="button primary">
        {t('filters.search')}
      </button>
    </form>
  );
}
