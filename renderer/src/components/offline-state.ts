import { shownQueue, type AppStatus, type ShownQueue } from '../../../preload/contract';

export interface OfflineState {
  /** The gateway of the mode shown did not answer at the last attempt. */
  offline: boolean;
  /** Since when, when main knows (ISO 8601). */
  since: string | undefined;
  /** What waits, in the mode shown: the Offline queue screen lists the same. */
  queue: ShownQueue;
}

/**
 * The one reading of the status that the status bar and the offline banner both say, so they never
 * contradict each other (nor the Offline queue screen): a training fault counts as an outage.
 */
export function offlineState(status: AppStatus): OfflineState {
  const since = status.gateway.offlineSince;
  return { offline: since !== undefined || status.gateway.state === 'offline', since, queue: shownQueue(status) };
}
