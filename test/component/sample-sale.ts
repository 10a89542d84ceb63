import type { SaleView } from '../../preload/contract';

/** The time the sample sales started, for tests that show it. */
export const SALE_AT = '2030-03-01T17:30:00.000Z';

/** A sale as main reports it, for a screen under test: a $12.34 card sale waiting for the card; `patch` changes what the test is about. */
export function sampleSale(patch: Partial<SaleView> = {}): SaleView {
  return {
    saleId: 'reg-0001aaaa', clientRef: 'TMWTL676H6379CC5F9F', mode: 'training', type: 'sale', tender: 'card', state: 'waiting', words: 'Waiting for the card or check.',
    waitingFor: 'card', problem: null, amountCents: 12_34, approvedCents: null, balanceDueCents: 0, splitTenderId: null, entry: null, card: null, check: null,
    outcome: null, originalRef: null, original: null, final: false, startedAt: SALE_AT, updatedAt: SALE_AT,
    ...patch,
  };
}
