import { describe, expect, it } from 'vitest';
import { installDecision, QUIET_AFTER_MS, type InstallMoment } from '../../../main/updates/quiet-moment';

const quiet: InstallMoment = { downloaded: '1.4.0', queued: 0, saleInProgress: false, idleMs: QUIET_AFTER_MS };

describe('installDecision', () => {
  it('installs a downloaded update when the queue is empty, no sale runs and the counter is idle', () => {
    expect(installDecision(quiet)).toEqual({ install: true });
    expect(installDecision({ ...quiet, idleMs: QUIET_AFTER_MS * 30 })).toEqual({ install: true });
    // Nothing done at the counter since the app started is quiet too.
    expect(installDecision({ ...quiet, idleMs: undefined })).toEqual({ install: true });
  });

  it('waits for each reason, naming it', () => {
    const vectors: Array<[Partial<InstallMoment>, string, RegExp]> = [
      [{ downloaded: undefined }, 'download', /no update is downloaded/],
      [{ saleInProgress: true }, 'sale', /a sale is in progress/],
      [{ queued: 1 }, 'queue', /1 live payment\(s\) wait to be forwarded/],
      [{ queued: 37 }, 'queue', /37 live payment/],
      [{ idleMs: 0 }, 'activity', /used 0 s ago/],
      [{ idleMs: QUIET_AFTER_MS - 1 }, 'activity', /used 600 s ago/],
      [{ idleMs: Number.NaN }, 'activity', /used/],
    ];
    for (const [change, waitingFor, words] of vectors) {
      const d = installDecision({ ...quiet, ...change });
      expect(d, JSON.stringify(change)).toMatchObject({ install: false, waitingFor });
      if (!d.install) expect(d.words).toMatch(words);
    }
  });

  it('puts a sale before the queue, and both before the idle time', () => {
    expect(installDecision({ ...quiet, saleInProgress: true, queued: 3, idleMs: 0 })).toMatchObject({ waitingFor: 'sale' });
    expect(installDecision({ ...quiet, queued: 3, idleMs: 0 })).toMatchObject({ waitingFor: 'queue' });
    expect(installDecision({ ...quiet, downloaded: undefined, saleInProgress: true })).toMatchObject({ waitingFor: 'download' });
  });

  it('takes another quiet time when asked', () => {
    expect(installDecision({ ...quiet, idleMs: 60_000 }, 30_000)).toEqual({ install: true });
    expect(installDecision({ ...quiet, idleMs: 60_000 }, 120_000)).toMatchObject({ install: false, waitingFor: 'activity' });
  });
});
