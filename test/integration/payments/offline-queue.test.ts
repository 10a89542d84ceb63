import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PaymentRow } from '../../../preload/contract';
import {
  atEnd,
  call,
  expectNoFullPan,
  liveGateway,
  liveSettings,
  offlineSettings,
  refused,
  saleId,
  saleReaches,
  sentCount,
  settled,
  startLane,
  statesOf,
  swipeSale,
  tagAtGateway,
  TestClock,
  type Lane,
} from './scenario-support';

/**
 * The training gateway cannot be reached until `reachable` (the trainer's fault, through the
 * contract). The simulator applies the fault when a request is about to be sent; a sale opens its
 * connection earlier, while the customer swipes, and that connection still gets through (see the
 * last test of this file). Applying the fault at once keeps these scenarios about the queue.
 */
async function unreachable(lane: Lane): Promise<void> {
  await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
  await sim(lane)?.syncFaults();
}
async function reachable(lane: Lane): Promise<void> {
  await call(lane, 'gateway.trainingFault', { kind: 'none' });
}

const sim = (lane: Lane) => lane.core.gateway.simulator();
const sealedOf = (lane: Lane, ref: string): Buffer | undefined => lane.core.journals.of(lane.core.mode()).sealed(ref);
const row = async (lane: Lane, ref: string): Promise<PaymentRow> => (await call(lane, 'journal.get', { ref })).payment;

describe('storing payments offline (training gateway unreachable)', () => {
  it('stores a sale offline, counts it in queue.status and app.status, and forwards it once the gateway is back', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await unreachable(lane);
    const id = saleId('off');
    const stored = await swipeSale(lane, id, 20_00);
    expect(stored).toMatchObject({ state: 'offline', final: true, approvedCents: null, balanceDueCents: 0 });
    expect(stored.words).toMatch(/Stored offline/);
    expect(await row(lane, stored.clientRef)).toMatchObject({ state: 'offline', storedOffline: true, outcomeKind: 'not-sent', attempts: 1 });
    expect((await call(lane, 'queue.status', {})).training).toMatchObject({ count: 1, totalCents: 20_00 });
    expect((await call(lane, 'app.status', {})).queue).toMatchObject({ training: 1, pending: 0 });
    expect(await call(lane, 'queue.list', { list: 'offline' })).toMatchObject([{ clientRef: stored.clientRef, masked: '411111******1111', expired: false }]);
    expect(sentCount(sim(lane), stored.clientRef)).toBe(0);
    expect(sealedOf(lane, stored.clientRef)).toBeInstanceOf(Buffer);

    await reachable(lane);
    const round = await call(lane, 'queue.forward', {});
    expect(round).toMatchObject({ attempted: 1, approved: 1, remaining: 0, stoppedBecause: null });
    const forwarded = await row(lane, stored.clientRef);
    expect(forwarded).toMatchObject({ state: 'approved', storedOffline: true, approvedCents: 20_00, attempts: 2 });
    expect(forwarded.tag).toMatch(/^\d+$/);
    expect(sentCount(sim(lane), stored.clientRef)).toBe(1);
    // The card data sealed for forwarding is wiped with the final answer.
    expect(sealedOf(lane, stored.clientRef)).toBeUndefined();
    expect((await call(lane, 'queue.status', {})).training.count).toBe(0);
    expect((await call(lane, 'app.status', {})).queue.training).toBe(0);
    expectNoFullPan(lane);
  });

  it('allows exactly offline.maxAmount and refuses a cent more, naming the limit', async () => {
    const lane = await startLane({ settings: offlineSettings({ maxAmount: 50_00 }) });
    await unreachable(lane);
    expect(await swipeSale(lane, saleId('max'), 50_00)).toMatchObject({ state: 'offline' });
    const over = await swipeSale(lane, saleId('over'), 50_01);
    expect(over.state).toBe('failed');
    expect(over.words).toContain('$50.01 is above the offline limit of $50.00');
    expect((await call(lane, 'queue.status', {})).training.count).toBe(1);
  });

  it('stops storing at offline.maxCount', async () => {
    const lane = await startLane({ settings: offlineSettings({ maxCount: 2 }) });
    await unreachable(lane);
    expect(await swipeSale(lane, saleId('c1'), 1_00)).toMatchObject({ state: 'offline' });
    expect(await swipeSale(lane, saleId('c2'), 1_00)).toMatchObject({ state: 'offline' });
    const third = await swipeSale(lane, saleId('c3'), 1_00);
    expect(third.state).toBe('failed');
    expect(third.words).toContain('2 payments are already waiting offline (limit 2)');
  });

  it('stops storing when offline.maxTotal would be passed, and allows reaching it exactly', async () => {
    const lane = await startLane({ settings: offlineSettings({ maxAmount: 60_00, maxTotal: 100_00 }) });
    await unreachable(lane);
    expect(await swipeSale(lane, saleId('t1'), 60_00)).toMatchObject({ state: 'offline' });
    const over = await swipeSale(lane, saleId('t2'), 40_01);
    expect(over.state).toBe('failed');
    expect(over.words).toContain('would pass the limit of $100.00');
    expect(await swipeSale(lane, saleId('t3'), 40_00)).toMatchObject({ state: 'offline' });
    expect((await call(lane, 'queue.status', {})).training).toMatchObject({ count: 2, totalCents: 100_00 });
  });

  it('fails a sale with the reason when offline payments are turned off', async () => {
    const lane = await startLane({ settings: offlineSettings({ enabled: false }) });
    await unreachable(lane);
    const failed = await swipeSale(lane, saleId('disabled'), 5_00);
    expect(failed.state).toBe('failed');
    expect(failed.words).toContain('not stored offline: offline payments are turned off for this store');
    expect(await row(lane, failed.clientRef)).toMatchObject({ state: 'failed', storedOffline: false });
    expect(sealedOf(lane, failed.clientRef)).toBeUndefined();
  });

  it('never stores a refund offline by default, with or without an original', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const sale = await swipeSale(lane, saleId('orig'), 30_00);
    await unreachable(lane);
    const card = await swipeSale(lane, saleId('refund-card'), 10_00, 'visa', { type: 'refund' });
    expect(card.state).toBe('failed');
    expect(card.words).toContain('a refund cannot be taken offline');
    const tagged = saleId('refund-tag');
    await call(lane, 'payments.start', { saleId: tagged, type: 'refund', amountCents: 10_00, originalRef: sale.clientRef });
    const answer = await settled(lane, tagged);
    expect(answer.state).toBe('failed');
    expect((await call(lane, 'queue.status', {})).training.count).toBe(0);
  });

  it('flags a payment stored longer than offline.maxAgeHours as expired and still forwards it', async () => {
    const clock = new TestClock();
    const lane = await startLane({ now: clock.now, settings: offlineSettings({ maxAgeHours: 2 }) });
    await unreachable(lane);
    const stored = await swipeSale(lane, saleId('old'), 12_00);
    expect(stored.state).toBe('offline');
    clock.advance(90 * 60_000);
    expect((await call(lane, 'queue.list', { list: 'offline' }))[0]?.expired).toBe(false);
    clock.advance(60 * 60_000);
    expect(await call(lane, 'queue.list', { list: 'offline' })).toMatchObject([{ clientRef: stored.clientRef, expired: true }]);
    expect((await call(lane, 'queue.status', {})).training.expired).toBe(1);

    await reachable(lane);
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 1, approved: 1 });
    expect(await row(lane, stored.clientRef)).toMatchObject({ state: 'approved', expired: false });
    expect((await call(lane, 'queue.status', {})).training.expired).toBe(0);
  });

  it('puts a payment declined after forwarding on the attention list until a manager acknowledges it', async () => {
    // 5521.00 makes the training bank decline (code 521): the limits must let it be stored.
    const lane = await startLane({ settings: offlineSettings({ maxAmount: 6_000_00, maxTotal: 10_000_00 }) });
    await unreachable(lane);
    const stored = await swipeSale(lane, saleId('decl'), 5_521_00);
    expect(stored.state).toBe('offline');
    await reachable(lane);
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 1, declined: 1, approved: 0 });
    expect(await row(lane, stored.clientRef)).toMatchObject({ state: 'declined', attention: true, bankCode: '521' });
    const attention = await call(lane, 'queue.list', { list: 'attention' });
    expect(attention).toMatchObject([{ clientRef: stored.clientRef, masked: '411111******1111', last4: '1111', cardholderName: 'TRAINING/VISA', attention: true }]);
    expect((await call(lane, 'queue.status', {})).training.attention).toBe(1);

    const done = await call(lane, 'queue.resolve', { action: 'acknowledge', ref: stored.clientRef, decidedBy: 'Manager Mo' });
    expect(done).toMatchObject({ state: 'declined', attention: false, decidedBy: 'Manager Mo' });
    expect(await call(lane, 'queue.list', { list: 'attention' })).toEqual([]);
    expect(await refused(lane, 'queue.resolve', { action: 'acknowledge', ref: stored.clientRef, decidedBy: 'Manager Mo' })).toMatchObject({ code: 'CONFLICT' });
    expect((await call(lane, 'journal.get', { ref: stored.clientRef })).events.at(-1)?.detail).toBe('acknowledged by Manager Mo');
    expectNoFullPan(lane);
  });
});

describe('payments whose outcome is unknown', () => {
  /** A sale the training gateway processes but never answers (the connection drops after it). */
  async function unknownSale(lane: Lane, label: string, cents: number) {
    await call(lane, 'gateway.trainingFault', { kind: 'drop-after', count: 1 });
    const v = await swipeSale(lane, saleId(label), cents);
    expect(v.state).toBe('needs-lookup');
    expect(sentCount(sim(lane), v.clientRef)).toBe(1);
    return v;
  }

  it('never resends an unknown sale; a manager enters the tag and the lookup approves it', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const v = await unknownSale(lane, 'unknown', 17_00);
    expect(await call(lane, 'queue.list', { list: 'needs-lookup' })).toMatchObject([{ clientRef: v.clientRef, state: 'needs-lookup' }]);
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 0 });
    expect(sentCount(sim(lane), v.clientRef)).toBe(1);

    const tag = tagAtGateway(sim(lane), v.clientRef);
    expect(tag).toMatch(/^\d+$/);
    const entered = await call(lane, 'queue.resolve', { action: 'lookup', ref: v.clientRef, tag: tag ?? '', decidedBy: 'Manager Mo' });
    expect(entered).toMatchObject({ state: 'needs-lookup', tag, decidedBy: 'Manager Mo', cardDataKept: false });
    // Found at the gateway: the card data is no longer needed, and goes at once.
    expect(sealedOf(lane, v.clientRef)).toBeUndefined();
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 1, approved: 1 });
    expect(await row(lane, v.clientRef)).toMatchObject({ state: 'approved', tag, approvedCents: 17_00, decidedBy: 'Manager Mo' });
    // A lookup is not a resend.
    expect(sentCount(sim(lane), v.clientRef)).toBe(1);
    expect(sealedOf(lane, v.clientRef)).toBeUndefined();
  });

  it('parks an unknown sale without a tag; "not processed" sends it again, "write off" gives it up', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const again = await unknownSale(lane, 'unk-again', 8_00);
    const given = await unknownSale(lane, 'unk-off', 9_00);
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 0 });
    expect((await call(lane, 'queue.list', { list: 'needs-lookup' })).map((r) => r.clientRef)).toEqual([again.clientRef, given.clientRef]);
    expect((await call(lane, 'queue.status', {})).training.needsLookup).toBe(2);

    const resent = await call(lane, 'queue.resolve', { action: 'not-processed', ref: again.clientRef, decidedBy: 'Manager Mo' });
    expect(resent).toMatchObject({ state: 'offline', decidedBy: 'Manager Mo', decision: 'not processed: send again' });
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 1, approved: 1 });
    expect(sentCount(sim(lane), again.clientRef)).toBe(2);
    expect(await row(lane, again.clientRef)).toMatchObject({ state: 'approved', decidedBy: 'Manager Mo' });

    const off = await call(lane, 'queue.resolve', { action: 'write-off', ref: given.clientRef, decidedBy: 'Manager Al' });
    expect(off).toMatchObject({ state: 'voided', decidedBy: 'Manager Al', decision: 'written off' });
    expect(sealedOf(lane, given.clientRef)).toBeUndefined();
    await call(lane, 'queue.forward', {});
    expect(sentCount(sim(lane), given.clientRef)).toBe(1);
    expect(await refused(lane, 'queue.resolve', { action: 'not-processed', ref: given.clientRef, decidedBy: 'Manager Al' })).toMatchObject({ code: 'CONFLICT' });
  });

  it('keeps an unknown sale\'s card data only for offline.maxAgeHours; then send again asks for the card', async () => {
    const clock = new TestClock();
    const first = await startLane({ now: clock.now, settings: offlineSettings({ maxAgeHours: 2 }) });
    const v = await unknownSale(first, 'unk-aged', 7_00);
    const journal = first.core.journals.of('training');
    const blob = sealedOf(first, v.clientRef);
    expect(blob).toBeInstanceOf(Buffer);
    expect(await row(first, v.clientRef)).toMatchObject({ cardDataKept: true });

    clock.advance(2 * 3_600_000 - 60_000);
    first.core.payments.payments.forgetExpiredCardData();
    expect(sealedOf(first, v.clientRef)).toBeInstanceOf(Buffer);
    clock.advance(2 * 60_000);
    await first.core.close();
    // The next start of the terminal removes it, whichever host starts first.
    const lane = await startLane({ now: clock.now, dataDir: first.dataDir });
    expect(sealedOf(lane, v.clientRef)).toBeUndefined();
    const kept = await row(lane, v.clientRef);
    // What a lookup needs stays.
    expect(kept).toMatchObject({ state: 'needs-lookup', clientRef: v.clientRef, requestedCents: 7_00, masked: '411111******1111', last4: '1111', cardDataKept: false });
    expect((await call(lane, 'journal.get', { ref: v.clientRef })).events.at(-1)?.detail).toBe('card data removed: waited for a lookup longer than offline.maxAgeHours (2 h)');
    const again = await refused(lane, 'queue.resolve', { action: 'not-processed', ref: v.clientRef, decidedBy: 'Manager Mo' });
    expect(again).toMatchObject({ code: 'CONFLICT' });
    expect(again.message).toMatch(/no card data left to send again.*take the payment again with the card/);
    expect(await row(lane, v.clientRef)).toMatchObject({ state: 'needs-lookup' });
    // Removed, not just sealed: no byte of the sealed request is left in the journal or its WAL.
    lane.core.journals.of('training').checkpoint();
    const needle = (blob as Buffer).subarray(40, 72);
    for (const file of [journal.file, `${journal.file}-wal`]) expect(existsSync(file) ? readFileSync(file).includes(needle) : false, file).toBe(false);
    expect(await call(lane, 'queue.resolve', { action: 'write-off', ref: v.clientRef, decidedBy: 'Manager Mo' })).toMatchObject({ state: 'voided' });
  });

  it('looks up first after an HTTP 500, even with offline payments on', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await call(lane, 'gateway.trainingFault', { kind: 'http-500', count: 1 });
    const v = await swipeSale(lane, saleId('h500'), 6_00);
    expect(v.state).toBe('needs-lookup');
    expect(await row(lane, v.clientRef)).toMatchObject({ state: 'needs-lookup', storedOffline: false });
    expect((await call(lane, 'queue.status', {})).training).toMatchObject({ count: 0, needsLookup: 1 });
    expect(statesOf(lane, v.saleId)).not.toContain('offline');
  });
});

describe('the forwarder', () => {
  it('does nothing while paused and forwards once resumed', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await unreachable(lane);
    const stored = await swipeSale(lane, saleId('paused'), 4_00);
    await reachable(lane);
    expect(await call(lane, 'queue.pause', {})).toMatchObject({ paused: true });
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 0, remaining: 1, stoppedBecause: 'forwarding is paused' });
    expect(sentCount(sim(lane), stored.clientRef)).toBe(0);
    expect(await call(lane, 'queue.resume', {})).toMatchObject({ paused: false });
    expect(await call(lane, 'queue.forward', {})).toMatchObject({ attempted: 1, approved: 1, remaining: 0 });
    expect(sentCount(sim(lane), stored.clientRef)).toBe(1);
  });
});

describe('a live gateway known to be offline', () => {
  const keyed = { pan: '4111111111111111', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe' };

  /** Live mode has no simulated readers: the cashier keys the card (offline.keyed allows storing it). */
  async function keyedSale(lane: Lane, label: string, cents: number) {
    const id = saleId(label);
    await call(lane, 'payments.start', { saleId: id, amountCents: cents, tender: 'card', cardEntry: 'keyed' });
    await call(lane, 'payments.keyed', { saleId: id, card: keyed });
    return settled(lane, id);
  }

  /**
   * A live terminal whose gateway refused the first sale's connection (stored offline); then
   * something listens on the gateway's port again, counting what reaches it.
   */
  async function afterFirstFailure() {
    const live = await liveGateway();
    const port = live.port;
    await live.close();
    const lane = await startLane({ settings: [...offlineSettings(), ['offline.keyed', true], ...liveSettings(live.url)] });
    expect(lane.core.mode()).toBe('live');
    const first = await keyedSale(lane, 'live-1', 10_00);
    expect(first).toMatchObject({ mode: 'live', state: 'offline' });
    expect(statesOf(lane, first.saleId)).toContain('sending');
    expect((await call(lane, 'app.status', {})).gateway.state).toBe('offline');

    const seen = { connections: 0, requests: 0 };
    const listener = http.createServer((_req, res) => {
      seen.requests++;
      res.destroy();
    });
    listener.on('connection', () => seen.connections++);
    await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
    atEnd(
      () =>
        new Promise<void>((resolve) => {
          listener.closeAllConnections();
          listener.close(() => resolve());
        }),
    );
    return { lane, seen };
  }

  it('tries the first sale and stores it; the next one within a minute is stored without being sent', async () => {
    const { lane, seen } = await afterFirstFailure();
    const b = await keyedSale(lane, 'live-2', 11_00);
    expect(b).toMatchObject({ mode: 'live', state: 'offline' });
    expect(statesOf(lane, b.saleId)).not.toContain('sending');
    expect(await row(lane, b.clientRef)).toMatchObject({ attempts: 0, message: 'stored offline: the gateway is offline' });
    expect((await call(lane, 'journal.get', { ref: b.clientRef })).events.map((e) => e.to)).toEqual(['choosing', 'waiting', 'validated', 'journaled', 'offline']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.requests).toBe(0);
    expect((await call(lane, 'queue.status', {})).live).toMatchObject({ count: 2, totalCents: 21_00 });
    expect((await call(lane, 'app.status', {})).queue.pending).toBe(2);
  });

  it('opens no connection to the gateway for a sale it will store offline without trying', async () => {
    const { lane, seen } = await afterFirstFailure();
    expect(await keyedSale(lane, 'live-3', 12_00)).toMatchObject({ state: 'offline' });
    // Give a connection attempt, had one been made, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.connections).toBe(0);
  });
});

describe('the training fault "unreachable"', () => {
  it('stores offline a sale started after the fault was set, even though its connection was opened while the customer swiped', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    const id = saleId('preconnected');
    const started = await call(lane, 'payments.start', { saleId: id, amountCents: 10_00, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    // The customer takes a moment: the connection opened for this sale is up by the time they swipe.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    const end = await settled(lane, id);
    expect(sentCount(sim(lane), started.clientRef)).toBe(0);
    expect(end.state).toBe('offline');
  });
});
