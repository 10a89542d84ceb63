import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Mode } from './app';
import { CashierNumber } from './cashiers';
import { PaymentState } from './payments';
import { ReceiptPrinted } from './receipts';

/**
 * Contract entries of the day's report and its close (main/reports). Figures are integer cents; a
 * report covers the payments after the previous close (or from the day's local midnight when no
 * day before it was closed) up to the end of its local day.
 */

export const ReportDate = lazySchema(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD'));

const Count = lazySchema(() => z.number().int().nonnegative());
/** How many payments and their amount (refunds of an earlier day voided today can make cents negative). */
export const ReportFigure = lazySchema(() => z.strictObject({ count: Count, cents: z.number().int() }));
export type ReportFigure = z.infer<typeof ReportFigure>;

/** One line of a report: every payment of a tender, type, card brand or cashier (key null: none). */
export const ReportLine = lazySchema(() => z.strictObject({
  key: z.string().max(60).nullable(),
  /** Sales, completions and verifications approved (a pre-authorization takes no money: `held`). */
  approved: ReportFigure,
  /** Pre-authorizations approved: money held, not taken. */
  held: ReportFigure,
  /** Refunds approved, less refunds voided. */
  refunded: ReportFigure,
  /** Approved voids of sales and completions. */
  voided: ReportFigure,
  declined: ReportFigure,
  rejected: ReportFigure,
  /** Stored offline and not yet forwarded. */
  offline: ReportFigure,
  /** approved − refunded − voided. */
  netCents: z.number().int(),
}));
export type ReportLine = z.infer<typeof ReportLine>;

/** A payment the close names before it is confirmed. */
export const UnresolvedItem = lazySchema(() => z.strictObject({
  ref: z.string().max(64),
  reason: z.enum(['offline', 'needs-lookup', 'attention']),
  state: PaymentState,
  cents: z.number().int().nonnegative(),
  createdAt: z.string(),
}));
export type UnresolvedItem = z.infer<typeof UnresolvedItem>;

export const Unresolved = lazySchema(() => z.strictObject({
  /** Of the whole journal, not only the day: what still waits when the day is closed. */
  offline: ReportFigure,
  needsLookup: Count,
  attention: Count,
  /** The first of them, oldest first (at most 50). */
  items: z.array(UnresolvedItem).max(50),
}));
export type Unresolved = z.infer<typeof Unresolved>;

export const ClosedMark = lazySchema(() => z.strictObject({
  closedAt: z.string(),
  /** The cashier number of whoever closed it, when one was signed in. */
  closedBy: z.string().max(40).nullable(),
  /** SHA-256 of the figures as kept: a reprint shows the same figures as the close. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
}));

export const DayReport = lazySchema(() => z.strictObject({
  mode: Mode,
  date: ReportDate,
  /** ISO start of the window: the day's local midnight, or the previous close's day when one cut it. */
  since: z.string(),
  /** ISO end of the window (exclusive): the next local midnight. */
  until: z.string(),
  /** A shift report: only this cashier's payments of the day (null: the whole day's). */
  cashier: CashierNumber.nullable().default(null),
  /** Payments with an id above this one (the previous close's last payment; 0 when none). */
  afterPaymentId: Count,
  payments: Count,
  total: ReportLine,
  byTender: z.array(ReportLine),
  byType: z.array(ReportLine),
  byBrand: z.array(ReportLine),
  byCashier: z.array(ReportLine),
  firstPaymentAt: z.string().nullable(),
  lastPaymentAt: z.string().nullable(),
  lastPaymentId: Count.nullable(),
  unresolved: Unresolved,
  generatedAt: z.string(),
  /** Set once the day is closed: the report as it was kept. */
  closed: ClosedMark.nullable(),
}));
export type DayReport = z.infer<typeof DayReport>;

export const ClosedDay = lazySchema(() => z.strictObject({
  date: ReportDate,
  closedAt: z.string(),
  closedBy: z.string().max(40).nullable(),
  payments: Count,
  netCents: z.number().int(),
}));
export type ClosedDay = z.infer<typeof ClosedDay>;

const ModeInput = lazySchema(() => Mode.optional());
/** A shift report (terminal.cashierSignIn): one cashier's payments of the day. */
const Shift = lazySchema(() => CashierNumber.optional());

export const reportMethods = {
  /** The report of a local day (today by default); a closed day's is the one kept at its close. */
  'report.day': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate.optional(), cashier: Shift })), output: DayReport },
  /**
   * Closes a day: its report is kept and later payments go to the next one. Refused (CONFLICT,
   * naming them) while payments are unresolved, unless `confirm` says the manager saw them.
   */
  'report.close': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate, confirm: z.literal(true).optional() })), output: DayReport },
  /** A closed day's report as kept (NOT_FOUND when that day was not closed). */
  'report.get': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate })), output: DayReport },
  /** The closed days, newest first. */
  'report.closed': { input: lazySchema(() => z.strictObject({ mode: ModeInput, limit: z.number().int().min(1).max(366).default(60) })), output: lazySchema(() => z.array(ClosedDay)) },
  /** The report as printer text: 42 or 32 columns (receipt paper of 80 or 58 mm). */
  'report.lines': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate, cashier: Shift, columns: z.union([z.literal(42), z.literal(32)]).default(42) })), output: lazySchema(() => z.array(z.string().max(42))) },
  /** Prints the report where receipts print; `browser`: the page prints the lines itself. */
  'report.print': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate, cashier: Shift, columns: z.union([z.literal(42), z.literal(32)]).default(42) })), output: ReceiptPrinted },
  /** The report as a PDF of its printer text (base64): what the owner is handed. */
  'report.pdf': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate, cashier: Shift, columns: z.union([z.literal(42), z.literal(32)]).default(42) })), output: lazySchema(() => z.strictObject({ filename: z.string(), base64: z.string() })) },
  /** The report as CSV (section, key, figure, count, amount). */
  'report.csv': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: ReportDate, cashier: Shift })), output: lazySchema(() => z.strictObject({ filename: z.string(), csv: z.string() })) },
} as const;
