import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../preload/contract';
import { ReceiptView } from '../../renderer/src/components/ReceiptView';
import { installFakePos } from './fake-pos';

const pos = installFakePos();

afterEach(() => {
  cleanup();
  pos.reset();
});

const receipt: Receipt = { clientRef: 'TMWTL676H6379CC5F9F', copy: 'customer', source: 'terminal', lines: ['   Corner Café', '', 'CUSTOMER COPY'] };

function show(r: Receipt = receipt) {
  // happy-dom has no print dialog: the page's print() is a spy here.
  const print = vi.fn();
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
  render(<ReceiptView receipt={r} />);
  return { print, note: () => screen.getByTestId('receipt-printed').textContent };
}

describe('a receipt\'s Print button', () => {
  it('prints where the terminal says and names the printer, without the browser dialog', async () => {
    pos.answer('receipts.print', () => ({ printedOn: 'device', printer: 'Front printer' }));
    const { print, note } = show();
    expect(screen.getByLabelText('Customer receipt').textContent).toContain('Corner Café');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(note()).toBe('Printed on Front printer.'));
    expect(pos.calls).toEqual([{ method: 'receipts.print', input: { ref: receipt.clientRef, copy: 'customer' } }]);
    expect(print).not.toHaveBeenCalled();
  });

  it('says which system printer it went to, or the default one', async () => {
    pos.answer('receipts.print', () => ({ printedOn: 'system', printer: null }));
    const { note } = show({ ...receipt, copy: 'merchant' });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(note()).toBe('Sent to the default printer.'));
    expect(pos.calls[0]?.input).toEqual({ ref: receipt.clientRef, copy: 'merchant' });
  });

  it('opens the browser\'s print dialog only when told to', async () => {
    pos.answer('receipts.print', () => ({ printedOn: 'browser', printer: null }));
    const { print, note } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(note()).toContain('print dialog');
  });

  it('says why it did not print, in the terminal\'s words, and never falls back to the dialog', async () => {
    pos.answer('receipts.print', () => ({ refuse: { code: 'UNAVAILABLE', message: 'Front printer stopped before printing: the printer is out of paper: load a new roll and try again' } }));
    const { print, note } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(note()).toBe('The receipt was not printed: Front printer stopped before printing: the printer is out of paper: load a new roll and try again'));
    expect(screen.getByTestId('receipt-printed').className).toContain('tone-bad');
    expect(print).not.toHaveBeenCalled();
  });
});
