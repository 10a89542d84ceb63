/**
 * The journal writes of one card sale stored offline while the live gateway is known offline, in
 * the order and with the columns Sale (main/payments/sale.ts) writes them: created `choosing →
 * waiting` with its tender (a light commit, no fsync), the seal's key agreement prepared while the
 * customer swipes, then `waiting → validated → journaled → offline` with the card's columns and
 * the sealed request in one full commit. Used to time the enqueue apart from the rest of a sale,
 * and to fill a queue quickly with rows a forwarder reads exactly as it reads a sale's.
 */
import { performance } from 'node:perf_hooks';
import { newClientRef } from '../../main/payments/client-ref';
import { buildCall, sealContext, type SealedPayload } from '../../main/payments/requests';
import type { JournalStore, NewPayment } from '../../main/payments/journal/journal';
import type { SealOnce } from '../../main/store/sealing';
import { SwipeReader } from './lane';

export type EnqueueStep = 'create waiting' | 'prepare seal' | 'seal' | 'waiting → validated → journaled → offline';

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
  /** Prepares a seal (its key agreement) as a sale does when the tender is chosen. */
  prepareSeal: () => SealOnce;
  owner: string;
  template: OfflineTemplate;
  /** Each step's time is added here when given. */
  steps?: Map<EnqueueStep, number[]>;
}

/** A sale begun as the register begins one: row created waiting, seal prepared. */
export interface BegunSale {
  clientRef: string;
  sealOnce: SealOnce;
  at: Date;
  lease: string;
}

type Lap = (step: EnqueueStep) => void;

function lapper(steps: Map<EnqueueStep, number[]> | undefined): Lap {
  let last = performance.now();
  return (step) => {
    if (!steps) return;
    const now = performance.now();
    const list = steps.get(step) ?? [];
    list.push(now - last);
    steps.set(step, list);
    last = now;
  };
}

/** What happens when the tender is chosen: the row, created waiting, and the seal prepared. */
export function beginOfflineSale(w: OfflineWriter, saleId: string, lap: Lap = lapper(w.steps)): BegunSale {
  const { journal, template: t } = w;
  const at = new Date();
  const clientRef = newClientRef(journal.mode, at);
  const lease = new Date(at.getTime() + 180_000).toISOString();
  const payment: NewPayment = { clientRef, saleId, type: 'sale', tender: 'card', requestedCents: t.cents, owner: w.owner, leaseUntil: lease };
  journal.create(payment, ['choosing', 'waiting'], at);
  lap('create waiting');
  const sealOnce = w.prepareSeal();
  lap('prepare seal');
  return { clientRef, sealOnce, at, lease };
}

/** What happens once the card is read: the request sealed and the row stored offline, durably. */
export function storeOfflineSale(w: OfflineWriter, begun: BegunSale, lap: Lap = lapper(w.steps)): string {
  const { journal, template: t } = w;
  const { clientRef, at, lease } = begun;
  const sealed = begun.sealOnce(t.payload(clientRef), sealContext(clientRef));
  lap('seal');
  journal.transition(clientRef, 'waiting', ['validated', 'journaled', 'offline'], at, {
    entry: 'swipe',
    deviceId: null,
    masked: t.masked.masked,
    brand: t.masked.brand,
    last4: t.masked.last4,
    cardholderName: t.masked.name,
    sealed,
    transactionType: '00',
    leaseUntil: lease,
    storedOffline: true,
    outcomeKind: 'not-sent',
    message: 'stored offline: the gateway is offline',
  });
  lap('waiting → validated → journaled → offline');
  return clientRef;
}

/** Writes one stored-offline sale, begun and stored; returns its client reference. */
export function writeOfflineSale(w: OfflineWriter, saleId: string): string {
  const lap = lapper(w.steps);
  return storeOfflineSale(w, beginOfflineSale(w, saleId, lap), lap);
}
