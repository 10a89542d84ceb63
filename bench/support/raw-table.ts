/**
 * The raw baseline of the journal benches: a plain SQLite table written with the journal's pragmas
 * (WAL, synchronous FULL: each commit one fsync of the log; secure_delete), nothing else.
 */
import Database from 'better-sqlite3';

/** A plain table of `columns` (`id` the rowid), no constraint or index; `insert` takes the other columns by name. */
export function rawTable(file: string, columns: readonly string[]): { db: Database.Database; insert: Database.Statement } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.exec(`CREATE TABLE plain (${columns.map((c) => (c === 'id' ? 'id INTEGER PRIMARY KEY' : c)).join(', ')})`);
  const names = columns.filter((c) => c !== 'id');
  const insert = db.prepare(`INSERT INTO plain (${names.join(', ')}) VALUES (${names.map((c) => `@${c}`).join(', ')})`);
  return { db, insert };
}
