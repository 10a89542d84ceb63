import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DayReport, type ClosedDay } from '../../preload/contract';
import type { Db } from '../store/database';

/**
 * The closed days of one journal, kept in that journal's file (training and live closes stay
 * apart, as their payments do). A row holds the report as it was at the close, as JSON, with a mark
 * of that JSON: HMAC-SHA256 under a key derived from the terminal key (`day-close`), as the PIN
 * verifiers are keyed, so a row changed by anyone without the key (a copy of the file, an editor)
 * is refused rather than printed as the day's figures. Where the key does not open (a lane kept in
 * training), the mark is a plain SHA-256 digest, which catches accidents only. The figures are not
 * encrypted: they hold no secret, and every process of the lane (posctl too) must print them.
 */

/** Makes and checks a row's mark; `key` is the derived `day-close` key, absent where the terminal key does not open. */
export function reportMark(key: Buffer | undefined) {
  const plain = (figures: string): string => createHash('sha256').update(figures).digest('hex');
  const keyed = (figures: string, k: Buffer): string => createHmac('sha256', k).update(figures).digest('hex');
  const same = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    sign: (figures: string): string => (key ? `hmac-sha256:${keyed(figures, key)}` : `sha256:${plain(figures)}`),
    /**
     * Whether `mark` is this JSON's. Where the key opens only a keyed mark counts (a plain digest is
     * what anyone could write); where it does not, only a plain one can be checked.
     */
    check(figures: string, mark: string): boolean {
      return key ? same(mark, `hmac-sha256:${keyed(figures, key)}`) : same(mark, `sha256:${plain(figures)}`);
    },
  };
}
export type ReportMark = ReturnType<typeof reportMark>;

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

/** The digest a report carries of its own figures (shown and printed with it; the row's mark protects both). */
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

  constructor(
    private readonly db: Db,
    private readonly mark: () => ReportMark,
  ) {}

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
    if (!this.mark().check(raw.figures, raw.digest)) {
      throw new Error(`the kept report of ${raw.date} does not match its mark: it was changed after the close, or the terminal key that marked it does not open here`);
    }
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
  add(row: ClosedRow & { figures: string }): boolean {
    this.table();
    const done = this.db
      .prepare(`INSERT INTO day_close (date, closed_at, closed_by, last_payment_id, figures, digest) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (date) DO NOTHING`)
      .run(row.date, row.closedAt, row.closedBy, row.lastPaymentId, row.figures, this.mark().sign(row.figures));
    return done.changes === 1;
  }
}
