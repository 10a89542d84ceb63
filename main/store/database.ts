import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteAddon } from './sqlite-addon';
import { makeDataFolder, modesOf, restrictFile } from '../platform/file-modes';

export type Db = Database.Database;
export type Statement = Database.Statement;

export interface Migration {
  /** `PRAGMA user_version` after this migration. Versions start at 1 and have no gaps. */
  version: number;
  description: string;
  up(db: Db): void;
}

export class DatabaseVersionError extends Error {
  override name = 'DatabaseVersionError';
}

export interface OpenOptions {
  /** A better-sqlite3 binary built for the running ABI (the Electron app outside a package). */
  nativeBinding?: string;
  readonly?: boolean;
  /**
   * Run `PRAGMA quick_check` after opening and refuse a file that fails it (see store/open-store.ts).
   * It reads every page: 5 to 7 ms per MB here, over half a second for a journal of 100 MB.
   */
  check?: boolean;
}

export class DatabaseCorruptError extends Error {
  override name = 'DatabaseCorruptError';
}

/**
 * Opens one SQLite file the way every store of the terminal needs it: WAL for concurrent readers
 * (the app and posctl), FULL sync so an acknowledged write survives power loss, foreign keys on,
 * and secure_delete so freed pages of sealed card data are zeroed. Then migrates by user_version.
 */
export function openDatabase(file: string, migrations: readonly Migration[], options: OpenOptions = {}): Db {
  makeDataFolder(dirname(file));
  const db = new Database(file, { ...sqliteAddon(options.nativeBinding), ...(options.readonly ? { readonly: true } : {}) });
  try {
    prepare(db, file, options);
    migrate(db, file, migrations);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

function prepare(db: Db, file: string, options: OpenOptions): void {
  db.pragma('busy_timeout = 5000');
  if (options.check) {
    // A damaged header fails the first statement (SQLITE_NOTADB); damage inside shows here.
    const result = db.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new DatabaseCorruptError(`${file} failed its integrity check (${String(result).slice(0, 120)})`);
  }
  if (!options.readonly) {
    // The -wal and -shm files SQLite creates inherit these permissions: 0600, or 0660 in a
    // machine-wide lane's group-shared folder (platform/file-modes.ts).
    if (file !== ':memory:') restrictFile(file, modesOf(dirname(file)).file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('secure_delete = ON');
  }
  db.pragma('foreign_keys = ON');
}

export function migrate(db: Db, file: string, migrations: readonly Migration[]): void {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) {
    throw new DatabaseVersionError(
      `${file} was written by a newer version of the terminal (schema ${current}, this build knows ${latest}); install that version again instead of downgrading`,
    );
  }
  const pending = migrations.filter((m) => m.version > current).sort((a, b) => a.version - b.version);
  for (const m of pending) {
    db.transaction(() => {
      // Another process on the same file (the app and posctl after an upgrade) may have applied it since the version was read.
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}
