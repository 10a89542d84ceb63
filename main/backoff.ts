/** Exponential back-off with a ceiling: how long to wait before try number `attempts + 1`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * The wait after `attempts` tries that did not get through: doubling from `baseMs` up to `maxMs`,
 * with full jitter on the upper half so that lanes which lost a service together do not come back
 * together. `random` is in [0, 1). Pure (the payments forwarder and the lead outbox share it).
 */
export function backoffMs(attempts: number, random: number, b: Backoff): number {
  const ceiling = Math.min(b.maxMs, b.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
