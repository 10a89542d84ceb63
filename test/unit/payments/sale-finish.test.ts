import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sale } from '../../../main/payments/sale';
import type { GatewayLease } from '../../../main/payments/ports';
import type { JournalStore } from '../../../main/payments/journal/journal';
import type { SaleView } from '../../../preload/contract';
import { memoryJournal, OUTCOMES, SALE_POLICY, saleDeps, sampleCard } from '../../support/payments';

/**
 * A sale that ends gives back the counter's gateway lease and resolves its `done` even when
 * telling the screens of its end fails: a lease kept would hold up every later sale at the counter.
 */
let journal: JournalStore | undefined;
afterEach(() => {
  vi.useRealTimers();
  journal?.close();
});

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

describe('a sale whose card wait runs out when the journal refuses to write', () => {
  it('stays waiting with the reason on screen instead of stopping the app, and cancels once the disk takes it', () => {
    vi.useFakeTimers();
    const j = (journal = memoryJournal());
    const apply = j.apply.bind(j);
    let diskFull = true;
    j.apply = (...args: Parameters<JournalStore['apply']>) => {
      if (diskFull && args[1] === 'cancel') throw new Error('database or disk is full');
      return apply(...args);
    };
    const views: SaleView[] = [];
    const gateway = lease();
    const sale = new Sale(saleDeps(j, gateway, { changed: (view) => views.push(view) }), { saleId: 'sale-finish-2', clientRef: 'L-FIN-2', type: 'sale', amountCents: 10_00, tender: 'card' });
    sale.begin();
    // A timer's callback: thrown, the error would stop the app.
    expect(() => vi.advanceTimersByTime(SALE_POLICY.cardWaitMs + 1)).not.toThrow();
    expect(views.at(-1)).toMatchObject({ state: 'waiting', final: false });
    expect(views.at(-1)?.problem).toContain('could not be cancelled (database or disk is full): cancel it');
    expect(gateway.released).toBe(0);

    diskFull = false;
    expect(sale.cancel()).toMatchObject({ state: 'cancelled', final: true });
    expect(gateway.released).toBe(1);
  });
});
