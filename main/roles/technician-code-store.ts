import type { Db } from '../store/database';

/** The technician code's row in terminal.sqlite (migration 4): one code at a time, shared by every host. */
export interface TechnicianCodeRow {
  /** The keyed verifier (pin-hash.ts) of the code waiting to be used; null when none waits. */
  hash: string | null;
  expiresAt: string | null;
  failures: number;
  lockedUntil: string | null;
}

export interface TechnicianCodeStore {
  read(): TechnicianCodeRow;
  /** A new code replaces any earlier one; wrong tries and the lock are cleared (posctl has the OS account). */
  issue(hash: string, expiresAt: Date, at: Date, by: string): void;
  /** One more wrong code; returns the count. In one IMMEDIATE transaction: two hosts never lose a try. */
  fail(lockUntil: (failures: number) => string | null): number;
  clearFailures(): void;
  /** Removes the code `hash` if it still waits: true for the one caller that used it. */
  consume(hash: string): boolean;
}

export function technicianCodeStore(db: Db): TechnicianCodeStore {
  const read = db.prepare<[], TechnicianCodeRow>(`SELECT hash, expires_at AS expiresAt, failures, locked_until AS lockedUntil FROM technician_code WHERE id = 1`);
  const upsert = db.prepare(
    `INSERT INTO technician_code (id, hash, expires_at, failures, locked_until, issued_at, issued_by) VALUES (1, @hash, @expiresAt, 0, NULL, @at, @by)
     ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, expires_at = excluded.expires_at, failures = 0, locked_until = NULL, issued_at = excluded.issued_at, issued_by = excluded.issued_by`,
  );
  const bump = db.prepare(`UPDATE technician_code SET failures = failures + 1 WHERE id = 1 RETURNING failures`).pluck();
  const lock = db.prepare(`UPDATE technician_code SET locked_until = ? WHERE id = 1`);
  const clear = db.prepare(`UPDATE technician_code SET failures = 0, locked_until = NULL WHERE id = 1`);
  const consume = db.prepare(`UPDATE technician_code SET hash = NULL, expires_at = NULL WHERE id = 1 AND hash = ?`);
  const fail = db.transaction((lockUntil: (failures: number) => string | null): number => {
    const failures = (bump.get() as number | undefined) ?? 0;
    lock.run(lockUntil(failures));
    return failures;
  });
  return {
    read: () => read.get() ?? { hash: null, expiresAt: null, failures: 0, lockedUntil: null },
    issue: (hash, expiresAt, at, by) => void upsert.run({ hash, expiresAt: expiresAt.toISOString(), at: at.toISOString(), by }),
    fail: (lockUntil) => fail.immediate(lockUntil),
    clearFailures: () => void clear.run(),
    consume: (hash) => consume.run(hash).changes === 1,
  };
}
