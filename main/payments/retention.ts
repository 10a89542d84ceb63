import type { JournalRow, JournalStore } from './journal/journal';
import { expiredBefore, type OfflinePolicy } from './policy';

/**
 * How long card data stays on the lane (PCI DSS 3.3.1: no sensitive authentication data after
 * authorization). A payment's sealed request (tracks, CVD, keyed number, check account) is removed
 * by the journal with the final answer; one waiting for a lookup keeps it only so that a manager
 * who finds it was not processed can send it again, and only until a manager decides (a tag
 * entered, a write-off) or `offline.maxAgeHours` after it was taken, whichever comes first.
 */

/** How often a running terminal looks for lookups past their time. */
export const RETENTION_SWEEP_MS = 60_000;

/** Removes the sealed data of payments waiting for a lookup longer than the policy allows. */
export function forgetExpiredLookups(journal: JournalStore, policy: Pick<OfflinePolicy, 'maxAgeHours'>, now: Date): JournalRow[] {
  const detail = `card data removed: waited for a lookup longer than offline.maxAgeHours (${policy.maxAgeHours} h)`;
  return journal.forgetSealedLookups(expiredBefore(policy, now), now, detail);
}
