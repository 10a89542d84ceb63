import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus, KeyedCardInput, SaleView } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { KeyedCardForm } from '../../renderer/src/screens/register/KeyedCardForm';
import { RegisterScreen } from '../../renderer/src/screens/register/RegisterScreen';
import { useRegisterStore } from '../../renderer/src/stores/register-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleStatus } from './sample-status';
import { sampleSale } from './sample-sale';

const pos = installFakePos();
const PAN = '4111111111111111';
const status: AppStatus = sampleStatus({ mode: 'training', terminal: { name: 'Lane 1', language: 'en' }, gateway: { state: 'training', unencrypted: false } });
const waiting: SaleView = sampleSale({ words: 'Waiting for the card.' });
const now = () => new Date(2030, 2, 15);

const panInput = () => screen.getByLabelText<HTMLInputElement>('Card number');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');

/** A form on its own, with the card it sends. */
function form() {
  const sent: KeyedCardInput[] = [];
  const onClose = vi.fn();
  render(<KeyedCardForm onSend={(c) => sent.push(c)} onClose={onClose} now={now} />);
  return { sent, onClose };
}

function fillValid(pan = PAN, cvd = '123') {
  type('Card number', pan);
  fireEvent.blur(panInput());
  type('Expiry (MM/YY)', '0331');
  type('Code (CVD)', cvd);
  type('ZIP code (optional)', '62701');
  type('Name on the card', 'Pat Lee');
}

beforeEach(() => {
  pos.reset();
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the keyed card form', () => {
  it('groups the number in fours while typing and says nothing of a number not yet complete', () => {
    form();
    type('Card number', '41111111');
    expect(panInput().value).toBe('4111 1111');
    expect(panInput().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/check digit/)).toBeNull();
  });

  it('checks the check digit as typed: a complete number that fails it is named inline, tied to the field', () => {
    form();
    type('Card number', '4111 1111 1111 1113');
    const input = panInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toContain('This number fails its check digit: type it again.');
    // Typed wrong, it is not masked yet: the cashier can see the typo until the field is left.
    expect(input.value).toBe('4111 1111 1111 1113');
  });

  it('masks a complete valid number at once; a digit or Backspace starts the number again, never showing it whole', () => {
    form();
    type('Card number', PAN);
    expect(panInput().value).toBe('411111******1111');
    expect(panInput().readOnly).toBe(true);
    expect(document.body.innerHTML).not.toContain(PAN);
    expect(describedText(panInput())).toContain('Masked: a digit or Backspace types it again.');
    fireEvent.keyDown(panInput(), { key: '5' });
    expect(panInput().value).toBe('5');
    expect(panInput().readOnly).toBe(false);
    type('Card number', PAN);
    fireEvent.keyDown(panInput(), { key: 'Backspace' });
    expect(panInput().value).toBe('');
  });

  it('masks a number once the field is left, and names a short one', () => {
    form();
    type('Card number', '4242424242');
    fireEvent.blur(panInput());
    expect(panInput().value).toBe('******4242');
    expect(describedText(panInput())).toContain('A card number has 13 to 19 digits.');
  });

  it('refuses an expiry in the past, a month 13 and a shape that is not MM/YY, with the slash put in as typed', () => {
    form();
    type('Expiry (MM/YY)', '0230');
    const expiry = screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)');
    expect(expiry.value).toBe('02/30');
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(expiry)).toContain('This card has expired');
    type('Expiry (MM/YY)', '0330');
    expect(expiry.getAttribute('aria-invalid')).toBeNull();
    type('Expiry (MM/YY)', '1331');
    expect(describedText(expiry)).toContain('The month is 01 to 12.');
    type('Expiry (MM/YY)', '3/3');
    fireEvent.blur(expiry);
    expect(describedText(expiry)).toContain('Type the expiry as MM/YY');
  });

  it('sends the card with its CVD presence: a code when on the card, none when illegible or not on it', () => {
    const { sent } = form();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(sent).toEqual([{ pan: PAN, expiryMonth: 3, expiryYear: 2031, cardholderName: 'Pat Lee', cvd: '123', cvdPresence: 'present', zipCode: '62701' }]);

    fillValid();
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: 'not-available' } });
    expect(screen.getByLabelText<HTMLInputElement>('Code (CVD)').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(sent[1]).toEqual({ pan: PAN, expiryMonth: 3, expiryYear: 2031, cardholderName: 'Pat Lee', cvdPresence: 'not-available', zipCode: '62701' });

    fillValid();
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: 'not-provided' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(sent[2]).toMatchObject({ cvdPresence: 'not-provided' });
    expect(sent[2]).not.toHaveProperty('cvd');
  });

  it('asks 4 digits of an American Express code and names every wrong field at a refused send, focusing the first', () => {
    const { sent } = form();
    type('Card number', '378282246310005');
    type('Code (CVD)', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Check the fields marked below.');
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(document.activeElement).toBe(expiry);
    expect(describedText(screen.getByLabelText('Code (CVD)'))).toContain('American Express card is 4 digits');
    expect(describedText(screen.getByLabelText('Name on the card'))).toContain('Type the name as it is on the card.');
    // The masked Amex number keeps its own shape.
    expect(panInput().value).toBe('378282*****0005');
  });

  it('clears every field when it sends, and when it is cancelled', () => {
    const { onClose } = form();
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    for (const label of ['Card number', 'Expiry (MM/YY)', 'Code (CVD)', 'ZIP code (optional)', 'Name on the card']) {
      expect(screen.getByLabelText<HTMLInputElement>(label).value, label).toBe('');
    }
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Close (Esc)' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(panInput().value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Name on the card').value).toBe('');
  });

  it('empties its inputs as it goes away', () => {
    const { unmount } = render(<KeyedCardForm onSend={() => undefined} onClose={() => undefined} now={now} />);
    type('Card number', '4111111111');
    type('Name on the card', 'Pat Lee');
    const inputs = [panInput(), screen.getByLabelText<HTMLInputElement>('Name on the card')];
    unmount();
    expect(inputs.map((i) => i.value)).toEqual(['', '']);
  });

  it('is in French too', () => {
    setLanguage('fr');
    form();
    expect(screen.getByLabelText('Numéro de carte')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Absent de la carte' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Envoyer pour approbation' })).toBeTruthy();
  });
});

describe('a card typed in at the Register', () => {
  beforeEach(() => useRegisterStore.setState({ sale: waiting }));

  it('is offered while the sale waits for the card; Esc closes the form, not the sale, and gives the focus back', async () => {
    pos.answer('payments.tender', () => waiting);
    render(<RegisterScreen status={status} />);
    fireEvent.click(screen.getByRole('button', { name: 'Type the card' }));
    expect(document.activeElement).toBe(panInput());
    // Main waits the longer keyed wait while the cashier types, and for a swipe again once closed.
    const tenders = () => pos.calls.filter((c) => c.method === 'payments.tender').map((c) => c.input);
    expect(tenders()).toEqual([{ saleId: waiting.saleId, tender: 'card', cardEntry: 'keyed' }]);
    type('Card number', '4111');
    fireEvent.keyDown(panInput(), { key: 'Escape' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(pos.calls.filter((c) => c.method === 'payments.cancel')).toEqual([]);
    expect(tenders()).toEqual([
      { saleId: waiting.saleId, tender: 'card', cardEntry: 'keyed' },
      { saleId: waiting.saleId, tender: 'card', cardEntry: 'any' },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Type the card' })));
    // Opened again, it is empty.
    fireEvent.click(screen.getByRole('button', { name: 'Type the card' }));
    expect(panInput().value).toBe('');
  });

  it('is not offered once the card was read', () => {
    useRegisterStore.setState({ sale: { ...waiting, state: 'sending', waitingFor: 'gateway' } });
    render(<RegisterScreen status={status} />);
    expect(screen.queryByRole('button', { name: 'Type the card' })).toBeNull();
  });

  it('sends it with the manager PIN and keeps nothing of it: not on the page, not in the store', async () => {
    pos.answer('payments.keyed', (input) =>
      input.managerPin === undefined
        ? { refuse: { code: 'FORBIDDEN', message: 'A card typed in needs the manager PIN.', issues: [{ path: 'managerPin', message: 'needed' }] } }
        : { ...waiting, state: 'sending', waitingFor: 'gateway', entry: 'keyed', card: { brand: 'visa', masked: '411111******1111', last4: '1111', expiry: null, chip: false, name: 'Pat Lee' } },
    );
    render(<RegisterScreen status={status} />);
    fireEvent.click(screen.getByRole('button', { name: 'Type the card' }));
    fillValid(PAN, '987');
    fireEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(useRegisterStore.getState().pin).toBeDefined());
    act(() => useRegisterStore.getState().pin?.submit('4826'));
    await waitFor(() => expect(useRegisterStore.getState().sale?.state).toBe('sending'));

    const keyed = pos.calls.filter((c) => c.method === 'payments.keyed').map((c) => c.input as { saleId: string; card: KeyedCardInput; managerPin?: string });
    expect(keyed[0]).toEqual({ saleId: waiting.saleId, card: { pan: PAN, expiryMonth: 3, expiryYear: 2031, cardholderName: 'Pat Lee', cvd: '987', cvdPresence: 'present', zipCode: '62701' } });
    expect(keyed[1]).toEqual({ ...keyed[0], managerPin: '4826' });
    expect(keyed).toHaveLength(2);
    const page = document.body.innerHTML;
    const grouped = PAN.replace(/(\d{4})(?=\d)/g, '$1 ');
    for (const secret of [PAN, grouped, '987']) expect(page).not.toContain(secret);
    expect(page).toContain('411111******1111');
    const state = JSON.stringify(useRegisterStore.getState());
    // The name comes back with the masked card in main's view of the sale, as for a swipe.
    for (const secret of [PAN, grouped, '"987"', '62701']) expect(state).not.toContain(secret);
    expect(useRegisterStore.getState().pin).toBeUndefined();
  });
});
