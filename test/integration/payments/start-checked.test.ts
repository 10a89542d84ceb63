import { describe, expect, it } from 'vitest';
import type { StartSale } from '../../../preload/contract';
import { PosError } from '../../../main/api/errors';
import { saleId, startLane } from './scenario-support';

/**
 * A sale started from inside the main process (posctl's sale, a benchmark) does not pass through
 * the IPC's check of its input: the payments service checks it itself. Before it did, a sale id
 * the contract refuses started a sale that could not publish a view of itself; its cancel failed
 * the same way, hiding the first error and keeping the counter's gateway lease, so every sale
 * after it waited for ever.
 */
describe('a sale started inside the main process', () => {
  it('is refused with BAD_INPUT when its start breaks the contract, journals nothing, and the next sale starts', async () => {
    const lane = await startLane();
    const payments = lane.core.payments.payments;
    const journal = lane.core.journals.of('training');
    const rowsBefore = journal.db.prepare('SELECT count(*) FROM journal').pluck().get();

    const refused = await payments.startSale({ saleId: 't-0', type: 'sale', amountCents: 12_34, tender: 'card' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PosError);
    expect(refused).toMatchObject({ code: 'BAD_INPUT', issues: [{ path: 'saleId' }] });
    expect((refused as PosError).message).toContain('a sale id is 8 to 64 letters');
    const tooMuch = await payments.startSale({ saleId: saleId('cents'), type: 'sale', amountCents: -1, tender: 'card' }).catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({ code: 'BAD_INPUT', issues: [{ path: 'amountCents' }] });
    // An input that is not even the contract's shape (a caller outside TypeScript's checks).
    const extra = await payments.startSale({ saleId: saleId('extra'), type: 'sale', amountCents: 5_00, tender: 'card', pan: '4111111111111111' } as StartSale as never).catch((e: unknown) => e);
    expect(extra).toMatchObject({ code: 'BAD_INPUT' });
    expect(JSON.stringify(extra)).not.toContain('4111111111111111');
    expect(journal.db.prepare('SELECT count(*) FROM journal').pluck().get()).toBe(rowsBefore);

    const next = await payments.startSale({ saleId: saleId('after'), type: 'sale', amountCents: 12_34, tender: 'card' });
    expect(next.view()).toMatchObject({ state: 'waiting', final: false });
    expect(next.cancel()).toMatchObject({ state: 'cancelled', final: true });
  });
});
