import { describe, expect, it } from 'vitest';
import { KEYED_WAIT_MS, LEASE_MARGIN_MS } from '../../../main/payments/sale';
import { call, saleId, startLane } from './scenario-support';

/**
 * A cashier typing a card (number, expiry, code, name, then the manager's PIN) takes longer than
 * a swipe: while the form is open the sale waits at least KEYED_WAIT_MS, and back to the
 * card wait when the form is closed. Read from the row's lease, on a clock that does not move.
 */
describe('the wait for a card typed in', () => {
  it('waits the keyed wait while the card is typed, and the card wait again once the form is closed', async () => {
    const at = new Date('2026-11-25T13:04:00Z');
    const lane = await startLane({ now: () => at, settings: [['payments.cardWaitSeconds', 30]] });
    const id = saleId('keyed-wait');
    const sale = await call(lane, 'payments.start', { saleId: id, amountCents: 12_34, tender: 'card', cardEntry: 'any' });
    const leaseOf = (): number => new Date(lane.core.journal().get(sale.clientRef)?.leaseUntil ?? 0).getTime() - at.getTime() - LEASE_MARGIN_MS;
    expect(leaseOf()).toBe(30_000);

    expect(await call(lane, 'payments.tender', { saleId: id, tender: 'card', cardEntry: 'keyed' })).toMatchObject({ state: 'waiting', waitingFor: 'card' });
    expect(leaseOf()).toBe(KEYED_WAIT_MS);

    await call(lane, 'payments.tender', { saleId: id, tender: 'card', cardEntry: 'any' });
    expect(leaseOf()).toBe(30_000);
  });
});
