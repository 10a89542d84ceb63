import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Forwarder } from '../../../main/payments/forwarder';
import type { GatewayLease } from '../../../main/payments/ports';
import type { JournalStore } from '../../../main/payments/journal/journal';
import { memoryJournal, newPayment, OUTCOMES } from '../../support/payments';

/** An idle lane builds no gateway client for the forwarder (issue 23: idle memory, no simulator started for nothing). */
describe('the forwarder on an idle lane', () => {
  let journal: JournalStore;
  afterEach(() => journal?.close());

  const lease = (): GatewayLease => ({
    mode: 'live',
    send: async () => OUTCOMES.approved,
    builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
    knownOffline: () => false,
    preconnect: () => undefined,
    release: () => undefined,
  });

  function forwarder(now: Date, peek: () => JournalStore | undefined): Forwarder & { opened: number } {
    const f = new Forwarder({
      open: async () => {
        f.opened++;
        return { journal, gateway: lease() };
      },
      peek,
      unseal: (blob) => blob,
      owner: 'till-1/1/me',
      now: () => now,
      log: pino({ level: 'silent' }),
      changed: () => undefined,
    }) as Forwarder & { opened: number };
    f.opened = 0;
    return f;
  }

  it('leases no gateway when nothing is due, nor when the mode has no journal yet', async () => {
    journal = memoryJournal();
    const now = new Date('2030-03-01T12:00:00.000Z');
    const f = forwarder(now, () => journal);
    expect(await f.forwardNow()).toMatchObject({ attempted: 0, remaining: 0 });
    expect(f.opened).toBe(0);
    // Waiting out a back-off: counted, not sent, no lease.
    const payload = { v: 1, operation: 'SendAndCommit', request: { Transaction_Type: '00', DollarAmount: '10.00', Reference_No: 'r-1' }, partialApproval: false };
    journal.create(newPayment('r-1'), 'offline', now, { sealed: Buffer.from(JSON.stringify(payload)), storedOffline: true, nextAttemptAt: new Date(now.getTime() + 60_000).toISOString() });
    expect(await f.forwardNow()).toMatchObject({ attempted: 0, remaining: 1 });
    expect(f.opened).toBe(0);
    const none = forwarder(now, () => undefined);
    await none.forwardNow();
    expect(none.opened).toBe(0);
    await f.stop();
    await none.stop();
  });

  it('leases the gateway as soon as a payment is due, and when a person asks', async () => {
    journal = memoryJournal();
    const now = new Date('2030-03-01T12:00:00.000Z');
    const payload = { v: 1, operation: 'SendAndCommit', request: { Transaction_Type: '00', DollarAmount: '10.00', Reference_No: 'r-2' }, partialApproval: false };
    journal.create(newPayment('r-2'), 'offline', now, { sealed: Buffer.from(JSON.stringify(payload)), storedOffline: true });
    const f = forwarder(now, () => journal);
    expect(await f.forwardNow()).toMatchObject({ attempted: 1, approved: 1 });
    expect(f.opened).toBe(1);
    await f.forwardNow({ asked: true });
    expect(f.opened).toBe(2);
    await f.stop();
  });
});
