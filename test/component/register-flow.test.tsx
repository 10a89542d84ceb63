import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus, KeyedCardInput, Receipt, SaleView } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { RegisterScreen } from '../../renderer/src/screens/register/RegisterScreen';
import { bindRegister, useRegisterStore, type AfterApproval } from '../../renderer/src/stores/register-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleStatus } from './sample-status';
import { sampleSale } from './sample-sale';

const pos = installFakePos();
const status: AppStatus = sampleStatus({ mode: 'training', terminal: { name: 'Lane 1', language: 'en' }, gateway: { state: 'training', unencrypted: false } });
const card = { brand: 'visa' as const, masked: '411111******1111', last4: '1111', expiry: null, chip: false };

const sale = (patch: Partial<SaleView>): SaleView => sampleSale({ amountCents: 43_21, ...patch });
const approved = sale({ state: 'approved', final: true, waitingFor: null, card, approvedCents: 43_21, entry: 'swipe', outcome: { kind: 'approved', message: 'APPROVED', authorizationNum: 'ET1234' } });
const receipt: Receipt = { clientRef: approved.clientRef, copy: 'customer', source: 'terminal', lines: ['   Corner Café', '', 'SALE  $43.21'] };

const key = (k: string, target: Element = document.body): void => void fireEvent.keyDown(target, { key: k });
const amount = (): string => screen.getByRole('status', { name: 'Amount' }).textContent ?? '';
const operation = (): string => screen.getByTestId('entry-operation').textContent ?? '';
const methods = (): string[] => pos.calls.map((c) => c.method);

function showRegister(afterApproval: AfterApproval = 'ask') {
  return render(<RegisterScreen status={{ ...status, receipts: { afterApproval } }} />);
}

beforeEach(() => {
  pos.reset();
  resetStores();
  Object.defineProperty(window, 'print', { value: vi.fn(), configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('amount entry a cashier can trust', () => {
  it('starts a new amount with a digit typed over a result, instead of appending to the old one', () => {
    useRegisterStore.setState({ cents: 43_21, sale: approved });
    showRegister('none');
    expect(amount()).toBe('$43.21');
    key('5');
    expect(amount()).toBe('$0.05');
    expect(operation()).toBe('Sale');
    expect(document.querySelector('.sale-panel')?.className).toContain('idle');
    key('0');
    expect(amount()).toBe('$0.50');
  });

  it('starts a new sale with an empty amount on Enter over a result, the amount focused; the next Enter charges nothing', () => {
    useRegisterStore.setState({ cents: 43_21, sale: approved });
    showRegister('none');
    // Focus is on New sale: Enter is its own press (the browser clicks it); from the page, the key does the same.
    expect(document.activeElement?.textContent).toBe('New sale');
    key('Enter');
    expect(amount()).toBe('$0.00');
    expect(document.activeElement).toBe(screen.getByRole('status', { name: 'Amount' }));
    key('Enter');
    expect(screen.getByRole('alert').textContent).toBe('Type the amount first.');
    expect(methods()).toEqual([]);
  });

  it('starts afresh when Charge card is pressed over a result, never charging the old amount unseen', () => {
    useRegisterStore.setState({ cents: 43_21, sale: approved });
    showRegister('none');
    fireEvent.click(screen.getByRole('button', { name: /Charge card/ }));
    expect(screen.getByRole('alert').textContent).toBe('Type the amount first.');
    expect(methods()).toEqual([]);
  });

  it('asks main to ready the gateway at an amount’s first digit, once per amount, not while a sale runs, and waits for nothing', async () => {
    pos.answer('payments.expect', () => ({ preparing: true }));
    showRegister('none');
    key('1');
    key('2');
    // The amount shows at once: nothing waits for main's answer.
    expect(amount()).toBe('$0.12');
    await waitFor(() => expect(methods()).toEqual(['payments.expect']));
    key('Backspace');
    key('Backspace');
    key('0');
    expect(methods()).toEqual(['payments.expect']);
    key('3');
    await waitFor(() => expect(methods()).toEqual(['payments.expect', 'payments.expect']));
    // A sale in progress: its tender holds the connection; the keypad does nothing.
    act(() => useRegisterStore.setState({ sale: sale({ state: 'waiting', waitingFor: 'card' }) }));
    key('4');
    // Over a result, a digit starts the next payment: its first digit.
    act(() => useRegisterStore.setState({ cents: 43_21, sale: approved }));
    key('7');
    await waitFor(() => expect(methods()).toEqual(['payments.expect', 'payments.expect', 'payments.expect']));
    expect(amount()).toBe('$0.07');
  });

  it('asks main to ready the gateway when Verify card is chosen (no amount to type), once, not during a sale', async () => {
    pos.answer('payments.expect', () => ({ preparing: true }));
    showRegister('none');
    fireEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    await waitFor(() => expect(methods()).toEqual(['payments.expect']));
    fireEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sale' }));
    expect(methods()).toEqual(['payments.expect']);
    act(() => useRegisterStore.setState({ sale: sale({ state: 'waiting', waitingFor: 'card' }) }));
    act(() => useRegisterStore.getState().setType('verify'));
    expect(methods()).toEqual(['payments.expect']);
  });

  it('types on when main cannot ready the gateway', async () => {
    pos.answer('payments.expect', () => ({ refuse: { code: 'UNAVAILABLE' as const, message: 'the gateway service is stopped' } }));
    showRegister('none');
    key('9');
    await waitFor(() => expect(methods()).toEqual(['payments.expect']));
    key('9');
    expect(amount()).toBe('$0.99');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the amount and type of a sale found again after a reload', async () => {
    pos.answer('payments.current', () => sale({ amountCents: 7_77, type: 'preauth' }));
    showRegister();
    act(() => useRegisterStore.getState().resume());
    await waitFor(() => expect(amount()).toBe('$7.77'));
    expect(operation()).toBe('Pre-auth');
    expect(useRegisterStore.getState()).toMatchObject({ cents: 7_77, type: 'preauth' });
  });

  it('shows a void started from History as Void and its amount, then its own result, never a sale’s words', async () => {
    useRegisterStore.setState({ type: 'verify' });
    pos.answer('payments.start', (input) => sale({ saleId: input.saleId, type: 'void', amountCents: 19_99, waitingFor: null, state: 'sending', originalRef: 'TMORIGINAL0001', original: { type: 'sale', requestedCents: 19_99, approvedCents: 19_99 } }));
    showRegister('none');
    act(() => useRegisterStore.getState().startFrom('void', 'TMORIGINAL0001', 0));
    await waitFor(() => expect(operation()).toBe('Void'));
    expect(amount()).toBe('$19.99');
    const shown = useRegisterStore.getState().sale;
    act(() => useRegisterStore.setState({ sale: shown && { ...shown, state: 'approved', final: true, approvedCents: 19_99 } }));
    expect(document.querySelector('.sale-result')?.textContent).toBe('Voided');
    expect(document.querySelector('.sale-amount')?.textContent).toBe('Void $19.99');
    expect(operation()).toBe('Void');
    expect(amount()).toBe('$19.99');
  });
});

describe('a void, refund or completion asked from History, before main starts it', () => {
  const needsPin = { refuse: { code: 'FORBIDDEN' as const, message: 'A void needs the manager’s approval.', issues: [{ path: 'managerPin', message: 'enter the manager PIN' }] } };

  it('shows the operation asked for while the manager’s PIN is asked, never the type typed before', async () => {
    pos.answer('payments.start', () => needsPin);
    useRegisterStore.setState({ type: 'verify' });
    showRegister();
    act(() => useRegisterStore.getState().startFrom('void', 'TMORIGINAL0001', 0));
    await waitFor(() => expect(useRegisterStore.getState().pin).toBeDefined());
    expect(operation()).toBe('Void');
    expect(amount()).toBe('Whole payment');
    // The PIN prompt closed: nothing was started, the counter shows what was typed again.
    act(() => useRegisterStore.getState().closePin());
    expect(operation()).toBe('Verify card');
  });

  it('shows the amount History gives, or the amount asked, in French too', async () => {
    pos.answer('payments.start', () => needsPin);
    setLanguage('fr');
    showRegister();
    act(() => useRegisterStore.getState().startFrom('void', 'TMORIGINAL0001', 0, 19_99));
    await waitFor(() => expect(useRegisterStore.getState().pin).toBeDefined());
    expect(operation()).toBe('Annulation');
    expect(screen.getByRole('status', { name: 'Montant' }).textContent).toBe('19,99\u00a0$');
    act(() => useRegisterStore.getState().closePin());
    act(() => useRegisterStore.getState().startFrom('refund', 'TMORIGINAL0001', 0));
    await waitFor(() => expect(useRegisterStore.getState().pin).toBeDefined());
    expect(operation()).toBe('Remboursement');
    expect(screen.getByRole('status', { name: 'Montant' }).textContent).toBe('Tout le solde');
  });
});

describe('the receipt after an approval (receipts.afterApproval)', () => {
  const printed = () => pos.calls.filter((c) => c.method === 'receipts.print').map((c) => c.input);

  beforeEach(() => {
    pos.answer('payments.receipt', ({ copy }) => ({ ...receipt, copy: copy ?? 'customer' }));
    pos.answer('receipts.print', () => ({ printedOn: 'device', printer: 'Front printer' }));
  });

  it('asks "Print the receipt?" with Print focused; Enter prints the customer receipt, then focus goes to New sale', async () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('ask');
    expect(screen.getByRole('group', { name: 'Print the receipt?' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Print (Enter)');
    key('Enter');
    await waitFor(() => expect(screen.getByTestId('receipt-printed').textContent).toBe('Printed on Front printer.'));
    expect(printed()).toEqual([{ ref: approved.clientRef, copy: 'customer' }]);
    expect(screen.queryByRole('group', { name: 'Print the receipt?' })).toBeNull();
    expect(screen.getByLabelText('Customer receipt').textContent).toContain('Corner Café');
    expect(document.activeElement?.textContent).toBe('New sale');
    // The next Enter starts the next sale; it never prints again.
    key('Enter');
    expect(amount()).toBe('$0.00');
    expect(printed()).toHaveLength(1);
  });

  it('goes on without a receipt on Esc, focus on New sale, nothing printed', () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('ask');
    key('Escape');
    expect(screen.queryByRole('group', { name: 'Print the receipt?' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('New sale');
    expect(methods()).toEqual([]);
    // The result stays on screen until the cashier moves on.
    expect(document.querySelector('.sale-result')?.textContent).toBe('Sale approved');
  });

  it('prints with the Print button as with Enter', async () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('ask');
    fireEvent.click(screen.getByRole('button', { name: 'Print (Enter)' }));
    await waitFor(() => expect(printed()).toEqual([{ ref: approved.clientRef, copy: 'customer' }]));
  });

  it('asks after a payment stored offline too, but never after a decline or a card check', () => {
    useRegisterStore.setState({ sale: { ...approved, state: 'offline', approvedCents: null } });
    const { unmount } = showRegister('ask');
    expect(screen.getByRole('group', { name: 'Print the receipt?' })).toBeTruthy();
    unmount();
    for (const s of [{ ...approved, state: 'declined' as const }, { ...approved, type: 'verify' as const, amountCents: 0 }]) {
      useRegisterStore.setState({ sale: s });
      const r = showRegister('ask');
      expect(screen.queryByRole('group', { name: 'Print the receipt?' })).toBeNull();
      r.unmount();
    }
  });

  it('prints at once with print, asking nothing, once', async () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('print');
    expect(screen.queryByRole('group', { name: 'Print the receipt?' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('receipt-printed').textContent).toBe('Printed on Front printer.'));
    expect(printed()).toEqual([{ ref: approved.clientRef, copy: 'customer' }]);
    expect(document.activeElement?.textContent).toBe('New sale');
  });

  it('asks nothing and prints nothing with none; the receipt buttons stay', () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('none');
    expect(screen.queryByRole('group', { name: 'Print the receipt?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Customer receipt' })).toBeTruthy();
    expect(methods()).toEqual([]);
  });

  it('asks in French', () => {
    setLanguage('fr');
    useRegisterStore.setState({ sale: approved });
    showRegister('ask');
    expect(screen.getByRole('group', { name: 'Imprimer le reçu ?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pas de reçu (Échap)' })).toBeTruthy();
    expect(document.querySelector('.sale-result')?.textContent).toBe('Vente approuvée');
  });

  it('puts focus on the result after Print from the receipt itself (what was done is read again)', async () => {
    useRegisterStore.setState({ sale: approved });
    showRegister('none');
    fireEvent.click(screen.getByRole('button', { name: 'Customer receipt' }));
    const print = await screen.findByRole('button', { name: 'Print' });
    print.focus();
    fireEvent.click(print);
    await waitFor(() => expect(screen.getByTestId('receipt-printed').textContent).toBe('Printed on Front printer.'));
    expect(document.activeElement).toBe(document.querySelector('.sale-result'));
    expect(document.activeElement?.textContent).toBe('Sale approved');
  });
});

describe('focus after every action', () => {
  it('lands on Send once the check is read, then on the status line once the details are sent', async () => {
    pos.answer('payments.checkDetails', () => sale({ tender: 'check', state: 'sending', waitingFor: 'gateway' }));
    useRegisterStore.setState({ sale: sale({ tender: 'check', waitingFor: 'check' }) });
    showRegister();
    act(() => useRegisterStore.setState({ sale: sale({ tender: 'check', waitingFor: 'check-details', check: { routing: '267084131', accountMasked: '******3210', business: false, warnings: [], checkNumber: '1234' } }) }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send the check' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    expect(document.activeElement?.className).toBe('sale-step');
    await screen.findByText('Sending to the gateway…');
    expect(document.activeElement).toBe(screen.getByText('Sending to the gateway…'));
  });

  it('lands on New sale when a result arrives, and on the amount after New sale', () => {
    useRegisterStore.setState({ sale: sale({ state: 'sending', waitingFor: 'gateway' }) });
    showRegister('none');
    act(() => useRegisterStore.setState({ sale: approved }));
    const newSale = screen.getByRole('button', { name: 'New sale' });
    expect(document.activeElement).toBe(newSale);
    fireEvent.click(newSale);
    expect(document.activeElement).toBe(screen.getByRole('status', { name: 'Amount' }));
    key('9');
    expect(amount()).toBe('$0.09');
  });
});

describe('a card typed in (keyCard)', () => {
  const typed: KeyedCardInput = { pan: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 2031, cardholderName: 'PAT LEE', cvd: '123', zipCode: '60601' };
  const noCardData = (): void => {
    const state = JSON.stringify(useRegisterStore.getState());
    for (const secret of ['4111 1111 1111 1111', '4111111111111111', 'PAT LEE', '123', '60601']) expect(state).not.toContain(secret);
  };

  it('sends payments.keyed for the sale on screen, asks the manager PIN when main does, and keeps nothing typed', async () => {
    let asked = 0;
    pos.answer('payments.keyed', ({ managerPin }) => {
      asked++;
      return managerPin === '2468'
        ? sale({ state: 'sending', waitingFor: 'gateway', entry: 'keyed', card })
        : { refuse: { code: 'FORBIDDEN', message: 'A keyed card needs the manager’s approval.', issues: [{ path: 'managerPin', message: 'enter the manager PIN' }] } };
    });
    useRegisterStore.setState({ sale: sale({}) });
    showRegister();
    act(() => useRegisterStore.getState().keyCard(typed));
    await waitFor(() => expect(useRegisterStore.getState().pin?.why.message).toBe('A keyed card needs the manager’s approval.'));
    expect(pos.calls[0]).toEqual({ method: 'payments.keyed', input: { saleId: 'reg-0001aaaa', card: typed } });
    act(() => useRegisterStore.getState().pin?.submit('2468'));
    await waitFor(() => expect(useRegisterStore.getState().sale?.state).toBe('sending'));
    expect(asked).toBe(2);
    expect(pos.calls[1]).toEqual({ method: 'payments.keyed', input: { saleId: 'reg-0001aaaa', card: typed, managerPin: '2468' } });
    expect(useRegisterStore.getState()).toMatchObject({ pin: undefined, problem: undefined, busy: false });
    noCardData();
  });

  it('keeps no card data in a refusal’s words', async () => {
    pos.answer('payments.keyed', () => ({ refuse: { code: 'BAD_INPUT', message: 'card 4111111111111111 (PAT LEE, 123) fails the check digit' } }));
    useRegisterStore.setState({ sale: sale({}) });
    showRegister();
    act(() => useRegisterStore.getState().keyCard(typed));
    await waitFor(() => expect(useRegisterStore.getState().problem).toBeDefined());
    expect(useRegisterStore.getState().problem).toMatchObject({ refusal: { message: 'card ••• (•••, •••) fails the check digit' } });
    noCardData();
  });

  it('sends nothing without a sale waiting for a card', () => {
    showRegister();
    act(() => useRegisterStore.getState().keyCard(typed));
    expect(methods()).toEqual([]);
  });
});

describe('the sale on screen', () => {
  it('is not taken back by a late word about an ended sale once the cashier moved on: the amount typed stays and charges', async () => {
    bindRegister();
    useRegisterStore.setState({ cents: 43_21, sale: approved });
    showRegister('none');
    key('Escape');
    key('Enter');
    for (const d of '2200') key(d);
    expect(amount()).toBe('$22.00');
    // The ended sale's last change arrives late (a busy lane): it must not come back over the new amount.
    act(() => pos.emit('sale.changed', approved));
    expect(amount()).toBe('$22.00');
    pos.answer('payments.start', ({ saleId, amountCents }) => sale({ saleId, amountCents, state: 'waiting', final: false, waitingFor: 'card' }));
    key('Enter');
    await waitFor(() => expect(methods()).toContain('payments.start'));
    expect(pos.callsOf('payments.start')[0]).toMatchObject({ amountCents: 22_00 });
  });

  it('still follows a sale in progress started elsewhere at this counter, and that sale to its end', () => {
    bindRegister();
    showRegister('none');
    const other = sale({ saleId: 'sale-from-posctl', state: 'waiting', final: false, waitingFor: 'card' });
    act(() => pos.emit('sale.changed', other));
    expect(useRegisterStore.getState().sale?.saleId).toBe('sale-from-posctl');
    act(() => pos.emit('sale.changed', { ...approved, saleId: 'sale-from-posctl' }));
    expect(useRegisterStore.getState().sale).toMatchObject({ saleId: 'sale-from-posctl', final: true });
  });
});
