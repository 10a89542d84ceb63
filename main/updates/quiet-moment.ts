/**
 * When a downloaded update of the desktop app may be installed. Installing restarts the app, so
 * it waits for a quiet moment: the update is downloaded, no sale is in progress, no live payment
 * waits to be forwarded (the installers refuse an upgrade while one does, see posctl queue
 * pending), and nothing was done at the counter for a while. Pure: tested with vectors.
 */
export interface CounterMoment {
  /** Live payments stored offline and not yet forwarded (the same count as the installers' guard). */
  queued: number;
  /** A sale is started and not finished at this counter. */
  saleInProgress: boolean;
  /** Milliseconds since the last thing done at the counter; undefined when nothing was done since the app started. */
  idleMs: number | undefined;
}

export interface InstallMoment extends CounterMoment {
  /** The version downloaded and ready to install, if any. */
  downloaded: string | undefined;
}

/** Ten minutes without a call from the counter: long enough to see a lane is between customers. */
export const QUIET_AFTER_MS = 10 * 60_000;

export type InstallDecision =
  | { install: true }
  | { install: false; waitingFor: 'download' | 'sale' | 'queue' | 'activity'; words: string };

export function installDecision(m: InstallMoment, quietAfterMs = QUIET_AFTER_MS): InstallDecision {
  if (m.downloaded === undefined) return { install: false, waitingFor: 'download', words: 'no update is downloaded' };
  if (m.saleInProgress) return { install: false, waitingFor: 'sale', words: 'a sale is in progress' };
  if (m.queued > 0) return { install: false, waitingFor: 'queue', words: `${m.queued} live payment(s) wait to be forwarded` };
  if (m.idleMs !== undefined && !(m.idleMs >= quietAfterMs)) {
    return { install: false, waitingFor: 'activity', words: `the counter was used ${Math.max(0, Math.round(m.idleMs / 1000))} s ago` };
  }
  return { install: true };
}
