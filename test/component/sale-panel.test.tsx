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
    expect(screen.getByRole('status').textContent).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
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
    expect(screen.getByRole('status').textContent).toBe('Sending to the gateway…');
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

  it.each([
    ['approved', 'Approved', 'tone-ok', 'Give the customer the receipt.'],
    ['offline', 'Stored offline', 'tone-warn', 'it is sent when the gateway is back'],
    ['declined', 'Declined', 'tone-bad', 'Ask for another card'],
    ['rejected', 'Rejected', 'tone-bad', 'call support'],
    ['needs-lookup', 'Outcome unknown', 'tone-warn', 'Do not charge again'],
    ['cancelled', 'Cancelled', 'tone-muted', 'Nothing was charged.'],
    ['failed', 'Not charged', 'tone-bad', 'Nothing was charged. Try again.'],
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
    expect(screen.getByRole('status').textContent).toBe(title);
    expect(container.querySelector('.sale-panel')?.className).toContain(tone);
    expect(container.textContent).toContain(next);
  });

  it('offers to pay the balance a partial approval left', () => {
    const props = panel({ ...base, state: 'approved', final: true, waitingFor: null, card, approvedCents: 25_00, amountCents: 40_00, balanceDueCents: 15_00 });
    expect(screen.getByRole('status').textContent).toBe('Partly approved');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $15.00 by check' }));
    expect(props.onPayBalance).toHaveBeenCalledWith('check');
  });
});
