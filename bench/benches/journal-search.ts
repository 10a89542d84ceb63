import { randomBytes } from 'node:crypto';
import type { Core } from '../../main/core';
import type { JournalSearch } from '../../main/payments/ledger';
import { localDate } from '../../main/payments/ledger';
import type { PaymentState, PaymentType, Tender } from '../../main/payments/states';
import type { Db } from '../../main/store/database';
import { compare, measure, type Comparison, type Sample } from '../harness';
import { diskDir } from '../support/data-dirs';
import { benchCore, liveSettings } from '../support/lane';
import { ms } from '../support/stats';

/**
 * The journal's reads with a month of payments in it: 100,000 rows inserted straight with SQL (in
 * one transaction, for speed) with a lane's mix over 30 days (busier at midday, mostly approved
 * card sales, some declines, refunds, voids, checks, a few rows stored offline or waiting for a
 * lookup), then the Ledger's search (a day and a card's last 4 digits, the month and the last 4, a
 * state filter, a reference), the daily totals and the queue status, each against a raw
 * `SELECT count(*)` over the table. Target: each under 50 ms.
 */
const ROWS = 100_000;
const DAYS = 30;

type Pick<T> = ReadonlyArray<readonly [T, number]>;

function weighted<T>(table: Pick<T>, r: number): T {
  let left = r * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) {
    left -= w;
    if (left <= 0) return v;
  }
  return (table.at(-1) as readonly [T, number])[0];
}

const STATES: Pick<PaymentState> = [['approved', 880], ['declined', 50], ['rejected', 8], ['cancelled', 30], ['failed', 10], ['voided', 2], ['offline', 5], ['needs-lookup', 2]];
const TYPES: Pick<PaymentType> = [['sale', 860], ['refund', 50], ['void', 30], ['preauth', 30], ['completion', 25], ['verify', 5]];
const BRANDS: Pick<string> = [['visa', 55], ['mastercard', 30], ['amex', 10], ['discover', 5]];
/** Hour of the day a payment is made (local time), weighted like a shop's day. */
const HOURS: Pick<number> = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((h) => [h, h >= 11 && h <= 13 ? 3 : h >= 17 && h <= 18 ? 2.5 : 1] as const);

/** A small deterministic generator, so every run searches the same journal. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Known {
  /** A card seen often, and one day it was used. */
  last4: string;
  day: string;
  clientRef: string;
  saleId: string;
  tag: string;
  authorizationNum: string;
  /** The oldest row's tag: a reference search that finds it scans the whole table (newest first). */
  oldTag: string;
}

/** Inserts the month of payments into a live journal; returns values the searches look for. */
export function fillJournal(db: Db, now: Date): Known {
  const rnd = random(42);
  const insert = db.prepare(
    `INSERT INTO journal (client_ref, sale_id, mode, type, tender, transaction_type, requested_cents, approved_cents, masked, brand, last4,
       routing, check_number, cardholder_name, entry, cashier, state, outcome_kind, gateway_code, bank_code, message, tag, authorization_num,
       sequence_no, retrieval_ref, attempts, stored_offline, attention, sealed, owner, lease_until, created_at, updated_at, finished_at)
     VALUES (@clientRef, @saleId, 'live', @type, @tender, @transactionType, @requested, @approved, @masked, @brand, @last4,
       @routing, @checkNumber, @name, @entry, @cashier, @state, @outcomeKind, @gatewayCode, @bankCode, @message, @tag, @auth,
       @sequenceNo, @retrievalRef, @attempts, @storedOffline, @attention, @sealed, NULL, NULL, @at, @at, @finishedAt)`,
  );
  const event = db.prepare(`INSERT INTO journal_event (payment_id, from_state, to_state, at, detail) VALUES (?, ?, ?, ?, NULL)`);
  // Times in order, oldest first, as a journal fills.
  const times = Array.from({ length: ROWS }, () => {
    const day = Math.floor(rnd() * DAYS);
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - DAYS + 1 + day, weighted(HOURS, rnd()), Math.floor(rnd() * 60), Math.floor(rnd() * 60));
    return d.getTime();
  }).sort((a, b) => a - b);
  const sealedBlob = randomBytes(430);
  const known: Partial<Known> = {};
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const at = new Date(times[i] ?? 0);
      const iso = at.toISOString();
      const state = weighted(STATES, rnd());
      const tender: Tender = rnd() < 0.05 ? 'check' : 'card';
      const type = tender === 'check' ? 'sale' : weighted(TYPES, rnd());
      const requested = type === 'verify' ? 0 : 100 + Math.floor(rnd() * rnd() * 40_000);
      // About 20,000 cards: a card comes back a few times a month.
      const last4 = String(Math.floor(rnd() * 20_000) % 10_000).padStart(4, '0');
      const brand = tender === 'check' ? 'check' : weighted(BRANDS, rnd());
      const approved = state === 'approved';
      const answered = approved || state === 'declined' || state === 'rejected' || state === 'voided';
      const tag = answered ? String(900_000_000 + i) : null;
      const auth = approved ? `ET${String(100_000 + i).slice(-6)}` : null;
      const clientRef = `L${at.getTime().toString(36).toUpperCase().padStart(8, '0')}${String(i).padStart(10, '0')}`;
      const saleId = `sale-${at.getTime().toString(36)}-${i}`;
      const stored = state === 'offline' || state === 'needs-lookup';
      const info = insert.run({
        clientRef,
        saleId,
        type,
        tender,
        transactionType: tender === 'check' ? 'TC' : '00',
        requested,
        approved: approved ? requested : null,
        masked: tender === 'check' ? `****${last4}` : `411111******${last4}`,
        brand,
        last4,
        routing: tender === 'check' ? '021000021' : null,
        checkNumber: tender === 'check' ? String(1000 + (i % 9000)) : null,
        name: tender === 'check' ? null : 'TRAINING/VISA',
        entry: tender === 'check' ? 'micr' : 'swipe',
        cashier: `cashier${i % 7}`,
        state,
        outcomeKind: answered ? state : stored ? 'not-sent' : null,
        gatewayCode: answered ? (approved ? '00' : '05') : null,
        bankCode: answered ? (approved ? '100' : '500') : null,
        message: approved ? 'APPROVED' : state === 'declined' ? 'Do not honour' : null,
        tag,
        auth,
        sequenceNo: answered ? String(i) : null,
        retrievalRef: answered ? `R${i}` : null,
        attempts: answered ? 1 : 0,
        storedOffline: stored ? 1 : 0,
        attention: state === 'declined' && rnd() < 0.02 ? 1 : 0,
        sealed: state === 'offline' ? sealedBlob : null,
        at: iso,
        finishedAt: stored ? null : iso,
      });
      const id = Number(info.lastInsertRowid);
      event.run(id, null, 'choosing', iso);
      event.run(id, 'choosing', state, iso);
      if (i === 0) known.oldTag = tag ?? '900000000';
      if (i === Math.floor(ROWS * 0.6)) Object.assign(known, { last4, day: localDate(at), clientRef, saleId, tag: tag ?? undefined, authorizationNum: auth ?? undefined });
    }
  })();
  // A tag and an authorization number that exist, for the reference searches.
  const answered = db.prepare<[], { tag: string; auth: string }>(`SELECT tag, authorization_num AS auth FROM journal WHERE authorization_num IS NOT NULL AND id > ? ORDER BY id LIMIT 1`.replace('?', String(Math.floor(ROWS * 0.6)))).get();
  return { ...(known as Known), tag: known.tag ?? answered?.tag ?? '', authorizationNum: known.authorizationNum ?? answered?.auth ?? '', oldTag: known.oldTag ?? '' };
}

export async function run(): Promise<Comparison[]> {
  const dir = diskDir('pos-bench-journal-');
  let core: Core | undefined;
  try {
    core = await benchCore(dir.path, liveSettings('http://127.0.0.1:9/transaction/v14'));
    const journal = core.journals.of('live');
    const now = new Date();
    const t0 = performance.now();
    const known = fillJournal(journal.db, now);
    const fillMs = performance.now() - t0;
    const ledger = core.payments.ledger;

    const baseline = await measure('raw SELECT count(*) FROM journal', () => journal.db.prepare('SELECT count(*) FROM journal').pluck().get(), { iterations: 200 });
    const [y, m, d] = known.day.split('-').map(Number);
    const dayStart = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
    const dayEnd = new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1);
    const monthStart = new Date(now.getFullYear(), now.getMonth(), now.getDate() - DAYS);
    const search = (input: Partial<JournalSearch>) => (): number => ledger.search({ mode: 'live', limit: 100, ...input }).rows.length;

    const payments = core.payments.payments;
    const cases: Array<[string, () => number, number?]> = [
      [`search: one day + last4 (${known.day}, ${known.last4})`, search({ since: dayStart.toISOString(), until: dayEnd.toISOString(), last4: known.last4 })],
      [`search: 30 days + last4`, search({ since: monthStart.toISOString(), until: now.toISOString(), last4: known.last4 })],
      ['search: states declined, rejected (newest 100)', search({ states: ['declined', 'rejected'] })],
      ['search: state needs-lookup (rare)', search({ states: ['needs-lookup'] })],
      ['search: one day, all states (newest 100)', search({ since: dayStart.toISOString(), until: dayEnd.toISOString() })],
      ['search: reference = client reference', search({ reference: known.clientRef })],
      ['search: reference = transaction tag', search({ reference: known.tag })],
      ['search: reference = authorization number', search({ reference: known.authorizationNum })],
      ['search: reference = the oldest row\'s tag', search({ reference: known.oldTag })],
      ['search: reference that matches nothing', search({ reference: 'NOSUCHREF1' })],
      [`totals: one day (${known.day})`, () => ledger.totals(known.day, 'live').lines.length],
      ['queue: status (offline queue, needs-lookup, attention)', () => ledger.status().live.count],
      ['queue: list offline (oldest first, up to 1000)', () => ledger.list('offline', 'live').length, 20],
      // What every finished sale and every forwarded row sets off: the status refresh and queue.changed.
      ['after each sale: queueChanged() (status + queue.changed)', () => (payments.queueChanged(), 1), 30],
    ];
    const results: Comparison[] = [];
    for (const [name, fn, iterations] of cases) {
      const subject: Sample = await measure(name, fn, { iterations: iterations ?? 60, warmup: 5 });
      results.push(compare(`Journal with ${ROWS.toLocaleString('en-US')} rows: ${name}`, subject, baseline, { target: '< 50 ms', note: `${ms(subject.medianMs)} per query, ${fn()} row(s)` }));
    }
    const first = results[0];
    if (first) first.note = `${first.note ?? ''}; journal filled in ${(fillMs / 1000).toFixed(1)} s on ${dir.label}`;
    return results;
  } finally {
    await core?.close();
    dir.remove();
  }
}
