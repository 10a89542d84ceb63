import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaleView } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { resultWords, wantsReceipt, type ResultWords } from '../../renderer/src/screens/register/result-words';
import { SalePanel } from '../../renderer/src/screens/register/SalePanel';
import { sampleSale } from './sample-sale';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const card = { brand: 'visa' as const, masked: '411111******1111', last4: '1111', expiry: null, chip: false };
/** An approved $19.99 sale swiped on the reader; `patch` makes it the result under test. */
const ended = (patch: Partial<SaleView>): SaleView =>
  sampleSale({ state: 'approved', words: 'Approved.', waitingFor: null, amountCents: 19_99, approvedCents: 19_99, entry: 'swipe', card, final: true, ...patch });
const fromSale = { originalRef: 'TMORIGINAL0001', original: { type: 'sale' as const, requestedCents: 19_99, approvedCents: 19_99 } };
const fromPreauth = { originalRef: 'TMORIGINAL0002', original: { type: 'preauth' as const, requestedCents: 50_00, approvedCents: 50_00 } };
const technical = { kind: 'not-sent', message: 'could not connect to the gateway at 127.0.0.1:39225 (ECONNREFUSED)' };

/** One vector per result kind: the view, then the words, tone, amount and advice in English and French. */
const VECTORS: ReadonlyArray<{ kind: string; sale: SaleView; words: ResultWords['words']; tone: ResultWords['tone']; amount: number | null; en: string; fr: string; next: string; receipt: boolean }> = [
  { kind: 'sale approved', sale: ended({}), words: 'result.saleApproved', tone: 'ok', amount: 19_99, en: 'Sale approved', fr: 'Vente approuvée', next: 'Give the customer the receipt.', receipt: true },
  { kind: 'partly approved', sale: ended({ amountCents: 40_00, approvedCents: 25_00, balanceDueCents: 15_00 }), words: 'result.partly', tone: 'warn', amount: 25_00, en: 'Partly approved', fr: 'Approuvé en partie', next: '$25.00 was approved. $15.00 is left to pay', receipt: true },
  { kind: 'check approved', sale: ended({ tender: 'check', card: null, entry: 'micr' }), words: 'result.checkApproved', tone: 'ok', amount: 19_99, en: 'Check approved', fr: 'Chèque approuvé', next: 'Give the customer the receipt.', receipt: true },
  { kind: 'pre-auth approved', sale: ended({ type: 'preauth', amountCents: 50_00, approvedCents: 50_00 }), words: 'result.preauthApproved', tone: 'ok', amount: 50_00, en: 'Pre-auth approved', fr: 'Préautorisation approuvée', next: 'Give the customer the receipt.', receipt: true },
  { kind: 'completion of a pre-auth', sale: ended({ type: 'completion', amountCents: 45_00, approvedCents: 45_00, entry: 'tagged', ...fromPreauth }), words: 'result.completedOf', tone: 'ok', amount: 45_00, en: 'Completed $45.00 of a $50.00 pre-auth', fr: 'Complétion de 45,00\u00a0$ sur une préautorisation de 50,00\u00a0$', next: 'Give the customer the receipt.', receipt: true },
  { kind: 'completion, original unknown', sale: ended({ type: 'completion', amountCents: 45_00, approvedCents: 45_00 }), words: 'result.completed', tone: 'ok', amount: 45_00, en: 'Completed $45.00', fr: 'Complétion de 45,00\u00a0$', next: 'Give the customer the receipt.', receipt: true },
  { kind: 'refund of a sale', sale: ended({ type: 'refund', amountCents: 5_00, approvedCents: 5_00, entry: 'tagged', ...fromSale }), words: 'result.refundedOf', tone: 'ok', amount: 5_00, en: 'Refunded $5.00 of $19.99', fr: 'Remboursé : 5,00\u00a0$ sur 19,99\u00a0$', next: 'The money goes back to the customer’s card.', receipt: true },
  { kind: 'refund typed at the counter', sale: ended({ type: 'refund', amountCents: 7_50, approvedCents: 7_50 }), words: 'result.refunded', tone: 'ok', amount: 7_50, en: 'Refunded $7.50', fr: 'Remboursé : 7,50\u00a0$', next: 'The money goes back', receipt: true },
  { kind: 'void', sale: ended({ type: 'void', amountCents: 19_99, approvedCents: null, entry: 'tagged', ...fromSale }), words: 'result.voided', tone: 'ok', amount: 19_99, en: 'Voided', fr: 'Paiement annulé', next: 'The payment is cancelled: the customer is not charged for it.', receipt: true },
  { kind: 'card verified', sale: ended({ type: 'verify', amountCents: 0, approvedCents: 0 }), words: 'result.verified', tone: 'ok', amount: null, en: 'Card verified', fr: 'Carte vérifiée', next: 'The card is valid. Nothing was charged.', receipt: false },
  { kind: 'declined', sale: ended({ state: 'declined', approvedCents: null, outcome: { kind: 'declined', message: 'INSUFFICIENT FUNDS', bankCode: '51' } }), words: 'result.declined', tone: 'bad', amount: 19_99, en: 'Declined', fr: 'Refusé', next: 'Ask for another card', receipt: false },
  { kind: 'rejected', sale: ended({ state: 'rejected', approvedCents: null, outcome: { kind: 'rejected', message: 'Invalid expiry date', gatewayCode: '22' } }), words: 'result.rejected', tone: 'bad', amount: 19_99, en: 'Rejected', fr: 'Rejeté', next: 'call support', receipt: false },
  { kind: 'stored offline', sale: ended({ state: 'offline', approvedCents: null, outcome: technical }), words: 'result.offline', tone: 'warn', amount: 19_99, en: 'Stored offline', fr: 'Conservé hors ligne', next: 'The gateway cannot be reached. The payment was stored offline and will be sent later.', receipt: true },
  { kind: 'being forwarded', sale: ended({ state: 'forwarding', approvedCents: null, outcome: technical }), words: 'result.offline', tone: 'warn', amount: 19_99, en: 'Stored offline', fr: 'Conservé hors ligne', next: 'will be sent later', receipt: true },
  { kind: 'needs lookup', sale: ended({ state: 'needs-lookup', approvedCents: null, outcome: { kind: 'unknown', message: 'read ETIMEDOUT 10.0.0.7:443' } }), words: 'result.needsLookup', tone: 'warn', amount: 19_99, en: 'Needs lookup', fr: 'À vérifier', next: 'Do not charge again', receipt: false },
  { kind: 'left sending by a stopped process', sale: ended({ state: 'sending', approvedCents: null }), words: 'result.needsLookup', tone: 'warn', amount: 19_99, en: 'Needs lookup', fr: 'À vérifier', next: 'Do not charge again', receipt: false },
  { kind: 'failed', sale: ended({ state: 'failed', approvedCents: null, outcome: { kind: 'failed', message: 'EPIPE on /dev/ttyUSB0' } }), words: 'result.failed', tone: 'bad', amount: 19_99, en: 'Failed', fr: 'Échec', next: 'Nothing was charged. Try again.', receipt: false },
  { kind: 'cancelled', sale: ended({ state: 'cancelled', approvedCents: null }), words: 'result.cancelled', tone: 'muted', amount: 19_99, en: 'Cancelled', fr: 'Annulé', next: 'Nothing was charged.', receipt: false },
  { kind: 'written off by a manager', sale: ended({ state: 'voided', approvedCents: null }), words: 'result.writtenOff', tone: 'muted', amount: 19_99, en: 'Written off', fr: 'Radié', next: 'A manager wrote it off', receipt: false },
];

function show(sale: SaleView) {
  return render(<SalePanel sale={sale} training onCancel={vi.fn()} onNewSale={vi.fn()} onPayBalance={vi.fn()} onCheckDetails={vi.fn()} onSimulate={vi.fn()} />);
}

describe('resultWords', () => {
  it.each(VECTORS)('names a $kind result with its own words, tone and amount', ({ sale, words, tone, amount, receipt }) => {
    const r = resultWords(sale);
    expect(r).toMatchObject({ words, tone, amountCents: amount });
    expect(wantsReceipt(sale)).toBe(receipt);
  });

  it('never names a void, refund or completion with a sale’s words', () => {
    for (const type of ['void', 'refund', 'completion'] as const) expect(resultWords(ended({ type, ...fromSale })).words).not.toBe('result.saleApproved');
  });

  it('keeps the bank’s and the gateway’s own messages, never main’s technical note', () => {
    const shows = VECTORS.filter((v) => resultWords(v.sale).showMessage).map((v) => v.kind);
    expect(shows).toEqual(['declined', 'rejected']);
  });
});

describe('the Register’s result, kind by kind', () => {
  it.each(VECTORS)('says a $kind result in English, in its tone, with what to do next', ({ sale, en, tone, next }) => {
    const { container } = show(sale);
    expect(document.querySelector('.sale-status p')?.textContent).toBe(en);
    expect(container.querySelector('.sale-panel')?.className).toContain(`tone-${tone}`);
    expect(container.querySelector('.sale-next')?.textContent).toContain(next);
    // The cashier never reads an address, an error code or a system call's name.
    expect(container.textContent).not.toMatch(/ECONNREFUSED|ETIMEDOUT|EPIPE|127\.0\.0\.1|ttyUSB/);
  });

  it.each(VECTORS)('says a $kind result in French', ({ sale, fr }) => {
    setLanguage('fr');
    show(sale);
    expect(document.querySelector('.sale-status p')?.textContent).toBe(fr);
  });

  it('shows the operation and its own amount beside the result: a void of $19.99 reads Void $19.99', () => {
    const { container } = show(ended({ type: 'void', amountCents: 19_99, approvedCents: null, ...fromSale }));
    expect(container.querySelector('.sale-amount')?.textContent).toBe('Void $19.99');
  });

  it('shows a card check with no amount, in French too', () => {
    const { container } = show(ended({ type: 'verify', amountCents: 0, approvedCents: 0 }));
    expect(container.querySelector('.sale-amount')?.textContent).toBe('Verify card No amount');
    cleanup();
    setLanguage('fr');
    const fr = show(ended({ type: 'verify', amountCents: 0, approvedCents: 0 }));
    expect(fr.container.querySelector('.sale-amount')?.textContent).toBe('Vérifier la carte Aucun montant');
  });

  it('keeps the bank’s decline message for the cashier, in French with its label', () => {
    setLanguage('fr');
    const { container } = show(VECTORS.find((v) => v.kind === 'declined')?.sale ?? ended({}));
    expect(container.textContent).toContain('INSUFFICIENT FUNDS');
    expect(container.querySelector('.sale-next')?.textContent).toContain('Demandez une autre carte');
  });

  it('says stored offline in plain French words', () => {
    setLanguage('fr');
    const { container } = show(VECTORS.find((v) => v.kind === 'stored offline')?.sale ?? ended({}));
    expect(container.querySelector('.sale-next')?.textContent).toContain('La passerelle est injoignable. Le paiement a été conservé hors ligne et sera envoyé plus tard.');
    expect(container.textContent).not.toContain('ECONNREFUSED');
  });

  it('asks the cashier to check the name and expiry of a card stored offline, shown beside it; a check stored offline is not asked that', () => {
    const stored = ended({ state: 'offline', approvedCents: null, outcome: technical, card: { ...card, expiry: '2039-12', name: 'PAT LEE' } });
    expect(resultWords(stored).next).toBe('next.offlineCard');
    const { container } = show(stored);
    expect(container.querySelector('.sale-next')?.textContent).toContain('Check the name and expiry on the card: the bank can still decline it.');
    expect(container.querySelector('.card-line')?.textContent).toBe('Visa 411111******1111 · PAT LEE · expires 12/39');
    cleanup();
    setLanguage('fr');
    expect(show(stored).container.querySelector('.sale-next')?.textContent).toContain('Vérifiez le nom et l’expiration sur la carte : la banque peut encore le refuser.');
    // An approval needs no such check, and shows no expiry.
    cleanup();
    setLanguage('en');
    const approved = show(ended({ card: { ...card, expiry: '2039-12', name: 'PAT LEE' } }));
    expect(approved.container.querySelector('.card-line')?.textContent).toBe('Visa 411111******1111 · PAT LEE');
    expect(approved.container.querySelector('.sale-next')?.textContent).not.toContain('expiry');
    cleanup();
    const check = ended({ state: 'offline', approvedCents: null, tender: 'check', card: null, entry: 'micr', outcome: technical });
    expect(resultWords(check).next).toBe('next.offline');
    expect(show(check).container.querySelector('.sale-next')?.textContent).not.toContain('name and expiry');
  });
});
