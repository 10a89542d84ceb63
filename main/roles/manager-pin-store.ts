import type { Db } from '../store/database';

/** The manager PIN's row in terminal.sqlite (migration 2): shared by every host on the data directory. */
export interface PinRow {
  hash: string | null;
  failures: number;
  lockedUntil: string | null;
}

/** Which PIN is in force: one more on every set or reset, from any process (migration 5). */
export type PinGeneration = number;

export interface ManagerPinStore {
  read(): PinRow;
  /** A new PIN (or none, `posctl manager-pin reset`): wrong tries and the lock are cleared, and the generation moves on. */
  setHash(hash: string | null, at: Date, by: string): void;
  /**
   * The first PIN (the set-up screen): in one IMMEDIATE transaction, only while none exists, with
   * `withIt` (the lane's name and language) written in the same transaction. False when a PIN
   * exists already (another page or posctl was first): nothing is written then.
   */
  claimFirst(hash: string, at: Date, by: string, withIt: () => void): boolean;
  /** The generation of the PIN in force (0 before any was ever set): one row, cheap to ask often. */
  generation(): PinGeneration;
  /** One more wrong PIN; returns the count. In one IMMEDIATE transaction: two hosts never lose a try. */
  fail(lockUntil: (failures: number) => string | null): number;
  clearFailures(): void;
}

export function managerPinStore(db: Db): ManagerPinStore {
  const read = db.prepare<[], { hash: string | null; failures: number; lockedUntil: string | null }>(
    `SELECT hash, failures, locked_until AS lockedUntil FROM manager_pin WHERE id = 1`,
  );
  const upsert = db.prepare(
    `INSERT INTO manager_pin (id, hash, failures, locked_until, changed_at, changed_by, generation) VALUES (1, @hash, 0, NULL, @at, @by, 1)
     ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, failures = 0, locked_until = NULL, changed_at = excluded.changed_at, changed_by = excluded.changed_by,
       generation = manager_pin.generation + 1`,
  );
  const generation = db.prepare(`SELECT generation FROM manager_pin WHERE id = 1`).pluck();
  const bump = db.prepare(`UPDATE manager_pin SET failures = failures + 1 WHERE id = 1 RETURNING failures`).pluck();
  const lock = db.prepare(`UPDATE manager_pin SET locked_until = ? WHERE id = 1`);
  const clear = db.prepare(`UPDATE manager_pin SET failures = 0, locked_until = NULL WHERE id = 1`);
  const fail = db.transaction((lockUntil: (failures: number) => string | null): number => {
    const failures = (bump.get() as number | undefined) ?? 0;
    lock.run(lockUntil(failures));
    return failures;
  });
  const claimFirst = db.transaction((hash: string, at: Date, by: string, withIt: () => void): boolean => {
    if ((read.get()?.hash ?? null) !== null) return false;
    withIt();
    upsert.run({ hash, at: at.toISOString(), by });
    return true;
  });
  return {
    read: () => read.get() ?? { hash: null, failures: 0, lockedUntil: null },
    setHash: (hash, at, by) => void upsert.run({ hash, at: at.toISOString(), by }),
    claimFirst: (hash, at, by, withIt) => claimFirst.immediate(hash, at, by, withIt),
    generation: () => (generation.get() as number | undefined) ?? 0,
    fail: (lockUntil) => fail.immediate(lockUntil),
    clearFailures: () => void clear.run(),
  };
}
