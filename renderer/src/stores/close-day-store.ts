import { create } from 'zustand';
import type { DayReport, ReceiptPrinted } from '../../../preload/contract';
import { PosCallError } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { i18n } from '../i18n/i18n';
import { useManagerStore } from './manager-store';

/**
 * History's Close the day (manager): the day's report on screen, its close (confirmed when
 * payments are unresolved), printed where receipts print, saved as CSV.
 */
export interface CloseDayState {
  /** The panel is shown, for this local day. */
  date: string | undefined;
  report: DayReport | undefined;
  /** The printer text shown under the figures (and printed by the browser when it prints). */
  lines: string[];
  columns: 42 | 32;
  /** A shift report: this cashier's payments only (undefined: the whole day). */
  cashier: string | undefined;
  /** The cashiers who took payments that day, from the whole day's report: the shifts to choose. */
  cashiers: string[];
  busy: boolean;
  /** Main refused the close because payments are unresolved: the panel asks to confirm. */
  confirming: boolean;
  error: string | undefined;
  /** What the last action did, in words (printed where, saved where, closed). */
  note: string | undefined;
}

const initial: CloseDayState = { date: undefined, report: undefined, lines: [], columns: 42, cashier: undefined, cashiers: [], busy: false, confirming: false, error: undefined, note: undefined };

export const useCloseDayStore = create<CloseDayState>(() => initial);

const client = () => connect().client;

/** One call as the manager: busy while it runs, its error in words, nothing when the PIN was not given. */
async function asManager<T>(action: () => Promise<T>): Promise<T | undefined> {
  useCloseDayStore.setState({ busy: true, error: undefined, note: undefined });
  try {
    return await useManagerStore.getState().asManager(action);
  } catch (e) {
    useCloseDayStore.setState({ error: errorWords(e) });
    return undefined;
  } finally {
    useCloseDayStore.setState({ busy: false });
  }
}

function printedWords(r: ReceiptPrinted): string {
  if (r.printedOn === 'browser') return i18n.t('close.printedBrowser', { ns: 'history' });
  return r.printer ? i18n.t('close.printedOn', { ns: 'history', printer: r.printer }) : i18n.t('close.printedDefault', { ns: 'history' });
}

/** A file the page downloads, and the note that says so. */
function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  useCloseDayStore.setState({ note: i18n.t('close.downloaded', { ns: 'history', file: filename }) });
}

/** The day, and the shift when one is chosen, as the report methods take them. */
function which(): { date: string; cashier?: string } | undefined {
  const { date, cashier } = useCloseDayStore.getState();
  return date ? { date, ...(cashier !== undefined ? { cashier } : {}) } : undefined;
}

async function load(): Promise<void> {
  const asked = which();
  if (!asked) return;
  const columns = useCloseDayStore.getState().columns;
  const got = await asManager(async () => {
    const report = await client().call('report.day', asked);
    const lines = await client().call('report.lines', { ...asked, columns });
    return { report, lines };
  });
  const now = which();
  if (!got || now?.date !== asked.date || now.cashier !== asked.cashier) return;
  useCloseDayStore.setState({ report: got.report, lines: got.lines });
  if (asked.cashier === undefined) useCloseDayStore.setState({ cashiers: got.report.byCashier.flatMap((l) => (l.key !== null ? [l.key] : [])) });
}

export const closeDayActions = {
  open(date: string): void {
    useCloseDayStore.setState({ ...initial, columns: useCloseDayStore.getState().columns, date });
    void load();
  },
  hide(): void {
    useCloseDayStore.setState(initial);
  },
  setColumns(columns: 42 | 32): void {
    useCloseDayStore.setState({ columns });
    void load();
  },
  /** A cashier's shift report, or the whole day's (undefined). */
  setCashier(cashier: string | undefined): void {
    useCloseDayStore.setState({ cashier, report: undefined, lines: [], confirming: false });
    void load();
  },
  /** Closes the day; a refusal for unresolved payments turns into the question, asked once. */
  async close(confirm = false): Promise<void> {
    const { date } = useCloseDayStore.getState();
    if (!date) return;
    useCloseDayStore.setState({ busy: true, error: undefined, note: undefined });
    try {
      const report = await useManagerStore.getState().asManager(() => client().call('report.close', { date, ...(confirm ? { confirm: true as const } : {}) }));
      if (!report) return;
      useCloseDayStore.setState({ report, confirming: false, note: i18n.t('close.done', { ns: 'history', date }) });
      const lines = await client().call('report.lines', { date, columns: useCloseDayStore.getState().columns });
      useCloseDayStore.setState({ lines });
    } catch (e) {
      // Main names what is unresolved in its refusal; the panel shows the figures and asks.
      if (e instanceof PosCallError && e.code === 'CONFLICT' && !confirm && e.issues && e.issues.length > 0) useCloseDayStore.setState({ confirming: true });
      else useCloseDayStore.setState({ error: errorWords(e) });
    } finally {
      useCloseDayStore.setState({ busy: false });
    }
  },
  cancelConfirm(): void {
    useCloseDayStore.setState({ confirming: false });
  },
  async print(print: () => void = () => window.print()): Promise<void> {
    const asked = which();
    if (!asked) return;
    const printed = await asManager(() => client().call('report.print', { ...asked, columns: useCloseDayStore.getState().columns }));
    if (!printed) return;
    if (printed.printedOn === 'browser') print();
    useCloseDayStore.setState({ note: printedWords(printed) });
  },
  async saveCsv(): Promise<void> {
    const asked = which();
    if (!asked) return;
    const file = await asManager(() => client().call('report.csv', asked));
    if (file) download(new Blob([file.csv], { type: 'text/csv' }), file.filename);
  },
  async savePdf(): Promise<void> {
    const asked = which();
    if (!asked) return;
    const file = await asManager(() => client().call('report.pdf', { ...asked, columns: useCloseDayStore.getState().columns }));
    if (file) download(new Blob([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], { type: 'application/pdf' }), file.filename);
  },
  reset(): void {
    useCloseDayStore.setState(initial);
  },
};
