import { describe, expect, it, vi } from 'vitest';
import { KEYED_WAIT_MS, LEASE_MARGIN_MS } from '../../../main/payments/sale';
import { call, padReady, saleId, settled, startLane } from './scenario-support';

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

describe('typing a card while the PIN pad asks for it', () => {
  it('ends the pad’s card request without cancelling the sale, which then takes the typed card', async () => {
    const lane = await startLane();
    lane.core.manager.technicianSet('4826', 'test');
    await padReady(lane);
    const id = saleId('keyed-pad');
    await call(lane, 'payments.start', { saleId: id, amountCents: 8_00, tender: 'card', cardEntry: 'any' });
    await vi.waitFor(async () => expect((await call(lane, 'devices.trainingPad', { action: 'read' })).waitingFor).toBe('card'), { timeout: 5_000, interval: 10 });

    await call(lane, 'payments.tender', { saleId: id, tender: 'card', cardEntry: 'keyed' });
    // The pad's client sends one request at a time: once a test of the pad is answered, the ended card request's reply was handled.
    await call(lane, 'devices.test', { id: 'training-pinpad' });
    expect(await call(lane, 'payments.get', { saleId: id })).toMatchObject({ state: 'waiting', waitingFor: 'card' });

    const card = { pan: '4111 1111 1111 1111', expiryMonth: 3, expiryYear: 2031, cardholderName: 'Pat Lee', cvd: '123', cvdPresence: 'present' as const };
    await call(lane, 'payments.keyed', { saleId: id, card, managerPin: '4826' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved', entry: 'keyed' });
  });
});
