import { afterEach, describe, expect, it } from 'vitest';
import { Sale } from '../../../main/payments/sale';
import type { GatewayLease } from '../../../main/payments/ports';
import type { JournalStore } from '../../../main/payments/journal/journal';
import type { SaleView } from '../../../preload/contract';
import { memoryJournal, OUTCOMES, saleDeps, sampleCard } from '../../support/payments';

/**
 * A sale that ends gives back the counter's gateway lease and resolves its `done` even when
 * telling the screens of its end fails: a lease kept would hold up every later sale at the counter.
 */
let journal: JournalStore | undefined;
afterEach(() => journal?.close());

/** A gateway lease that counts how often it is given back. */
function lease(): GatewayLease & { released: number } {
  const counted: GatewayLease & { released: number } = {
    mode: 'live',
    send: () => Promise.resolve(OUTCOMES.approved),
    builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
    knownOffline: () => false,
    preconnect: () => undefined,
    released: 0,
    release: () => void counted.released++,
  };
  return counted;
}

/** A sale whose screens refuse to hear of its end (a view the contract refuses, say). */
function saleTellingFails(j: JournalStore, gateway: GatewayLease): Sale {
  const changed = (view: SaleView): void => {
    if (view.final) throw new Error('the final view could not be published');
  };
  return new Sale(saleDeps(j, gateway, { changed }), { saleId: 'sale-finish-1', clientRef: 'L-FIN-1', type: 'sale', amountCents: 10_00, tender: 'card' });
}

describe('a sale whose end cannot be told', () => {
  it('cancelled: gives back the gateway and ends, and the cancel reports the failure', async () => {
    const j = (journal = memoryJournal());
    const gateway = lease();
    const sale = saleTellingFails(j, gateway);
    sale.begin();
    expect(() => sale.cancel('the customer left')).toThrow('could not be published');
    expect(gateway.released).toBe(1);
    await expect(sale.done).resolves.toMatchObject({ state: 'cancelled', final: true });
    expect(j.get('L-FIN-1')?.state).toBe('cancelled');
  });

  it('answered: the approval is journaled, the gateway given back and the sale ended', async () => {
    const j = (journal = memoryJournal());
    const gateway = lease();
    const sale = saleTellingFails(j, gateway);
    sale.begin();
    sale.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    await expect(sale.done).resolves.toMatchObject({ state: 'approved', final: true });
    expect(gateway.released).toBe(1);
    expect(j.get('L-FIN-1')?.state).toBe('approved');
  });
});
