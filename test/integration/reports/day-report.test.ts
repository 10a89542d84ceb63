import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { call, offlineSettings, refused, saleId, saleReaches, settled, startLane, swipeSale, type Lane } from '../payments/scenario-support';

/** The day's report and its close, through the contract on a training lane (main/reports). */

async function madeFrom(lane: Lane, type: 'void' | 'refund', originalRef: string, cents = 0) {
  const id = saleId(`dr-${type}`);
  await call(lane, 'payments.start', { saleId: id, type, amountCents: cents, originalRef });
  return settled(lane, id);
}

describe('report.day', () => {
  it('agrees with the day’s totals and groups by tender, type, brand and cashier', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    const sale = await swipeSale(lane, saleId('dr-sale'), 30_00);
    await madeFrom(lane, 'refund', sale.clientRef, 12_00);
    const voided = await swipeSale(lane, saleId('dr-void'), 7_00, 'mastercard');
    await madeFrom(lane, 'void', voided.clientRef);
    const pre = await swipeSale(lane, saleId('dr-pre'), 50_00, 'visa', { type: 'preauth' });
    expect(pre.state).toBe('approved');
    expect(await swipeSale(lane, saleId('dr-decl'), 5_521_00)).toMatchObject({ state: 'declined' });
    expect(await swipeSale(lane, saleId('dr-rej'), 5_000_22)).toMatchObject({ state: 'rejected' });

    const report = await call(lane, 'report.day', {});
    const totals = await call(lane, 'journal.totals', {});
    expect(report.total.approved.cents).toBe(totals.approvedCents);
    expect(report.total.refunded.cents).toBe(totals.refundedCents);
    expect(report.total.voided.cents).toBe(totals.voidedCents);
    expect(report.total.netCents).toBe(totals.netCents);
    expect(report.total).toMatchObject({ approved: { count: 2, cents: 37_00 }, held: { count: 1, cents: 50_00 }, declined: { count: 1, cents: 5_521_00 }, rejected: { count: 1, cents: 5_000_22 }, netCents: 18_00 });
    expect(report.byTender.map((l) => [l.key, l.netCents])).toEqual([['card', 18_00]]);
    expect(report.byType.map((l) => l.key)).toEqual(['preauth', 'refund', 'sale', 'void']);
    expect(report.byBrand.map((l) => l.key).sort()).toEqual(['mastercard', 'visa']);
    expect(report.byCashier).toHaveLength(1);
    expect(report.firstPaymentAt).not.toBeNull();
    expect(report.closed).toBeNull();
    const lines = await call(lane, 'report.lines', { date: report.date, columns: 32 });
    expect(lines.every((l) => l.length <= 32)).toBe(true);
    expect(lines.join('\n')).toMatch(/DAY REPORT/);
    expect((await call(lane, 'report.csv', { date: report.date })).csv).toMatch(/^section,key,figure,count,amount\r\ntotal,,approved,2,37\.00\r\n/);
  });
});

describe('a shift report', () => {
  it('counts only the payments of the cashier signed in when they were taken, in the day’s window and after its close', async () => {
    const lane = await startLane();
    await call(lane, 'cashiers.save', { number: '12', name: 'Pat', pin: '5830' });
    const page = { transport: 'test' as const, connection: 'page-1' };
    expect((await lane.core.dispatch('cashier.signIn', { number: '12', pin: '5830' }, page)).ok).toBe(true);
    const id = saleId('sh-pat');
    expect((await lane.core.dispatch('payments.start', { saleId: id, amountCents: 25_00, tender: 'card', cardEntry: 'reader' }, page)).ok).toBe(true);
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    await swipeSale(lane, saleId('sh-none'), 5_00);

    const date = (await call(lane, 'report.day', {})).date;
    const shift = await call(lane, 'report.day', { date, cashier: '12' });
    expect(shift).toMatchObject({ cashier: '12', payments: 1, total: { approved: { count: 1, cents: 25_00 } } });
    expect((await call(lane, 'report.lines', { date, cashier: '12' })).join('\n')).toMatch(/SHIFT OF CASHIER #12/);
    await call(lane, 'report.close', { date });
    await swipeSale(lane, saleId('sh-after'), 1_00);
    // A closed day's shift is read in the close's window: the payment after it is not in it.
    expect(await call(lane, 'report.day', { date, cashier: '12' })).toMatchObject({ payments: 1, closed: null });
    expect((await call(lane, 'report.day', { date })).payments).toBe(2);
  });
});

describe('a kept close', () => {
  it('is marked with the lane’s key: figures changed in the file by hand are refused, never reprinted', async () => {
    const lane = await startLane();
    await swipeSale(lane, saleId('dk-sale'), 12_00);
    const date = (await call(lane, 'report.day', {})).date;
    const kept = await call(lane, 'report.close', { date });
    const db = lane.core.journal().db;
    const row = db.prepare<[string], { figures: string; digest: string }>('SELECT figures, digest FROM day_close WHERE date = ?').get(date);
    expect(row?.digest).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(await call(lane, 'report.get', { date })).toEqual(kept);

    // Someone without the key raises the net and writes a fresh plain digest of the new figures.
    const forged = (row?.figures ?? '').replace('"netCents":1200', '"netCents":99900');
    expect(forged).not.toBe(row?.figures);
    const { createHash } = await import('node:crypto');
    db.prepare('UPDATE day_close SET figures = ?, digest = ? WHERE date = ?').run(forged, createHash('sha256').update(forged).digest('hex'), date);
    expect((await lane.core.dispatch('report.get', { date }, { transport: 'test' })).ok).toBe(false);
    db.prepare('UPDATE day_close SET figures = ?, digest = ? WHERE date = ?').run(forged, row?.digest ?? '', date);
    expect((await lane.core.dispatch('report.get', { date }, { transport: 'test' })).ok).toBe(false);
  });
});

describe('report.close', () => {
  it('names what is unresolved and closes only once confirmed; a payment after the close goes to the next report', async () => {
    const lane = await startLane({ settings: offlineSettings() });
    await swipeSale(lane, saleId('dc-ok'), 10_00);
    await call(lane, 'gateway.trainingFault', { kind: 'unreachable' });
    await lane.core.gateway.simulator()?.syncFaults();
    expect(await swipeSale(lane, saleId('dc-off'), 4_00)).toMatchObject({ state: 'offline' });
    const date = (await call(lane, 'report.day', {})).date;

    const refusal = await refused(lane, 'report.close', { date });
    expect(refusal.code).toBe('CONFLICT');
    expect(refusal.message).toMatch(/1 stored offline \(\$4\.00\)/);

    const kept = await call(lane, 'report.close', { date, confirm: true });
    expect(kept.closed?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.unresolved.offline).toEqual({ count: 1, cents: 4_00 });
    expect((await refused(lane, 'report.close', { date, confirm: true })).code).toBe('CONFLICT');

    await call(lane, 'gateway.trainingFault', { kind: 'none' });
    await lane.core.gateway.simulator()?.syncFaults();
    await swipeSale(lane, saleId('dc-after'), 3_00);
    // The closed day is reprinted as kept; the payment after the close is in the next day's report.
    expect(await call(lane, 'report.get', { date })).toEqual(kept);
    expect(await call(lane, 'report.day', { date })).toEqual(kept);
    const [y, m, d] = date.split('-').map(Number);
    const next = new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1);
    const nextDate = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    const following = await call(lane, 'report.day', { date: nextDate });
    expect(following.afterPaymentId).toBe(kept.lastPaymentId);
    expect(following.total.approved).toEqual({ count: 1, cents: 3_00 });
    expect(await call(lane, 'report.closed', {})).toEqual([{ date, closedAt: kept.closed?.closedAt, closedBy: null, payments: 2, netCents: 10_00 }]);
    expect((await refused(lane, 'report.close', { date: nextDate })).code).toBe('CONFLICT');
  });

  it('waits for a payment still at the counter, which would otherwise be in neither report', async () => {
    const lane = await startLane();
    const id = saleId('dc-going');
    await call(lane, 'payments.start', { saleId: id, amountCents: 25_00, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    const date = (await call(lane, 'report.day', {})).date;

    const refusal = await refused(lane, 'report.close', { date, confirm: true });
    expect(refusal.code).toBe('CONFLICT');
    expect(refusal.message).toMatch(/still going on at the counter \(sale \$25\.00: Waiting for the card or check\.\)/);
    // No issues: the screens ask "close anyway?" only for the unresolved list, never past a sale going on.
    expect((refusal as { issues?: unknown[] }).issues ?? []).toEqual([]);
    expect(await call(lane, 'report.closed', {})).toEqual([]);

    await call(lane, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    expect(await settled(lane, id)).toMatchObject({ state: 'approved' });
    const kept = await call(lane, 'report.close', { date });
    expect(kept.total.approved).toEqual({ count: 1, cents: 25_00 });
  });

  it('takes a payment a stopped process left in flight as unresolved, not as going on', async () => {
    const lane = await startLane();
    const at = new Date();
    // A row held by a process on this host that no longer runs (pid 2^22 + 1 is above Linux's pid_max).
    lane.core.journal().create({ clientRef: 'dead-1', saleId: saleId('dc-dead'), type: 'sale', tender: 'card', requestedCents: 9_00, owner: `${hostname()}/4194305/dead`, leaseUntil: new Date(at.getTime() + 600_000).toISOString() }, ['choosing', 'waiting', 'validated', 'journaled', 'sending'], at);
    const date = (await call(lane, 'report.day', {})).date;

    const refusal = await refused(lane, 'report.close', { date });
    expect(refusal.message).toMatch(/1 waiting for a lookup/);
    const kept = await call(lane, 'report.close', { date, confirm: true });
    expect(kept.unresolved.needsLookup).toBe(1);
  });
});
