import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Db, Migration, OpenOptions } from '../store/database';
import { openRebuildableDb } from '../store/open-store';

export const CACHE_FILE = 'cache.sqlite';

/**
 * Schema of `<data dir>/cache.sqlite`: what the marketplace and merchant interfaces answered
 * last, kept so the screens work offline. Nothing here is card data; it can be deleted at any
 * time and is rebuilt from the services (the sealed lead outbox excepted: see below).
 */
export const cacheMigrations: readonly Migration[] = [
  {
    version: 1,
    description: 'responses by source and key; cached images; the sealed lead outbox',
    up(db) {
      db.exec(`
        CREATE TABLE entries (
          namespace  TEXT NOT NULL,
          key        TEXT NOT NULL,
          value_json TEXT NOT NULL,
          fetched_at TEXT NOT NULL,
          PRIMARY KEY (namespace, key)
        ) STRICT;
        CREATE TABLE images (
          url          TEXT PRIMARY KEY,
          file         TEXT NOT NULL,
          content_type TEXT NOT NULL,
          bytes        INTEGER NOT NULL,
          fetched_at   TEXT NOT NULL,
          used_at      TEXT NOT NULL
        ) STRICT;
        CREATE INDEX images_by_use ON images (used_at);
        CREATE TABLE lead_outbox (
          uid          TEXT PRIMARY KEY,
          namespace    TEXT NOT NULL,
          sealed       BLOB NOT NULL,
          company      TEXT NOT NULL,
          queued_at    TEXT NOT NULL,
          state        TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'rejected')),
          attempts     INTEGER NOT NULL DEFAULT 0,
          last_problem TEXT NOT NULL DEFAULT ''
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: "the lead outbox's back-off: when a lead is tried again by itself (marketplace/lead-outbox.ts)",
    up(db) {
      db.exec('ALTER TABLE lead_outbox ADD COLUMN next_attempt_at TEXT');
    },
  },
];

/** A damaged cache is moved aside and made again (see openRebuildableDb): the terminal starts. */
export function openCacheDb(dataDir: string, options: OpenOptions, log: Logger, now: () => Date): Db {
  const db = openRebuildableDb(join(dataDir, CACHE_FILE), cacheMigrations, options, log, now);
  // A cache can lose its last writes to a power cut and be fetched again; hundreds of image rows
  // must not each wait for a disk flush. The outbox raises it back to FULL for its own writes.
  if (!options.readonly) db.pragma('synchronous = NORMAL');
  return db;
}

/** Runs fn with every commit flushed to disk (for the one thing here that cannot be fetched again). */
export function durably<T>(db: Db, fn: () => T): T {
  db.pragma('synchronous = FULL');
  try {
    return fn();
  } finally {
    db.pragma('synchronous = NORMAL');
  }
}
