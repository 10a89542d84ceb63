import { describe, expect, it } from 'vitest';
import { call, saleId, settled, startLane, swipeSale } from './scenario-support';

/** A void, refund or completion's view names the payment it acts on (SaleView.original), so the Register can say both amounts. */
describe('the view of a payment made from another', () => {
  it('carries the voided sale’s type and amounts, while it runs and once it has ended', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('to-void'), 19_99);
    const voidId = saleId('void');
    const started = await call(lane, 'payments.start', { saleId: voidId, type: 'void', amountCents: 0, originalRef: sale.clientRef });
    expect(started.original).toEqual({ type: 'sale', requestedCents: 19_99, approvedCents: 19_99 });
    expect(await settled(lane, voidId)).toMatchObject({ type: 'void', state: 'approved', amountCents: 19_99, original: { type: 'sale', requestedCents: 19_99, approvedCents: 19_99 } });
  });

  it('carries what a refund is taken from', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('to-refund'), 50_00);
    const refund = saleId('refund');
    await call(lane, 'payments.start', { saleId: refund, type: 'refund', amountCents: 12_50, originalRef: sale.clientRef });
    expect(await settled(lane, refund)).toMatchObject({ approvedCents: 12_50, originalRef: sale.clientRef, original: { type: 'sale', requestedCents: 50_00, approvedCents: 50_00 } });
  });

  it('carries the pre-authorization a completion captures, also when read back by another process', async () => {
    const lane = await startLane();
    const pre = await swipeSale(lane, saleId('preauth'), 50_00, 'visa', { type: 'preauth' });
    const done = saleId('completion');
    await call(lane, 'payments.start', { saleId: done, type: 'completion', amountCents: 45_00, originalRef: pre.clientRef });
    const original = { type: 'preauth', requestedCents: 50_00, approvedCents: 50_00 };
    expect(await settled(lane, done)).toMatchObject({ approvedCents: 45_00, original });
    // Another process on the same lane has no sale in memory: it builds the view from the journal.
    const other = await startLane({ dataDir: lane.dataDir });
    expect(await call(other, 'payments.get', { saleId: done })).toMatchObject({ type: 'completion', approvedCents: 45_00, originalRef: pre.clientRef, original });
  });

  it('carries none for a payment made from nothing', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('plain'), 7_77);
    expect(sale.original).toBeNull();
    const other = await startLane({ dataDir: lane.dataDir });
    expect(await call(other, 'payments.get', { saleId: sale.saleId })).toMatchObject({ originalRef: null, original: null });
  });
});
