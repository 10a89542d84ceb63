import type { DayReport, PaymentType, ReportFigure, ReportLine, Tender } from '../../../../preload/contract';
import { DataTable } from '../../components/DataTable';
import { calendarDay } from '../../components/local-format';
import { dateTime, money } from '../../components/money';
import { problemWords } from '../../components/problem';
import { ProblemNote } from '../../components/ProblemNote';
import { useT } from '../../i18n/i18n';
import { closeDayActions, useCloseDayStore, type CloseDayNote } from '../../stores/close-day-store';
import '../../styles/close-day.css';

type Figure = 'approved' | 'held' | 'refunded' | 'voided' | 'declined' | 'rejected' | 'offline';
const FIGURES: readonly Figure[] = ['approved', 'held', 'refunded', 'voided', 'declined', 'rejected', 'offline'];

const figureText = (f: ReportFigure): string => `${f.count} · ${money(f.cents)}`;

/** One grouping of the report (by tender, type, brand or cashier) as a table. */
function Group({ label, lines, keyWords }: { label: string; lines: readonly ReportLine[]; keyWords: (key: string | null) => string }) {
  const { t } = useT('history');
  if (lines.length === 0) return null;
  return (
    <DataTable
      label={label}
      className="close-day-table"
      rows={lines}
      rowKey={(l) => l.key ?? '-'}
      columns={[
        { id: 'key', header: label, cell: (l) => keyWords(l.key) },
        ...FIGURES.map((f) => ({ id: f, header: t(`close.figure.${f}`), cell: (l: ReportLine) => figureText(l[f]), numeric: true })),
        { id: 'net', header: t('totals.net'), cell: (l: ReportLine) => money(l.netCents), numeric: true },
      ]}
    />
  );
}

/** What is still unresolved: the close names it, and asks before it carries it. */
function Unresolved({ report }: { report: DayReport }) {
  const { t } = useT('history');
  const u = report.unresolved;
  if (u.offline.count === 0 && u.needsLookup === 0 && u.attention === 0) return <p className="muted">{t('close.nothingUnresolved')}</p>;
  return (
    <div className="close-day-unresolved">
      <h3>{t('close.unresolved')}</h3>
      <ul>
        {u.offline.count > 0 && <li>{t('close.unresolved.offline', { count: u.offline.count, amount: money(u.offline.cents) })}</li>}
        {u.needsLookup > 0 && <li>{t('close.unresolved.lookup', { count: u.needsLookup })}</li>}
        {u.attention > 0 && <li>{t('close.unresolved.attention', { count: u.attention })}</li>}
      </ul>
    </div>
  );
}

/** The Close, Print and CSV buttons, and the question when payments are unresolved. */
function Actions({ report }: { report: DayReport }) {
  const { t } = useT('history');
  const s = useCloseDayStore();
  return (
    <div className="close-day-actions">
      {s.cashiers.length > 0 && (
        <label className="field">
          {t('close.shift')}
          <select value={s.cashier ?? ''} onChange={(e) => closeDayActions.setCashier(e.target.value || undefined)}>
            <option value="">{t('close.wholeDay')}</option>
            {s.cashiers.map((c) => (
              <option key={c} value={c}>
                {t('close.shiftOf', { cashier: c })}
              </option>
            ))}
          </select>
        </label>
      )}
      {/* A day is closed whole: a shift report is read and printed, not closed. */}
      {!report.closed && !s.confirming && report.cashier === null && (
        <button type="button" className="button primary" disabled={s.busy} onClick={() => void closeDayActions.close()}>
          {t('close.close')}
        </button>
      )}
      {s.confirming && (
        <div role="alertdialog" aria-labelledby="close-day-confirm" className="close-day-confirm">
          <p id="close-day-confirm">{t('close.confirm')}</p>
          <button type="button" className="button danger" disabled={s.busy} onClick={() => void closeDayActions.close(true)}>
            {t('close.closeAnyway')}
          </button>
          <button type="button" className="button" onClick={() => closeDayActions.cancelConfirm()}>
            {t('close.cancel')}
          </button>
        </div>
      )}
      <label className="field">
        {t('close.paper')}
        <select value={s.columns} onChange={(e) => closeDayActions.setColumns(e.target.value === '32' ? 32 : 42)}>
          <option value="42">{t('close.paper42')}</option>
          <option value="32">{t('close.paper32')}</option>
        </select>
      </label>
      <button type="button" className="button" disabled={s.busy} onClick={() => void closeDayActions.print()}>
        {t('close.print')}
      </button>
      <button type="button" className="button" disabled={s.busy} onClick={() => void closeDayActions.saveCsv()}>
        {t('close.csv')}
      </button>
      <button type="button" className="button" disabled={s.busy} onClick={() => void closeDayActions.savePdf()}>
        {t('close.pdf')}
      </button>
    </div>
  );
}

/** History's Close the day: the day's report by tender, type, card brand and cashier, closed, printed, saved. */
export function CloseDay() {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const s = useCloseDayStore();
  if (!s.date) return null;
  const r = s.report;
  const time = (iso: string | null): string => (iso ? dateTime(iso) : '—');
  const noteWords = (n: CloseDayNote | undefined): string => {
    if (!n) return '';
    if (n.kind === 'closed') return t('close.done', { date: n.date });
    if (n.kind === 'downloaded') return t('close.downloaded', { file: n.file });
    if (n.printed.printedOn === 'browser') return t('close.printedBrowser');
    return n.printed.printer ? t('close.printedOn', { printer: n.printed.printer }) : t('close.printedDefault');
  };
  return (
    <section className="close-day" aria-labelledby="close-day-title">
      <div className="close-day-head">
        <h2 id="close-day-title">{t('close.title', { date: calendarDay(s.date) })}</h2>
        <button type="button" className="button" onClick={() => closeDayActions.hide()}>
          {t('close')}
        </button>
      </div>
      <ProblemNote text={problemWords(s.problem)} />
      <p role="status" className="close-day-note">
        {noteWords(s.note)}
      </p>
      {!r ? (
        <p className="muted">{t('close.loading')}</p>
      ) : (
        <>
          <p>
            {r.closed ? t('close.closedAt', { at: time(r.closed.closedAt) }) : t('close.open')} {t('close.payments', { count: r.payments })}{' '}
            {t('close.span', { first: time(r.firstPaymentAt), last: time(r.lastPaymentAt) })}
          </p>
          <Group label={t('close.total')} lines={[r.total]} keyWords={() => t('close.all')} />
          <Group label={t('close.byTender')} lines={r.byTender} keyWords={(k) => (k ? common(`payment.tender.${k as Tender}`) : t('close.none'))} />
          <Group label={t('close.byType')} lines={r.byType} keyWords={(k) => (k ? common(`payment.type.${k as PaymentType}`) : t('close.none'))} />
          <Group label={t('close.byBrand')} lines={r.byBrand} keyWords={(k) => k ?? common('payment.tender.check')} />
          <Group label={t('close.byCashier')} lines={r.byCashier} keyWords={(k) => (k ? `#${k}` : t('close.none'))} />
          <Unresolved report={r} />
          <Actions report={r} />
          <details className="close-day-printout">
            <summary>{t('close.printout')}</summary>
            <pre className="receipt">{s.lines.join('\n')}</pre>
          </details>
        </>
      )}
    </section>
  );
}
