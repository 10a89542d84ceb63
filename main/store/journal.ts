import { join } from 'node:path';
import type { Mode } from '../../preload/contract';
import type { Db, Migration, OpenOptions } from './database';
import { openEssentialDb } from './open-store';

/**
 * The payment journal, one SQLite file per mode: `journal-training.sqlite` and
 * `journal-live.sqlite`. Training transactions can never be counted, forwarded or reported as
 * live ones because they are not in the same file.
 */
export const journalMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'journal: one row per payment, written before the request leaves the machine',
    up(db) {
      db.exec(`
        CREATE TABLE journal (
          id             INTEGER PRIMARY KEY,
          client_ref     TEXT NOT NULL UNIQUE,
          kind           TEXT NOT NULL CHECK (kind IN ('card', 'check')),
          operation      TEXT NOT NULL,
          amount_cents   INTEGER NOT NULL CHECK (amount_cents >= 0),
          state          TEXT NOT NULL,
          masked_account TEXT,
          created_at     TEXT NOT NULL,
          updated_at     TEXT NOT NULL
        ) STRICT;
        CREATE INDEX journal_state ON journal (state);
      `);
    },
  },
];

/** A payment approved offline and waiting to be forwarded to the gateway. */
export const QUEUED_STATE = 'queued';

export interface JournalEntry {
  clientRef: string;
  kind: 'card' | 'check';
  operation: string;
  amountCents: number;
  state: string;
  maskedAccount?: string;
}

export interface JournalStore {
  readonly mode: Mode;
  readonly file: string;
  readonly db: Db;
  append(entry: JournalEntry, at: Date): void;
  countQueued(): number;
  dataVersion(): number;
  close(): void;
}

export function journalFile(dataDir: string, mode: Mode): string {
  return join(dataDir, `journal-${mode}.sqlite`);
}

export function openJournal(dataDir: string, mode: Mode, options: OpenOptions = {}): JournalStore {
  const file = journalFile(dataDir, mode);
  // A journal is never recreated or moved aside by the terminal: a damaged one stops the start.
  const db = openEssentialDb(file, journalMigrations, options, `the ${mode} payments`);
  const insert = db.prepare(
    `INSERT INTO journal (client_ref, kind, operation, amount_cents, state, masked_account, created_at, updated_at)
     VALUES (@clientRef, @kind, @operation, @amountCents, @state, @maskedAccount, @at, @at)`,
  );
  const countQueued = db.prepare(`SELECT count(*) AS n FROM journal WHERE state = ?`).pluck();
  return {
    mode,
    file,
    db,
    append(entry, at) {
      if (!Number.isSafeInteger(entry.amountCents)) throw new RangeError('amountCents must be an integer number of cents');
      insert.run({ ...entry, maskedAccount: entry.maskedAccount ?? null, at: at.toISOString() });
    },
    countQueued: () => countQueued.get(QUEUED_STATE) as number,
    dataVersion: () => db.pragma('data_version', { simple: true }) as number,
    close: () => db.close(),
  };
}
