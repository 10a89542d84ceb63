import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JournalRow, JournalStore } from './journal/journal';
import { JournalConflictError } from './journal/journal';
import { recoveryState } from './states';

/**
 * Who holds a journal row: `host/pid/nonce`. A row held by a process that is gone (killed, power
 * cut) is recovered at once by the next process on the same host; a row held on another host, or
 * by a process that cannot be checked, waits for its lease to run out.
 */
export function ownerId(pid = process.pid): string {
  return `${hostname()}/${pid}/${randomBytes(4).toString('hex')}`;
}

export function ownerGone(owner: string | null, self: string, now: Date, leaseUntil: string | null): boolean {
  if (!owner) return true;
  if (owner === self) return false;
  const [host, pidText] = owner.split('/');
  const pid = Number(pidText);
  const here = host === hostname() && Number.isSafeInteger(pid) && pid > 0;
  // Only an owner we cannot check (another host) is judged by its lease: a live process here keeps
  // its row however long its customer takes, so a slow "yes" on the PIN pad is never recovered away.
  if (!here) return leaseUntil !== null && leaseUntil <= now.toISOString();
  // Our own pid with another nonce: an earlier process that had our pid.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Closes rows left in flight by processes that are gone: before sending → cancelled or failed
 * (nothing left the machine); sending or forwarding → needs lookup (the gateway may have it).
 * Returns the rows it moved.
 */
export function recoverAbandoned(journal: JournalStore, self: string, now: Date): JournalRow[] {
  const moved: JournalRow[] = [];
  for (const row of journal.inFlight()) {
    const to = recoveryState(row.state);
    if (!to || !ownerGone(row.owner, self, now, row.leaseUntil)) continue;
    const message =
      to === 'needs-lookup'
        ? 'the terminal stopped while this payment was being sent: look it up before sending it again'
        : 'the terminal stopped before this payment was sent: nothing was sent';
    try {
      moved.push(journal.apply(row.clientRef, 'recover', now, { message, owner: null, leaseUntil: null }, { from: row.state, to, detail: `recovered from ${row.owner ?? 'no owner'}` }));
    } catch (e) {
      // Another process recovered or finished it first.
      if (!(e instanceof JournalConflictError)) throw e;
    }
  }
  return moved;
}
