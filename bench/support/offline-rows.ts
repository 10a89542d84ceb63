/**
 * The journal writes of one card sale stored offline while the live gateway is known offline, in
 * the order and with the columns Sale (main/payments/sale.ts) writes them: create `choosing`,
 * `waiting` when the tender is chosen, `validated` when the card is read, then `journaled → offline`
 * with the sealed request. Four commits. Used to time the enqueue apart from the rest of a sale,
 * and to fill a queue quickly with rows a forwarder reads exactly as it reads a sale's.
 */
import { performance } from 'node:perf_hooks';
import { newClientRef } from '../../main/payments/client-ref';
import { buildCall, sealContext, type SealedPayload } from '../../main/payments/requests';
import type { JournalStore, NewPayment } from '../../main/store/journal';
import { SwipeReader } from './lane';

export type EnqueueStep = 'create choosing' | 'choosing → waiting' | 'waiting → validated' | 'seal' | 'validated → journaled → offline';

/** A swiped sale's request as Sale seals it, with a placeholder where each row's client reference goes. */
export interface OfflineTemplate {
  cents: number;
  masked: { masked: string; brand: string; last4: string; name: string | null };
  /** The sealed payload's JSON for a client reference. */
  payload(clientRef: string): string;
}

const PLACEHOLDER = 'L000000000000000000';

export function offlineTemplate(cents = 1234): OfflineTemplate {
  const card = new SwipeReader('visa').swipe();
  const call = buildCall(
    { type: 'sale', tender: 'card', cents, clientRef: PLACEHOLDER, card: { kind: 'read', card }, partialApproval: true },
    { keyedEcommerceFlag: 'R', now: new Date() },
  );
  const json = JSON.stringify({ v: 1, operation: 'SendAndCommit', request: call.request, partialApproval: true } satisfies SealedPayload);
  const [before, after] = json.split(PLACEHOLDER);
  if (before === undefined || after === undefined) throw new Error('the client reference is not in the request');
  const m = card.masked();
  return { cents, masked: { masked: m.masked, brand: m.brand, last4: m.last4, name: m.name ?? null }, payload: (ref) => `${before}${ref}${after}` };
}

export interface OfflineWriter {
  journal: JournalStore;
  seal: (plain: string, context: string) => Buffer;
  owner: string;
  template: OfflineTemplate;
  /** Each step's time is added here when given. */
  steps?: Map<EnqueueStep, number[]>;
  /** Experiment, not what the terminal does: the three commits before the card without fsync (synchronous NORMAL). */
  lazyPreCard?: boolean;
}

/** Writes one stored-offline sale; returns its client reference. */
export function writeOfflineSale(w: OfflineWriter, saleId: string): string {
  const { journal, template: t, steps } = w;
  let last = performance.now();
  const lap = (step: EnqueueStep): void => {
    if (!steps) return;
    const now = performance.now();
    const list = steps.get(step) ?? [];
    list.push(now - last);
    steps.set(step, list);
    last = now;
  };
  const at = new Date();
  const clientRef = newClientRef(journal.mode, at);
  const lease = new Date(at.getTime() + 180_000).toISOString();
  const payment: NewPayment = { clientRef, saleId, type: 'sale', tender: 'card', requestedCents: t.cents, owner: w.owner, leaseUntil: lease };
  if (w.lazyPreCard) journal.db.pragma('synchronous = NORMAL');
  journal.create(payment, 'choosing', at);
  lap('create choosing');
  journal.transition(clientRef, ['choosing', 'waiting'], 'waiting', at, { tender: 'card', leaseUntil: lease });
  lap('choosing → waiting');
  journal.transition(clientRef, 'waiting', 'validated', at, { entry: 'swipe', deviceId: null, masked: t.masked.masked, brand: t.masked.brand, last4: t.masked.last4, cardholderName: t.masked.name });
  lap('waiting → validated');
  const sealed = w.seal(t.payload(clientRef), sealContext(clientRef));
  lap('seal');
  if (w.lazyPreCard) journal.db.pragma('synchronous = FULL');
  journal.transition(clientRef, 'validated', ['journaled', 'offline'], at, {
    sealed,
    transactionType: '00',
    leaseUntil: lease,
    storedOffline: true,
    outcomeKind: 'not-sent',
    message: 'stored offline: the gateway is offline',
  });
  lap('validated → journaled → offline');
  return clientRef;
}
