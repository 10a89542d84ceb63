import { closeSync, fdatasyncSync, fstatSync, openSync, writeSync } from 'node:fs';
import type { Db } from '../../store/database';

/** Zeros written into an empty write-ahead log: a card sale writes about 20 frames (~82 KiB), so three sales. */
export const WAL_PRIMED_BYTES = 256 * 1024;
const ZEROS_CHUNK = 64 * 1024;

/**
 * Readies the journal's write-ahead log after a checkpoint truncated it (so that no old frame
 * keeps wiped card data). Left empty, the next commit restarts the log: SQLite writes its header
 * and syncs it (a second fsync) before the frames, and every frame grows the file (its fsync then
 * also commits the file system's metadata). That next commit is often a card's, between the swipe
 * and the request. Here, off the customer's way and under the write lock (no other connection
 * writes the log meanwhile), the empty log is filled with zeros and synced, and a one-row mark
 * (`wal_mark`, no payment data) is committed, so SQLite writes and syncs the header now. Later
 * frames overwrite the zeros; a zero frame never passes the checksum, so a recovery stops there
 * as at the end of the file.
 *
 * The caller chooses the synchronous level (the mark need not wait for the disk: SQLite syncs a
 * restarted header at any level). The returned function says whether the log was primed; a
 * failure (a full disk) is left for the next payment's own commit to report.
 */
export function walPrimer(db: Db, walFile: string): (at: Date) => boolean {
  const mark = db.prepare<[string]>(`INSERT INTO wal_mark (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`);
  const prime = db.transaction((at: Date) => {
    fillIfEmpty(walFile, WAL_PRIMED_BYTES);
    mark.run(at.toISOString());
  });
  return (at) => {
    try {
      prime.immediate(at);
      return true;
    } catch {
      return false;
    }
  };
}

/** Zeros over `bytes` of an empty file, synced (its blocks and size on disk before a frame needs them). */
function fillIfEmpty(file: string, bytes: number): void {
  const fd = openSync(file, 'r+');
  try {
    if (fstatSync(fd).size !== 0) return;
    const zeros = Buffer.alloc(Math.min(ZEROS_CHUNK, bytes));
    for (let at = 0; at < bytes; at += zeros.length) writeSync(fd, zeros, 0, Math.min(zeros.length, bytes - at), at);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
