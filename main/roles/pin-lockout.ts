/**
 * Wrong PINs (the manager's, a cashier's, a technician code): the first four cost nothing; the
 * fifth locks it for 30 seconds, and each further wrong one doubles the lock, up to an hour. A right
 * one clears the count. The caller's store keeps the count and the time; the clock is injected.
 */
export const FREE_TRIES = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 3_600_000;

/** How long the PIN is locked after `failures` wrong PINs in a row (0: not locked). */
export function lockMs(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.min(failures - FREE_TRIES, 20));
}

/** "30 seconds", "2 minutes", "1 hour": how long, in words a manager reads at the counter. */
export function durationWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** What the counter says while the PIN is locked. */
export function lockedWords(failures: number, remainingMs: number, whose = 'The manager PIN'): string {
  return `${whose} is locked after ${failures} wrong tries: try again in ${durationWords(remainingMs)}.`;
}

/** What the lock-out needs of a stored secret: its hash and the wrong tries kept beside it. */
export interface LockoutRow {
  readonly hash: string;
  readonly failures: number;
  readonly lockedUntil: string | null;
}

/** Where the count lives: the caller's table, written in one transaction so two hosts never lose a try. */
export interface LockoutSteps {
  /** Counts one more wrong try and stores the lock `lockUntil` gives for the new count; returns the count. */
  fail(lockUntil: (failures: number) => string | null): number;
  /** A right secret: the count and the lock go. */
  clear(): void;
}

/** The outcome of one try, for the caller to say in its own words. */
export type LockoutCheck =
  | { readonly ok: true }
  /** Refused without a look: an earlier wrong try locked it for `remainingMs` more. */
  | { readonly ok: false; readonly reason: 'locked'; readonly failures: number; readonly remainingMs: number }
  /** A wrong one, counted: `lockedMs` > 0 when this try locked it, else `triesLeft` before it does. */
  | { readonly ok: false; readonly reason: 'wrong'; readonly failures: number; readonly lockedMs: number; readonly triesLeft: number };

/**
 * One try at a PIN or code with the lock-out: refused without a look while locked; a wrong one is
 * counted and locks from the fifth; a right one clears the count. `nowMs` is the injected clock.
 * `verify` (PinVerifier's) may throw when it cannot tell (the terminal key does not open): nothing
 * is counted then.
 */
export function checkWithLockout(secret: string, row: LockoutRow, nowMs: number, steps: LockoutSteps, verify: (secret: string, hash: string) => boolean): LockoutCheck {
  const until = row.lockedUntil === null ? Number.NaN : Date.parse(row.lockedUntil);
  if (until > nowMs) return { ok: false, reason: 'locked', failures: row.failures, remainingMs: until - nowMs };
  if (verify(secret, row.hash)) {
    if (row.failures > 0 || row.lockedUntil !== null) steps.clear();
    return { ok: true };
  }
  const failures = steps.fail((n) => (lockMs(n) > 0 ? new Date(nowMs + lockMs(n)).toISOString() : null));
  return { ok: false, reason: 'wrong', failures, lockedMs: lockMs(failures), triesLeft: Math.max(0, FREE_TRIES - failures) };
}

/** A refused try in words: how long it stays locked, or `wrong(triesLeft)` while it is not. */
export function lockoutWords(result: Exclude<LockoutCheck, { ok: true }>, whose: string, wrong: (triesLeft: number) => string): string {
  if (result.reason === 'locked') return lockedWords(result.failures, result.remainingMs, whose);
  return result.lockedMs > 0 ? lockedWords(result.failures, result.lockedMs, whose) : wrong(result.triesLeft);
}
