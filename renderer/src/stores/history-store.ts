import { create } from 'zustand';
import type { DailyTotals, JournalSearch, MethodOutput, PaymentRow, Receipt } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

export type Detail = MethodOutput<'journal.get'>;

/** What became of the last export, as data: the screen says it in the language on screen. */
export type ExportNote = { kind: 'saved'; path: string | null; rows: number } | { kind: 'not-saved' } | { kind: 'downloaded'; rows: number; file: string };

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
  /** A refused or failed call, as main's code (the screen says it). */
  problem: Problem | undefined;
  /** What became of the last export: where it was saved, that it was not, or the file downloaded. */
  exportNote: ExportNote | undefined;
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
  problem: undefined,
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
    void callAction(useHistoryStore, () => client().call('journal.search', query)).then((r) => {
      if (!current()) return;
      if (r.kind === 'done') set({ rows: more ? [...rows, ...r.value.rows] : r.value.rows, nextBeforeId: r.value.nextBeforeId, loading: false, problem: undefined });
      else if (r.kind === 'refused') set({ loading: false, problem: r.problem });
    });
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
    void callAction(useHistoryStore, () => client().call('journal.get', { ref })).then((r) => {
      if (r.kind === 'done') set({ detail: r.value, receipt: undefined, problem: undefined });
      else if (r.kind === 'refused') set({ problem: r.problem });
    });
  },
  close() {
    set({ detail: undefined, receipt: undefined });
  },
  showReceipt(ref, copy) {
    void callAction(useHistoryStore, () => client().call('payments.receipt', { ref, copy })).then((r) => {
      if (r.kind === 'done') set({ receipt: r.value });
      else if (r.kind === 'refused') set({ problem: r.problem });
    });
  },
  exportCsv() {
    // The rows on screen are the applied filter's: an input changed but not searched is not exported.
    const filter = get().applied;
    if (connect().initial === 'ipc') {
      // The desktop app asks where to save, in the OS save dialog; a browser page downloads.
      void callAction(useHistoryStore, () => client().call('journal.saveCsv', searchOf(filter)), { asManager: true }).then((r) => {
        if (r.kind === 'done') set({ exportNote: r.value.saved ? { kind: 'saved', path: r.value.path, rows: r.value.rows } : { kind: 'not-saved' }, problem: undefined });
        else if (r.kind === 'refused') set({ exportNote: undefined, problem: r.problem });
      });
      return;
    }
    void callAction(useHistoryStore, () => client().call('journal.exportCsv', searchOf(filter)), { asManager: true }).then((r) => {
      if (r.kind === 'refused') return set({ problem: r.problem });
      if (r.kind !== 'done') return;
      // A download in the browser.
      const file = r.value;
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      set({ exportNote: { kind: 'downloaded', rows: file.rows, file: file.filename }, problem: undefined });
    });
  },
}));
