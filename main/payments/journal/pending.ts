import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqliteAddon } from '../../store/sqlite-addon';
import { sqlList, STORED_STATES } from '../states';
import { journalFile } from './journal';

/** What the live journal still holds that only this lane can send: read for the installers' upgrade guard. */
export interface PendingPayments {
  /** The live journal's path (it may not exist: a lane that never took a live payment). */
  journal: string;
  /** Stored offline and not yet forwarded, including one being forwarded now. */
  waiting: number;
  totalCents: number;
  /** The oldest waiting payment's creation time (ISO), or null. */
  oldestAt: string | null;
  /** Outcome unknown: a manager must look it up (its sealed data is kept until then). */
  needsLookup: number;
}

/**
 * Counts the live journal's waiting payments without opening the terminal: read-only, no key, no
 * lock, no migration, nothing created, so an installer running as root or an administrator leaves
 * no file behind that the lane's accounts could not open. Only the columns every schema since
 * version 2 has are read, so an older journal can be counted by a newer guard too. Throws when the
 * journal exists but cannot be read (the guard then cannot tell, and says so).
 */
export function readPendingPayments(dataDir: string, options: { nativeBinding?: string } = {}): PendingPayments {
  const journal = journalFile(dataDir, 'live');
  if (!existsSync(journal)) return { journal, waiting: 0, totalCents: 0, oldestAt: null, needsLookup: 0 };
  const db = new Database(journal, { readonly: true, fileMustExist: true, ...sqliteAddon(options.nativeBinding) });
  try {
    db.pragma('busy_timeout = 5000');
    const queue = db
      .prepare<[], { count: number; totalCents: number | null; oldestAt: string | null }>(
        `SELECT count(*) AS count, sum(requested_cents) AS totalCents, min(created_at) AS oldestAt FROM journal WHERE state IN (${sqlList(STORED_STATES)})`,
      )
      .get();
    const needsLookup = db.prepare(`SELECT count(*) FROM journal WHERE state = 'needs-lookup'`).pluck().get() as number;
    return { journal, waiting: queue?.count ?? 0, totalCents: queue?.totalCents ?? 0, oldestAt: queue?.oldestAt ?? null, needsLookup };
  } finally {
    db.close();
  }
}
