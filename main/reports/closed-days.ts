import { createHash } from 'node:crypto';
import { DayReport, type ClosedDay } from '../../preload/contract';
import type { Db } from '../store/database';

/**
 * The closed days of one journal, kept in that journal's file (training and live closes stay
 * apart, as their payments do). A row holds the report as it was at the close, as JSON, with a
 * SHA-256 digest of that JSON: a reprint is checked against it, so a changed row is refused rather
 * than printed as the day's figures. The figures are not sealed (encrypted) as card data is: they
 * hold no secret, and posctl, which cannot unseal, must print them.
 */

export interface ClosedRow {
  date: string;
  closedAt: string;
  closedBy: string | null;
  lastPaymentId: number;
  report: DayReport;
}

const TABLE = `CREATE TABLE IF NOT EXISTS day_close (
  id              INTEGER PRIMARY KEY,
  date            TEXT NOT NULL UNIQUE,
  closed_at       TEXT NOT NULL,
  closed_by       TEXT,
  last_payment_id INTEGER NOT NULL,
  figures         TEXT NOT NULL,
  digest          TEXT NOT NULL
) STRICT`;

export function digestOf(figures: string): string {
  return createHash('sha256').update(figures).digest('hex');
}

interface Raw {
  date: string;
  closedAt: string;
  closedBy: string | null;
  lastPaymentId: number;
  figures: string;
  digest: string;
}

const COLUMNS = `date, closed_at AS closedAt, closed_by AS closedBy, last_payment_id AS lastPaymentId, figures, digest`;

export class ClosedDays {
  private ready = false;

  constructor(private readonly db: Db) {}

  /** The table is made on first use: a journal no one closed a day in has none. */
  private table(): void {
    if (this.ready) return;
    this.db.exec(TABLE);
    this.ready = true;
  }

  private exists(): boolean {
    return this.ready || this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'day_close'`).get() !== undefined;
  }

  private parse(raw: Raw): ClosedRow {
    if (digestOf(raw.figures) !== raw.digest) throw new Error(`the kept report of ${raw.date} does not match its digest: it was changed after the close`);
    return { date: raw.date, closedAt: raw.closedAt, closedBy: raw.closedBy, lastPaymentId: raw.lastPaymentId, report: DayReport.parse(JSON.parse(raw.figures)) };
  }

  get(date: string): ClosedRow | undefined {
    if (!this.exists()) return undefined;
    const raw = this.db.prepare<[string], Raw>(`SELECT ${COLUMNS} FROM day_close WHERE date = ?`).get(date);
    return raw ? this.parse(raw) : undefined;
  }

  /** The latest close of a day before `date`: the next report starts after its last payment. */
  before(date: string): { date: string; lastPaymentId: number } | undefined {
    if (!this.exists()) return undefined;
    return this.db.prepare<[string], { date: string; lastPaymentId: number }>(`SELECT date, last_payment_id AS lastPaymentId FROM day_close WHERE date < ? ORDER BY date DESC LIMIT 1`).get(date);
  }

  /** The latest closed day, if any. */
  latest(): string | undefined {
    if (!this.exists()) return undefined;
    return (this.db.prepare(`SELECT max(date) FROM day_close`).pluck().get() as string | null) ?? undefined;
  }

  list(limit: number): ClosedDay[] {
    if (!this.exists()) return [];
    return this.db
      .prepare<[number], Raw>(`SELECT ${COLUMNS} FROM day_close ORDER BY date DESC LIMIT ?`)
      .all(limit)
      .map((raw) => {
        const r = this.parse(raw);
        return { date: r.date, closedAt: r.closedAt, closedBy: r.closedBy, payments: r.report.payments, netCents: r.report.total.netCents };
      });
  }

  /** Keeps a close; false when the day was closed already (by another page or posctl). */
  add(row: ClosedRow & { figures: string; digest: string }): boolean {
    this.table();
    const done = this.db
      .prepare(`INSERT INTO day_close (date, closed_at, closed_by, last_payment_id, figures, digest) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (date) DO NOTHING`)
      .run(row.date, row.closedAt, row.closedBy, row.lastPaymentId, row.figures, row.digest);
    return done.changes === 1;
  }
}
