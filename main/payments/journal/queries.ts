import { IN_FLIGHT_STATES, sqlList, STANDING_STATES, STORED_STATES, TOTALLED_STATES, type PaymentState, type PaymentType, type Tender } from '../states';
import type { Db } from '../../store/database';
import { ROW_COLUMNS, rowOf, type JournalRow, type RawRow } from './row';

/**
 * Reads of the journal: what the queue holds, search, daily totals. None needs the terminal key
 * (only masked columns are read), so every host can count and list the queue.
 */

/** A payment made from another, as a claim reads it: `voided` when a void of its own undid it. */
export type MadeFromRow = JournalRow & { voided?: boolean };

/** A void that undid the payment it was made from: approved, or stored offline (approved on the lane). */
const undoes = (r: JournalRow): boolean => r.type === 'void' && STANDING_STATES.has(r.state);

export interface JournalFilter {
  /** ISO timestamps, inclusive start, exclusive end. */
  since?: string;
  until?: string;
  type?: PaymentType;
  tender?: Tender;
  states?: readonly PaymentState[];
  last4?: string;
  amountCents?: number;
  /** A client reference, sale id, transaction tag or authorization number. */
  reference?: string;
  attention?: boolean;
  /** Rows with an id below this (paging, newest first). */
  beforeId?: number;
  limit?: number;
}

export interface QueueSummary {
  /** Stored offline and not yet forwarded (including the one being forwarded now). */
  count: number;
  totalCents: number;
  oldestAt: string | null;
  needsLookup: number;
  /** Declined or rejected after being stored offline: the merchant should contact the customer. */
  attention: number;
}

export interface TotalsLine {
  tender: Tender;
  type: PaymentType;
  /**
   * approved: final approvals; offline: stored and not yet forwarded (offline, forwarding);
   * declined: the bank said no; rejected: the gateway refused the request, it never reached the
   * bank. Nothing else is counted: failed and cancelled moved no money and were never answered,
   * needs-lookup has no answer yet (the queue counts it), voided was written off by a manager.
   */
  bucket: 'approved' | 'offline' | 'declined' | 'rejected';
  count: number;
  cents: number;
}

/**
 * A payment made from another (a void, refund or completion) as a journal row's standing reads
 * it: which payment it acts on, its type, state and amounts.
 */
export type MadeRow = Pick<JournalRow, 'id' | 'originalId' | 'clientRef' | 'type' | 'state' | 'requestedCents' | 'approvedCents'>;

/**
 * A payment as the day's report reads it (main/reports): its grouping keys, what it moved, and the
 * type of the payment it was made from (a void of a refund gives back, a void of a sale takes off).
 */
export interface ReportRow {
  id: number;
  type: PaymentType;
  tender: Tender;
  state: PaymentState;
  brand: string | null;
  cashier: string | null;
  requestedCents: number;
  approvedCents: number | null;
  attention: boolean;
  createdAt: string;
  originalType: PaymentType | null;
}

export interface PauseState {
  paused: boolean;
  by: string | null;
  at: string | null;
}

export interface JournalQueries {
  countQueued(): number;
  queueSummary(): QueueSummary;
  /** Rows a process may have left behind: before or while sending, or claimed by a forwarder. */
  inFlight(): JournalRow[];
  /** How many stored payments are older than `before` (ISO): flagged expired for the manager. */
  countStoredBefore(before: string): number;
  /** When the forwarder has something due next (a stored payment or a tag to look up), ISO; null when nothing waits. */
  nextDueAt(): string | null;
  /** Payments whose sealed forwarding data is still there (stored offline or waiting for a decision). */
  sealedCount(): number;
  /** Forward now, asked by a person: stored payments and tagged lookups waiting out a back-off are due at once. Returns how many. */
  makeDueNow(): number;
  /** The pause of forwarding kept in `queue_control` (shared by the app and posctl). */
  pauseState(): PauseState;
  setPause(paused: boolean, by: string | null, at: Date): void;
  search(filter: JournalFilter): JournalRow[];
  get(clientRef: string): JournalRow | undefined;
  getById(id: number): JournalRow | undefined;
  /** Payments made from this one (completions, voids, refunds), oldest first. */
  children(id: number): JournalRow[];
  /**
   * The same, as a claim reads them: each marked `voided` when a void of its own was approved or
   * stored offline (a refund or completion undone since holds nothing of the original).
   */
  claimsOn(id: number): MadeFromRow[];
  /** The sale's rows, oldest first. */
  ofSale(saleId: string): JournalRow[];
  /** Every payment of a split tender (the first payment's reference is its id), oldest first. */
  ofSplit(splitTenderId: string): JournalRow[];
  totals(since: string, until: string): TotalsLine[];
  /** The approved voids of a period, by the type of payment each voided (a voided refund gave nothing back). */
  voidedByType(since: string, until: string): Array<{ type: PaymentType; cents: number }>;
  /**
   * Every payment made from one of `ids`, and every void made from those (a voided refund no
   * longer counts): one query for a page of rows, whatever its size.
   */
  madeFrom(ids: readonly number[]): MadeRow[];
  /** The client references of these payments (the originals a page of rows names). */
  clientRefs(ids: readonly number[]): Map<number, string>;
  /** The payments of a report window: id above `afterId`, created in [since, until), oldest first. */
  reportRows(afterId: number, since: string, until: string): ReportRow[];
}

type Raw = RawRow;

/**
 * Daily totals, one bucket per state counted (see TotalsLine; forwarding is still stored
 * offline), so a state the WHERE does not name is never counted anywhere. `+state` keeps the
 * planner off the state index (a day's rows are few, a state's are most of the journal): the
 * day's rows are read by date.
 */
export const TOTALS_SQL = `SELECT tender, type,
            CASE WHEN state IN (${sqlList(STORED_STATES)}) THEN 'offline' ELSE state END AS bucket,
            count(*) AS count,
            sum(CASE WHEN state = 'approved' THEN coalesce(approved_cents, requested_cents) ELSE requested_cents END) AS cents
     FROM journal
     WHERE created_at >= ? AND created_at < ? AND +state IN (${sqlList(TOTALLED_STATES)})
     GROUP BY tender, type, bucket ORDER BY tender, type, bucket`;

/** Approved voids of a period by what they voided, read by date as the totals are. */
export const VOIDED_BY_TYPE_SQL = `SELECT o.type AS type, sum(coalesce(v.approved_cents, v.requested_cents)) AS cents
     FROM journal v JOIN journal o ON o.id = v.original_id
     WHERE v.created_at >= ? AND v.created_at < ? AND v.type = 'void' AND +v.state = 'approved'
     GROUP BY o.type ORDER BY o.type`;

/**
 * What was made from a page of payments (ids as one JSON array, so a page of any size is one
 * statement), then the voids of those: two levels, as far as operations go (a void is never
 * made from a void). Both read by the original_id index.
 */
const MADE_COLUMNS = `id, original_id AS originalId, client_ref AS clientRef, type, state, requested_cents AS requestedCents, approved_cents AS approvedCents`;
export const MADE_FROM_SQL = `WITH made AS (SELECT ${MADE_COLUMNS} FROM journal WHERE original_id IN (SELECT value FROM json_each(?)))
     SELECT * FROM made
     UNION
     SELECT ${MADE_COLUMNS} FROM journal WHERE type = 'void' AND original_id IN (SELECT id FROM made)
     ORDER BY id`;

/** The offline queue's count, total and oldest: every stored sale checks its limits with it (index journal_queue covers it). */
export const QUEUE_SUMMARY_SQL = `SELECT count(*) AS count, sum(requested_cents) AS totalCents, min(created_at) AS oldestAt FROM journal INDEXED BY journal_queue WHERE state IN (${sqlList(STORED_STATES)})`;

/** The report's rows, with what each void, refund or completion was made from (one join by primary key). */
export const REPORT_ROWS_SQL = `SELECT j.id, j.type, j.tender, j.state, j.brand, j.cashier, j.requested_cents AS requestedCents,
            j.approved_cents AS approvedCents, j.attention, j.created_at AS createdAt, o.type AS originalType
     FROM journal j LEFT JOIN journal o ON o.id = j.original_id
     WHERE j.id > ? AND j.created_at >= ? AND j.created_at < ? ORDER BY j.id`;

export function journalQueries(db: Db): JournalQueries {
  const countQueued = db.prepare(`SELECT count(*) FROM journal WHERE state IN (${sqlList(STORED_STATES)})`).pluck();
  const summary = db.prepare<[], { count: number; totalCents: number | null; oldestAt: string | null }>(QUEUE_SUMMARY_SQL);
  const lookups = db.prepare(`SELECT count(*) FROM journal WHERE state = 'needs-lookup'`).pluck();
  const attention = db.prepare(`SELECT count(*) FROM journal WHERE attention = 1`).pluck();
  const inFlight = db.prepare<[], Raw>(
    `SELECT ${ROW_COLUMNS} FROM journal WHERE state IN (${sqlList(IN_FLIGHT_STATES)}) ORDER BY id`,
  );
  const storedBefore = db.prepare(`SELECT count(*) FROM journal WHERE state IN (${sqlList(STORED_STATES)}) AND created_at < ?`).pluck();
  const nextDue = db.prepare(`SELECT min(coalesce(next_attempt_at, created_at)) FROM journal WHERE state = 'offline' OR (state = 'needs-lookup' AND tag IS NOT NULL)`).pluck();
  const sealedCount = db.prepare('SELECT count(*) FROM journal WHERE sealed IS NOT NULL').pluck();
  const makeDue = db.prepare(
    `UPDATE journal SET next_attempt_at = NULL WHERE next_attempt_at IS NOT NULL AND (state = 'offline' OR (state = 'needs-lookup' AND tag IS NOT NULL))`,
  );
  const readPause = db.prepare<[], { paused: number; by: string | null; at: string | null }>(`SELECT paused, paused_by AS "by", paused_at AS "at" FROM queue_control WHERE id = 1`);
  const writePause = db.prepare(
    `INSERT INTO queue_control (id, paused, paused_by, paused_at) VALUES (1, @paused, @by, @at)
     ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, paused_by = excluded.paused_by, paused_at = excluded.paused_at`,
  );
  const byRef = db.prepare<[string], Raw>(`SELECT ${ROW_COLUMNS} FROM journal WHERE client_ref = ?`);
  const byId = db.prepare<[number], Raw>(`SELECT ${ROW_COLUMNS} FROM journal WHERE id = ?`);
  const children = db.prepare<[number], Raw>(`SELECT ${ROW_COLUMNS} FROM journal WHERE original_id = ? ORDER BY id`);
  const ofSale = db.prepare<[string], Raw>(`SELECT ${ROW_COLUMNS} FROM journal WHERE sale_id = ? ORDER BY id`);
  const ofSplit = db.prepare<[string, string], Raw>(`SELECT ${ROW_COLUMNS} FROM journal WHERE split_tender_id = ? OR client_ref = ? ORDER BY id`);
  const totals = db.prepare<[string, string], TotalsLine>(TOTALS_SQL);
  const voidedByType = db.prepare<[string, string], { type: PaymentType; cents: number }>(VOIDED_BY_TYPE_SQL);
  const madeFrom = db.prepare<[string], MadeRow>(MADE_FROM_SQL);
  const clientRefs = db.prepare<[string], { id: number; clientRef: string }>(`SELECT id, client_ref AS clientRef FROM journal WHERE id IN (SELECT value FROM json_each(?))`);
  const reportRows = db.prepare<[number, string, string], Omit<ReportRow, 'attention'> & { attention: number }>(REPORT_ROWS_SQL);
  const searches = new Map<string, ReturnType<Db['prepare']>>();

  return {
    countQueued: () => countQueued.get() as number,
    queueSummary() {
      const s = summary.get() ?? { count: 0, totalCents: 0, oldestAt: null };
      return { count: s.count, totalCents: s.totalCents ?? 0, oldestAt: s.oldestAt, needsLookup: lookups.get() as number, attention: attention.get() as number };
    },
    inFlight: () => inFlight.all().map(rowOf),
    countStoredBefore: (before) => storedBefore.get(before) as number,
    nextDueAt: () => (nextDue.get() as string | null) ?? null,
    sealedCount: () => sealedCount.get() as number,
    makeDueNow: () => makeDue.run().changes,
    pauseState() {
      const row = readPause.get();
      return row ? { paused: row.paused === 1, by: row.by, at: row.at } : { paused: false, by: null, at: null };
    },
    setPause(paused, by, at) {
      writePause.run({ paused: paused ? 1 : 0, by: paused ? by : null, at: paused ? at.toISOString() : null });
    },
    get: (clientRef) => {
      const raw = byRef.get(clientRef);
      return raw ? rowOf(raw) : undefined;
    },
    getById: (id) => {
      const raw = byId.get(id);
      return raw ? rowOf(raw) : undefined;
    },
    children: (id) => children.all(id).map(rowOf),
    claimsOn: (id) => children.all(id).map((raw) => {
      const row = rowOf(raw);
      return children.all(row.id).map(rowOf).some(undoes) ? { ...row, voided: true } : row;
    }),
    ofSale: (saleId) => ofSale.all(saleId).map(rowOf),
    ofSplit: (id) => ofSplit.all(id, id).map(rowOf),
    totals: (since, until) => totals.all(since, until),
    voidedByType: (since, until) => voidedByType.all(since, until),
    madeFrom: (ids) => (ids.length === 0 ? [] : madeFrom.all(JSON.stringify(ids))),
    reportRows: (afterId, since, until) => reportRows.all(afterId, since, until).map((r) => ({ ...r, attention: r.attention === 1 })),
    clientRefs: (ids) => new Map(ids.length === 0 ? [] : clientRefs.all(JSON.stringify([...new Set(ids)])).map((r) => [r.id, r.clientRef])),
    search(filter) {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      const add = (sql: string, name: string, value: unknown): void => {
        where.push(sql);
        params[name] = value;
      };
      if (filter.since) add('created_at >= @since', 'since', filter.since);
      if (filter.until) add('created_at < @until', 'until', filter.until);
      if (filter.type) add('type = @type', 'type', filter.type);
      if (filter.tender) add('tender = @tender', 'tender', filter.tender);
      if (filter.last4) add('last4 = @last4', 'last4', filter.last4);
      if (filter.amountCents !== undefined) add('requested_cents = @amount', 'amount', filter.amountCents);
      if (filter.attention !== undefined) add('attention = @attention', 'attention', filter.attention ? 1 : 0);
      if (filter.beforeId !== undefined) add('id < @beforeId', 'beforeId', filter.beforeId);
      if (filter.reference) {
        add('(client_ref = @ref OR sale_id = @ref OR tag = @ref OR authorization_num = @ref)', 'ref', filter.reference);
      }
      if (filter.states && filter.states.length > 0) {
        where.push(`state IN (${filter.states.map((_, i) => `@state${i}`).join(', ')})`);
        filter.states.forEach((s, i) => (params[`state${i}`] = s));
      }
      params.limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
      const sql = `SELECT ${ROW_COLUMNS} FROM journal ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT @limit`;
      let stmt = searches.get(sql);
      if (!stmt) searches.set(sql, (stmt = db.prepare(sql)));
      return (stmt.all(params) as Raw[]).map(rowOf);
    },
  };
}
