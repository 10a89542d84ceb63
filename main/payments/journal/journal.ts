import { join } from 'node:path';
import type { Mode } from '../../../preload/contract';
import { canMove, eventMove, FINAL_STATES, isLightPath, type EventMove, type PaymentEvent, type PaymentState, type PaymentType, type Tender } from '../states';
import type { Db, OpenOptions, Statement } from '../../store/database';
import { journalMigrations } from './schema';
import { openEssentialDb } from '../../store/open-store';
import { journalQueries, type JournalQueries, type MadeFromRow } from './queries';
import { ROW_COLUMNS, rowOfValues, type JournalRow } from './row';
import { walPrimer } from './wal-primer';

export type { JournalRow } from './row';

/**
 * The payment journal, one SQLite file per mode: `journal-training.sqlite` and
 * `journal-live.sqlite`. Training payments can never be counted, forwarded or reported as live
 * ones because they are not in the same file. Every write is one transaction; a transition
 * updates `WHERE state = from` and fails when another process moved the row first.
 */

/** Columns a transition may set. `sealed: null` is implied by a final state. */
export type RowPatch = Partial<
  Omit<JournalRow, 'id' | 'clientRef' | 'mode' | 'state' | 'hasSealed' | 'createdAt' | 'updatedAt' | 'finishedAt' | 'storedOffline' | 'attention'>
> & { sealed?: Buffer | null; storedOffline?: boolean; attention?: boolean; attemptsIncrement?: boolean };

export interface NewPayment {
  clientRef: string;
  saleId: string;
  type: PaymentType;
  tender: Tender;
  requestedCents: number;
  surchargeCents?: number;
  taxCents?: number;
  cashier?: string;
  approvedBy?: string;
  originalId?: number;
  splitTenderId?: string;
  owner: string;
  leaseUntil: string;
}

/** Checks made inside a move's transaction (e.g. the offline limits against the queue as it is); throws to refuse the move. */
export type MoveGuard = () => void;

export class JournalConflictError extends Error {
  override name = 'JournalConflictError';
}

const COLUMN: Record<string, string> = {
  saleId: 'sale_id', type: 'type', tender: 'tender', transactionType: 'transaction_type', requestedCents: 'requested_cents',
  approvedCents: 'approved_cents', surchargeCents: 'surcharge_cents', taxCents: 'tax_cents', masked: 'masked', brand: 'brand',
  last4: 'last4', routing: 'routing', checkNumber: 'check_number', cardholderName: 'cardholder_name', entry: 'entry',
  deviceId: 'device_id', cashier: 'cashier', approvedBy: 'approved_by', outcomeKind: 'outcome_kind', gatewayCode: 'gateway_code', bankCode: 'bank_code',
  message: 'message', tag: 'tag', authorizationNum: 'authorization_num', sequenceNo: 'sequence_no', retrievalRef: 'retrieval_ref',
  receipt: 'receipt', splitTenderId: 'split_tender_id', attempts: 'attempts', originalId: 'original_id', sealed: 'sealed',
  owner: 'owner', leaseUntil: 'lease_until', nextAttemptAt: 'next_attempt_at', decidedBy: 'decided_by', decision: 'decision',
  storedOffline: 'stored_offline', attention: 'attention',
};

export interface JournalStore extends JournalQueries {
  readonly mode: Mode;
  readonly file: string;
  readonly db: Db;
  /** A new payment, journaled in `state` (or through each state of a list, recording each step) in one transaction. */
  create(payment: NewPayment, state: PaymentState | readonly PaymentState[], at: Date, patch?: RowPatch): JournalRow;
  /**
   * A payment made from an earlier one (void, refund, completion), written in the same IMMEDIATE
   * transaction that checks what is left of it: `claim` sees the original and every payment already
   * made from it as they are now, and returns the cents the new row holds (or throws, and nothing is
   * written). Another process asking at the same moment waits for this commit and then sees the
   * new row, so the same money is never claimed twice. Always a durable commit.
   */
  createFrom(
    payment: Omit<NewPayment, 'requestedCents' | 'originalId'>,
    originalId: number,
    claim: (original: JournalRow, made: readonly MadeFromRow[]) => number,
    state: PaymentState | readonly PaymentState[],
    at: Date,
  ): JournalRow;
  /**
   * Moves a payment from one of `from` to `to` (or through each state of a list, recording each
   * step) with the columns in `patch`, in one transaction. Throws JournalConflictError when the row is not in `from`
   * (another process moved it) and RangeError for a move the state machine does not allow.
   * A final state wipes the sealed data and schedules a WAL checkpoint. A move that stays before
   * anything is sealed (see `isLightMove`) is committed without waiting for the disk.
   */
  transition(clientRef: string, from: PaymentState | readonly PaymentState[], to: PaymentState | readonly PaymentState[], at: Date, patch?: RowPatch, detail?: string, guard?: MoveGuard): JournalRow;
  /**
   * Applies an event (states.ts `EVENTS`): the move `eventMove(event, move)` gives, made by
   * `transition` (same checks, same durability). Throws RangeError for a start or an end the event
   * does not have. Every change of a payment's state in main goes through here. A `guard` runs
   * inside the move's IMMEDIATE transaction, before anything is written: what it reads there no
   * other process can change before the commit, and when it throws nothing is written.
   */
  apply(clientRef: string, event: PaymentEvent, at: Date, patch?: RowPatch, move?: EventMove & { detail?: string; guard?: MoveGuard }): JournalRow;
  /** Updates columns without a state change (a manager enters a tag, a lease is renewed). */
  update(clientRef: string, state: PaymentState, patch: RowPatch, at: Date, detail?: string): JournalRow;
  /** The sealed forwarding data, if still there. */
  sealed(clientRef: string): Buffer | undefined;
  /**
   * Removes the sealed request (the card or check data) of every payment waiting for a lookup that
   * was created before `createdBefore`, recording `detail` as its event; what a lookup needs (the
   * reference, amount, masked card, tag) stays. Returns the payments changed.
   */
  forgetSealedLookups(createdBefore: string, at: Date, detail: string): JournalRow[];
  /**
   * Claims the oldest stored payment that is due, for `owner` until `leaseUntil`, in an IMMEDIATE
   * transaction: two forwarders (the app and posctl) never get the same row.
   */
  claimNext(owner: string, leaseUntil: string, at: Date): JournalRow | undefined;
  /** Claims the oldest payment waiting for a lookup whose tag is known (state unchanged, leased). */
  claimLookup(owner: string, leaseUntil: string, at: Date): JournalRow | undefined;
  /** Flushes the WAL into the database and truncates it, so no old page keeps wiped data. */
  checkpoint(): void;
  /**
   * Schedules the checkpoint a final answer schedules (then the log readied again). For the app's
   * start: a process killed after a final answer, before its checkpoint, left the wiped sealed
   * data in old pages of the files.
   */
  checkpointSoon(): void;
  dataVersion(): number;
  /**
   * Prepares the statements a card sale writes on the customer's way, its request and its final
   * answer (CARD_SALE_SHAPES) and their events, when they are not yet: called at the tender, so a lane's first sale
   * does not prepare them between the swipe and the request, and the answer and the screen.
   */
  prepareCardSale(): void;
  close(): void;
}

/** How long after the last final answer the WAL is checkpointed. */
/**
 * The UPDATE shapes (shapeOf) of a card sale's request (a card read, sealed, the attempt counted)
 * and of its final answer, approved, declined or refused (a partial approval adds splitTenderId).
 * A test holds them to what a swiped sale writes.
 */
const CARD_SALE_SHAPES = [
  'N,leaseUntil,entry,deviceId,masked,brand,last4,cardholderName,sealed,transactionType+',
  'F,outcomeKind,message,tag,authorizationNum,sequenceNo,retrievalRef,receipt,gatewayCode,bankCode,approvedCents,attention',
];

export const CHECKPOINT_QUIET_MS = 200;
/** The longest a wiped sealed blob can stay in the WAL while the journal keeps writing. */
export const CHECKPOINT_MAX_DELAY_MS = 1_000;

/**
 * A move that a power cut may undo without loss: a light path (`states.ts`: from and to states
 * before any sealing, or a cancel of such a row) writing no sealed data.
 */
export function isLightMove(from: readonly PaymentState[], path: readonly PaymentState[], patch: RowPatch = {}): boolean {
  return !patch.sealed && isLightPath(from, path);
}

export function journalFile(dataDir: string, mode: Mode): string {
  return join(dataDir, `journal-${mode}.sqlite`);
}

export function openJournal(dataDir: string, mode: Mode, options: OpenOptions = {}): JournalStore {
  const file = journalFile(dataDir, mode);
  // A journal is never recreated or moved aside by the terminal: a damaged one stops the start.
  const db = openEssentialDb(file, journalMigrations(mode), options, `the ${mode} payments`);
  return createJournalStore(db, mode, file);
}

/** A prepared UPDATE and the patch keys its parameters follow, in order. */
interface Update {
  stmt: Statement;
  keys: readonly (keyof RowPatch)[];
  final: boolean;
}

export function createJournalStore(db: Db, mode: Mode, file: string): JournalStore {
  const byRef = db.prepare<[string], unknown[]>(`SELECT ${ROW_COLUMNS} FROM journal WHERE client_ref = ?`).raw(true);
  /** What a transition checks before it writes: the row's id (for its events) and state, not the whole row. */
  const headOf = db.prepare<[string], { id: number; state: PaymentState }>(`SELECT id, state FROM journal WHERE client_ref = ?`);
  const insert = db.prepare(
    `INSERT INTO journal (client_ref, sale_id, mode, type, tender, requested_cents, surcharge_cents, tax_cents, cashier, approved_by, original_id,
       split_tender_id, state, owner, lease_until, created_at, updated_at)
     VALUES (@clientRef, @saleId, @mode, @type, @tender, @requestedCents, @surchargeCents, @taxCents, @cashier, @approvedBy, @originalId,
       @splitTenderId, @state, @owner, @leaseUntil, @at, @at)`,
  );
  /** The events of a path of `n` steps in one statement, prepared once per length. */
  const eventInserts: Statement[] = [];
  const eventsOf = (n: number): Statement =>
    (eventInserts[n] ??= db.prepare(`INSERT INTO journal_event (payment_id, from_state, to_state, at, detail) VALUES ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?)').join(', ')}`));
  const sealedOf = db.prepare<[string], { sealed: Buffer | null }>(`SELECT sealed FROM journal WHERE client_ref = ?`);
  const checkpointTruncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  /** An in-memory journal (tests) has no write-ahead log file. */
  const primeWal = file === ':memory:' ? undefined : walPrimer(db, `${file}-wal`);
  /** The UPDATE of each shape of patch (its columns, a final state or not, attempts counted or not), prepared once. */
  const updates = new Map<string, Update>();
  let checkpointTimer: ReturnType<typeof setTimeout> | undefined;
  let checkpointDue: number | undefined;

  function money(name: string, v: number | null | undefined): void {
    if (v !== undefined && v !== null && !Number.isSafeInteger(v)) throw new RangeError(`${name} must be an integer number of cents`);
  }

  function load(clientRef: string): JournalRow {
    const values = byRef.get(clientRef);
    if (!values) throw new JournalConflictError(`no payment ${clientRef} in the ${mode} journal`);
    return rowOfValues(values);
  }

  /** The patch's columns that are written (a final answer erases the sealed data whatever the caller passed). */
  function shapeOf(patch: RowPatch, final: boolean): string {
    let shape = final ? 'F' : 'N';
    for (const key in patch) {
      const value = patch[key as keyof RowPatch];
      if (value === undefined || key === 'attemptsIncrement' || (final && key === 'sealed')) continue;
      shape += `,${key}`;
    }
    return patch.attemptsIncrement ? `${shape}+` : shape;
  }

  function prepareUpdate(shape: string): Update {
    const [flag, ...rest] = shape.replace(/\+$/, '').split(',');
    const keys = rest as (keyof RowPatch)[];
    const final = flag === 'F';
    const sets = final ? ['state = ?', 'updated_at = ?', 'finished_at = ?'] : ['state = ?', 'updated_at = ?'];
    for (const key of keys) {
      const column = COLUMN[key];
      if (!column) throw new RangeError(`unknown journal column ${key}`);
      sets.push(`${column} = ?`);
    }
    if (shape.endsWith('+')) sets.push('attempts = attempts + 1');
    // A final state also closes the row, whatever the patch says (the last of two assignments wins): no sealed data, no owner.
    if (final) sets.push('sealed = NULL', 'owner = NULL', 'lease_until = NULL');
    const stmt = db.prepare(`UPDATE journal SET ${sets.join(', ')} WHERE client_ref = ? AND state = ? RETURNING ${ROW_COLUMNS}`).raw(true);
    return { stmt, keys, final };
  }

  /**
   * One UPDATE per shape of patch, prepared once and found by a short key (the SQL is not rebuilt);
   * RETURNING gives the row back without a second read.
   */
  function write(clientRef: string, from: PaymentState, to: PaymentState, patch: RowPatch, at: string): JournalRow | undefined {
    const shape = shapeOf(patch, FINAL_STATES.has(to));
    let update = updates.get(shape);
    if (!update) updates.set(shape, (update = prepareUpdate(shape)));
    const params: unknown[] = update.final ? [to, at, at] : [to, at];
    for (const key of update.keys) {
      const value = patch[key];
      params.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
    }
    params.push(clientRef, from);
    const values = update.stmt.get(params) as unknown[] | undefined;
    return values ? rowOfValues(values) : undefined;
  }

  /**
   * Commits `run` at synchronous NORMAL when the move is light: in WAL mode the commit survives a
   * killed process at once and reaches the disk with the next full commit (the sealing one), so a
   * power cut can lose only a row that had nothing sealed and that recovery would cancel anyway.
   */
  function committed<T>(light: boolean, run: () => T): T {
    if (!light) return run();
    // Run each time, never prepared once: SQLite applies `PRAGMA synchronous` when it compiles the
    // statement, so running a prepared one again changes nothing (every commit stayed FULL).
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return run();
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  }

  /**
   * A final answer wiped sealed data: the WAL is checkpointed and truncated once no further final
   * answer came for CHECKPOINT_QUIET_MS, and at the latest CHECKPOINT_MAX_DELAY_MS after the
   * first wipe (or at close), so a drain of thousands shares a few checkpoints and no old page
   * keeps the (sealed) data for longer than that.
   */
  function scheduleCheckpoint(): void {
    const now = Date.now();
    checkpointDue ??= now + CHECKPOINT_MAX_DELAY_MS;
    clearTimeout(checkpointTimer);
    checkpointTimer = setTimeout(() => runCheckpoint(), Math.max(0, Math.min(CHECKPOINT_QUIET_MS, checkpointDue - now)));
    checkpointTimer.unref?.();
  }

  /** The scheduled checkpoint, then the emptied log readied for the next payment's commit (wal-primer.ts); not at close. */
  function runCheckpoint(prime = true): void {
    clearTimeout(checkpointTimer);
    checkpointTimer = undefined;
    checkpointDue = undefined;
    if (!db.open) return;
    store.checkpoint();
    if (prime && primeWal) committed(true, () => primeWal(new Date()));
  }

  const transition = db.transaction(
    (clientRef: string, fromList: readonly PaymentState[], path: readonly PaymentState[], at: Date, patch: RowPatch, detail: string | undefined, guard?: MoveGuard): JournalRow => {
      guard?.();
      // From one state (every move a sale makes), the UPDATE's `WHERE state = ?` is the check, and
      // the row is read only to explain a refusal; from several, the row says which one it is in.
      const only = fromList.length === 1 ? fromList[0] : undefined;
      let from: PaymentState;
      if (only !== undefined) from = only;
      else {
        const current = headOf.get(clientRef);
        if (!current) throw new JournalConflictError(`no payment ${clientRef} in the ${mode} journal`);
        if (!fromList.includes(current.state)) throw new JournalConflictError(`payment ${clientRef} is ${current.state}, not ${fromList.join(' or ')}`);
        from = current.state;
      }
      money('approvedCents', patch.approvedCents);
      const iso = at.toISOString();
      let state = from;
      const last = path.length - 1;
      // Each step is an event (all of them in one INSERT, given the row's id once it is written); the row is written once, in its last state.
      const steps: unknown[] = [];
      for (let i = 0; i <= last; i++) {
        const to = path[i] as PaymentState;
        if (state !== to && !canMove(state, to)) throw new RangeError(`a payment cannot move from ${state} to ${to}`);
        if (state !== to || (detail && i === last)) steps.push(0, state, to, iso, i === last ? (detail ?? null) : null);
        state = to;
      }
      const row = write(clientRef, from, state, patch, iso);
      if (!row) {
        if (only === undefined) throw new JournalConflictError(`payment ${clientRef} moved meanwhile`);
        const current = headOf.get(clientRef);
        throw new JournalConflictError(current ? `payment ${clientRef} is ${current.state}, not ${only}` : `no payment ${clientRef} in the ${mode} journal`);
      }
      if (steps.length > 0) {
        for (let k = 0; k < steps.length; k += 5) steps[k] = row.id;
        eventsOf(steps.length / 5).run(steps);
      }
      return row;
    },
  );

  const create = db.transaction((p: NewPayment, path: readonly PaymentState[], at: Date, patch: RowPatch | undefined): JournalRow => {
    for (const [name, v] of [['requestedCents', p.requestedCents], ['surchargeCents', p.surchargeCents], ['taxCents', p.taxCents]] as const) money(name, v);
    const iso = at.toISOString();
    const first = path[0];
    const state = path[path.length - 1];
    if (first === undefined || state === undefined) throw new RangeError('a payment is created in at least one state');
    for (let i = 1; i < path.length; i++) {
      const [from, to] = [path[i - 1] as PaymentState, path[i] as PaymentState];
      if (!canMove(from, to)) throw new RangeError(`a payment cannot move from ${from} to ${to}`);
    }
    const info = insert.run({
      ...p,
      mode,
      surchargeCents: p.surchargeCents ?? null,
      taxCents: p.taxCents ?? null,
      cashier: p.cashier ?? null,
      approvedBy: p.approvedBy ?? null,
      originalId: p.originalId ?? null,
      splitTenderId: p.splitTenderId ?? null,
      state,
      at: iso,
    });
    const id = Number(info.lastInsertRowid);
    const steps: unknown[] = [];
    path.forEach((to, i) => steps.push(id, i === 0 ? null : path[i - 1], to, iso, null));
    eventsOf(path.length).run(steps);
    if (patch && Object.keys(patch).length > 0) return write(p.clientRef, state, state, patch, iso) ?? load(p.clientRef);
    return load(p.clientRef);
  });

  const queries = journalQueries(db);
  const createFrom = db.transaction(
    (p: Omit<NewPayment, 'requestedCents' | 'originalId'>, originalId: number, claim: (original: JournalRow, made: readonly MadeFromRow[]) => number, path: readonly PaymentState[], at: Date): JournalRow => {
      const original = queries.getById(originalId);
      if (!original) throw new JournalConflictError(`no payment #${originalId} in the ${mode} journal`);
      const requestedCents = claim(original, queries.claimsOn(originalId));
      return create({ ...p, originalId, requestedCents }, path, at, undefined);
    },
  );

  const sealedLookups = db.prepare<[string], { clientRef: string }>(
    `SELECT client_ref AS clientRef FROM journal WHERE state = 'needs-lookup' AND sealed IS NOT NULL AND created_at < ? ORDER BY id`,
  );
  const forget = eventMove('forget', { from: 'needs-lookup', to: 'needs-lookup' });
  const forgetSealedLookups = db.transaction((createdBefore: string, at: Date, detail: string): JournalRow[] =>
    sealedLookups.all(createdBefore).map((r) => transition(r.clientRef, forget.from, forget.path, at, { sealed: null }, detail)),
  );

  const dueStored = db.prepare<[string], { clientRef: string }>(
    `SELECT client_ref AS clientRef FROM journal WHERE state = 'offline' AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id LIMIT 1`,
  );
  const dueLookup = db.prepare<[string, string], { clientRef: string }>(
    `SELECT client_ref AS clientRef FROM journal WHERE state = 'needs-lookup' AND tag IS NOT NULL
     AND (lease_until IS NULL OR lease_until <= ?) AND (next_attempt_at IS NULL OR next_attempt_at <= ?) ORDER BY id LIMIT 1`,
  );
  const claimStored = eventMove('claim', { from: 'offline', to: 'forwarding' });
  const claim = db.transaction((owner: string, leaseUntil: string, at: Date): JournalRow | undefined => {
    const due = dueStored.get(at.toISOString());
    if (!due) return undefined;
    return transition(due.clientRef, claimStored.from, claimStored.path, at, { owner, leaseUntil, attemptsIncrement: true }, `claimed by ${owner}`);
  });
  const claimLooked = eventMove('claim', { from: 'needs-lookup', to: 'needs-lookup' });
  const claimLookup = db.transaction((owner: string, leaseUntil: string, at: Date): JournalRow | undefined => {
    const iso = at.toISOString();
    const due = dueLookup.get(iso, iso);
    if (!due) return undefined;
    return transition(due.clientRef, claimLooked.from, claimLooked.path, at, { owner, leaseUntil }, `lookup by ${owner}`);
  });

  const store: JournalStore = {
    mode,
    file,
    db,
    ...queries,
    create(payment, state, at, patch) {
      const path = typeof state === 'string' ? [state] : state;
      return committed(isLightMove([], path, patch), () => create(payment, path, at, patch));
    },
    createFrom(payment, originalId, claim, state, at) {
      return createFrom.immediate(payment, originalId, claim, typeof state === 'string' ? [state] : state, at);
    },
    transition(clientRef, from, to, at, patch = {}, detail, guard) {
      const path = typeof to === 'string' ? [to] : to;
      const fromList = typeof from === 'string' ? [from] : from;
      const row = committed(isLightMove(fromList, path, patch), () => transition.immediate(clientRef, fromList, path, at, patch, detail, guard));
      if (FINAL_STATES.has(row.state) || patch.sealed === null) scheduleCheckpoint();
      return row;
    },
    apply(clientRef, event, at, patch = {}, move = {}) {
      const m = eventMove(event, move);
      return store.transition(clientRef, m.from, m.path, at, patch, move.detail, move.guard);
    },
    update(clientRef, state, patch, at, detail) {
      const row = transition.immediate(clientRef, [state], [state], at, patch, detail);
      if (patch.sealed === null) scheduleCheckpoint();
      return row;
    },
    sealed: (clientRef) => sealedOf.get(clientRef)?.sealed ?? undefined,
    forgetSealedLookups(createdBefore, at, detail) {
      const rows = forgetSealedLookups.immediate(createdBefore, at, detail);
      if (rows.length > 0) scheduleCheckpoint();
      return rows;
    },
    claimNext: (owner, leaseUntil, at) => claim.immediate(owner, leaseUntil, at),
    claimLookup: (owner, leaseUntil, at) => claimLookup.immediate(owner, leaseUntil, at),
    checkpoint() {
      checkpointTruncate.run();
    },
    checkpointSoon: () => scheduleCheckpoint(),
    dataVersion: () => dataVersion.get() as number,
    prepareCardSale() {
      for (const shape of CARD_SALE_SHAPES) if (!updates.has(shape)) updates.set(shape, prepareUpdate(shape));
      // Their events: the request's path (validated, journaled, sending: two or three steps), the answer's one.
      for (const n of [1, 2, 3]) eventsOf(n);
    },
    close() {
      if (checkpointTimer && db.open) runCheckpoint(false);
      db.close();
    },
  };
  return store;
}
