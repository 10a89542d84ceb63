import type { PaymentState, PaymentType, Tender } from '../../../../preload/contract';
import { calendarDay } from '../../components/local-format';
import { PAYMENT_TONE } from '../../components/payment-words';
import { useT } from '../../i18n/i18n';
import { useHistoryStore, type HistoryFilter } from '../../stores/history-store';

/** "Sale · Card · Nov 25, 2030": the filter of the rows shown, which the CSV holds. */
export function useFilterWords(f: HistoryFilter): string {
  const { t } = useT('history');
  const { t: common } = useT('common');
  const state = f.state ? (f.state.split(',')[0] as PaymentState) : undefined;
  return [
    f.type ? common(`payment.type.${f.type as PaymentType}`) : t('export.allTypes'),
    ...(f.tender ? [common(`payment.tender.${f.tender as Tender}`)] : []),
    ...(state && Object.hasOwn(PAYMENT_TONE, state) ? [common(`payment.state.${state}`)] : []),
    ...(f.last4 ? [t('export.last4', { last4: f.last4 })] : []),
    ...(f.reference.trim() ? [t('export.reference', { reference: f.reference.trim() })] : []),
    f.date ? calendarDay(f.date) : t('export.allDays'),
  ].join(' · ');
}

/** What Export CSV exports, said above the button; the note of the last export beside it. */
export function ExportWhat() {
  const { t } = useT('history');
  const applied = useHistoryStore((h) => h.applied);
  const exportCsv = useHistoryStore((h) => h.exportCsv);
  const note = useHistoryStore((h) => h.exportNote);
  const words = useFilterWords(applied);
  return (
    <div className="export-what">
      <p id="export-what" className="muted">
        {t('export.what', { what: words })}
      </p>
      <button type="button" className="button" aria-describedby="export-what" onClick={exportCsv}>
        {t('export')}
      </button>
      {note && (
        <span role="status">
          {note.kind === 'downloaded'
            ? t('export.downloaded', { count: note.rows, file: note.file })
            : note.kind === 'not-saved'
              ? t('export.notSaved')
              : note.path
                ? t('export.savedCount', { path: note.path, count: note.rows })
                : t('export.savedThereCount', { count: note.rows })}
        </span>
      )}
    </div>
  );
}
