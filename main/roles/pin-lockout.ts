/**
 * Wrong manager PINs: the first four cost nothing; the fifth locks the PIN for 30 seconds, and each
 * further wrong PIN doubles the lock, up to an hour. A right PIN clears the count. Pure: the store
 * keeps the count and the time.
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
