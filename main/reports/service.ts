import type { ClosedDay, DayReport, Mode, PaymentRow, Unresolved, UnresolvedItem } from '../../preload/contract';
import { PosError } from '../api/errors';
import { localDate, type Ledger } from '../payments/ledger';
import { IN_PROGRESS_STATES, STATE_WORDS } from '../payments/states';
import type { JournalStore } from '../payments/journal/journal';
import type { ReportRow } from '../payments/journal/queries';
import { ClosedDays, digestOf, reportMark } from './closed-days';
import { buildDayReport } from './day-report';

export interface DayReportsDeps {
  mode: () => Mode;
  /** The journal of a mode, or undefined when it does not exist yet (nothing to report). */
  existingJournal: (mode: Mode) => JournalStore | undefined;
  journal: (mode: Mode) => JournalStore;
  /** The queue as the ledger counts and lists it: what is unresolved. */
  ledger: Pick<Ledger, 'status' | 'list'>;
  now: () => Date;
  /** The `day-close` key derived from the terminal key, undefined where it does not open (see closed-days.ts). */
  markKey?: () => Buffer | undefined;
  /** Closes the rows a stopped process left in flight (payments' recovery), so only a live sale holds a close. */
  recoverAbandoned?: (mode: Mode) => void;
}

/** The local midnight starting `date` moved by `days`, as ISO. */
function midnight(date: string, days = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days).toISOString();
}

function validDay(date: string): void {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
  if (at.getFullYear() !== y || at.getMonth() + 1 !== m || at.getDate() !== d) throw new PosError('BAD_INPUT', `${date} is not a date`, [{ path: 'date', message: 'not a date' }]);
}

const ITEMS = 50;

/**
 * report.*: the day's report, its close, and the closed days kept. A report runs from the previous
 * close's last payment (or the day's local midnight when no earlier day was closed) to the end of
 * its local day, so a payment taken after a close lands in the next day's report, and a day left
 * open is carried into the next one closed.
 */
export class DayReports {
  private readonly closes = new Map<JournalStore, ClosedDays>();

  constructor(private readonly deps: DayReportsDeps) {}

  private closedOf(journal: JournalStore): ClosedDays {
    let c = this.closes.get(journal);
    if (!c) this.closes.set(journal, (c = new ClosedDays(journal.db, () => reportMark(this.deps.markKey?.()))));
    return c;
  }

  private unresolved(mode: Mode): Unresolved {
    const q = this.deps.ledger.status()[mode];
    const item = (reason: UnresolvedItem['reason']) => (r: PaymentRow): UnresolvedItem => ({ ref: r.clientRef, reason, state: r.state, cents: r.requestedCents, createdAt: r.createdAt });
    const items = [
      ...this.deps.ledger.list('offline', mode).map(item('offline')),
      ...this.deps.ledger.list('needs-lookup', mode).map(item('needs-lookup')),
      ...this.deps.ledger.list('attention', mode).map(item('attention')),
    ].slice(0, ITEMS);
    return { offline: { count: q.count, cents: q.totalCents }, needsLookup: q.needsLookup, attention: q.attention, items };
  }

  /**
   * The report of a day as it stands now (a closed day: as it was kept). With `cashier`, that
   * cashier's shift: the same window (a closed day's as it was closed), only their payments.
   */
  day(date = localDate(this.deps.now()), mode = this.deps.mode(), cashier?: string): DayReport {
    return this.build(date, mode, cashier).report;
  }

  /** The report and the rows it was built from (a closed day's: as it was kept, rows not read). */
  private build(date: string, mode: Mode, cashier?: string): { report: DayReport; rows: readonly ReportRow[] } {
    validDay(date);
    const journal = this.deps.existingJournal(mode);
    const closed = journal ? this.closedOf(journal) : undefined;
    const kept = closed?.get(date)?.report;
    if (kept && cashier === undefined) return { report: kept, rows: [] };
    const previous = kept ? undefined : closed?.before(date);
    const since = kept?.since ?? midnight(previous?.date ?? date);
    const until = midnight(date, 1);
    const afterPaymentId = kept?.afterPaymentId ?? previous?.lastPaymentId ?? 0;
    const upTo = kept ? (kept.lastPaymentId ?? kept.afterPaymentId) : Number.MAX_SAFE_INTEGER;
    const rows = (journal?.reportRows(afterPaymentId, since, until) ?? []).filter((r) => r.id <= upTo && (cashier === undefined || r.cashier === cashier));
    const window = { mode, date, since, until, afterPaymentId, cashier: cashier ?? null, generatedAt: this.deps.now().toISOString() };
    return { report: buildDayReport(window, rows, this.unresolved(mode)), rows };
  }

  get(date: string, mode = this.deps.mode()): DayReport {
    validDay(date);
    const journal = this.deps.existingJournal(mode);
    const kept = journal ? this.closedOf(journal).get(date) : undefined;
    if (!kept) throw new PosError('NOT_FOUND', `${date} was not closed in the ${mode} journal`);
    return kept.report;
  }

  closed(limit: number, mode = this.deps.mode()): ClosedDay[] {
    const journal = this.deps.existingJournal(mode);
    return journal ? this.closedOf(journal).list(limit) : [];
  }

  /**
   * Closes a day. Refused for a day to come, a day closed already, or a day before the latest
   * closed one (days close in order, or a payment could fall between two reports); while a payment
   * of the window is still at the counter or being sent (it would land in neither report: this
   * close would count it nowhere and the next report starts after it); and, unless `confirm`,
   * while anything is unresolved (it is named in the refusal). Rows a stopped process left in
   * flight are recovered first, so only a sale that is really going on holds the close.
   */
  close(date: string, options: { confirm?: boolean; closedBy?: string | null; mode?: Mode } = {}): DayReport {
    validDay(date);
    const mode = options.mode ?? this.deps.mode();
    const today = localDate(this.deps.now());
    if (date > today) throw new PosError('CONFLICT', `${date} has not ended yet: only today or an earlier day can be closed`);
    const journal = this.deps.journal(mode);
    const closed = this.closedOf(journal);
    if (closed.get(date)) throw new PosError('CONFLICT', `${date} is closed already: reprint its report instead`);
    const latest = closed.latest();
    if (latest && latest > date) throw new PosError('CONFLICT', `${latest} is closed already: a day before it can no longer be closed (its payments are in that report)`);
    this.deps.recoverAbandoned?.(mode);
    const { report, rows } = this.build(date, mode);
    const going = rows.filter((r) => IN_PROGRESS_STATES.has(r.state));
    // No issues: a refusal with issues is the unresolved list the manager may close past (confirm);
    // a sale still going on is never closed past, and its words say which.
    if (going.length > 0) throw new PosError('CONFLICT', inProgressWords(going));
    const u = report.unresolved;
    if (!options.confirm && (u.offline.count > 0 || u.needsLookup > 0 || u.attention > 0)) {
      throw new PosError('CONFLICT', unresolvedWords(u), u.items.map((i) => ({ path: i.ref, message: i.reason })));
    }
    const closedAt = this.deps.now().toISOString();
    const mark = { closedAt, closedBy: options.closedBy ?? null };
    // The report's digest is of its figures; the row's (ClosedDays) covers them with the mark.
    const digest = digestOf(JSON.stringify(report));
    const kept: DayReport = { ...report, closed: { ...mark, digest } };
    const stored = JSON.stringify(kept);
    const added = closed.add({ date, ...mark, lastPaymentId: report.lastPaymentId ?? report.afterPaymentId, report: kept, figures: stored });
    if (!added) throw new PosError('CONFLICT', `${date} was closed by someone else a moment ago: reprint its report`);
    return kept;
  }
}

/** "2 payments stored offline ($12.00), 1 waiting for a lookup, 1 needing attention". */
export function unresolvedWords(u: Unresolved): string {
  const parts = [
    ...(u.offline.count > 0 ? [`${u.offline.count} stored offline ($${(u.offline.cents / 100).toFixed(2)}) and not yet forwarded`] : []),
    ...(u.needsLookup > 0 ? [`${u.needsLookup} waiting for a lookup`] : []),
    ...(u.attention > 0 ? [`${u.attention} needing attention`] : []),
  ];
  return `Payments are unresolved: ${parts.join(', ')}. Resolve them in the queue, or confirm the close to carry them as they are.`;
}

/** "A payment is going on at the counter (sale $12.00: Waiting for the card or check.) …". */
export function inProgressWords(rows: readonly ReportRow[]): string {
  const each = rows.map((r) => `${r.type} $${(r.requestedCents / 100).toFixed(2)}: ${STATE_WORDS[r.state]}`).join('; ');
  const what = rows.length === 1 ? 'A payment is' : `${rows.length} payments are`;
  return `${what} still going on at the counter (${each}). Finish or cancel it, then close the day: it would otherwise be in neither report.`;
}
