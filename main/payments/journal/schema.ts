import { ENTRY_METHODS, PAYMENT_STATES, PAYMENT_TYPES, sqlList as list, STORED_STATES, TENDERS } from '../states';
import type { Migration } from '../../store/database';

/**
 * Migration 2: the payment journal. One row per payment attempt chain (a sale and its forwarding
 * attempts share a row and its client_ref); tagged operations point at their original row.
 * Card data appears only masked, except inside `sealed` (what forwarding needs, sealed with the
 * terminal key), which is set to NULL when the gateway gives a final answer.
 * `journal_event` keeps every transition, in order, for audit and for the crash tests.
 */
function createJournal(): string {
  return `
    CREATE TABLE journal (
      id                INTEGER PRIMARY KEY,
      client_ref        TEXT NOT NULL UNIQUE,
      sale_id           TEXT NOT NULL,
      mode              TEXT NOT NULL CHECK (mode IN ('training', 'live')),
      type              TEXT NOT NULL CHECK (type IN (${list(PAYMENT_TYPES)})),
      tender            TEXT NOT NULL CHECK (tender IN (${list(TENDERS)})),
      transaction_type  TEXT,
      requested_cents   INTEGER NOT NULL CHECK (requested_cents >= 0),
      approved_cents    INTEGER CHECK (approved_cents >= 0),
      surcharge_cents   INTEGER CHECK (surcharge_cents >= 0),
      tax_cents         INTEGER CHECK (tax_cents >= 0),
      masked            TEXT,
      brand             TEXT,
      last4             TEXT,
      routing           TEXT,
      check_number      TEXT,
      cardholder_name   TEXT,
      entry             TEXT CHECK (entry IN (${list(ENTRY_METHODS)})),
      device_id         TEXT,
      cashier           TEXT,
      state             TEXT NOT NULL CHECK (state IN (${list(PAYMENT_STATES)})),
      outcome_kind      TEXT,
      gateway_code      TEXT,
      bank_code         TEXT,
      message           TEXT,
      tag               TEXT,
      authorization_num TEXT,
      sequence_no       TEXT,
      retrieval_ref     TEXT,
      receipt           TEXT,
      split_tender_id   TEXT,
      attempts          INTEGER NOT NULL DEFAULT 0,
      stored_offline    INTEGER NOT NULL DEFAULT 0 CHECK (stored_offline IN (0, 1)),
      attention         INTEGER NOT NULL DEFAULT 0 CHECK (attention IN (0, 1)),
      original_id       INTEGER REFERENCES journal (id),
      sealed            BLOB,
      owner             TEXT,
      lease_until       TEXT,
      next_attempt_at   TEXT,
      decided_by        TEXT,
      decision          TEXT,
      created_at        TEXT NOT NULL,
      updated_at        TEXT NOT NULL,
      finished_at       TEXT
    ) STRICT;
    CREATE INDEX journal_state ON journal (state, next_attempt_at);
    CREATE INDEX journal_created ON journal (created_at);
    CREATE INDEX journal_last4 ON journal (last4);
    CREATE INDEX journal_original ON journal (original_id);
    CREATE INDEX journal_sale ON journal (sale_id);
    CREATE TABLE journal_event (
      id         INTEGER PRIMARY KEY,
      payment_id INTEGER NOT NULL REFERENCES journal (id),
      from_state TEXT,
      to_state   TEXT NOT NULL,
      at         TEXT NOT NULL,
      detail     TEXT
    ) STRICT;
    CREATE INDEX journal_event_payment ON journal_event (payment_id);
  `;
}

/** The migrations of the journal of one mode (rows of the first schema take the file's mode). */
export function journalMigrations(mode: 'training' | 'live'): readonly Migration[] {
  return [
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
  {
    version: 2,
    description: 'journal: payment state machine, sealed forwarding data, leases, transitions',
    up(db) {
      // Rows of the first schema carry no sealed data and no outcome: kept, for a manager to look up.
      db.exec(`ALTER TABLE journal RENAME TO journal_v1; DROP INDEX journal_state;`);
      db.exec(createJournal());
      db.exec(`
        INSERT INTO journal (client_ref, sale_id, mode, type, tender, requested_cents, masked, state, message, created_at, updated_at)
        SELECT client_ref, client_ref, '${mode}',
               CASE WHEN operation IN (${list(PAYMENT_TYPES)}) THEN operation ELSE 'sale' END,
               kind, amount_cents, masked_account,
               CASE WHEN state IN ('approved', 'declined', 'rejected', 'cancelled', 'failed') THEN state ELSE 'needs-lookup' END,
               'kept from the journal of an earlier version (' || state || ')', created_at, updated_at
        FROM journal_v1;
        DROP TABLE journal_v1;
      `);
    },
  },
  {
    version: 3,
    description: 'journal: a persisted pause of forwarding, shared by the app and posctl',
    up(db) {
      // One row at most (id 1): absent means not paused.
      db.exec(`CREATE TABLE queue_control (id INTEGER PRIMARY KEY CHECK (id = 1), paused INTEGER NOT NULL, paused_by TEXT, paused_at TEXT) STRICT;`);
    },
  },
  {
    version: 4,
    description: 'journal: indexes for the counts every status refresh makes and for search by tag or authorization',
    up(db) {
      // The attention count runs at every status refresh: without its own index it read the whole journal.
      db.exec(`
        CREATE INDEX journal_attention ON journal (id) WHERE attention = 1;
        CREATE INDEX journal_tag ON journal (tag) WHERE tag IS NOT NULL;
        CREATE INDEX journal_authorization ON journal (authorization_num) WHERE authorization_num IS NOT NULL;
      `);
    },
  },
  {
    version: 5,
    description: 'journal: a covering index of the offline queue for the limits every stored sale checks',
    up(db) {
      // Only queued rows are in it, so other moves never touch it; the sum and the oldest come from the index alone.
      db.exec(`CREATE INDEX journal_queue ON journal (state, requested_cents, created_at) WHERE state IN (${list(STORED_STATES)});`);
    },
  },
  {
    version: 6,
    description: 'journal: who approved a payment that needed a manager (refund, void, keyed card, a large amount)',
    up(db) {
      db.exec(`ALTER TABLE journal ADD COLUMN approved_by TEXT;`);
    },
  },
  {
    version: 7,
    description: 'journal: a one-row mark written after each checkpoint, so the next payment does not restart the write-ahead log',
    up(db) {
      // Carries no payment data: wal-primer.ts writes it so SQLite writes and syncs the WAL's header then.
      db.exec(`CREATE TABLE wal_mark (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL) STRICT;`);
    },
  },
];
}
