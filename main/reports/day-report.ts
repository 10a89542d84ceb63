import type { DayReport, ReportFigure, ReportLine, Unresolved } from '../../preload/contract';
import type { ReportRow } from '../payments/journal/queries';
import { STORED_STATES } from '../payments/states';

/**
 * The day's report from the rows of its window. Pure.
 *
 * The rules are the daily totals' (Ledger.totals, TOTALS_SQL, VOIDED_BY_TYPE_SQL), row by row so
 * that they can be grouped by brand and cashier too: an approved row counts at its approved amount
 * (the requested one when the gateway gave none); a stored one (STORED_STATES: offline, forwarding) is offline;
 * declined and rejected count what was asked; nothing else moved money. A sale, completion or
 * verification approved is `approved`; a pre-authorization only `held`; a refund `refunded`. An
 * approved void is taken off where the totals take it: a voided refund off `refunded` (it gave
 * nothing back), a voided pre-authorization nowhere (it took nothing), anything else is `voided`.
 * A test checks the report's total against Ledger.totals on the same payments.
 */

type Bucket = 'approved' | 'held' | 'refunded' | 'voided' | 'declined' | 'rejected' | 'offline';

/** Where a row counts, and with which sign; undefined: it moved no money (in flight, failed, cancelled, written off). */
export function bucketOf(row: ReportRow): { bucket: Bucket; cents: number; counted: boolean } | undefined {
  const approved = row.approvedCents ?? row.requestedCents;
  if (STORED_STATES.has(row.state)) return { bucket: 'offline', cents: row.requestedCents, counted: true };
  switch (row.state) {
    case 'approved':
      if (row.type === 'void') {
        if (row.originalType === 'refund') return { bucket: 'refunded', cents: -approved, counted: false };
        if (row.originalType === 'preauth') return undefined;
        return { bucket: 'voided', cents: approved, counted: true };
      }
      if (row.type === 'refund') return { bucket: 'refunded', cents: approved, counted: true };
      if (row.type === 'preauth') return { bucket: 'held', cents: approved, counted: true };
      return { bucket: 'approved', cents: approved, counted: true };
    case 'declined':
    case 'rejected':
      return { bucket: row.state, cents: row.requestedCents, counted: true };
    default:
      return undefined;
  }
}

const zero = (): ReportFigure => ({ count: 0, cents: 0 });

export function emptyLine(key: string | null): ReportLine {
  return { key, approved: zero(), held: zero(), refunded: zero(), voided: zero(), declined: zero(), rejected: zero(), offline: zero(), netCents: 0 };
}

function add(line: ReportLine, row: ReportRow): void {
  const b = bucketOf(row);
  if (!b) return;
  const figure = line[b.bucket];
  if (b.counted) figure.count++;
  figure.cents += b.cents;
  line.netCents = line.approved.cents - line.refunded.cents - line.voided.cents;
}

function grouped(rows: readonly ReportRow[], keyOf: (r: ReportRow) => string | null): ReportLine[] {
  const lines = new Map<string | null, ReportLine>();
  for (const row of rows) {
    if (!bucketOf(row)) continue;
    const key = keyOf(row);
    let line = lines.get(key);
    if (!line) lines.set(key, (line = emptyLine(key)));
    add(line, row);
  }
  // Named keys in order, the payments without one last.
  return [...lines.values()].sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : a.key.localeCompare(b.key)));
}

export interface ReportWindow {
  mode: DayReport['mode'];
  date: string;
  since: string;
  until: string;
  afterPaymentId: number;
  /** A shift report's cashier; null for the whole day. */
  cashier: string | null;
  generatedAt: string;
}

/** The report of a window's rows (oldest first) and of what the journal still holds unresolved. */
export function buildDayReport(window: ReportWindow, rows: readonly ReportRow[], unresolved: Unresolved): DayReport {
  const total = emptyLine(null);
  for (const row of rows) add(total, row);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    ...window,
    payments: rows.length,
    total,
    byTender: grouped(rows, (r) => r.tender),
    byType: grouped(rows, (r) => r.type),
    // A void or refund carries the card it was made on; a check has no brand.
    byBrand: grouped(rows, (r) => (r.tender === 'card' ? r.brand : null)),
    byCashier: grouped(rows, (r) => r.cashier),
    firstPaymentAt: first?.createdAt ?? null,
    lastPaymentAt: last?.createdAt ?? null,
    lastPaymentId: last?.id ?? null,
    unresolved,
    closed: null,
  };
}
