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
];
