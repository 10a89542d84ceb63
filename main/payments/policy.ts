import { formatDollars } from '../config/setting';
import type { EntryMethod, PaymentType, Tender } from './states';

/**
 * The store manager's offline policy (settings group `offline.`), as one value read once per
 * decision. Pure: the same inputs always give the same answer, tested at every edge.
 */
export interface OfflinePolicy {
  enabled: boolean;
  maxAmountCents: number;
  maxTotalCents: number;
  maxCount: number;
  maxAgeHours: number;
  types: readonly PaymentType[];
  checks: boolean;
  keyed: boolean;
}

export interface OfflineCandidate {
  type: PaymentType;
  tender: Tender;
  entry: EntryMethod | null;
  cents: number;
}

export interface QueueLoad {
  count: number;
  totalCents: number;
}

export type OfflineDecision = { allowed: true } | { allowed: false; reason: string };

/** Whether this payment may be stored offline now, and if not, why (a sentence for the cashier). */
export function offlineDecision(policy: OfflinePolicy, p: OfflineCandidate, queue: QueueLoad): OfflineDecision {
  const no = (reason: string): OfflineDecision => ({ allowed: false, reason });
  if (!policy.enabled) return no('offline payments are turned off for this store');
  if (!policy.types.includes(p.type)) return no(`a ${p.type} cannot be taken offline`);
  if (p.tender === 'check' && !policy.checks) return no('checks cannot be taken offline');
  if (p.entry === 'keyed' && !policy.keyed) return no('a keyed card cannot be taken offline');
  if (p.entry === 'tagged') return no('a payment made from an earlier one needs the gateway');
  if (p.cents > policy.maxAmountCents) return no(`$${formatDollars(p.cents)} is above the offline limit of $${formatDollars(policy.maxAmountCents)} per payment`);
  if (queue.count + 1 > policy.maxCount) return no(`${queue.count} payments are already waiting offline (limit ${policy.maxCount})`);
  if (queue.totalCents + p.cents > policy.maxTotalCents) {
    return no(`$${formatDollars(queue.totalCents)} is already waiting offline; this payment would pass the limit of $${formatDollars(policy.maxTotalCents)}`);
  }
  return { allowed: true };
}

/** When a stored payment counts as expired (flagged for the manager; it is still forwarded). */
export function expiredBefore(policy: Pick<OfflinePolicy, 'maxAgeHours'>, now: Date): string {
  return new Date(now.getTime() - policy.maxAgeHours * 3_600_000).toISOString();
}
