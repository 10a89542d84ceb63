import { describe, expect, it } from 'vitest';
import type { PaymentRow } from '../../../preload/contract';
import { call, offlineSettings, saleId, settled, startLane, swipeSale, type Lane } from './scenario-support';

/**
 * What History and posctl read of a payment after what was made from it (its standing), and the
 * day's totals by outcome, through the contract on a training lane.
 */

/** A void, refund or completion made from `original` through the contract; its final view. */
async function madeFrom(lane: Lane, type: 'void' | 'refund' | 'completion', originalRef: string, cents = 0) {
  const id = saleId(`st-${type}`);
  await call(lane, 'payments.start', { saleId: id, type, amountCents: cents, originalRef });
  return settled(lane, id);
}

const rowOf = async (lane: Lane, ref: string): Promise<PaymentRow> => {
  const found = (await call(lane, 'journal.search', { reference: ref })).rows;
  expect(found).toHaveLength(1);
  return found[0] as PaymentRow;
};

describe('a journal row’s standing', () => {
  it('says what was refunded, partially then fully, in search, in journal.get and in its related rows', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('st-sale'), 19_99);
    expect((await rowOf(lane, sale.clientRef)).standing).toEqual({ voided: false, refundedCents: 0, completedCents: 0 });

    expect(await madeFrom(lane, 'refund', sale.clientRef, 5_00)).toMatchObject({ state: 'approved' });
    expect((await rowOf(lane, sale.clientRef)).standing).toEqual({ voided: false, refundedCents: 5_00, completedCents: 0 });

    const rest = await madeFrom(lane, 'refund', sale.clientRef);
    expect(rest).toMatchObject({ state: 'approved', amountCents: 14_99 });
    const got = await call(lane, 'journal.get', { ref: sale.clientRef });
    expect(got.payment.standing).toEqual({ voided: false, refundedCents: 19_99, completedCents: 0 });
    expect(got.related.map((r) => [r.type, r.originalRef, r.standing.voided])).toEqual([
      ['refund', sale.clientRef, false],
      ['refund', sale.clientRef, false],
    ]);
  });

  it('no longer counts a refund that was voided, and says the refund is voided', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('st-sale'), 30_00);
    const refund = await madeFrom(lane, 'refund', sale.clientRef, 12_00);
    expect((await rowOf(lane, sale.clientRef)).standing.refundedCents).toBe(12_00);
    expect(await madeFrom(lane, 'void', refund.clientRef)).toMatchObject({ state: 'approved' });
    expect((await rowOf(lane, sale.clientRef)).standing).toEqual({ voided: false, refundedCents: 0, completedCents: 0 });
    expect((await rowOf(lane, refund.clientRef)).standing).toEqual({ voided: true, refundedCents: 0, completedCents: 0 });
  });

  it('lets the claim rule agree: once its refund is voided, a sale may be refunded in full again, or voided', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('st-sale'), 30_00);
    const refund = await madeFrom(lane, 'refund', sale.clientRef, 12_00);
    await madeFrom(lane, 'void', refund.clientRef);
    expect(await madeFrom(lane, 'refund', sale.clientRef)).toMatchObject({ state: 'approved', amountCents: 30_00 });

    const other = await swipeSale(lane, saleId('st-sale'), 8_00);
    const partial = await madeFrom(lane, 'refund', other.clientRef, 3_00);
    await expect(call(lane, 'payments.start', { saleId: saleId('st-void'), type: 'void', amountCents: 0, originalRef: other.clientRef })).rejects.toThrow(/void .* first/);
    await madeFrom(lane, 'void', partial.clientRef);
    expect(await madeFrom(lane, 'void', other.clientRef)).toMatchObject({ state: 'approved' });
    expect((await rowOf(lane, other.clientRef)).standing).toEqual({ voided: true, refundedCents: 0, completedCents: 0 });
  });

  it('says a sale is voided once its void is approved', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('st-sale'), 8_00);
    const other = await swipeSale(lane, saleId('st-other'), 9_00);
    expect(await madeFrom(lane, 'void', sale.clientRef)).toMatchObject({ state: 'approved' });
    const rows = (await call(lane, 'journal.search', { type: 'sale' })).rows;
    expect(rows.map((r) => [r.clientRef, r.standing.voided])).toEqual([
      [other.clientRef, false],
      [sale.clientRef, true],
    ]);
  });

  it('says what a pre-authorization was completed for', async () => {
    const lane = await startLane();
    const pre = await swipeSale(lane, saleId('st-pre'), 50_00, 'visa', { type: 'preauth' });
    expect(await madeFrom(lane, 'completion', pre.clientRef, 45_00)).toMatchObject({ state: 'approved', approvedCents: 45_00 });
    expect((await rowOf(lane, pre.clientRef)).standing).toEqual({ voided: false, refundedCents: 0, completedCents: 45_00 });
  });

  it('keeps the amount asked on a declined or rejected row (nothing was approved)', async () => {
    const lane = await startLane();
    // Training triggers: 5521.00 the bank declines (521); 5000.22 the gateway rejects (22).
    const declined = await swipeSale(lane, saleId('st-decl'), 5_521_00);
    const rejected = await swipeSale(lane, saleId('st-rej'), 5_000_22);
    expect(await rowOf(lane, declined.clientRef)).toMatchObject({ state: 'declined', requestedCents: 5_521_00, approvedCents: 0 });
    expect(await rowOf(lane, rejected.clientRef)).toMatchObject({ state: 'rejected', requestedCents: 5_000_22, approvedCents: 0 });
  });
});

describe('the day’s totals by outcome', () => {
  it('keeps gateway rejections apart from bank declines, and counts no failed, cancelled or unanswered payment', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await swipeSale(lane, saleId('tb-ok'), 10_00);
    expect(await swipeSale(lane, saleId('tb-decl'), 5_521_00)).toMatchObject({ state: 'declined' });
    expect(await swipeSale(lane, saleId('tb-rej'), 5_000_22)).toMatchObject({ state: 'rejected' });
    expect(await swipeSale(lane, saleId('tb-rej2'), 5_000_26)).toMatchObject({ state: 'rejected' });
    const cancelled = saleId('tb-cancel');
    await call(lane, 'payments.start', { saleId: cancelled, amountCents: 3_00, tender: 'card', cardEntry: 'reader' });
    await call(lane, 'payments.cancel', { saleId: cancelled });
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    expect(await swipeSale(lane, saleId('tb-off'), 4_00)).toMatchObject({ state: 'offline' });
    // Above the offline limit: not stored, not sent.
    expect(await swipeSale(lane, saleId('tb-failed'), 200_00)).toMatchObject({ state: 'failed' });

    const totals = await call(lane, 'journal.totals', {});
    expect([...totals.lines].sort((a, b) => a.bucket.localeCompare(b.bucket))).toEqual([
      { tender: 'card', type: 'sale', bucket: 'approved', count: 1, cents: 10_00 },
      { tender: 'card', type: 'sale', bucket: 'declined', count: 1, cents: 5_521_00 },
      { tender: 'card', type: 'sale', bucket: 'offline', count: 1, cents: 4_00 },
      { tender: 'card', type: 'sale', bucket: 'rejected', count: 2, cents: 10_000_48 },
    ]);
    expect(totals).toMatchObject({ approvedCents: 10_00, offlineOutstandingCents: 4_00, netCents: 10_00 });
  });

  it('takes nothing off the net for a voided refund or a voided pre-auth, and counts a voided sale once', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('tv-sale'), 30_00);
    const refund = await madeFrom(lane, 'refund', sale.clientRef, 12_00);
    await madeFrom(lane, 'void', refund.clientRef);
    const kept = await swipeSale(lane, saleId('tv-kept'), 5_00);
    await madeFrom(lane, 'refund', kept.clientRef, 1_00);
    const pre = await swipeSale(lane, saleId('tv-pre'), 50_00, 'visa', { type: 'preauth' });
    await madeFrom(lane, 'void', pre.clientRef);
    const voided = await swipeSale(lane, saleId('tv-void'), 7_00);
    await madeFrom(lane, 'void', voided.clientRef);

    expect(await call(lane, 'journal.totals', {})).toMatchObject({ approvedCents: 42_00, refundedCents: 1_00, voidedCents: 7_00, netCents: 34_00 });
  });
});
