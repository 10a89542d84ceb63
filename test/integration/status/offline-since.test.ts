import { describe, expect, it } from 'vitest';
import { shownQueue, type AppStatus } from '../../../preload/contract';
import { call, offlineSettings, saleId, startLane, swipeSale, TestClock, type Lane } from '../payments/scenario-support';

/** The status of a terminal whose gateway fails: the training fault included, as a cashier would see a live one fail. */
const statusEvents = (lane: Lane): AppStatus[] => lane.events.filter((e) => e.name === 'status.changed').map((e) => e.payload as AppStatus);

describe('the status when the gateway cannot be reached (training fault)', () => {
  it('says offline since the first failed attempt, counts the stored payment in the mode shown, and clears once a send gets through', async () => {
    const clock = new TestClock();
    clock.advance(-3 * 3_600_000); // a moment that is not "now": the time shown must be the attempt's, from the core's clock
    const lane = await startLane({ now: clock.now, settings: offlineSettings() });
    expect((await call(lane, 'app.status', {})).gateway).toEqual({ state: 'training', unencrypted: false });

    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    const before = clock.now().getTime();
    const stored = await swipeSale(lane, saleId('since'), 12_00);
    const after = clock.now().getTime();
    expect(stored.state).toBe('offline');

    const status = await call(lane, 'app.status', {});
    expect(status.gateway.state).toBe('training');
    const since = Date.parse(status.gateway.offlineSince ?? '');
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(after);
    // The screens heard it without asking.
    expect(statusEvents(lane).at(-1)?.gateway.offlineSince).toBe(status.gateway.offlineSince);
    expect(shownQueue(status)).toEqual({ pending: 1, needsLookup: 0, attention: 0 });

    // A second failure keeps the first one's time: "since" is when it started.
    clock.advance(60_000);
    expect((await swipeSale(lane, saleId('since2'), 3_00)).state).toBe('offline');
    expect((await call(lane, 'app.status', {})).gateway.offlineSince).toBe(status.gateway.offlineSince);

    await call(lane, 'gateway.trainingFault', { kind: 'none' });
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 2, approved: 2 });
    const back = await call(lane, 'app.status', {});
    expect(back.gateway.offlineSince).toBeUndefined();
    expect(shownQueue(back).pending).toBe(0);
  });
});
