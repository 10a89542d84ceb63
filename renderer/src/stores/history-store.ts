import { create } from 'zustand';
import type { DailyTotals, JournalSearch, MethodOutput, PaymentRow, Receipt } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { i18n } from '../i18n/i18n';
import { useManagerStore } from './manager-store';

export type Detail = MethodOutput<'journal.get'>;

export interface HistoryFilter {
  /** A local day, YYYY-MM-DD. */
  date: string;
  type: string;
  tender: string;
  state: string;
  last4: string;
  reference: string;
}

export interface HistoryState {
  /** The filter as the inputs show it (it applies once searched). */
  filter: HistoryFilter;
  /** The filter of the rows shown: what Export exports and says it exports. */
  applied: HistoryFilter;
  rows: PaymentRow[];
  nextBeforeId: number | null;
  totals: DailyTotals | undefined;
  detail: Detail | undefined;
  receipt: Receipt | undefined;
  /** A search is on its way (the rows shown are the last answer's). */
  loading: boolean;
  error: string | undefined;
  /** What became of the last export in the desktop app: where it was saved, or that it was not. */
  exportNote: string | undefined;
  setFilter: (patch: Partial<HistoryFilter>) => void;
  search: (more?: boolean) => void;
  open: (ref: string) => void;
  close: () => void;
  showReceipt: (ref: string, copy: 'customer' | 'merchant') => void;
  exportCsv: () => void;
}

const client = () => connect().client;

/**
 * Each search is numbered: an answer that arrives after a newer search was asked is dropped, so a
 * slow answer to an old filter never replaces the rows (or totals) of the filter on screen.
 */
let searches = 0;

export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The filter as the contract's search: the local day as an ISO range. */
export function searchOf(f: HistoryFilter): JournalSearch {
  const since = f.date ? new Date(`${f.date}T00:00:00`) : undefined;
  const until = since ? new Date(since.getTime() + 86_400_000) : undefined;
  return {
    ...(since && until ? { since: since.toISOString(), until: until.toISOString() } : {}),
    ...(f.type ? { type: f.type as NonNullable<JournalSearch['type']> } : {}),
    ...(f.tender ? { tender: f.tender as NonNullable<JournalSearch['tender']> } : {}),
    // One choice may stand for several states ("in progress": choosing,waiting,validated).
    ...(f.state ? { states: f.state.split(',') as NonNullable<JournalSearch['states']> } : {}),
    ...(/^\d{4}$/.test(f.last4) ? { last4: f.last4 } : {}),
    ...(f.reference.trim() ? { reference: f.reference.trim() } : {}),
  };
}

const FIRST: HistoryFilter = { date: today(), type: '', tender: '', state: '', last4: '', reference: '' };

export const useHistoryStore = create<HistoryState>((set, get) => ({
  filter: FIRST,
  applied: FIRST,
  rows: [],
  nextBeforeId: null,
  totals: undefined,
  detail: undefined,
  receipt: undefined,
  loading: false,
  error: undefined,
  exportNote: undefined,
  setFilter(patch) {
    set({ filter: { ...get().filter, ...patch } });
  },
  search(more = false) {
    const { filter, nextBeforeId, rows } = get();
    const query = { ...searchOf(filter), limit: 50, ...(more && nextBeforeId ? { beforeId: nextBeforeId } : {}) };
    const asked = ++searches;
    const current = (): boolean => asked === searches;
    set(more ? { loading: true } : { loading: true, applied: filter });
    client()
      .call('journal.search', query)
      .then(
        (r) => current() && set({ rows: more ? [...rows, ...r.rows] : r.rows, nextBeforeId: r.nextBeforeId, loading: false, error: undefined }),
        (e: unknown) => current() && set({ loading: false, error: errorWords(e) }),
      );
    if (!more && filter.date) {
      client()
        .call('journal.totals', { date: filter.date })
        .then(
          (totals) => current() && set({ totals }),
          () => current() && set({ totals: undefined }),
        );
    }
  },
  open(ref) {
    client()
      .call('journal.get', { ref })
      .then(
        (detail) => set({ detail, receipt: undefined, error: undefined }),
        (e: unknown) => set({ error: errorWords(e) }),
      );
  },
  close() {
    set({ detail: undefined, receipt: undefined });
  },
  showReceipt(ref, copy) {
    client()
      .call('payments.receipt', { ref, copy })
      .then(
        (receipt) => set({ receipt }),
        (e: unknown) => set({ error: errorWords(e) }),
      );
  },
  exportCsv() {
    // The rows on screen are the applied filter's: an input changed but not searched is not exported.
    const filter = get().applied;
    if (connect().initial === 'ipc') {
      // The desktop app asks where to save, in the OS save dialog; a browser page downloads.
      useManagerStore
        .getState()
        .asManager(() => client().call('journal.saveCsv', searchOf(filter)))
        .then(
          (r) =>
            r &&
            set({
              exportNote: r.saved
                ? r.path
                  ? i18n.t('export.savedCount', { ns: 'history', path: r.path, count: r.rows })
                  : i18n.t('export.savedThereCount', { ns: 'history', count: r.rows })
                : i18n.t('export.notSaved', { ns: 'history' }),
              error: undefined,
            }),
          (e: unknown) => set({ exportNote: undefined, error: errorWords(e) }),
        );
      return;
    }
    useManagerStore
      .getState()
      .asManager(() => client().call('journal.exportCsv', searchOf(filter)))
      .then(
        (file) => {
          if (!file) return;
          // A download in the browser.
          const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
          const a = document.createElement('a');
          a.href = url;
          a.download = file.filename;
          a.click();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
          set({ exportNote: i18n.t('export.downloaded', { ns: 'history', count: file.rows, file: file.filename }), error: undefined });
        },
        (e: unknown) => set({ error: errorWords(e) }),
      );
  },
}));
