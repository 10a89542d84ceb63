import { afterEach, describe, expect, it } from 'vitest';
import { Sale } from '../../../main/payments/sale';
import type { GatewayLease } from '../../../main/payments/ports';
import type { JournalStore } from '../../../main/payments/journal/journal';
import type { SaleView } from '../../../preload/contract';
import { memoryJournal, OUTCOMES, saleDeps, sampleCard } from '../../support/payments';

/**
 * What a card sale writes and publishes when nobody confirms on a PIN pad: the row created
 * waiting, then one commit that seals the request and moves it validated → journaled → sending,
 * and the `sending` view published only once the request was handed to the gateway.
 */

let journal: JournalStore | undefined;
afterEach(() => journal?.close());

function sale(j: JournalStore, gateway: GatewayLease, views: SaleView[], prepared: { count: number }): Sale {
  const deps = saleDeps(j, gateway, { changed: (view) => views.push(view) });
  const seal = deps.prepareSeal;
  return new Sale(
    {
      ...deps,
      prepareSeal: () => {
        prepared.count++;
        return seal();
      },
    },
    { saleId: 'sale-journal-1', clientRef: 'L-1', type: 'sale', amountCents: 12_34, tender: 'card' },
  );
}

const eventsTo = (j: JournalStore): string[] => j.db.prepare(`SELECT to_state FROM journal_event ORDER BY id`).pluck().all() as string[];

describe('a card sale without a confirmation on the PIN pad', () => {
  it('is created waiting, seals with the seal prepared at the tender, and sends after one commit', async () => {
    const j = (journal = memoryJournal());
    const views: SaleView[] = [];
    const prepared = { count: 0 };
    let publishedWhenSent: string[] | undefined;
    let journaledWhenSent: string | undefined;
    const gateway: GatewayLease = {
      mode: 'live',
      send: async () => {
        publishedWhenSent = views.map((v) => v.state);
        journaledWhenSent = j.get('L-1')?.state;
        return OUTCOMES.approved;
      },
      builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
      knownOffline: () => false,
      preconnect: () => undefined,
      release: () => undefined,
    };
    const s = sale(j, gateway, views, prepared);
    s.begin();
    expect(j.get('L-1')?.state).toBe('waiting');
    expect(prepared.count).toBe(1);
    const commits = j.db.prepare('SELECT count(*) FROM journal_event').pluck();
    const before = commits.get() as number;
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    const end = await s.done;

    expect(end).toMatchObject({ state: 'approved', card: { last4: '1111', masked: '411111******1111' } });
    expect(prepared.count).toBe(1);
    // Journaled before the request left; the screens heard of it only after.
    expect(journaledWhenSent).toBe('sending');
    expect(publishedWhenSent).toEqual(['waiting']);
    expect(views.map((v) => v.state)).toEqual(['waiting', 'sending', 'approved']);
    expect(eventsTo(j)).toEqual(['choosing', 'waiting', 'validated', 'journaled', 'sending', 'approved']);
    expect((commits.get() as number) - before).toBe(4);
    expect(j.get('L-1')).toMatchObject({ entry: 'swipe', deviceId: 'msr-1', last4: '1111', hasSealed: false });
  });

  it('stores the card columns with the sealed request when it goes offline', async () => {
    const j = (journal = memoryJournal());
    const views: SaleView[] = [];
    const gateway: GatewayLease = {
      mode: 'live',
      send: async () => OUTCOMES['not-sent'],
      builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
      knownOffline: () => true,
      preconnect: () => undefined,
      release: () => undefined,
    };
    const s = sale(j, gateway, views, { count: 0 });
    s.begin();
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    expect(await s.done).toMatchObject({ state: 'offline' });
    expect(j.get('L-1')).toMatchObject({ state: 'offline', entry: 'swipe', deviceId: 'msr-1', last4: '1111', hasSealed: true, storedOffline: true });
    expect(views.map((v) => v.state)).toEqual(['waiting', 'offline']);
  });
});
