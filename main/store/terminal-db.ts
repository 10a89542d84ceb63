import type { Migration } from './database';

/** Schema of `terminal.sqlite`: the lane's own state that is the same in training and live mode. */
export const terminalMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'settings: one row per key that differs from its default; secrets sealed',
    up(db) {
      db.exec(`
        CREATE TABLE settings (
          key        TEXT PRIMARY KEY,
          value_json TEXT,
          sealed     BLOB,
          updated_at TEXT NOT NULL,
          CHECK ((value_json IS NULL) <> (sealed IS NULL))
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: 'manager PIN: a salted scrypt hash (not sealed: every host checks it) and the wrong tries that lock it',
    up(db) {
      db.exec(`
        CREATE TABLE manager_pin (
          id           INTEGER PRIMARY KEY CHECK (id = 1),
          hash         TEXT,
          failures     INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
          locked_until TEXT,
          changed_at   TEXT,
          changed_by   TEXT
        ) STRICT;
      `);
    },
  },
  {
    version: 3,
    description: 'cashiers: number, name and a salted scrypt hash of their PIN, with the wrong tries that lock it',
    up(db) {
      db.exec(`
        CREATE TABLE cashier (
          number       TEXT PRIMARY KEY CHECK (length(number) BETWEEN 1 AND 8 AND number NOT GLOB '*[^0-9]*'),
          name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
          pin_hash     TEXT NOT NULL,
          failures     INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
          locked_until TEXT,
          saved_at     TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 4,
    description: 'technician code: a one-time code from posctl that unlocks technician settings in the desktop app, as a salted scrypt hash with its expiry and wrong tries',
    up(db) {
      db.exec(`
        CREATE TABLE technician_code (
          id           INTEGER PRIMARY KEY CHECK (id = 1),
          hash         TEXT,
          expires_at   TEXT,
          failures     INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
          locked_until TEXT,
          issued_at    TEXT,
          issued_by    TEXT,
          CHECK ((hash IS NULL) = (expires_at IS NULL))
        ) STRICT;
      `);
    },
  },
  {
    version: 5,
    description: 'manager PIN generation: one more on every set or reset, so a running app ends its manager sessions when another process changes the PIN',
    up(db) {
      db.exec(`ALTER TABLE manager_pin ADD COLUMN generation INTEGER NOT NULL DEFAULT 0 CHECK (generation >= 0);`);
    },
  },
];
