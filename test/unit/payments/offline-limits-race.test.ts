import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal, type JournalStore } from '../../../main/payments/journal/journal';
import type { GatewayLease, SalePolicy } from '../../../main/payments/ports';
import { Sale } from '../../../main/payments/sale';
import { newPayment, OUTCOMES, SALE_POLICY, saleDeps, sampleCard } from '../../support/payments';

/**
 * The offline limits hold between processes: two registers (or a register and posctl) on one
 * journal, each reading the queue before the other stores, must not both store past the limit.
 * The second connection here stands for the other process; it stores its payment between this
 * sale's first look at the queue and its storing commit.
 */
const POLICY: SalePolicy = { ...SALE_POLICY, offline: { ...SALE_POLICY.offline, maxCount: 1 } };
const AT = new Date('2030-03-01T12:00:00.000Z');

const opened: { journals: JournalStore[]; dirs: string[] } = { journals: [], dirs: [] };
afterEach(() => {
  for (const j of opened.journals) j.close();
  for (const d of opened.dirs) rmSync(d, { recursive: true, force: true });
  opened.journals = [];
  opened.dirs = [];
});

/** Two connections to one journal file: this register's and the other process's. */
function twoProcesses(): { mine: JournalStore; other: JournalStore } {
  const dir = mkdtempSync(join(tmpdir(), 'pos-offline-race-'));
  opened.dirs.push(dir);
  const mine = openJournal(dir, 'live');
  const other = openJournal(dir, 'live');
  opened.journals.push(other, mine);
  return { mine, other };
}

/** The other process stores one payment offline (as its sale would: created waiting, then stored). */
function otherStores(other: JournalStore): void {
  other.create(newPayment('L-OTHER', 5_00), ['choosing', 'waiting'], AT);
  other.transition('L-OTHER', 'waiting', ['validated', 'journaled', 'offline'], AT, { sealed: Buffer.from('sealed'), storedOffline: true, outcomeKind: 'not-sent' });
}

/** The queue as this register first reads it, with the other process storing right after that read. */
function otherStoresAfterFirstLook(mine: JournalStore, other: JournalStore): void {
  const summary = mine.queueSummary.bind(mine);
  let looked = false;
  mine.queueSummary = () => {
    const seen = summary();
    if (!looked) {
      looked = true;
      otherStores(other);
    }
    return seen;
  };
}

function cardSale(j: JournalStore, gateway: GatewayLease): Sale {
  return new Sale(
    saleDeps(j, gateway, { policy: POLICY, now: () => AT }),
    { saleId: 'sale-offline-race', clientRef: 'L-MINE', type: 'sale', amountCents: 12_34, tender: 'card' },
  );
}

const unreachable = (knownOffline: boolean): GatewayLease => ({
  mode: 'live',
  send: async () => OUTCOMES['not-sent'],
  builderContext: () => ({ keyedEcommerceFlag: 'R', now: AT }),
  knownOffline: () => knownOffline,
  preconnect: () => undefined,
  release: () => undefined,
});

describe('offline limits between two processes', () => {
  it.each([
    ['the gateway known offline (stored at once)', true],
    ['the request not sent (stored on its answer)', false],
  ])('a store by another process between the first look and the commit is counted: %s', async (_name, knownOffline) => {
    const { mine, other } = twoProcesses();
    otherStoresAfterFirstLook(mine, other);
    const s = cardSale(mine, unreachable(knownOffline));
    s.begin();
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    const end = await s.done;
    expect(end.state).toBe('failed');
    expect(mine.get('L-MINE')?.message).toMatch(/not stored offline: 1 payments are already waiting offline \(limit 1\)/);
    expect(mine.queueSummary()).toMatchObject({ count: 1, totalCents: 5_00 });
  });

  it('stores offline when the limits still allow it inside the commit', async () => {
    const { mine } = twoProcesses();
    const s = cardSale(mine, unreachable(true));
    s.begin();
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    expect((await s.done).state).toBe('offline');
    expect(mine.queueSummary()).toMatchObject({ count: 1, totalCents: 12_34 });
  });
});
