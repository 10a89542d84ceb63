import type { DailyTotals, JournalSearch, Mode, PaymentRow, QueueAction, QueueStatus } from '../../preload/contract';
import type { z } from 'zod';
import type { JournalSearch as JournalSearchSchema } from '../../preload/contract/payments';
import { PosError } from '../api/errors';
import { formatDollars } from '../config/setting';
import type { SettingsStore } from '../config/settings-store';
import type { JournalRow, JournalStore } from './journal/journal';
import { JournalConflictError } from './journal/journal';
import type { Forwarder } from './forwarder';
import { STORED_STATES, type PaymentType } from './states';
import { expiredBefore, type OfflinePolicy } from './policy';
import { offlinePolicyOf } from './sale-policy';
import { standingsOf } from './standing';
import { paymentRowView, UNTOUCHED } from './views';

/**
 * The queue and journal as a store manager and a technician see them: counts, lists, search,
 * daily totals, CSV, and the manager's decisions on payments that need one. Reads need no key.
 */
export interface LedgerDeps {
  settings: SettingsStore;
  mode: () => Mode;
  /** The journal of a mode, or undefined when it does not exist yet (nothing to count). */
  existingJournal: (mode: Mode) => JournalStore | undefined;
  journal: (mode: Mode) => JournalStore;
  forwarder: Forwarder;
  now: () => Date;
}

type Search = z.output<typeof JournalSearchSchema>;

const EMPTY = { count: 0, totalCents: 0, oldestAt: null, needsLookup: 0, attention: 0, expired: 0 };

export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  private policy(): OfflinePolicy {
    return offlinePolicyOf(this.deps.settings);
  }

  /**
   * Rows as the contract's PaymentRow, each with its original's reference and its standing: two
   * queries for the whole page, not one per row.
   */
  private views(journal: JournalStore, rows: readonly JournalRow[], before = expiredBefore(this.policy(), this.deps.now())): PaymentRow[] {
    if (rows.length === 0) return [];
    const standings = standingsOf(journal.madeFrom(rows.map((r) => r.id)));
    const originals = journal.clientRefs(rows.flatMap((r) => (r.originalId !== null ? [r.originalId] : [])));
    return rows.map((row) =>
      paymentRowView(row, {
        expiredBefore: before,
        originalRef: row.originalId !== null ? (originals.get(row.originalId) ?? null) : null,
        standing: standings.get(row.id) ?? UNTOUCHED,
      }),
    );
  }

  private view(journal: JournalStore, row: JournalRow): PaymentRow {
    return this.views(journal, [row])[0] as PaymentRow;
  }

  status(): QueueStatus {
    const policy = this.policy();
    const before = expiredBefore(policy, this.deps.now());
    const of = (mode: Mode): QueueStatus['live'] => {
      const journal = this.deps.existingJournal(mode);
      if (!journal) return { ...EMPTY };
      return { ...journal.queueSummary(), expired: journal.countStoredBefore(before) };
    };
    const f = this.deps.forwarder;
    return {
      mode: this.deps.mode(),
      live: of('live'),
      training: of('training'),
      paused: f.isPaused,
      forwarding: f.isRunning,
      nextAttemptAt: f.nextAttemptAt,
      lastError: f.lastError,
      limits: { enabled: policy.enabled, maxAmountCents: policy.maxAmountCents, maxTotalCents: policy.maxTotalCents, maxCount: policy.maxCount, maxAgeHours: policy.maxAgeHours },
    };
  }

  /** A journal row by client reference (receipts). */
  row(ref: string, mode: Mode): JournalRow | undefined {
    return this.deps.existingJournal(mode)?.get(ref);
  }

  list(list: 'offline' | 'needs-lookup' | 'attention', mode = this.deps.mode()): PaymentRow[] {
    const journal = this.deps.existingJournal(mode);
    if (!journal) return [];
    const filter =
      list === 'offline' ? { states: [...STORED_STATES] } : list === 'needs-lookup' ? { states: ['needs-lookup'] as const } : { attention: true };
    // Oldest first: the order they are forwarded in.
    return this.views(journal, journal.search({ ...filter, limit: 1000 }).reverse());
  }

  search(input: Search): { rows: PaymentRow[]; nextBeforeId: number | null } {
    const journal = this.deps.existingJournal(input.mode ?? this.deps.mode());
    if (!journal) return { rows: [], nextBeforeId: null };
    const rows = journal.search({ ...stripMode(input) });
    const last = rows.at(-1);
    return { rows: this.views(journal, rows), nextBeforeId: rows.length === input.limit && last ? last.id : null };
  }

  get(ref: string, mode = this.deps.mode()): { payment: PaymentRow; related: PaymentRow[]; events: Array<{ from: PaymentRow['state'] | null; to: PaymentRow['state']; at: string; detail: string | null }> } {
    const journal = this.deps.existingJournal(mode);
    const row = journal?.get(ref);
    if (!journal || !row) throw new PosError('NOT_FOUND', `no payment ${ref} in the ${mode} journal`);
    const original = row.originalId !== null ? journal.getById(row.originalId) : undefined;
    const related = [...(original ? [original] : []), ...journal.children(row.id), ...journal.ofSale(row.saleId).filter((r) => r.id !== row.id)];
    const events = journal.db
      .prepare<[number], { from: PaymentRow['state'] | null; to: PaymentRow['state']; at: string; detail: string | null }>(
        `SELECT from_state AS "from", to_state AS "to", at, detail FROM journal_event WHERE payment_id = ? ORDER BY id`,
      )
      .all(row.id);
    return { payment: this.view(journal, row), related: this.views(journal, related), events };
  }

  /** Totals of one local day (the terminal's time zone). */
  totals(date: string | undefined, mode = this.deps.mode()): DailyTotals {
    const day = date ?? localDate(this.deps.now());
    const [y, m, d] = day.split('-').map(Number);
    const since = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
    const until = new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1);
    const journal = this.deps.existingJournal(mode);
    const lines = journal?.totals(since.toISOString(), until.toISOString()) ?? [];
    const voids = journal?.voidedByType(since.toISOString(), until.toISOString()) ?? [];
    const sum = (pred: (l: (typeof lines)[number]) => boolean): number => lines.filter(pred).reduce((s, l) => s + l.cents, 0);
    const voidedOf = (pred: (type: PaymentType) => boolean): number => voids.filter((v) => pred(v.type)).reduce((s, v) => s + v.cents, 0);
    const approvedCents = sum((l) => l.bucket === 'approved' && l.type !== 'refund' && l.type !== 'void' && l.type !== 'preauth');
    // A voided refund gave nothing back; a voided pre-auth took nothing (it is not in approvedCents):
    // only voids of what approvedCents counts are taken off it.
    const refundedCents = sum((l) => l.bucket === 'approved' && l.type === 'refund') - voidedOf((t) => t === 'refund');
    const voidedCents = voidedOf((t) => t !== 'refund' && t !== 'preauth');
    const offlineOutstandingCents = sum((l) => l.bucket === 'offline');
    return { mode, date: day, lines, approvedCents, refundedCents, voidedCents, offlineOutstandingCents, netCents: approvedCents - refundedCents - voidedCents };
  }

  exportCsv(input: Omit<Search, 'beforeId' | 'limit'>): { filename: string; csv: string; rows: number } {
    const mode = input.mode ?? this.deps.mode();
    const journal = this.deps.existingJournal(mode);
    const header = ['created_at', 'client_ref', 'sale_id', 'mode', 'type', 'tender', 'state', 'requested', 'approved', 'card_or_account', 'brand', 'cardholder', 'entry', 'authorization', 'tag', 'sequence', 'gateway_code', 'bank_code', 'message', 'cashier', 'original_ref', 'voided', 'refunded', 'completed'];
    const lines = [header.join(',')];
    let beforeId: number | undefined;
    let count = 0;
    // Paged so a year of payments streams through in bounded memory.
    for (;;) {
      const page = journal ? journal.search({ ...stripMode(input), limit: 1000, ...(beforeId !== undefined ? { beforeId } : {}) }) : [];
      for (const v of journal ? this.views(journal, page) : []) {
        lines.push(
          [v.createdAt, v.clientRef, v.saleId, v.mode, v.type, v.tender, v.state, formatDollars(v.requestedCents), v.approvedCents === null ? '' : formatDollars(v.approvedCents), v.masked, v.brand, v.cardholderName, v.entry, v.authorizationNum, v.tag, v.sequenceNo, v.gatewayCode, v.bankCode, v.message, v.cashier, v.originalRef, v.standing.voided ? 'yes' : '', centsCell(v.standing.refundedCents), centsCell(v.standing.completedCents)]
            .map(csvCell)
            .join(','),
        );
        count++;
      }
      if (page.length < 1000) break;
      beforeId = page.at(-1)?.id;
    }
    return { filename: `payments-${mode}-${localDate(this.deps.now())}.csv`, csv: `${lines.join('\r\n')}\r\n`, rows: count };
  }

  /** A manager's decision on a payment that needs one; who decided is recorded on the row. */
  resolve(action: QueueAction, mode = this.deps.mode()): PaymentRow {
    const journal = this.deps.journal(mode);
    const row = journal.get(action.ref);
    if (!row) throw new PosError('NOT_FOUND', `no payment ${action.ref} in the ${mode} journal`);
    const at = this.deps.now();
    const decided = { decidedBy: action.decidedBy };
    try {
      switch (action.action) {
        case 'lookup':
          this.need(row, 'needs-lookup', 'looked up');
          // The manager found it at the gateway: the card data is no longer needed to send it again.
          journal.update(row.clientRef, 'needs-lookup', { ...decided, tag: action.tag, authorizationNum: action.authorizationNum ?? null, nextAttemptAt: null, decision: 'tag entered', sealed: null }, at, `tag entered by ${action.decidedBy}`);
          this.deps.forwarder.wake();
          break;
        case 'not-processed':
          this.need(row, 'needs-lookup', 'sent again');
          // Checked and moved in one transaction: the card data cannot go in between (retention.ts).
          journal.db.transaction(() => {
            if (!journal.sealed(row.clientRef)) throw new PosError('CONFLICT', noCardDataLeft(row.clientRef));
            journal.apply(row.clientRef, 'decision', at, { ...decided, decision: 'not processed: send again', nextAttemptAt: null, owner: null, leaseUntil: null }, { to: 'offline', detail: `marked not processed by ${action.decidedBy}` });
          }).immediate();
          this.deps.forwarder.wake();
          break;
        case 'write-off':
          this.need(row, 'needs-lookup', 'written off');
          journal.apply(row.clientRef, 'decision', at, { ...decided, decision: 'written off' }, { to: 'voided', detail: `written off by ${action.decidedBy}` });
          break;
        case 'acknowledge':
          if (!row.attention) throw new PosError('CONFLICT', `payment ${row.clientRef} does not need attention`);
          journal.update(row.clientRef, row.state, { ...decided, attention: false, decision: 'customer contacted' }, at, `acknowledged by ${action.decidedBy}`);
          break;
      }
    } catch (e) {
      if (e instanceof JournalConflictError) throw new PosError('CONFLICT', e.message);
      throw e;
    }
    return this.view(journal, journal.get(row.clientRef) as JournalRow);
  }

  private need(row: JournalRow, state: JournalRow['state'], what: string): void {
    if (row.state !== state) throw new PosError('CONFLICT', `payment ${row.clientRef} is ${row.state}: only a payment that needs a lookup can be ${what}`);
  }
}

/** Why a payment waiting for a lookup cannot be sent again as it was: its card data is gone. */
export function noCardDataLeft(ref: string): string {
  return `payment ${ref} has no card data left to send again (it is removed once a tag is entered, and after offline.maxAgeHours): if it was not processed, write it off and take the payment again with the card`;
}

function stripMode<T extends { mode?: Mode | undefined }>(input: T): Omit<T, 'mode'> {
  const { mode: _mode, ...rest } = input;
  return rest;
}

/** A standing amount in the CSV: blank when nothing was refunded or completed. */
const centsCell = (cents: number): string => (cents === 0 ? '' : formatDollars(cents));

/** CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type { JournalSearch };
