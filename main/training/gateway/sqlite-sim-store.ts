import { join } from 'node:path';
import type { Logger } from 'pino';
import type { TrainingFaultState } from '../../../preload/contract';
import type { Db, Migration, OpenOptions } from '../../store/database';
import { openRebuildableDb } from '../../store/open-store';
import type { SimRecord, SimValue } from './contract';
import { countedDown, faultOf, NO_FAULT, stageOf, type SimStore, type Stored } from './sim-store';

/**
 * `<data dir>/training-gateway.sqlite`: the training gateway's memory, shared by every process of
 * the terminal (the app and posctl each run a simulator on their own port against this file).
 * Training data only: a damaged file is moved aside and made again. No full card number is
 * stored: cards are known by a SHA-256 digest and results are kept as answered (masked).
 */
export const TRAINING_GATEWAY_FILE = 'training-gateway.sqlite';

export function trainingGatewayFile(dataDir: string): string {
  return join(dataDir, TRAINING_GATEWAY_FILE);
}

export const simStoreMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'training gateway: transactions by tag, the tag counter, Reference_No counts, the training fault',
    up(db) {
      // IF NOT EXISTS: the app and posctl may create the file at the same moment.
      db.exec(`
        CREATE TABLE IF NOT EXISTS transactions (
          tag             TEXT PRIMARY KEY,
          auth_num        TEXT NOT NULL,
          type            TEXT NOT NULL,
          is_check        INTEGER NOT NULL CHECK (is_check IN (0, 1)),
          cents           INTEGER NOT NULL CHECK (cents >= 0),
          card_key        TEXT NOT NULL,
          brand           TEXT NOT NULL,
          at              TEXT NOT NULL,
          approved        INTEGER NOT NULL CHECK (approved IN (0, 1)),
          result_json     TEXT NOT NULL,
          completed_cents INTEGER NOT NULL DEFAULT 0,
          refunded_cents  INTEGER NOT NULL DEFAULT 0,
          voided          INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1))
        ) STRICT;
        CREATE INDEX IF NOT EXISTS transactions_by_card ON transactions (card_key, auth_num);
        CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
        CREATE TABLE IF NOT EXISTS reference_counts (reference_no TEXT PRIMARY KEY, count INTEGER NOT NULL) STRICT;
        CREATE TABLE IF NOT EXISTS fault (
          id        INTEGER PRIMARY KEY CHECK (id = 1),
          kind      TEXT NOT NULL CHECK (kind IN ('unreachable', 'slow', 'http-500', 'drop-after')),
          remaining INTEGER CHECK (remaining IS NULL OR remaining > 0),
          delay_ms  INTEGER,
          set_at    TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: 'training gateway: a completion or refund remembers the transaction it was made from',
    up(db) {
      db.exec('ALTER TABLE transactions ADD COLUMN original_tag TEXT');
    },
  },
];

interface Row {
  tag: string;
  auth_num: string;
  type: string;
  is_check: number;
  cents: number;
  card_key: string;
  brand: string;
  at: string;
  approved: number;
  result_json: string;
  completed_cents: number;
  refunded_cents: number;
  voided: number;
  original_tag: string | null;
}

interface FaultRow {
  kind: Exclude<TrainingFaultState['kind'], 'none'>;
  remaining: number | null;
  delay_ms: number | null;
}

function isSimValue(v: unknown): v is SimValue {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.every((item) => isSimValue(item) && typeof item === 'object' && !Array.isArray(item));
  return typeof v === 'object' && v !== null && Object.values(v).every(isSimValue);
}

/** A stored answer is checked, not cast: a row that is not one is reported, never answered. */
function resultOf(row: Row): SimRecord {
  const value: unknown = JSON.parse(row.result_json);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !isSimValue(value)) {
    throw new Error(`stored training transaction ${row.tag} is unreadable`);
  }
  return value as SimRecord;
}

function storedOf(row: Row): Stored {
  return {
    tag: row.tag,
    authNum: row.auth_num,
    type: row.type,
    check: row.is_check === 1,
    cents: row.cents,
    cardKey: row.card_key,
    brand: row.brand,
    at: new Date(row.at),
    approved: row.approved === 1,
    result: resultOf(row),
    completedCents: row.completed_cents,
    refundedCents: row.refunded_cents,
    voided: row.voided === 1,
    originalTag: row.original_tag,
  };
}

const faultState = (row: FaultRow | undefined): TrainingFaultState =>
  row ? { kind: row.kind, remaining: row.remaining, ...(row.delay_ms !== null ? { delayMs: row.delay_ms } : {}) } : NO_FAULT;

export interface SimStoreFileOptions {
  db?: OpenOptions;
  log: Logger;
  now: () => Date;
}

export function openSimStoreFile(file: string, options: SimStoreFileOptions): SimStore {
  const db: Db = openRebuildableDb(file, simStoreMigrations, options.db ?? {}, options.log, options.now);
  // A process crash loses nothing committed in WAL mode; only a power cut could lose the last training writes.
  db.pragma('synchronous = NORMAL');
  const q = {
    counter: db.prepare<[], number>(`SELECT value FROM counters WHERE name = 'tag'`).pluck(),
    setCounter: db.prepare(`INSERT INTO counters (name, value) VALUES ('tag', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`),
    get: db.prepare<[string], Row>('SELECT * FROM transactions WHERE tag = ?'),
    findApproved: db.prepare<[string, string], Row>('SELECT * FROM transactions WHERE is_check = 0 AND approved = 1 AND auth_num = ? AND card_key = ? ORDER BY rowid LIMIT 1'),
    hasApproved: db.prepare<[string, string, number, string], number>(
      'SELECT 1 FROM transactions WHERE approved = 1 AND type = ? AND card_key = ? AND cents = ? AND at >= ? LIMIT 1',
    ).pluck(),
    insert: db.prepare(
      `INSERT INTO transactions (tag, auth_num, type, is_check, cents, card_key, brand, at, approved, result_json, completed_cents, refunded_cents, voided, original_tag)
       VALUES (@tag, @authNum, @type, @check, @cents, @cardKey, @brand, @at, @approved, @result, @completedCents, @refundedCents, @voided, @originalTag)`,
    ),
    update: db.prepare('UPDATE transactions SET completed_cents = ?, refunded_cents = ?, voided = ? WHERE tag = ?'),
    countReference: db.prepare('INSERT INTO reference_counts (reference_no, count) VALUES (?, 1) ON CONFLICT (reference_no) DO UPDATE SET count = count + 1'),
    references: db.prepare<[], { reference_no: string; count: number }>('SELECT reference_no, count FROM reference_counts'),
    all: db.prepare<[], Row>('SELECT * FROM transactions ORDER BY rowid'),
    fault: db.prepare<[], FaultRow>('SELECT kind, remaining, delay_ms FROM fault WHERE id = 1'),
    clearFault: db.prepare('DELETE FROM fault'),
    setFault: db.prepare(
      `INSERT INTO fault (id, kind, remaining, delay_ms, set_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, remaining = excluded.remaining, delay_ms = excluded.delay_ms, set_at = excluded.set_at`,
    ),
  };
  const writeFault = (f: TrainingFaultState): TrainingFaultState => {
    if (f.kind === 'none') q.clearFault.run();
    else q.setFault.run(f.kind, f.remaining, f.delayMs ?? null, options.now().toISOString());
    return f;
  };
  // Nested inside atomically() this becomes a savepoint of the outer IMMEDIATE transaction.
  const allocate = db.transaction((floor: number): number => {
    const tag = Math.max(q.counter.get() ?? floor, floor);
    q.setCounter.run(tag + 1);
    return tag;
  });
  const take = db.transaction((stage: 'connect' | 'request'): TrainingFaultState | undefined => {
    const current = faultState(q.fault.get());
    if (stageOf(current) !== stage) return undefined;
    writeFault(countedDown(current));
    return current;
  });

  return {
    atomically: (fn) => db.transaction(fn).immediate(),
    allocateTag: (floor) => allocate.immediate(floor),
    get: (tag) => {
      const row = q.get.get(tag);
      return row ? storedOf(row) : undefined;
    },
    findApproved: (authNum, cardKey) => {
      const row = q.findApproved.get(authNum, cardKey);
      return row ? storedOf(row) : undefined;
    },
    hasApproved: (type, cardKey, cents, since) => q.hasApproved.get(type, cardKey, cents, since.toISOString()) !== undefined,
    insert(s) {
      q.insert.run({
        ...s,
        check: s.check ? 1 : 0,
        at: s.at.toISOString(),
        approved: s.approved ? 1 : 0,
        result: JSON.stringify(s.result),
        voided: s.voided ? 1 : 0,
      });
    },
    update: (tag, state) => void q.update.run(state.completedCents, state.refundedCents, state.voided ? 1 : 0, tag),
    countReference: (reference) => void q.countReference.run(reference),
    referenceCounts: () => new Map(q.references.all().map((r) => [r.reference_no, r.count])),
    all: () => q.all.all().map(storedOf),
    fault: () => faultState(q.fault.get()),
    // Without a kind it is a read: nothing is written, so a count set by posctl is left as it is.
    setFault: (input) => (input.kind === undefined ? faultState(q.fault.get()) : writeFault(faultOf(input, NO_FAULT))),
    takeFault(stage) {
      // The common case (no fault, or one of the other stage) is one read; only a take writes.
      if (stageOf(faultState(q.fault.get())) !== stage) return undefined;
      return take.immediate(stage);
    },
    close: () => db.close(),
  };
}
