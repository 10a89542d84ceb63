import { create } from 'zustand';
import type { DayReport, ReceiptPrinted } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

/** What the last action did, as data (the panel says it): printed where, saved as which file, the day closed. */
export type CloseDayNote = { kind: 'printed'; printed: ReceiptPrinted } | { kind: 'downloaded'; file: string } | { kind: 'closed'; date: string };

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
  /** A refused or failed call, as main's code (the panel says it). */
  problem: Problem | undefined;
  note: CloseDayNote | undefined;
}

const initial: CloseDayState = { date: undefined, report: undefined, lines: [], columns: 42, cashier: undefined, cashiers: [], busy: false, confirming: false, problem: undefined, note: undefined };

export const useCloseDayStore = create<CloseDayState>(() => initial);

const client = () => connect().client;

/** One call as the manager: busy while it runs, its refusal kept as a problem, nothing when the PIN was not given. */
async function asManager<T>(action: () => Promise<T>): Promise<T | undefined> {
  useCloseDayStore.setState({ note: undefined });
  const r = await callAction(useCloseDayStore, action, { busy: 'busy', problem: 'problem', asManager: true });
  return r.kind === 'done' ? r.value : undefined;
}

/** A file the page downloads, and the note that says so. */
function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  useCloseDayStore.setState({ note: { kind: 'downloaded', file: filename } });
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
    useCloseDayStore.setState({ problem: undefined, note: undefined });
    const closing = async (): Promise<void> => {
      const report = await client().call('report.close', { date, ...(confirm ? { confirm: true as const } : {}) });
      useCloseDayStore.setState({ report, confirming: false, note: { kind: 'closed', date } });
      const lines = await client().call('report.lines', { date, columns: useCloseDayStore.getState().columns });
      useCloseDayStore.setState({ lines });
    };
    const r = await callAction(useCloseDayStore, closing, { busy: 'busy', asManager: true });
    if (r.kind !== 'refused') return;
    // Main names what is unresolved in its refusal; the panel shows the figures and asks.
    const unresolved = r.problem.code === 'CONFLICT' && !confirm && r.problem.issues.length > 0;
    useCloseDayStore.setState(unresolved ? { confirming: true } : { problem: r.problem });
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
    useCloseDayStore.setState({ note: { kind: 'printed', printed } });
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
