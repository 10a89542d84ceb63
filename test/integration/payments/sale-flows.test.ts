import { describe, expect, it, vi } from 'vitest';
import { parseSwipe } from '../../../native/card/card-read';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';
import { trainingGatewayFile, openSimStoreFile } from '../../../main/training/gateway/sqlite-sim-store';
import type { SaleView } from '../../../preload/contract';
import {
  atEnd,
  call,
  expectNoFullPan,
  liveGateway,
  liveSettings,
  padReady,
  refused,
  saleEvents,
  saleId,
  saleReaches,
  sentCount,
  settled,
  startLane,
  statesOf,
  swipeSale,
  type Lane,
} from './scenario-support';

/** The events the Devices screen hears of a swipe nobody claimed. */
const cardReads = (lane: Lane): number => lane.events.filter((e) => e.name === 'card.read').length;

/** Waits until the simulated PIN pad asks the customer for a card. */
async function padAsksForCard(lane: Lane): Promise<void> {
  await vi.waitFor(() => expect(lane.events.some((e) => e.name === 'pinpad.activity' && (e.payload as { activity: string }).activity === 'card')).toBe(true), { timeout: 5_000, interval: 10 });
}

describe('a card sale in training, through the contract', () => {
  it('goes waiting → validated → journaled → sending → approved on a swipe, which only the sale hears', async () => {
    const lane = await startLane();
    const id = saleId('swipe');
    const started = await call(lane, 'payments.start', { saleId: id, amountCents: 12_34, tender: 'card', cardEntry: 'reader' });
    expect(started).toMatchObject({ saleId: id, mode: 'training', state: 'waiting', waitingFor: 'card', amountCents: 12_34, final: false });
    expect(await call(lane, 'payments.current', {})).toMatchObject({ saleId: id, state: 'waiting' });

    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    const end = await settled(lane, id);

    expect(end).toMatchObject({ state: 'approved', approvedCents: 12_34, balanceDueCents: 0, entry: 'swipe', card: { brand: 'visa', masked: '411111******1111', last4: '1111' } });
    expect(end.outcome).toMatchObject({ kind: 'approved', gatewayCode: '00', bankCode: '100' });
    expect(end.outcome?.tag).toMatch(/^\d+$/);
    // Published: what the counter saw. Journaled: every step, the card's read going with the request's commit.
    expect(statesOf(lane, id)).toEqual(['waiting', 'sending', 'approved']);
    expect((await call(lane, 'journal.get', { ref: end.clientRef })).events.map((e) => e.to)).toEqual(['choosing', 'waiting', 'validated', 'journaled', 'sending', 'approved']);
    // The claimed read went to the sale alone: the Devices screen heard nothing.
    expect(cardReads(lane)).toBe(0);
    expect(await call(lane, 'payments.current', {})).toMatchObject({ saleId: id, state: 'approved', final: true });
    expect(await call(lane, 'payments.get', { saleId: id })).toMatchObject({ state: 'approved', clientRef: end.clientRef });
    expectNoFullPan(lane);
  });

  it('answers a repeated start with the same sale, CONFLICT for another amount, BUSY for a second sale', async () => {
    const lane = await startLane();
    const id = saleId('idem');
    const first = await call(lane, 'payments.start', { saleId: id, amountCents: 5_00, tender: 'card', cardEntry: 'reader' });
    const again = await call(lane, 'payments.start', { saleId: id, amountCents: 5_00, tender: 'card', cardEntry: 'reader' });
    expect(again.clientRef).toBe(first.clientRef);
    expect(await refused(lane, 'payments.start', { saleId: id, amountCents: 6_00, tender: 'card' })).toMatchObject({ code: 'CONFLICT' });
    expect(await refused(lane, 'payments.start', { saleId: saleId('other'), amountCents: 1_00, tender: 'card' })).toMatchObject({ code: 'BUSY' });

    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    // Once ended, the same id still answers the same sale; the journal holds exactly one row for it.
    expect((await call(lane, 'payments.start', { saleId: id, amountCents: 5_00, tender: 'card' })).clientRef).toBe(first.clientRef);
    expect((await call(lane, 'journal.search', { reference: id })).rows).toHaveLength(1);
  });

  it('takes the card on the PIN pad and the customer confirms the amount there', async () => {
    const lane = await startLane();
    const id = saleId('pad');
    await padReady(lane);
    await call(lane, 'payments.start', { saleId: id, amountCents: 20_00, tender: 'card', cardEntry: 'pinpad' });
    await padAsksForCard(lane);
    // The pad is the sale's: the simulated customer swipes on the request pending there.
    expect(await call(lane, 'devices.simulateSwipe', { card: 'mastercard', via: 'pinpad' })).toEqual({ deviceId: 'training-pinpad' });
    const end = await settled(lane, id);
    expect(end).toMatchObject({ state: 'approved', entry: 'pad', card: { brand: 'mastercard', last4: '5454' } });
    expect(saleEvents(lane, id).some((v) => v.waitingFor === 'customer-confirm')).toBe(true);
    expect(lane.events.some((e) => e.name === 'pinpad.answer' && (e.payload as { answer: string }).answer === 'yes')).toBe(true);
    expect(cardReads(lane)).toBe(0);
    expectNoFullPan(lane);
  });

  it("takes the trainee's swipe on the pad pressed as the sale starts, before the sale's card request reached the pad", async () => {
    const lane = await startLane();
    const id = saleId('pad-quick');
    await padReady(lane);
    await call(lane, 'payments.start', { saleId: id, amountCents: 21_00, tender: 'card', cardEntry: 'pinpad' });
    // No wait for the pad to ask: the page shows the button as the sale starts, and a hand can be quicker than the request.
    expect(await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'pinpad' })).toEqual({ deviceId: 'training-pinpad' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved', entry: 'pad', card: { brand: 'visa' } });
  });

  it('cancels a waiting sale and gives the readers back to the Devices screen', async () => {
    const lane = await startLane();
    const id = saleId('cancel');
    await call(lane, 'payments.start', { saleId: id, amountCents: 7_00, tender: 'card' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    expect(await call(lane, 'payments.cancel', { saleId: id })).toMatchObject({ state: 'cancelled', final: true });
    expect(await call(lane, 'payments.get', { saleId: id })).toMatchObject({ state: 'cancelled' });

    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    await vi.waitFor(() => expect(cardReads(lane)).toBe(1), { timeout: 5_000, interval: 10 });
    // Nothing reached the gateway.
    expect(lane.core.gateway.simulator()?.stored()).toEqual([]);
  });

  it('refuses a swiped chip card when the store refuses fallback: the sale keeps waiting, with the problem in words', async () => {
    const lane = await startLane({ settings: [['payments.chipSwipe', 'refuse']] });
    const id = saleId('chip-no');
    await call(lane, 'payments.start', { saleId: id, amountCents: 9_00, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    await call(lane, 'devices.simulateSwipe', { card: 'chip', via: 'msr' });
    const waiting = await saleReaches(lane, id, (v) => v.problem !== null);
    expect(waiting).toMatchObject({ state: 'waiting', waitingFor: 'card', final: false });
    expect(waiting.problem).toMatch(/chip card/);
    expect(waiting.words).toContain(waiting.problem);
    // Another card still pays.
    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved', card: { last4: '1111' } });
  });

  it('approves a swiped chip card with a warning when the store warns', async () => {
    const lane = await startLane({ settings: [['payments.chipSwipe', 'warn']] });
    const id = saleId('chip-warn');
    const end = await swipeSale(lane, id, 9_00, 'chip');
    expect(end.state).toBe('approved');
    const warned = saleEvents(lane, id).filter((v) => v.problem?.includes('chip card was swiped'));
    expect(warned.length).toBeGreaterThan(0);
    expect(warned[0]).toMatchObject({ state: 'sending', card: { chip: true } });
    // The note asks the cashier to check the card and the signature: that happens after the
    // approval, so the approved sale must still carry it.
    expect(end.problem).toMatch(/chip card was swiped/);
  });

  it('takes a keyed card through payments.keyed', async () => {
    const lane = await startLane();
    const id = saleId('keyed');
    await call(lane, 'payments.start', { saleId: id, amountCents: 15_00, tender: 'card', cardEntry: 'keyed' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    const reply = await call(lane, 'payments.keyed', {
      saleId: id,
      card: { pan: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe', cvd: '123', zipCode: '62701' },
    });
    expect(reply.card).toMatchObject({ masked: '411111******1111', last4: '1111', name: 'Jane Roe' });
    const end = await settled(lane, id);
    expect(end).toMatchObject({ state: 'approved', entry: 'keyed', approvedCents: 15_00 });
    const row = (await call(lane, 'journal.search', { reference: id })).rows[0];
    expect(row).toMatchObject({ entry: 'keyed', masked: '411111******1111', cardholderName: 'Jane Roe', transactionType: '00' });
    expectNoFullPan(lane);
  });

  it('takes a check: MICR read, then the details, then approval; only routing and the masked account leave the core', async () => {
    const lane = await startLane();
    const id = saleId('check');
    await call(lane, 'payments.start', { saleId: id, amountCents: 42_00, tender: 'check' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'check');
    await call(lane, 'devices.simulateCheck', { check: 'personal' });
    const read = await saleReaches(lane, id, (v) => v.waitingFor === 'check-details');
    expect(read).toMatchObject({ state: 'validated', entry: 'micr', check: { routing: '011000015', checkNumber: '1001', business: false } });
    expect(read.check?.accountMasked).toMatch(/^\*+6789$/);
    await call(lane, 'payments.checkDetails', { saleId: id, details: { checkType: 'personal', customerName: 'Jane Roe' } });
    const end = await settled(lane, id);
    expect(end).toMatchObject({ state: 'approved', tender: 'check', approvedCents: 42_00 });
    // The gateway takes no tagged void or refund of a check: refused here, nothing sent.
    for (const type of ['void', 'refund'] as const) {
      const refusal = await refused(lane, 'payments.start', { saleId: saleId(`check-${type}`), type, amountCents: 0, originalRef: end.clientRef });
      expect(refusal, type).toMatchObject({ code: 'CONFLICT' });
      expect(refusal.message, type).toMatch(/paid by check: void or refund it from the gateway's own tools/);
    }
    const journaled = (await call(lane, 'journal.search', { reference: id })).rows[0];
    expect(journaled).toMatchObject({ tender: 'check', routing: '011000015', checkNumber: '1001', last4: '6789' });
    expect(journaled?.masked).toMatch(/^\*+6789$/);
    expect(lane.events.some((e) => e.name === 'check.read')).toBe(false);
    expect(JSON.stringify({ events: lane.events, replies: lane.replies })).not.toContain('123456789');
  });

  it('leaves the balance of a partial approval to a second tender that shares the split-tender id', async () => {
    const lane = await startLane();
    const first = saleId('split-a');
    const part = await swipeSale(lane, first, 40_00, 'prepaid');
    expect(part).toMatchObject({ state: 'approved', amountCents: 40_00, approvedCents: 25_00, balanceDueCents: 15_00 });
    expect(part.splitTenderId).toBe(part.clientRef);

    expect(await refused(lane, 'payments.start', { saleId: saleId('split-x'), amountCents: 16_00, tender: 'card', splitOf: first })).toMatchObject({ code: 'BAD_INPUT' });
    const second = saleId('split-b');
    const rest = await swipeSale(lane, second, 15_00, 'visa', { splitOf: first });
    expect(rest).toMatchObject({ state: 'approved', approvedCents: 15_00, balanceDueCents: 0, splitTenderId: part.splitTenderId });
    const rows = (await call(lane, 'journal.search', { states: ['approved'] })).rows;
    expect(rows.filter((r) => r.splitTenderId === part.clientRef).map((r) => r.saleId).sort()).toEqual([first, second].sort());
    // Nothing is left to pay on the first sale.
    expect(await refused(lane, 'payments.start', { saleId: saleId('split-y'), amountCents: 1_00, tender: 'card', splitOf: first })).toMatchObject({ code: 'CONFLICT' });
  });

  it('authorizes the rest of a partly approved pre-authorization as a pre-authorization, never as a sale', async () => {
    const lane = await startLane();
    const first = saleId('split-p');
    const part = await swipeSale(lane, first, 40_00, 'prepaid', { type: 'preauth' });
    expect(part).toMatchObject({ type: 'preauth', state: 'approved', approvedCents: 25_00, balanceDueCents: 15_00 });
    expect(await refused(lane, 'payments.start', { saleId: saleId('split-q'), type: 'sale', amountCents: 15_00, tender: 'card', splitOf: first })).toMatchObject({ code: 'BAD_INPUT' });
    const rest = await swipeSale(lane, saleId('split-r'), 15_00, 'visa', { type: 'preauth', splitOf: first });
    expect(rest).toMatchObject({ type: 'preauth', state: 'approved', approvedCents: 15_00, splitTenderId: part.splitTenderId });
  });

  it('takes nothing more for a split sale while its last tender may have gone through (needs lookup)', async () => {
    const lane = await startLane();
    const first = saleId('split-u');
    const part = await swipeSale(lane, first, 40_00, 'prepaid');
    await call(lane, 'gateway.trainingFault', { kind: 'drop-after', count: 1 });
    const second = saleId('split-v');
    const unknown = await swipeSale(lane, second, 15_00, 'visa', { splitOf: first });
    expect(unknown).toMatchObject({ state: 'needs-lookup', balanceDueCents: 0, splitTenderId: part.splitTenderId });
    const again = await refused(lane, 'payments.start', { saleId: saleId('split-w'), amountCents: 15_00, tender: 'card', splitOf: second });
    expect(again).toMatchObject({ code: 'CONFLICT' });
    expect(again.message).toMatch(/may have gone through/);
  });

  it('verifies a card for $0', async () => {
    const lane = await startLane();
    const id = saleId('verify');
    const end = await swipeSale(lane, id, 0, 'visa', { type: 'verify' });
    expect(end).toMatchObject({ type: 'verify', state: 'approved', amountCents: 0 });
    expect((await call(lane, 'journal.search', { reference: id })).rows[0]).toMatchObject({ type: 'verify', transactionType: '05', requestedCents: 0 });
  });
});

describe('tagged payments made from an earlier one', () => {
  it('voids an approved sale once; a second void is a CONFLICT', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('to-void'), 30_00);
    const voidId = saleId('void');
    await call(lane, 'payments.start', { saleId: voidId, type: 'void', amountCents: 0, originalRef: sale.clientRef });
    const voided = await settled(lane, voidId);
    expect(voided).toMatchObject({ type: 'void', state: 'approved', amountCents: 30_00, originalRef: sale.clientRef, entry: 'tagged' });
    expect(await refused(lane, 'payments.start', { saleId: saleId('void-2'), type: 'void', amountCents: 0, originalRef: sale.clientRef })).toMatchObject({ code: 'CONFLICT' });
    const stored = lane.core.gateway.simulator()?.stored().find((s) => s.tag === sale.outcome?.tag);
    expect(stored?.voided).toBe(true);
  });

  it('refunds part of a sale, then the rest; nothing more is left', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('to-refund'), 50_00);
    const part = saleId('refund-1');
    await call(lane, 'payments.start', { saleId: part, type: 'refund', amountCents: 12_50, originalRef: sale.clientRef });
    expect(await settled(lane, part)).toMatchObject({ type: 'refund', state: 'approved', approvedCents: 12_50 });
    const rest = saleId('refund-2');
    // No amount: the refund takes what is left.
    await call(lane, 'payments.start', { saleId: rest, type: 'refund', amountCents: 0, originalRef: sale.clientRef });
    expect(await settled(lane, rest)).toMatchObject({ state: 'approved', amountCents: 37_50 });
    expect(await refused(lane, 'payments.start', { saleId: saleId('refund-3'), type: 'refund', amountCents: 1, originalRef: sale.clientRef })).toMatchObject({ code: 'BAD_INPUT' });
    const detail = await call(lane, 'journal.get', { ref: sale.clientRef });
    expect(detail.related.filter((r) => r.type === 'refund').map((r) => r.approvedCents)).toEqual([12_50, 37_50]);
  });

  it('completes a pre-authorization', async () => {
    const lane = await startLane();
    const pre = await swipeSale(lane, saleId('preauth'), 80_00, 'visa', { type: 'preauth' });
    expect(pre).toMatchObject({ type: 'preauth', state: 'approved' });
    const done = saleId('completion');
    await call(lane, 'payments.start', { saleId: done, type: 'completion', amountCents: 72_00, originalRef: pre.clientRef });
    expect(await settled(lane, done)).toMatchObject({ type: 'completion', state: 'approved', approvedCents: 72_00, originalRef: pre.clientRef });
    expect((await call(lane, 'journal.search', { reference: done })).rows[0]).toMatchObject({ transactionType: '32', entry: 'tagged', last4: '1111' });
  });
});

describe('a sale and the terminal around it', () => {
  it('completes in training when the terminal switches to live while the sale waits', async () => {
    const lane = await startLane();
    const live = await liveGateway();
    const training = lane.core.gateway.simulator();
    const id = saleId('switch');
    const started = await call(lane, 'payments.start', { saleId: id, amountCents: 11_00, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');

    lane.core.settings.setMany(liveSettings(live.url));
    expect(lane.core.mode()).toBe('live');
    // The simulated readers are gone in live mode; a real reader still reaches the sale that claimed
    // it. The desktop app's keyboard-wedge capture stands in for it here.
    expect(await refused(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' })).toMatchObject({ code: 'FORBIDDEN' });
    const parsed = parseSwipe(swipeText(SAMPLE_CARDS.visa), { now: new Date() });
    if (!parsed.ok) throw new Error('the sample card did not parse');
    lane.core.devices.attachWedgeCapture().accept({ card: parsed.value });

    const end = await settled(lane, id);
    expect(end).toMatchObject({ mode: 'training', state: 'approved' });
    expect(live.received()).toHaveLength(0);
    expect(sentCount(live, started.clientRef)).toBe(0);
    expect((await call(lane, 'journal.search', { mode: 'training', reference: id })).rows).toMatchObject([{ state: 'approved', mode: 'training' }]);
    expect((await call(lane, 'journal.search', { mode: 'live' })).rows).toEqual([]);
    // The training simulator (retired once the sale let go of it) kept the request in its history file.
    expect(training).toBeDefined();
    const store = openSimStoreFile(trainingGatewayFile(lane.dataDir), { log: lane.core.log, now: () => new Date() });
    atEnd(() => store.close());
    expect(store.referenceCounts().get(started.clientRef)).toBe(1);
  });

  it('finishes a sale whose sale.changed listener throws, and the other listeners still hear every event', async () => {
    const lane = await startLane();
    const seen: SaleView[] = [];
    lane.core.bus.on('sale.changed', () => {
      throw new Error('a screen bug');
    });
    lane.core.bus.on('sale.changed', (v) => seen.push(v));
    const id = saleId('throwing');
    const end = await swipeSale(lane, id, 3_00);
    expect(end.state).toBe('approved');
    expect(seen.map((v) => v.state)).toEqual(saleEvents(lane, id).map((v) => v.state));
    expect(seen.at(-1)).toMatchObject({ state: 'approved', final: true });
    expect(lane.log.text()).toContain('an event listener threw');
  });
});
