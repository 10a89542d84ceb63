import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaleView } from '../../preload/contract';
import { SalePanel, type SalePanelProps } from '../../renderer/src/screens/register/SalePanel';

afterEach(cleanup);

const base: SaleView = {
  saleId: 'reg-0001aaaa',
  clientRef: 'TMWTL676H6379CC5F9F',
  mode: 'training',
  type: 'sale',
  tender: 'card',
  state: 'waiting',
  words: 'Waiting for the card or check.',
  waitingFor: 'card',
  problem: null,
  amountCents: 12_34,
  approvedCents: null,
  balanceDueCents: 0,
  splitTenderId: null,
  entry: null,
  card: null,
  check: null,
  outcome: null,
  originalRef: null,
  original: null,
  final: false,
  startedAt: '2030-03-01T12:00:00.000Z',
  updatedAt: '2030-03-01T12:00:00.000Z',
};
const card = { brand: 'visa' as const, masked: '411111******1111', last4: '1111', expiry: null, chip: false, name: 'PAT LEE' };

function panel(sale: SaleView | undefined, extra: Partial<SalePanelProps> = {}) {
  const props: SalePanelProps = { sale, training: true, onCancel: vi.fn(), onNewSale: vi.fn(), onPayBalance: vi.fn(), onCheckDetails: vi.fn(), onSimulate: vi.fn(), ...extra };
  render(<SalePanel {...props} />);
  return props;
}

describe('the Register\'s sale panel, state by state', () => {
  it('says what to do before a sale', () => {
    panel(undefined);
    expect(screen.getByText(/Type the amount/)).toBeTruthy();
  });

  it('asks for the card, offers training swipes, and cancels with Esc or the button', () => {
    const props = panel(base);
    expect(document.querySelector('.sale-status p')?.textContent).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    fireEvent.click(screen.getByRole('button', { name: 'Swipe a Visa' }));
    expect(props.onSimulate).toHaveBeenCalledWith('visa');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel (Esc)' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('offers no simulated swipe in live mode', () => {
    panel(base, { training: false });
    expect(screen.queryByRole('button', { name: 'Swipe a Visa' })).toBeNull();
  });

  it('cannot be cancelled once the request is on its way', () => {
    panel({ ...base, state: 'sending', waitingFor: 'gateway', card });
    expect(document.querySelector('.sale-status p')?.textContent).toBe('Sending to the gateway…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel (Esc)' }).disabled).toBe(true);
    expect(screen.getByText(/411111\*\*\*\*\*\*1111/)).toBeTruthy();
  });

  it('takes the check details when the check was read', () => {
    const props = panel({ ...base, tender: 'check', waitingFor: 'check-details', check: { routing: '267084131', accountMasked: '******3210', business: false, warnings: [], checkNumber: '1234' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Corporate' }));
    fireEvent.change(screen.getByLabelText('Customer name (optional)'), { target: { value: 'Pat Lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    expect(props.onCheckDetails).toHaveBeenCalledWith({ checkType: 'corporate', customerName: 'Pat Lee' });
  });

  it('sends the customer ID with its type, only when one was typed', () => {
    const props = panel({ ...base, tender: 'check', waitingFor: 'check-details', check: { routing: '267084131', accountMasked: '******3210', business: true, warnings: [], checkNumber: '5678' } });
    expect(document.querySelector('.sale-means')?.textContent).toBe('Check Business check #5678 · routing 267084131 · account ******3210');
    expect(screen.getByText(/starts with the state’s two letters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Customer ID'), { target: { value: '2' } });
    // The licence hint is for licences only.
    expect(screen.queryByText(/starts with the state’s two letters/)).toBeNull();
    fireEvent.change(screen.getByLabelText('ID number (optional)'), { target: { value: ' 36-1234567 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    expect(props.onCheckDetails).toHaveBeenCalledWith({ checkType: 'personal', idType: 2, id: '36-1234567' });
  });

  it('shows a read problem in main’s words, in a slot kept while there is none', () => {
    const { container, rerender } = render(<SalePanel sale={base} training onCancel={vi.fn()} onNewSale={vi.fn()} onPayBalance={vi.fn()} onCheckDetails={vi.fn()} onSimulate={vi.fn()} />);
    const slot = container.querySelector('.sale-problem');
    expect(slot?.textContent).toBe('');
    rerender(<SalePanel sale={{ ...base, problem: 'The card could not be read: swipe it again.' }} training onCancel={vi.fn()} onNewSale={vi.fn()} onPayBalance={vi.fn()} onCheckDetails={vi.fn()} onSimulate={vi.fn()} />);
    // The same element, so nothing below it moves when a problem appears.
    expect(container.querySelector('.sale-problem')).toBe(slot);
    expect(screen.getByRole('alert').textContent).toBe('The card could not be read: swipe it again.');
  });

  it('labels the bank’s own decline message as the bank’s', () => {
    const { container } = render(
      <SalePanel
        sale={{ ...base, state: 'declined', final: true, waitingFor: null, card, outcome: { kind: 'declined', message: 'INSUFFICIENT FUNDS', bankCode: '51' } }}
        training
        onCancel={vi.fn()}
        onNewSale={vi.fn()}
        onPayBalance={vi.fn()}
        onCheckDetails={vi.fn()}
        onSimulate={vi.fn()}
      />,
    );
    expect(container.textContent).toContain('The bank’s message: INSUFFICIENT FUNDS');
  });

  it.each([
    ['approved', 'Sale approved', 'tone-ok', 'Give the customer the receipt.'],
    ['offline', 'Stored offline', 'tone-warn', 'The payment was stored offline and will be sent later.'],
    ['declined', 'Declined', 'tone-bad', 'Ask for another card'],
    ['rejected', 'Rejected', 'tone-bad', 'call support'],
    ['needs-lookup', 'Needs lookup', 'tone-warn', 'Do not charge again'],
    ['cancelled', 'Cancelled', 'tone-muted', 'Nothing was charged.'],
    ['failed', 'Failed', 'tone-bad', 'Nothing was charged. Try again.'],
  ] as const)('says %s in words and colour, with what to do next', (state, title, tone, next) => {
    const { container } = render(
      <SalePanel
        sale={{ ...base, state, final: true, waitingFor: null, card, approvedCents: state === 'approved' ? 12_34 : null }}
        training
        onCancel={vi.fn()}
        onNewSale={vi.fn()}
        onPayBalance={vi.fn()}
        onCheckDetails={vi.fn()}
        onSimulate={vi.fn()}
      />,
    );
    expect(document.querySelector('.sale-status p')?.textContent).toBe(title);
    expect(container.querySelector('.sale-panel')?.className).toContain(tone);
    expect(container.textContent).toContain(next);
  });

  it('offers to pay the balance a partial approval left', () => {
    const props = panel({ ...base, state: 'approved', final: true, waitingFor: null, card, approvedCents: 25_00, amountCents: 40_00, balanceDueCents: 15_00 });
    expect(document.querySelector('.sale-status p')?.textContent).toBe('Partly approved');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $15.00 by check' }));
    expect(props.onPayBalance).toHaveBeenCalledWith('check');
  });
});
