import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyTotals, MethodOutput, PaymentRow, PaymentState, Receipt, SaleView } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { HistoryScreen } from '../../renderer/src/screens/history/HistoryScreen';
import { today, useHistoryStore } from '../../renderer/src/stores/history-store';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleSale } from './sample-sale';

const pos = installFakePos();
const AT = '2030-03-01T17:30:00.000Z';

function row(patch: Partial<PaymentRow>): PaymentRow {
  return {
    id: 1, clientRef: 'TMREF0001', saleId: 'reg-0001aaaa', mode: 'training', type: 'sale', tender: 'card', state: 'approved', words: 'Approved.',
    transactionType: '00', requestedCents: 42_00, approvedCents: 42_00, surchargeCents: null, taxCents: null, masked: '411111******1111', brand: 'visa', last4: '1111',
    routing: null, checkNumber: null, cardholderName: 'PAT LEE', entry: 'swipe', deviceId: 'msr-1', cashier: '12', approvedBy: null, outcomeKind: 'approved', gatewayCode: '00',
    bankCode: '000', message: null, tag: '1234567', authorizationNum: 'ET1234', sequenceNo: null, retrievalRef: null, splitTenderId: null, attempts: 1, storedOffline: false,
    attention: false, expired: false, cardDataKept: false, originalRef: null, standing: { voided: false, refundedCents: 0, completedCents: 0 }, decidedBy: null, decision: null, createdAt: AT, updatedAt: AT, finishedAt: AT,
    ...patch,
  };
}

const check = row({ id: 2, clientRef: 'TMREF0002', tender: 'check', masked: '******3210', brand: null, last4: '3210', routing: '267084131', checkNumber: '1234', cardholderName: null, entry: 'micr' });

const totals: DailyTotals = {
  mode: 'training',
  date: today(),
  lines: [
    { tender: 'card', type: 'sale', bucket: 'approved', count: 3, cents: 126_00 },
    { tender: 'check', type: 'sale', bucket: 'declined', count: 1, cents: 64_00 },
  ],
  approvedCents: 126_00,
  refundedCents: 10_00,
  voidedCents: 0,
  offlineOutstandingCents: 0,
  netCents: 116_00,
};

type Search = MethodOutput<'journal.search'>;

function serve(rows: PaymentRow[], more: Partial<{ totals: DailyTotals }> = {}): void {
  pos.answer('journal.search', () => ({ rows, nextBeforeId: null }));
  pos.answer('journal.totals', () => more.totals ?? { ...totals, lines: [], approvedCents: 0, refundedCents: 0, netCents: 0 });
}

const stateCell = (ref: string): HTMLElement => {
  // By the reference alone, so it finds the row in either language.
  const tr = screen.getByRole('button', { name: new RegExp(` ${ref}$`) }).closest('tr');
  if (!tr) throw new Error(`no row for ${ref}`);
  const cell = tr.querySelector<HTMLElement>('.state-word');
  if (!cell) throw new Error(`no state in the row of ${ref}`);
  return cell;
};

beforeEach(() => {
  pos.reset();
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the History screen', () => {
  it('says it is searching until the journal answers, then shows the rows', async () => {
    let answer: (value: Search) => void = () => undefined;
    pos.answer('journal.search', () => new Promise<Search>((resolve) => (answer = resolve)));
    pos.answer('journal.totals', () => totals);
    render(<HistoryScreen onFollow={vi.fn()} />);
    expect(await screen.findByText('Searching the journal…')).toBeTruthy();
    expect(screen.queryByText(/No payment matches/)).toBeNull();
    answer({ rows: [row({})], nextBeforeId: null });
    expect(await screen.findByRole('button', { name: 'Open payment TMREF0001' })).toBeTruthy();
    expect(screen.queryByText('Searching the journal…')).toBeNull();
  });

  it('says an empty day has nothing, and offers to clear the filters only when some are set', async () => {
    serve([]);
    render(<HistoryScreen onFollow={vi.fn()} />);
    await screen.findByText(/No payment matches/);
    expect(screen.getByRole('status').textContent).toBe('No payment matches. Choose another day.');
    expect(screen.queryByRole('button', { name: 'Clear the filters' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'refund' } });
    fireEvent.change(screen.getByLabelText('Last 4 digits'), { target: { value: '11a11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(pos.calls.filter((c) => c.method === 'journal.search')).toHaveLength(2));
    expect(pos.calls.at(-2)?.input).toMatchObject({ type: 'refund', last4: '1111', limit: 50 });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(pos.calls.filter((c) => c.method === 'journal.search')).toHaveLength(3));
    const cleared = pos.calls.filter((c) => c.method === 'journal.search').at(-1)?.input as Record<string, unknown>;
    expect(cleared.type).toBeUndefined();
    expect(cleared.last4).toBeUndefined();
    // The day stays: clearing the filters is not leaving the day.
    expect(typeof cleared.since).toBe('string');
  });

  it('shows each payment state in words and tone, with its card or check masked', async () => {
    const words: Record<PaymentState, [string, string]> = {
      choosing: ['In progress', 'tone-muted'],
      waiting: ['In progress', 'tone-muted'],
      validated: ['In progress', 'tone-muted'],
      journaled: ['Recorded', 'tone-muted'],
      sending: ['Sending', 'tone-warn'],
      approved: ['Approved', 'tone-ok'],
      declined: ['Declined', 'tone-bad'],
      rejected: ['Rejected', 'tone-bad'],
      offline: ['Stored offline', 'tone-warn'],
      forwarding: ['Being sent', 'tone-warn'],
      'needs-lookup': ['Outcome unknown', 'tone-warn'],
      failed: ['Not charged', 'tone-bad'],
      cancelled: ['Cancelled', 'tone-muted'],
      voided: ['Written off', 'tone-muted'],
    };
    const states = Object.keys(words) as PaymentState[];
    serve(
      [...states.map((state, i) => row({ id: 10 + i, clientRef: `TMSTATE${String(i).padStart(2, '0')}`, state })), check],
      { totals },
    );
    render(<HistoryScreen onFollow={vi.fn()} />);
    await screen.findByRole('button', { name: 'Open payment TMSTATE00' });
    states.forEach((state, i) => {
      const cell = stateCell(`TMSTATE${String(i).padStart(2, '0')}`);
      expect(cell.textContent, state).toBe(words[state][0]);
      expect(cell.className, state).toContain(words[state][1]);
    });
    const table = screen.getByRole('grid', { name: 'Payments' });
    expect(within(table).getAllByText('Visa 411111******1111')).toHaveLength(states.length);
    expect(table.textContent).toContain('· PAT LEE');
    expect(table.textContent).toContain('$42.00');
    expect(screen.getByRole('button', { name: 'Open payment TMREF0002' }).closest('tr')?.textContent).toContain('Check #1234 · routing 267084131 · account ******3210');
    // The day's totals, then by tender and type.
    expect(screen.getByLabelText('Totals of the day').textContent).toContain('Approved$126.00');
    expect(screen.getByLabelText('Totals of the day').textContent).toContain('Net$116.00');
    const lines = screen.getByRole('table', { name: 'Totals by tender and type' });
    expect(within(lines).getAllByRole('row')[2]?.textContent).toBe('CheckSaleDeclined1$64.00');
  });

  it('opens a payment with its details and its receipt', async () => {
    const approved = row({ approvedBy: 'manager PIN at the counter', message: 'APPROVED' });
    const voidRow = row({ id: 3, clientRef: 'TMVOID001', type: 'void', state: 'declined', requestedCents: 42_00, approvedCents: null, originalRef: 'TMREF0001' });
    const receipt: Receipt = { clientRef: 'TMREF0001', copy: 'customer', source: 'gateway', lines: ['COUNTER POS', 'SALE        $42.00', 'APPROVED ET1234'] };
    serve([approved]);
    pos.answer('journal.get', () => ({ payment: approved, related: [voidRow], events: [] }));
    pos.answer('payments.receipt', ({ copy }) => ({ ...receipt, copy: copy ?? 'customer' }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TMREF0001' }));
    const detail = await screen.findByRole('region', { name: 'Payment TMREF0001' });
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toBe('Sale $42.00, Approved');
    expect(detail.textContent).toContain('Visa 411111******1111 · PAT LEE');
    expect(detail.textContent).toContain('Authorization ET1234');
    expect(detail.textContent).toContain('Entry Swiped on the reader');
    expect(detail.textContent).toContain('cashier 12 · approved by manager PIN at the counter');
    // The declined void is listed, and the sale can still be voided.
    expect(within(detail).getByRole('listitem').textContent).toMatch(/^Void \$42\.00 · Declined · /);
    expect(within(detail).getByRole('button', { name: 'Void' })).toBeTruthy();
    // An approval's own message only repeats the state.
    expect(detail.textContent).not.toContain('APPROVED');

    fireEvent.click(within(detail).getByRole('button', { name: 'Customer receipt' }));
    expect((await screen.findByLabelText('Customer receipt')).textContent).toContain('APPROVED ET1234');
    expect(pos.calls.at(-1)).toEqual({ method: 'payments.receipt', input: { ref: 'TMREF0001', copy: 'customer' } });
  });

  it('labels the bank’s own message as the bank’s, beside the state in words', async () => {
    const declined = row({ state: 'declined', approvedCents: null, outcomeKind: 'declined', message: 'INSUFFICIENT FUNDS', authorizationNum: null });
    serve([declined]);
    pos.answer('journal.get', () => ({ payment: declined, related: [], events: [] }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TMREF0001' }));
    const detail = await screen.findByRole('region', { name: 'Payment TMREF0001' });
    expect(detail.textContent).toContain('Declined by the bank.');
    expect(detail.textContent).toContain('The bank’s message: INSUFFICIENT FUNDS');
    // Only an approved payment is voided or refunded.
    expect(within(detail).queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('refunds an amount typed with a comma, refuses text that is not an amount, and follows the refund on the Register', async () => {
    const approved = row({});
    serve([approved]);
    pos.answer('journal.get', () => ({ payment: approved, related: [], events: [] }));
    pos.answer('payments.start', (input): SaleView => ({
      saleId: input.saleId, clientRef: 'TMREFUND01', mode: 'training', type: 'refund', tender: 'card', state: 'validated', words: 'Card or check read; confirming the amount.',
      waitingFor: 'gateway', problem: null, amountCents: input.amountCents, approvedCents: null, balanceDueCents: 0, splitTenderId: null, entry: 'tagged', card: null, check: null,
      outcome: null, originalRef: 'TMREF0001', original: { type: 'sale', requestedCents: 42_00, approvedCents: 42_00 }, final: false, startedAt: AT, updatedAt: AT,
    }));
    const onFollow = vi.fn();
    render(<HistoryScreen onFollow={onFollow} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TMREF0001' }));
    const detail = await screen.findByRole('region', { name: 'Payment TMREF0001' });
    const amount = within(detail).getByLabelText(/Amount/);
    fireEvent.change(amount, { target: { value: '1.2.3' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Refund' }));
    // Not an amount is never "all that is left": nothing starts, and the field says why.
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(detail.textContent).toContain('Type the amount in dollars and cents, such as 12.50, or leave it empty.');
    expect(pos.calls.some((c) => c.method === 'payments.start')).toBe(false);

    fireEvent.change(amount, { target: { value: '12,50' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Refund' }));
    expect(onFollow).toHaveBeenCalled();
    await waitFor(() => expect(pos.calls.find((c) => c.method === 'payments.start')?.input).toMatchObject({ type: 'refund', amountCents: 12_50, originalRef: 'TMREF0001' }));
  });

  it('hands the Register what a void or a refund of what is left will move, while the manager’s PIN is asked', async () => {
    const approved = row({ standing: { voided: false, refundedCents: 2_00, completedCents: 0 } });
    serve([approved]);
    pos.answer('journal.get', () => ({ payment: approved, related: [], events: [] }));
    pos.answer('payments.start', () => ({ refuse: { code: 'FORBIDDEN', message: 'A manager approves refunds.', issues: [{ path: 'managerPin', message: 'needed' }] } }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TMREF0001' }));
    fireEvent.click(within(await screen.findByRole('region', { name: 'Payment TMREF0001' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(useRegisterStore.getState().pin).toBeDefined());
    expect(useRegisterStore.getState().pending).toEqual({ type: 'refund', cents: 40_00 });
  });

  it('has main ready the gateway when a payment with a void, refund or completion to offer is opened: once each, not for one with nothing to offer', async () => {
    pos.answer('payments.expect', () => ({ preparing: true }));
    const offered = row({});
    const another = row({ id: 3, clientRef: 'TMREF0003' });
    const refundedAll = row({ id: 4, clientRef: 'TMREF0004', standing: { voided: false, refundedCents: 42_00, completedCents: 0 } });
    const declined = row({ id: 5, clientRef: 'TMREF0005', state: 'declined', words: 'Declined.' });
    const byRef = new Map([offered, another, refundedAll, declined, check].map((p) => [p.clientRef, p]));
    serve([offered, another, refundedAll, declined, check]);
    pos.answer('journal.get', (input) => ({ payment: byRef.get(input.ref) ?? offered, related: [], events: [] }));
    const expects = (): number => pos.calls.filter((c) => c.method === 'payments.expect').length;
    const open = async (ref: string): Promise<void> => {
      fireEvent.click(await screen.findByRole('button', { name: `Open payment ${ref}` }));
      await screen.findByRole('region', { name: `Payment ${ref}` });
    };
    render(<HistoryScreen onFollow={vi.fn()} />);
    for (const ref of ['TMREF0004', 'TMREF0005', 'TMREF0002']) await open(ref);
    expect(expects()).toBe(0);
    await open('TMREF0001');
    await waitFor(() => expect(expects()).toBe(1));
    await open('TMREF0003');
    await waitFor(() => expect(expects()).toBe(2));
    // A sale on the register holds its own connection: opening a payment then asks nothing.
    useRegisterStore.setState({ sale: sampleSale({ state: 'waiting', waitingFor: 'card' }) });
    await open('TMREF0001');
    expect(expects()).toBe(2);
  });

  it('says why the search failed, in main’s words', async () => {
    pos.answer('journal.search', () => ({ refuse: { code: 'UNAVAILABLE', message: 'The journal is busy: try again in a moment.' } }));
    pos.answer('journal.totals', () => totals);
    render(<HistoryScreen onFollow={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The journal is busy: try again in a moment.');
    expect(screen.queryByText('Searching the journal…')).toBeNull();
  });

  it('speaks French: headings, state words, money and the filters', async () => {
    setLanguage('fr');
    serve([row({}), row({ id: 2, clientRef: 'TMREF0003', state: 'offline', approvedCents: null, requestedCents: 1234_56 })], { totals });
    render(<HistoryScreen onFollow={vi.fn()} />);
    await screen.findByRole('button', { name: 'Ouvrir le paiement TMREF0001' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Historique');
    expect(screen.getByRole('button', { name: 'Ouvrir le paiement TMREF0001' }).closest('tr')?.textContent).toContain('42,00\u00a0$');
    expect(screen.getByRole('button', { name: 'Ouvrir le paiement TMREF0003' }).closest('tr')?.textContent).toContain('1\u00a0234,56\u00a0$');
    expect(screen.getByText('Approuvé', { selector: '.state-word' })).toBeTruthy();
    expect(screen.getByText('Conservé hors ligne', { selector: '.state-word' })).toBeTruthy();
    expect(screen.getByLabelText('Totaux du jour').textContent).toContain('Net116,00\u00a0$');
    expect(within(screen.getByLabelText('État')).getByRole('option', { name: 'Résultat inconnu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chercher' })).toBeTruthy();
  });
});

const UNTOUCHED = { voided: false, refundedCents: 0, completedCents: 0 };

/** Approved payments in each standing, and declined and rejected ones, as main sends them. */
const standings = {
  voided: row({ id: 21, clientRef: 'TMSTAND01', requestedCents: 19_99, approvedCents: 19_99, standing: { ...UNTOUCHED, voided: true } }),
  partRefund: row({ id: 22, clientRef: 'TMSTAND02', requestedCents: 19_99, approvedCents: 19_99, standing: { ...UNTOUCHED, refundedCents: 5_00 } }),
  fullRefund: row({ id: 23, clientRef: 'TMSTAND03', requestedCents: 19_99, approvedCents: 19_99, standing: { ...UNTOUCHED, refundedCents: 19_99 } }),
  completed: row({ id: 24, clientRef: 'TMSTAND04', type: 'preauth', requestedCents: 50_00, approvedCents: 50_00, standing: { ...UNTOUCHED, completedCents: 50_00 } }),
  completedPart: row({ id: 25, clientRef: 'TMSTAND05', type: 'preauth', requestedCents: 50_00, approvedCents: 50_00, standing: { ...UNTOUCHED, completedCents: 45_00 } }),
  declined: row({ id: 26, clientRef: 'TMSTAND06', state: 'declined', requestedCents: 5_521_00, approvedCents: 0, outcomeKind: 'declined' }),
  rejected: row({ id: 27, clientRef: 'TMSTAND07', state: 'rejected', requestedCents: 5_000_22, approvedCents: 0, outcomeKind: 'rejected' }),
  untouched: row({ id: 28, clientRef: 'TMSTAND08', requestedCents: 12_00, approvedCents: 12_00 }),
  // A prepaid card with less on it (online, or a stored payment when it was sent): what was approved, of what was asked.
  approvedPart: row({ id: 29, clientRef: 'TMSTAND09', requestedCents: 12_34, approvedCents: 5_00 }),
};
type StandingName = keyof typeof standings;

const cellsOf = (ref: string): string[] => {
  const tr = screen.getByRole('button', { name: new RegExp(`${ref}$`) }).closest('tr');
  return [...(tr?.querySelectorAll('td') ?? [])].map((td) => td.textContent ?? '');
};

/** Each standing as the row's amount, its state word and tone, and the detail's heading. */
const SAID: Record<'en' | 'fr', Record<StandingName, [amount: string, state: string, tone: string, heading: string]>> = {
  en: {
    voided: ['$19.99', 'Voided', 'tone-muted', 'Sale $19.99, Voided'],
    partRefund: ['$19.99', 'Refunded $5.00 of $19.99', 'tone-ok', 'Sale $19.99, Refunded $5.00 of $19.99'],
    fullRefund: ['$19.99', 'Refunded $19.99 of $19.99', 'tone-muted', 'Sale $19.99, Refunded $19.99 of $19.99'],
    completed: ['$50.00', 'Completed', 'tone-ok', 'Pre-auth $50.00, Completed'],
    completedPart: ['$50.00', 'Completed $45.00 of $50.00', 'tone-ok', 'Pre-auth $50.00, Completed $45.00 of $50.00'],
    declined: ['$5,521.00', 'Declined', 'tone-bad', 'Sale $5,521.00, Declined'],
    rejected: ['$5,000.22', 'Rejected', 'tone-bad', 'Sale $5,000.22, Rejected'],
    untouched: ['$12.00', 'Approved', 'tone-ok', 'Sale $12.00, Approved'],
    approvedPart: ['$5.00', 'Approved $5.00 of $12.34', 'tone-ok', 'Sale $5.00, Approved $5.00 of $12.34'],
  },
  fr: {
    voided: ['19,99\u00a0$', 'Annulé', 'tone-muted', 'Vente 19,99\u00a0$, Annulé'],
    partRefund: ['19,99\u00a0$', 'Remboursé 5,00\u00a0$ sur 19,99\u00a0$', 'tone-ok', 'Vente 19,99\u00a0$, Remboursé 5,00\u00a0$ sur 19,99\u00a0$'],
    fullRefund: ['19,99\u00a0$', 'Remboursé 19,99\u00a0$ sur 19,99\u00a0$', 'tone-muted', 'Vente 19,99\u00a0$, Remboursé 19,99\u00a0$ sur 19,99\u00a0$'],
    completed: ['50,00\u00a0$', 'Complété', 'tone-ok', 'Préautorisation 50,00\u00a0$, Complété'],
    completedPart: ['50,00\u00a0$', 'Complété 45,00\u00a0$ sur 50,00\u00a0$', 'tone-ok', 'Préautorisation 50,00\u00a0$, Complété 45,00\u00a0$ sur 50,00\u00a0$'],
    declined: ['5\u00a0521,00\u00a0$', 'Refusé', 'tone-bad', 'Vente 5\u00a0521,00\u00a0$, Refusé'],
    rejected: ['5\u00a0000,22\u00a0$', 'Rejeté', 'tone-bad', 'Vente 5\u00a0000,22\u00a0$, Rejeté'],
    untouched: ['12,00\u00a0$', 'Approuvé', 'tone-ok', 'Vente 12,00\u00a0$, Approuvé'],
    approvedPart: ['5,00\u00a0$', 'Approuvé 5,00\u00a0$ sur 12,34\u00a0$', 'tone-ok', 'Vente 5,00\u00a0$, Approuvé 5,00\u00a0$ sur 12,34\u00a0$'],
  },
};

describe('History shows where each payment stands', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`says voided, refunded, completed, approved in part, and the amount a decline or rejection asked, in the table and the detail (${language})`, async () => {
      setLanguage(language);
      const rows = Object.values(standings);
      serve(rows);
      pos.answer('journal.get', ({ ref }) => ({ payment: rows.find((r) => r.clientRef === ref) as PaymentRow, related: [], events: [] }));
      render(<HistoryScreen onFollow={vi.fn()} />);
      await screen.findByRole('button', { name: /TMSTAND01$/ });
      for (const [name, p] of Object.entries(standings) as Array<[StandingName, PaymentRow]>) {
        const [amount, state, tone, heading] = SAID[language][name];
        const cells = cellsOf(p.clientRef);
        expect(cells[2], name).toBe(amount);
        const word = stateCell(p.clientRef);
        expect(word.textContent, name).toBe(state);
        expect(word.className, name).toContain(tone);
        fireEvent.click(screen.getByRole('button', { name: new RegExp(`${p.clientRef}$`) }));
        await waitFor(() => expect(screen.getByRole('region', { name: new RegExp(`${p.clientRef}$`) })).toBeTruthy());
        expect(within(screen.getByRole('region', { name: new RegExp(`${p.clientRef}$`) })).getByRole('heading', { level: 2 }).textContent, name).toBe(heading);
      }
    });
  }

  it('shows a voided refund as voided among the related payments', async () => {
    const sale = standings.untouched;
    const refund = row({ id: 30, clientRef: 'TMREFUND9', type: 'refund', requestedCents: 4_00, approvedCents: 4_00, originalRef: sale.clientRef, standing: { ...UNTOUCHED, voided: true } });
    serve([sale]);
    pos.answer('journal.get', () => ({ payment: sale, related: [refund], events: [] }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open payment TMSTAND08' }));
    const detail = await screen.findByRole('region', { name: 'Payment TMSTAND08' });
    expect(within(detail).getByRole('listitem').textContent).toMatch(/^Refund \$4\.00 · Voided · /);
  });

  it('offers only what the standing allows: no void once voided, refunded or completed; no refund once all is refunded; the amount left as the hint', async () => {
    const shown = async (p: PaymentRow): Promise<HTMLElement> => {
      cleanup();
      useHistoryStore.setState(useHistoryStore.getInitialState(), true);
      serve([p]);
      pos.answer('journal.get', () => ({ payment: p, related: [], events: [] }));
      render(<HistoryScreen onFollow={vi.fn()} />);
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(`${p.clientRef}$`) }));
      return screen.findByRole('region', { name: new RegExp(`${p.clientRef}$`) });
    };
    const buttons = (detail: HTMLElement): string[] =>
      within(detail)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
        .filter((words) => ['Void', 'Refund', 'Complete'].includes(words));

    const untouched = await shown(standings.untouched);
    expect(buttons(untouched)).toEqual(['Void', 'Refund']);
    expect(within(untouched).getByLabelText(/Amount/).getAttribute('placeholder')).toBe('12.00');
    expect(untouched.textContent).toContain('Amount (empty: all that is left, $12.00)');

    const voided = await shown(standings.voided);
    expect(buttons(voided)).toEqual([]);
    expect(voided.textContent).toContain('Voided.');

    const part = await shown(standings.partRefund);
    expect(buttons(part)).toEqual(['Refund']);
    expect(within(part).getByLabelText(/Amount/).getAttribute('placeholder')).toBe('14.99');
    expect(part.textContent).toContain('Amount (empty: all that is left, $14.99)');
    expect(part.textContent).toContain('A void would not undo what was refunded or completed');

    const full = await shown(standings.fullRefund);
    expect(buttons(full)).toEqual([]);
    expect(within(full).queryByLabelText(/Amount/)).toBeNull();
    expect(full.textContent).toContain('Refunded in full: nothing is left to refund.');

    const preauth = await shown(row({ id: 40, clientRef: 'TMPREAUTH', type: 'preauth', requestedCents: 50_00, approvedCents: 50_00 }));
    expect(buttons(preauth)).toEqual(['Void', 'Complete']);

    // A check's void or refund is the gateway's own business: none offered, and where to do it said.
    const paidByCheck = await shown({ ...check, id: 41, clientRef: 'TMCHECK41' });
    expect(buttons(paidByCheck)).toEqual([]);
    expect(paidByCheck.textContent).toContain('Paid by check: void or refund it from the gateway’s own tools.');
    expect(buttons(await shown(standings.completedPart))).toEqual([]);

    setLanguage('fr');
    const fr = await shown(standings.partRefund);
    expect(within(fr).getByLabelText(/Montant/).getAttribute('placeholder')).toBe('14,99');
    expect(fr.textContent).toContain('Montant (vide : tout ce qui reste, 14,99\u00a0$)');
  });

  it('shows gateway rejections on their own line of the day’s totals', async () => {
    serve([], {
      totals: {
        ...totals,
        lines: [
          { tender: 'card', type: 'sale', bucket: 'declined', count: 1, cents: 5_521_00 },
          { tender: 'card', type: 'sale', bucket: 'rejected', count: 2, cents: 10_000_48 },
        ],
      },
    });
    render(<HistoryScreen onFollow={vi.fn()} />);
    const lines = await screen.findByRole('table', { name: 'Totals by tender and type' });
    expect(within(lines).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'TenderTypeResultPaymentsAmount',
      'CardSaleDeclined1$5,521.00',
      'CardSaleRejected by the gateway2$10,000.48',
    ]);
  });
});

describe('the History store', () => {
  it('keeps the rows of the latest search when an older answer arrives after it', async () => {
    const pending: Array<(value: Search) => void> = [];
    pos.answer('journal.search', () => new Promise<Search>((resolve) => pending.push(resolve)));
    pos.answer('journal.totals', () => totals);
    const store = useHistoryStore.getState();
    store.setFilter({ last4: '1111' });
    store.search();
    useHistoryStore.getState().setFilter({ last4: '3210' });
    useHistoryStore.getState().search();
    await waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.({ rows: [check], nextBeforeId: null });
    await waitFor(() => expect(useHistoryStore.getState().rows.map((r) => r.clientRef)).toEqual(['TMREF0002']));
    // The first, slower answer for the old filter comes last: it must not replace the rows.
    pending[0]?.({ rows: [row({})], nextBeforeId: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useHistoryStore.getState().rows.map((r) => r.clientRef)).toEqual(['TMREF0002']);
    expect(useHistoryStore.getState().loading).toBe(false);
  });
});
