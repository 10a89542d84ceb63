import { describe, expect, it } from 'vitest';
import { localDate } from '../../../main/payments/ledger';
import type { PaymentRow } from '../../../preload/contract';
import {
  call,
  expectNoFullPan,
  offlineSettings,
  padReady,
  SAMPLE_PANS,
  saleId,
  saleReaches,
  settled,
  startLane,
  swipeSale,
  TestClock,
  type Lane,
} from './scenario-support';

/** A sale started and cancelled before any card: a journal row that cost nothing. */
async function cancelledSale(lane: Lane, label: string, cents: number): Promise<string> {
  const id = saleId(label);
  await call(lane, 'payments.start', { saleId: id, amountCents: cents, tender: 'card', cardEntry: 'reader' });
  await call(lane, 'payments.cancel', { saleId: id });
  return id;
}

async function checkSale(lane: Lane, cents: number): Promise<string> {
  const id = saleId('check');
  await call(lane, 'payments.start', { saleId: id, amountCents: cents, tender: 'check', check: { checkType: 'personal' } });
  await saleReaches(lane, id, (v) => v.waitingFor === 'check');
  await call(lane, 'devices.simulateCheck', { check: 'personal' });
  expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
  return id;
}

const refs = (rows: PaymentRow[]): string[] => rows.map((r) => r.saleId);

describe('journal.search', () => {
  it('filters by state, last four digits, type, tender and reference', async () => {
    const lane = await startLane();
    const visa = await swipeSale(lane, saleId('visa'), 10_00, 'visa');
    const mc = await swipeSale(lane, saleId('mc'), 11_00, 'mastercard');
    const refundId = saleId('refund');
    await call(lane, 'payments.start', { saleId: refundId, type: 'refund', amountCents: 2_00, originalRef: mc.clientRef });
    await settled(lane, refundId);
    const check = await checkSale(lane, 12_00);
    const cancelled = await cancelledSale(lane, 'gone', 13_00);

    expect(refs((await call(lane, 'journal.search', { states: ['cancelled'] })).rows)).toEqual([cancelled]);
    expect(refs((await call(lane, 'journal.search', { last4: '1111' })).rows)).toEqual([visa.saleId]);
    // A tagged refund carries the original's masked card.
    expect(refs((await call(lane, 'journal.search', { last4: '5454' })).rows)).toEqual([refundId, mc.saleId]);
    expect(refs((await call(lane, 'journal.search', { type: 'refund' })).rows)).toEqual([refundId]);
    expect(refs((await call(lane, 'journal.search', { tender: 'check' })).rows)).toEqual([check]);
    expect(refs((await call(lane, 'journal.search', { tender: 'card', states: ['approved'], type: 'sale' })).rows)).toEqual([mc.saleId, visa.saleId]);
    expect(refs((await call(lane, 'journal.search', { amountCents: 11_00 })).rows)).toEqual([mc.saleId]);
    // A reference is a client reference, a sale id, a transaction tag or an authorization number.
    for (const reference of [visa.clientRef, visa.saleId, visa.outcome?.tag ?? '?', visa.outcome?.authorizationNum ?? '?']) {
      expect(refs((await call(lane, 'journal.search', { reference })).rows), reference).toEqual([visa.saleId]);
    }
    expect((await call(lane, 'journal.search', { reference: 'no-such-ref' })).rows).toEqual([]);
    // The other mode's journal is apart.
    expect((await call(lane, 'journal.search', { mode: 'live' })).rows).toEqual([]);
  });

  it('filters by date range and pages newest first with beforeId', async () => {
    const clock = new TestClock();
    const lane = await startLane({ now: clock.now });
    const day1 = await cancelledSale(lane, 'day1', 1_00);
    const boundary = new Date(clock.now().getTime() + 12 * 3_600_000).toISOString();
    clock.advance(24 * 3_600_000);
    const day2 = [];
    for (let i = 0; i < 4; i++) day2.push(await cancelledSale(lane, `day2-${i}`, 2_00 + i));

    expect(refs((await call(lane, 'journal.search', { until: boundary })).rows)).toEqual([day1]);
    expect(refs((await call(lane, 'journal.search', { since: boundary })).rows)).toEqual([...day2].reverse());
    expect((await call(lane, 'journal.search', { since: new Date(clock.now().getTime() + 60_000).toISOString() })).rows).toEqual([]);

    const seen: string[] = [];
    let beforeId: number | undefined;
    let pages = 0;
    for (;;) {
      const page = await call(lane, 'journal.search', { limit: 2, ...(beforeId !== undefined ? { beforeId } : {}) });
      pages++;
      seen.push(...refs(page.rows));
      expect(page.rows.length).toBeLessThanOrEqual(2);
      if (page.nextBeforeId === null) break;
      beforeId = page.nextBeforeId;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...day2].reverse().concat(day1));
  });
});

describe('journal.get', () => {
  it('returns the payment with its transitions in order and the payments related to it', async () => {
    const lane = await startLane();
    const sale = await swipeSale(lane, saleId('get'), 25_00);
    const voidId = saleId('void');
    await call(lane, 'payments.start', { saleId: voidId, type: 'void', amountCents: 0, originalRef: sale.clientRef });
    await settled(lane, voidId);
    const got = await call(lane, 'journal.get', { ref: sale.clientRef });
    expect(got.payment).toMatchObject({ clientRef: sale.clientRef, state: 'approved', mode: 'training', approvedCents: 25_00 });
    expect(got.events.map((e) => e.to)).toEqual(['choosing', 'waiting', 'validated', 'journaled', 'sending', 'approved']);
    expect(got.events.map((e) => e.from)).toEqual([null, 'choosing', 'waiting', 'validated', 'journaled', 'sending']);
    const times = got.events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(got.related).toMatchObject([{ saleId: voidId, type: 'void', originalRef: sale.clientRef }]);
    expect((await call(lane, 'journal.get', { ref: got.related[0]?.clientRef ?? '' })).related).toMatchObject([{ clientRef: sale.clientRef }]);
  });
});

describe('journal.totals', () => {
  it("adds up today's approvals, refunds, voids, declines and what waits offline", async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const a = await swipeSale(lane, saleId('tot-a'), 30_00);
    const b = await swipeSale(lane, saleId('tot-b'), 20_00);
    for (const [type, original, cents] of [['refund', a, 5_00], ['void', b, 0]] as const) {
      const id = saleId(`tot-${type}`);
      await call(lane, 'payments.start', { saleId: id, type, amountCents: cents, originalRef: original.clientRef });
      expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    }
    expect(await swipeSale(lane, saleId('tot-decl'), 5_521_00)).toMatchObject({ state: 'declined' });
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    expect(await swipeSale(lane, saleId('tot-off'), 10_00)).toMatchObject({ state: 'offline' });

    const totals = await call(lane, 'journal.totals', {});
    expect(totals).toMatchObject({
      mode: 'training',
      date: localDate(new Date()),
      approvedCents: 50_00,
      refundedCents: 5_00,
      voidedCents: 20_00,
      offlineOutstandingCents: 10_00,
      netCents: 25_00,
    });
    expect(totals.lines).toEqual(
      expect.arrayContaining([
        { tender: 'card', type: 'sale', bucket: 'approved', count: 2, cents: 50_00 },
        { tender: 'card', type: 'sale', bucket: 'declined', count: 1, cents: 5_521_00 },
        { tender: 'card', type: 'sale', bucket: 'offline', count: 1, cents: 10_00 },
        { tender: 'card', type: 'refund', bucket: 'approved', count: 1, cents: 5_00 },
        { tender: 'card', type: 'void', bucket: 'approved', count: 1, cents: 20_00 },
      ]),
    );
    expect((await call(lane, 'journal.totals', { date: '2001-01-01' })).lines).toEqual([]);
  });
});

describe('journal.exportCsv', () => {
  it('writes a header and one line per payment, and neutralises a cell a spreadsheet would run', async () => {
    const lane = await startLane();
    await swipeSale(lane, saleId('csv-a'), 10_00);
    const keyedId = saleId('csv-k');
    await call(lane, 'payments.start', { saleId: keyedId, amountCents: 11_00, tender: 'card', cardEntry: 'keyed' });
    await call(lane, 'payments.keyed', { saleId: keyedId, card: { pan: '5454545454545454', expiryMonth: 11, expiryYear: 2039, cardholderName: '=HYPERLINK("x")' } });
    expect(await settled(lane, keyedId)).toMatchObject({ state: 'approved' });
    await cancelledSale(lane, 'csv-c', 12_00);

    const out = await call(lane, 'journal.exportCsv', {});
    expect(out.rows).toBe(3);
    expect(out.filename).toMatch(/^payments-training-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = out.csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['created_at', 'client_ref', 'sale_id', 'state', 'requested', 'approved', 'card_or_account']));
    const keyedLine = lines.find((l) => l.includes(keyedId)) ?? '';
    expect(keyedLine).toContain(`"'=HYPERLINK(""x"")"`);
    expect(keyedLine).not.toMatch(/(^|,)=/);
    expect(keyedLine).toContain('545454******5454');
    expect(out.csv).not.toContain('5454545454545454');
    // The filters of journal.search apply.
    expect((await call(lane, 'journal.exportCsv', { states: ['cancelled'] })).rows).toBe(1);
  });
});

describe('payments.receipt', () => {
  it("gives the gateway's receipt for an approval and a terminal receipt saying APPROVED OFFLINE for a stored sale", async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const approved = await swipeSale(lane, saleId('rcpt'), 14_00);
    const receipt = await call(lane, 'payments.receipt', { ref: approved.clientRef });
    expect(receipt).toMatchObject({ clientRef: approved.clientRef, copy: 'customer', source: 'gateway' });
    for (const line of receipt.lines) expect(line.length).toBeLessThanOrEqual(40);
    const text = receipt.lines.join('\n');
    expect(text).toContain('TRANSACTION RECORD');
    expect(text).toContain('14.00');
    expect(text).toContain(approved.clientRef);
    expect(text).toContain('CUSTOMER COPY');
    expect(text).not.toMatch(/\d{13,19}/);

    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    const stored = await swipeSale(lane, saleId('rcpt-off'), 15_00);
    expect(stored.state).toBe('offline');
    const offline = await call(lane, 'payments.receipt', { ref: stored.clientRef, copy: 'merchant' });
    expect(offline).toMatchObject({ source: 'terminal', copy: 'merchant' });
    for (const line of offline.lines) expect(line.length).toBeLessThanOrEqual(40);
    const words = offline.lines.map((l) => l.trim());
    expect(words).toContain('APPROVED OFFLINE');
    expect(words).toContain('*** TRAINING - NO MONEY MOVED ***');
    expect(words).toContain('MERCHANT COPY');
    expect(offline.lines.some((l) => l.includes('411111******1111'))).toBe(true);
    expect(offline.lines.some((l) => l.startsWith('x___'))).toBe(true);
  });
});

describe('card numbers at the contract', () => {
  it('never lets a full sample card number out in a reply or an event', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await padReady(lane);
    // Unclaimed swipes on every simulated reader: the Devices screen hears them, masked.
    for (const via of ['msr', 'hid', 'wedge', 'pinpad'] as const) await call(lane, 'devices.simulateSwipe', { card: 'amex', via });
    await call(lane, 'devices.simulateCheck', { check: 'business' });
    // Sales with each card, on the reader and on the pad.
    const ids: string[] = [];
    for (const card of ['visa', 'mastercard', 'amex', 'discover', 'chip', 'prepaid'] as const) {
      const v = await swipeSale(lane, saleId(card), 30_00, card);
      ids.push(v.clientRef);
    }
    const padId = saleId('pad');
    await call(lane, 'payments.start', { saleId: padId, amountCents: 9_00, tender: 'card', cardEntry: 'pinpad' });
    await saleReaches(lane, padId, (v) => v.waitingFor === 'card');
    for (let i = 0; i < 100; i++) {
      const r = await lane.core.dispatch('devices.simulateSwipe', { card: 'discover', via: 'pinpad' }, { transport: 'test' });
      lane.replies.push(r);
      if (r.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ids.push((await settled(lane, padId)).clientRef);
    // An expired card and a bad read, then a sale stored offline and forwarded.
    const expired = saleId('expired');
    await call(lane, 'payments.start', { saleId: expired, amountCents: 1_00, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, expired, (v) => v.waitingFor === 'card');
    await call(lane, 'devices.simulateSwipe', { card: 'expired', via: 'msr' });
    await call(lane, 'devices.simulateSwipe', { card: 'bad-read', via: 'msr' });
    await saleReaches(lane, expired, (v) => v.problem !== null);
    await call(lane, 'payments.cancel', { saleId: expired });
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    ids.push((await swipeSale(lane, saleId('stored'), 16_00, 'visa')).clientRef);
    await call(lane, 'queue.list', { list: 'offline' });
    await call(lane, 'gateway.trainingFault', { kind: 'none' });
    await call(lane, 'queue.forward', {});

    // Everything a page can ask about them.
    for (const ref of ids) {
      await call(lane, 'journal.get', { ref });
      await call(lane, 'payments.receipt', { ref });
      await call(lane, 'payments.receipt', { ref, copy: 'merchant' });
    }
    await call(lane, 'journal.search', {});
    await call(lane, 'journal.exportCsv', {});
    await call(lane, 'payments.current', {});
    await call(lane, 'queue.status', {});
    await call(lane, 'app.status', {});
    await call(lane, 'devices.list', {});

    expect(lane.events.filter((e) => e.name === 'card.read')).toHaveLength(4);
    expect(lane.events.filter((e) => e.name === 'sale.changed').length).toBeGreaterThan(20);
    expect(SAMPLE_PANS.length).toBeGreaterThanOrEqual(7);
    expectNoFullPan(lane);
    // Nor any track data (the sentinels and separators of a raw swipe).
    expect(JSON.stringify({ events: lane.events, replies: lane.replies })).not.toMatch(/%B\d|;\d{13,19}=/);
  });
});
