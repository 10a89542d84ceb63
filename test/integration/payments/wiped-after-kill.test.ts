import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { journalFile, openJournal } from '../../../main/payments/journal/journal';
import { newPayment, openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';

/**
 * A final answer wipes a payment's sealed data and the journal is checkpointed 200 ms later, so no
 * old page keeps it. A process killed in between left the old pages in the files; the app clears
 * them when it starts, not at the next final answer, which may be hours away.
 */
const AT = new Date('2030-03-01T12:00:00.000Z');
const MARKER = Buffer.from('SEALED-CARD-DATA-MARKER/'.repeat(16));

const holds = (dir: string): boolean[] => {
  const file = journalFile(dir, 'live');
  return [file, `${file}-wal`].map((f) => existsSync(f) && readFileSync(f).includes(MARKER));
};

describe('sealed data wiped just before a kill', () => {
  it('is gone from the journal and its log soon after the app starts again', async () => {
    const dir = tempDir();
    const journal = openJournal(dir, 'live');
    // Another connection (as the app's own readers are) keeps the log when the killed one goes.
    const other = new Database(journalFile(dir, 'live'), { readonly: true });
    try {
      // Once it has read, it holds the log open.
      other.prepare('SELECT count(*) FROM journal').get();
      journal.create(newPayment('L-KILLED', 12_34), ['choosing', 'waiting'], AT);
      journal.transition('L-KILLED', 'waiting', ['validated', 'journaled', 'offline'], AT, { sealed: MARKER, storedOffline: true, outcomeKind: 'not-sent' });
      journal.checkpoint();
      journal.transition('L-KILLED', 'offline', 'forwarding', AT, { owner: 'till/1/x', leaseUntil: AT.toISOString(), attemptsIncrement: true });
      journal.transition('L-KILLED', 'forwarding', 'approved', AT, { outcomeKind: 'approved', approvedCents: 12_34 });
      // Killed before its checkpoint: the connection goes without one (its timer finds it closed).
      journal.db.close();
      expect(holds(dir)).toContain(true);

      const core = await openCore(dir, { autoForward: true });
      try {
        await core.payments.payments.start();
        await vi.waitFor(() => expect(holds(dir)).toEqual([false, false]), { timeout: 10_000, interval: 50 });
        expect(core.journals.of('live').get('L-KILLED')).toMatchObject({ state: 'approved', hasSealed: false });
      } finally {
        await core.close();
      }
    } finally {
      other.close();
    }
  });
});
