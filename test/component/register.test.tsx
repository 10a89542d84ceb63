import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppStatus, CashierStatus, SaleView } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { RegisterScreen } from '../../renderer/src/screens/register/RegisterScreen';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleStatus } from './sample-status';
import { sampleSale } from './sample-sale';

const pos = installFakePos();

const status: AppStatus = sampleStatus({ mode: 'training', terminal: { name: 'Lane 1', language: 'en' }, gateway: { state: 'training', unencrypted: false } });

const sale = (patch: Partial<SaleView>): SaleView => sampleSale(patch);
const card = { brand: 'visa' as const, masked: '411111******1111', last4: '1111', expiry: null, chip: false, name: 'PAT LEE' };
const approvedPart = sale({
  state: 'approved', final: true, waitingFor: null, card, amountCents: 40_00, approvedCents: 25_00, balanceDueCents: 15_00, entry: 'swipe',
  outcome: { kind: 'approved', message: 'APPROVED', authorizationNum: 'ET1234' },
});

const key = (k: string): void => void fireEvent.keyDown(document.body, { key: k });
const amount = (): string => screen.getByRole('status', { name: 'Amount' }).textContent ?? '';
const starts = () => pos.calls.filter((c) => c.method === 'payments.start').map((c) => c.input as Record<string, unknown>);

beforeEach(() => {
  pos.reset();
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the Register screen', () => {
  it('takes the amount by keys: digits from the right, Backspace corrects, 00 on the keypad, Enter charges the card', async () => {
    pos.answer('payments.start', (input) => sale({ saleId: input.saleId, amountCents: input.amountCents }));
    render(<RegisterScreen status={status} />);
    expect(amount()).toBe('$0.00');
    for (const k of ['1', '2', '3', '4', '5']) key(k);
    expect(amount()).toBe('$123.45');
    key('Backspace');
    expect(amount()).toBe('$12.34');
    fireEvent.click(screen.getByRole('button', { name: '00' }));
    expect(amount()).toBe('$1,234.00');
    fireEvent.click(screen.getByRole('button', { name: 'Correct (Backspace)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Correct (Backspace)' }));
    expect(amount()).toBe('$12.34');
    // Keys typed into a field are the field's, not the amount's.
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '9' });
    field.remove();
    expect(amount()).toBe('$12.34');
    key('Enter');
    expect((await screen.findByText('Swipe the card, or ask the customer to swipe it on the PIN pad.')).className).toBe('sale-step');
    expect(starts()).toEqual([expect.objectContaining({ type: 'sale', amountCents: 12_34, tender: 'card', cardEntry: 'any' })]);
  });

  it('says to type the amount first, instead of charging nothing', () => {
    render(<RegisterScreen status={status} />);
    key('Enter');
    expect(screen.getByRole('alert').textContent).toBe('Type the amount first.');
    expect(pos.calls).toEqual([]);
  });

  it('keeps the type, the keypad and the tenders in place but disabled while a sale runs, and Esc cancels it', async () => {
    pos.answer('payments.cancel', () => sale({ state: 'cancelled', final: true, waitingFor: null }));
    useRegisterStore.setState({ cents: 12_34, sale: sale({}) });
    render(<RegisterScreen status={status} />);
    const types = within(screen.getByRole('group', { name: 'Payment type' })).getAllByRole('button');
    expect(types.map((b) => b.textContent)).toEqual(['Sale', 'Pre-auth', 'Refund', 'Verify card']);
    expect(types.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(within(screen.getByRole('group', { name: 'Amount keypad' })).getAllByRole<HTMLButtonElement>('button').every((b) => b.disabled)).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Charge card/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check' }).disabled).toBe(true);
    // Typing does nothing to the amount of a sale already started.
    key('7');
    expect(amount()).toBe('$12.34');
    key('Escape');
    expect(await screen.findByText('Nothing was charged.')).toBeTruthy();
    expect(pos.calls.map((c) => c.method)).toEqual(['payments.cancel']);
    expect(types.every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('lets only a sale be paid by check, and Verify card charges nothing', () => {
    render(<RegisterScreen status={status} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('button', { name: 'Refund' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Verify card' }));
    // A card check asks for no amount: the display, the idle line and the keypad say so.
    expect(amount()).toBe('No amount');
    expect(document.querySelector('.sale-idle')?.textContent).toBe('No amount is needed: press Enter (or Charge card), then have the card swiped.');
    expect(screen.queryByText(/Type the amount/)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '5' }).disabled).toBe(true);
  });

  it('asks the cashier to sign in when the store wants it, says a refusal, then names the cashier', async () => {
    const required: CashierStatus = { signInRequired: true, cashier: null };
    useRegisterStore.setState({ cashier: required });
    let right = false;
    pos.answer('cashier.signIn', ({ pin }) => {
      right = pin === '5937';
      return right ? { signInRequired: true, cashier: { number: '12', name: 'Pat Lee' } } : { refuse: { code: 'FORBIDDEN', message: 'That cashier number and PIN do not match.' } };
    });
    render(<RegisterScreen status={status} />);
    const form = screen.getByRole('form', { name: 'Cashier sign-in' });
    expect(screen.queryByRole('group', { name: 'Amount keypad' })).toBeNull();
    const submit = within(form).getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
    fireEvent.change(within(form).getByLabelText('Cashier number'), { target: { value: '1a2' } });
    fireEvent.change(within(form).getByLabelText('PIN'), { target: { value: '135' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('PIN'), { target: { value: '1357' } });
    fireEvent.click(submit);
    expect((await within(form).findByRole('alert')).textContent).toBe('That cashier number and PIN do not match.');
    expect(within(form).getByLabelText<HTMLInputElement>('PIN').value).toBe('');
    fireEvent.change(within(form).getByLabelText('PIN'), { target: { value: '5937' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByText(/Cashier 12, Pat Lee/)).toBeTruthy());
    expect(pos.calls.map((c) => c.input)).toEqual([
      { number: '12', pin: '1357' },
      { number: '12', pin: '5937' },
    ]);
    expect(screen.getByRole('group', { name: 'Amount keypad' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('pays the balance a partial approval left with another tender, as a split of the same sale', async () => {
    pos.answer('payments.start', (input) => sale({ saleId: input.saleId, amountCents: input.amountCents, splitTenderId: 'split-1' }));
    useRegisterStore.setState({ cents: 40_00, sale: approvedPart });
    render(<RegisterScreen status={status} />);
    expect(document.querySelector('.sale-result')?.textContent).toBe('Partly approved');
    const panel = document.querySelector('.sale-panel');
    expect(panel?.className).toContain('tone-warn');
    expect(panel?.textContent).toContain('$25.00 was approved. $15.00 is left to pay with another card or a check.');
    expect(panel?.textContent).toContain('Authorization ET1234');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $15.00 by card' }));
    await screen.findByText('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    expect(starts()).toEqual([expect.objectContaining({ type: 'sale', amountCents: 15_00, tender: 'card', splitOf: 'reg-0001aaaa' })]);
  });

  it('authorizes the rest of a partly approved pre-authorization, by card only', async () => {
    pos.answer('payments.start', (input) => sale({ saleId: input.saleId, type: input.type, amountCents: input.amountCents, splitTenderId: 'split-1' }));
    useRegisterStore.setState({ cents: 40_00, sale: { ...approvedPart, type: 'preauth' } });
    render(<RegisterScreen status={status} />);
    expect(screen.queryByRole('button', { name: 'Pay $15.00 by check' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $15.00 by card' }));
    await screen.findByText('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    expect(starts()).toEqual([expect.objectContaining({ type: 'preauth', amountCents: 15_00, tender: 'card', splitOf: 'reg-0001aaaa' })]);
  });

  it('follows the sale step by step as main reports it', () => {
    render(<RegisterScreen status={status} />);
    act(() => useRegisterStore.setState({ sale: sale({ state: 'validated', waitingFor: null, card }) }));
    expect(document.querySelector('.sale-step')?.textContent).toBe('Card or check read; confirming the amount.');
    act(() => useRegisterStore.setState({ sale: sale({ state: 'sending', waitingFor: 'gateway', card }) }));
    expect(document.querySelector('.sale-step')?.textContent).toBe('Sending to the gateway…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel (Esc)' }).title).toBe('The request is on its way: it can no longer be cancelled.');
  });
});

describe('the Register in French', () => {
  it('says every step and result in French, with French money', async () => {
    setLanguage('fr');
    pos.answer('payments.start', (input) => sale({ saleId: input.saleId, amountCents: input.amountCents }));
    render(<RegisterScreen status={{ ...status, terminal: { name: 'Caisse 1', language: 'fr' } }} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Caisse');
    expect(within(screen.getByRole('group', { name: 'Type de paiement' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Vente',
      'Préautorisation',
      'Remboursement',
      'Vérifier la carte',
    ]);
    expect(screen.getByText(/Tapez le montant, puis appuyez sur/)).toBeTruthy();
    for (const k of ['1', '2', '3', '4', '5', '6']) key(k);
    expect(screen.getByRole('status', { name: 'Montant' }).textContent).toBe('1\u00a0234,56\u00a0$');
    key('Enter');
    expect(await screen.findByText('Glissez la carte, ou demandez au client de la glisser sur le clavier NIP.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Glisser une Visa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler (Échap)' })).toBeTruthy();

    act(() => useRegisterStore.setState({ sale: approvedPart }));
    expect(document.querySelector('.sale-result')?.textContent).toBe('Approuvé en partie');
    const panel = document.querySelector('.sale-panel')?.textContent ?? '';
    expect(panel).toContain('25,00\u00a0$ approuvé. Il reste 15,00\u00a0$ à payer par une autre carte ou un chèque.');
    expect(panel).toContain('Lecture Glissée sur le lecteur');
    expect(panel).toContain('Référence TMWTL676H6379CC5F9F');
    expect(screen.getByRole('button', { name: 'Payer 15,00\u00a0$ par carte' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouvelle vente' })).toBeTruthy();
  });
});
