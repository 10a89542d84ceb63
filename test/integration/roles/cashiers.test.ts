import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Reply } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';

const till: CallContext = { transport: 'ws', connection: 'ws:1' };
const other: CallContext = { transport: 'ws', connection: 'ws:2' };
const technician: CallContext = { transport: 'cli' };
const refused = (r: Reply): string => (r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`);
const ok = (r: Reply): unknown => {
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r.value;
};

async function storeWithCashiers() {
  const core = await openCore(tempDir('pos-cashiers-'));
  ok(await core.dispatch('cashiers.save', { number: '12', name: 'Pat Lee', pin: '5937' }, technician));
  ok(await core.dispatch('settings.set', { key: 'terminal.cashierSignIn', text: 'true' }, technician));
  return core;
}

describe('cashier sign-in', () => {
  it('the manager keeps the list; a cashier page may not read or change it', async () => {
    const core = await storeWithCashiers();
    expect(refused(await core.dispatch('cashiers.list', {}, till))).toMatch(/^FORBIDDEN: This needs a manager/);
    expect(ok(await core.dispatch('cashiers.list', {}, technician))).toEqual([{ number: '12', name: 'Pat Lee', lockedUntil: null }]);
    expect(refused(await core.dispatch('cashiers.save', { number: '13', name: 'Sam', pin: '2222' }, technician))).toMatch(/^BAD_INPUT: a cashier PIN cannot be one digit repeated/);
    await core.close();
  });

  it('asks a page to sign in before a payment, and records and sends the cashier of each payment', async () => {
    const core = await storeWithCashiers();
    const start = { saleId: 'cashier-sale-1', amountCents: 4_00, tender: 'card', cardEntry: 'reader' };
    expect(refused(await core.dispatch('payments.start', start, till))).toBe('FORBIDDEN: Sign in with your cashier number and PIN first.');
    // An unknown number and a wrong PIN get the same words.
    expect(refused(await core.dispatch('cashier.signIn', { number: '99', pin: '5937' }, till))).toBe('FORBIDDEN: That cashier number and PIN do not match.');
    expect(refused(await core.dispatch('cashier.signIn', { number: '12', pin: '5938' }, till))).toBe('FORBIDDEN: That cashier number and PIN do not match.');
    expect(ok(await core.dispatch('cashier.signIn', { number: '12', pin: '5937' }, till))).toEqual({ signInRequired: true, cashier: { number: '12', name: 'Pat Lee' } });

    ok(await core.dispatch('payments.start', start, till));
    ok(await core.dispatch('payments.cancel', { saleId: 'cashier-sale-1' }, till));
    expect(core.journal().ofSale('cashier-sale-1')[0]?.cashier).toBe('12');
    // The sign-in belongs to that page alone, and ends with sign-out or when its connection closes.
    expect(refused(await core.dispatch('payments.start', { ...start, saleId: 'cashier-sale-2' }, other))).toMatch(/Sign in/);
    ok(await core.dispatch('cashier.signOut', {}, till));
    expect(refused(await core.dispatch('payments.start', { ...start, saleId: 'cashier-sale-3' }, till))).toMatch(/Sign in/);
    ok(await core.dispatch('cashier.signIn', { number: '12', pin: '5937' }, other));
    core.cashiers.connectionClosed('ws:2');
    expect(ok(await core.dispatch('cashier.status', {}, other))).toEqual({ signInRequired: true, cashier: null });
    // posctl (the technician) is not asked.
    ok(await core.dispatch('payments.start', { ...start, saleId: 'cashier-sale-4' }, technician));
    ok(await core.dispatch('payments.cancel', { saleId: 'cashier-sale-4' }, technician));
    expect(core.journal().ofSale('cashier-sale-4')[0]?.cashier).toBeNull();
    await core.close();
  });

  it('locks a cashier PIN after five wrong tries, for that cashier only', async () => {
    const core = await storeWithCashiers();
    ok(await core.dispatch('cashiers.save', { number: '7', name: 'Ana', pin: '8142' }, technician));
    for (let i = 0; i < 4; i++) await core.dispatch('cashier.signIn', { number: '12', pin: '0001' }, till);
    expect(refused(await core.dispatch('cashier.signIn', { number: '12', pin: '0001' }, till))).toBe(
      "FORBIDDEN: Cashier 12's PIN is locked after 5 wrong tries: try again in 30 seconds.",
    );
    expect(refused(await core.dispatch('cashier.signIn', { number: '12', pin: '5937' }, till))).toMatch(/locked after 5 wrong tries/);
    expect(ok(await core.dispatch('cashier.signIn', { number: '7', pin: '8142' }, till))).toMatchObject({ cashier: { number: '7' } });
    // The manager clears it by saving the cashier again.
    ok(await core.dispatch('cashiers.save', { number: '12', name: 'Pat Lee', pin: '5937' }, technician));
    expect(ok(await core.dispatch('cashier.signIn', { number: '12', pin: '5937' }, other))).toMatchObject({ cashier: { number: '12' } });
    await core.close();
  });
});
