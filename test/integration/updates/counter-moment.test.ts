import { describe, expect, it } from 'vitest';
import { counterMoment } from '../../../main/updates/moment';
import { installDecision } from '../../../main/updates/quiet-moment';
import { newPayment } from '../../support/payments';
// startLane's cores are closed after each test by scenario-support.
import { saleId, startLane } from '../payments/scenario-support';

describe('the counter as the update decision sees it', () => {
  it('reads a sale in progress, the live queue and the last call made at the counter from the running core', async () => {
    const lane = await startLane();
    const { core } = lane;
    expect(counterMoment(core)).toEqual({ queued: 0, saleInProgress: false, idleMs: undefined });

    // A page starts a sale: in progress, and the counter was just used.
    const page = { transport: 'ws', connection: 'ws:7' } as const;
    const id = saleId('update');
    const started = await core.dispatch('payments.start', { saleId: id, amountCents: 12_34, tender: 'card', cardEntry: 'reader' }, page);
    expect(started.ok).toBe(true);
    const during = counterMoment(core);
    expect(during).toMatchObject({ queued: 0, saleInProgress: true });
    expect(during.idleMs).toBeGreaterThanOrEqual(0);
    expect(installDecision({ downloaded: '2.0.0', ...during })).toMatchObject({ install: false, waitingFor: 'sale' });

    expect((await core.dispatch('payments.cancel', { saleId: id }, page)).ok).toBe(true);
    expect(counterMoment(core).saleInProgress).toBe(false);

    // A live payment stored offline is counted as the installers' guard counts it.
    core.journals.of('live').create(newPayment('upd-1'), 'offline', new Date());
    expect(counterMoment(core).queued).toBe(1);
    // posctl's calls are not the counter being used.
    const before = counterMoment(core).idleMs ?? 0;
    await core.dispatch('queue.status', {}, { transport: 'cli' });
    expect(counterMoment(core).idleMs ?? 0).toBeGreaterThanOrEqual(before);
  });
});
