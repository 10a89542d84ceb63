import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Sale } from '../../../main/payments/sale';
import type { GatewayLease } from '../../../main/payments/ports';
import { createJournalStore, type JournalStore } from '../../../main/payments/journal/journal';
import { journalMigrations } from '../../../main/payments/journal/schema';
import { migrate, type Db } from '../../../main/store/database';
import type { SaleView } from '../../../preload/contract';
import { memoryJournal, OUTCOMES, saleDeps, sampleCard } from '../../support/payments';

/**
 * What a card sale costs the journal on its way (issue 23): one commit that waits for the disk
 * before the request leaves and one after the answer, nothing more; and no statement prepared
 * on the customer's way: once the journal has seen a sale of the same shape, and on a lane's
 * first card sale (prepared at the tender).
 */

interface Commits {
  /** Commits made at synchronous FULL (each waits for an fsync of the WAL), in order, with the state written. */
  durable: number;
  light: number;
}

/**
 * A journal whose outermost transactions are counted by the connection's `synchronous` as each
 * one starts (FULL = 2: the commit waits for the disk; NORMAL = 1: it does not).
 */
function countedJournal(): { journal: JournalStore; commits: Commits } {
  const db: Db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = FULL');
  migrate(db, ':memory:', journalMigrations('live'));
  const commits: Commits = { durable: 0, light: 0 };
  // Asked anew each time: SQLite answers PRAGMA synchronous when it compiles the statement.
  const synchronous = { get: () => db.pragma('synchronous', { simple: true }) };
  const transaction = db.transaction.bind(db);
  let depth = 0;
  const counted = <F extends (...args: never[]) => unknown>(run: F): F =>
    ((...args: Parameters<F>) => {
      const full = synchronous.get() === 2;
      depth++;
      try {
        return run(...args);
      } finally {
        depth--;
        if (depth === 0) commits[full ? 'durable' : 'light']++;
      }
    }) as F;
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const tx = transaction(fn);
    return Object.assign(counted(tx), {
      deferred: counted((...a: Parameters<typeof tx>) => tx.deferred(...a)),
      immediate: counted((...a: Parameters<typeof tx>) => tx.immediate(...a)),
      exclusive: counted((...a: Parameters<typeof tx>) => tx.exclusive(...a)),
    });
  }) as Db['transaction'];
  return { journal: createJournalStore(db, 'live', ':memory:'), commits };
}

let journal: JournalStore | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  journal?.close();
  journal = undefined;
});

/** A card sale of `amountCents` (12.34) on the journal, its views told to `changed`. */
function cardSale(j: JournalStore, n: number | string, gateway: GatewayLease, options: { amountCents?: number; changed?: (view: SaleView) => void } = {}): Sale {
  return new Sale(
    saleDeps(j, gateway, options.changed ? { changed: options.changed } : {}),
    { saleId: `sale-commits-${n}`, clientRef: `L-${n}`, type: 'sale', amountCents: options.amountCents ?? 12_34, tender: 'card' },
  );
}

function gatewayAnswering(onSend: () => void = () => undefined): GatewayLease {
  return {
    mode: 'live',
    send: async () => {
      onSend();
      return OUTCOMES.approved;
    },
    builderContext: () => ({ keyedEcommerceFlag: 'R', now: new Date() }),
    knownOffline: () => false,
    preconnect: () => undefined,
    release: () => undefined,
  };
}

describe('a card sale in the journal', () => {
  it('waits for the disk once before the request leaves and once after the answer', async () => {
    const counted = countedJournal();
    const j = (journal = counted.journal);
    const { commits } = counted;
    let beforeSend: Commits | undefined;
    const s = cardSale(j, 1, gatewayAnswering(() => (beforeSend = { ...commits })));
    s.begin();
    // The tender: created waiting, without waiting for the disk (nothing is sealed yet).
    expect(commits).toEqual({ durable: 0, light: 1 });
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    expect(await s.done).toMatchObject({ state: 'approved' });
    expect(beforeSend).toEqual({ durable: 1, light: 1 });
    expect(commits).toEqual({ durable: 2, light: 1 });
  });

  it('prepares no statement for a sale of a shape it has journaled before', async () => {
    const j = (journal = memoryJournal());
    const first = cardSale(j, 1, gatewayAnswering());
    first.begin();
    first.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    await first.done;
    const prepare = vi.spyOn(j.db, 'prepare');
    const pragma = vi.spyOn(j.db, 'pragma');
    const second = cardSale(j, 2, gatewayAnswering());
    second.begin();
    second.acceptCard({ kind: 'read', card: sampleCard('mastercard') }, 'swipe', 'msr-1');
    expect(await second.done).toMatchObject({ state: 'approved' });
    expect(prepare).not.toHaveBeenCalled();
    expect(pragma).not.toHaveBeenCalled();
  });

  it.each(['approved', 'declined', 'rejected'] as const)(
    "prepares a lane's first card sale's statements at the tender, none between the swipe and the screen (%s)",
    async (outcome) => {
      const j = (journal = memoryJournal());
      const gateway: GatewayLease = { ...gatewayAnswering(), send: async () => OUTCOMES[outcome] };
      // The gateway's answer approves 10.00 (a full approval: no split tender to carry on).
      const s = cardSale(j, `first-${outcome}`, gateway, { amountCents: 10_00 });
      s.begin();
      const prepare = vi.spyOn(j.db, 'prepare');
      s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
      expect(await s.done).toMatchObject({ final: true, state: outcome });
      expect(prepare).not.toHaveBeenCalled();
    },
  );

  it('checkpoints and reads its data version with statements prepared once', () => {
    const j = (journal = memoryJournal());
    const prepare = vi.spyOn(j.db, 'prepare');
    const pragma = vi.spyOn(j.db, 'pragma');
    j.checkpoint();
    expect(j.dataVersion()).toBe(j.dataVersion());
    j.checkpoint();
    expect(prepare).not.toHaveBeenCalled();
    expect(pragma).not.toHaveBeenCalled();
  });

  it('publishes the final state before it gives the gateway back', async () => {
    const j = (journal = memoryJournal());
    const order: string[] = [];
    const views: SaleView[] = [];
    const gateway = { ...gatewayAnswering(), release: () => void order.push('released') };
    const s = cardSale(j, 'order', gateway, {
      changed: (view) => {
        views.push(view);
        if (view.final) order.push('published');
      },
    });
    s.begin();
    s.acceptCard({ kind: 'read', card: sampleCard('visa') }, 'swipe', 'msr-1');
    expect(await s.done).toEqual(views.at(-1));
    expect(order).toEqual(['published', 'released']);
  });
});
