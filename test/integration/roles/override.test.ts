import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Core } from '../../../main/core';
import type { Reply, SaleView } from '../../../preload/contract';
import { openCore, swipe } from '../../support/payments';
import { tempDir } from '../../support/tmp';

const page: CallContext = { transport: 'ws', connection: 'ws:7' };
const refusal = (r: Reply): { message: string; issues: string[] } =>
  r.ok ? { message: '', issues: [] } : { message: r.error.message, issues: (r.error.issues ?? []).map((i) => i.path) };
const valueOf = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r.value as T;
};

async function trainingLane(): Promise<Core> {
  const core = await openCore(tempDir('pos-override-'));
  core.manager.technicianSet('4826', 'test');
  return core;
}

async function approvedSale(core: Core, saleId: string, cents: number): Promise<SaleView> {
  const view = await core.payments.payments.runSale({ saleId, type: 'sale', amountCents: cents }, { card: swipe('visa') });
  expect(view.state).toBe('approved');
  return view;
}

/** Waits for the sale the page started to end; its row as journaled. */
async function settledRow(core: Core, saleId: string) {
  const sale = core.payments.payments.sale(saleId);
  if (!sale) throw new Error(`no sale ${saleId}`);
  const view = await sale.done;
  return core.journal().get(view.clientRef);
}

describe('a manager approves at the moment a payment needs it', () => {
  it('asks for the PIN for a refund (naming the field), counts a wrong one, and records who approved', async () => {
    const core = await trainingLane();
    const sale = await approvedSale(core, 'sale-override-1', 20_00);
    const refund = { saleId: 'refund-override-1', type: 'refund', amountCents: 5_00, originalRef: sale.clientRef };

    const asked = refusal(await core.dispatch('payments.start', refund, page));
    expect(asked).toEqual({ message: 'A refund needs the manager: ask the manager to enter the PIN.', issues: ['managerPin'] });
    expect(refusal(await core.dispatch('payments.start', { ...refund, managerPin: '1357' }, page)).message).toBe('Wrong manager PIN. 4 tries left before it locks.');
    // Nothing was journaled for the refused tries.
    expect(core.journal().ofSale('refund-override-1')).toEqual([]);

    valueOf(await core.dispatch('payments.start', { ...refund, managerPin: '4826' }, page));
    // A repeated start of the same sale (a page that lost its connection) needs no second approval.
    valueOf(await core.dispatch('payments.start', refund, page));
    const row = await settledRow(core, 'refund-override-1');
    expect(row).toMatchObject({ type: 'refund', state: 'approved', approvedBy: 'manager PIN at the counter (page ws:7)' });
    // The right PIN cleared the wrong try.
    expect(valueOf<{ lockedUntil: string | null }>(await core.dispatch('manager.status', {}, page)).lockedUntil).toBeNull();
    await core.close();
  });

  it('asks above payments.overrideAbove only, and never for a page a manager unlocked', async () => {
    const core = await trainingLane();
    core.settings.set('payments.overrideAbove', 50_00);
    expect(refusal(await core.dispatch('payments.start', { saleId: 'big-sale-0001', amountCents: 50_01, tender: 'card', cardEntry: 'reader' }, page)).message).toBe(
      'A payment above $50.00 needs the manager: ask the manager to enter the PIN.',
    );
    valueOf(await core.dispatch('payments.start', { saleId: 'small-sale-001', amountCents: 50_00, tender: 'card', cardEntry: 'reader' }, page));
    valueOf(await core.dispatch('payments.cancel', { saleId: 'small-sale-001' }, page));
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    valueOf(await core.dispatch('payments.start', { saleId: 'big-sale-0002', amountCents: 80_00, tender: 'card', cardEntry: 'reader' }, page));
    valueOf(await core.dispatch('payments.cancel', { saleId: 'big-sale-0002' }, page));
    expect(core.journal().ofSale('big-sale-0002')[0]?.approvedBy).toBe('manager (unlocked page ws:7)');
    expect(core.journal().ofSale('small-sale-001')[0]?.approvedBy).toBeNull();
    await core.close();
  });

  it('asks for a card typed in, then sends it with the approval on its row', async () => {
    const core = await trainingLane();
    valueOf(await core.dispatch('payments.start', { saleId: 'keyed-sale-001', amountCents: 12_00, tender: 'card', cardEntry: 'keyed' }, page));
    const card = { pan: '4111111111111111', expiryMonth: 12, expiryYear: 2039, cardholderName: 'PAT KEYED' };
    const asked = refusal(await core.dispatch('payments.keyed', { saleId: 'keyed-sale-001', card }, page));
    expect(asked).toEqual({ message: 'A card typed in needs the manager: ask the manager to enter the PIN.', issues: ['managerPin'] });
    valueOf(await core.dispatch('payments.keyed', { saleId: 'keyed-sale-001', card, managerPin: '4826' }, page));
    const row = await settledRow(core, 'keyed-sale-001');
    expect(row).toMatchObject({ entry: 'keyed', state: 'approved', approvedBy: 'manager PIN at the counter (page ws:7)' });
    await core.close();
  });
});
