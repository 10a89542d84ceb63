import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayReport, ReportLine } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { HistoryScreen } from '../../renderer/src/screens/history/HistoryScreen';
import { today } from '../../renderer/src/stores/history-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();
const zero = { count: 0, cents: 0 };
const line = (key: string | null, approved: number): ReportLine => ({ key, approved: { count: 1, cents: approved }, held: zero, refunded: zero, voided: zero, declined: zero, rejected: zero, offline: zero, netCents: approved });

function report(patch: Partial<DayReport> = {}): DayReport {
  return {
    mode: 'training', date: today(), since: '2030-03-01T05:00:00.000Z', until: '2030-03-02T05:00:00.000Z', afterPaymentId: 0, cashier: null, payments: 1,
    total: line(null, 42_00), byTender: [line('card', 42_00)], byType: [line('sale', 42_00)], byBrand: [line('visa', 42_00)], byCashier: [line('12', 42_00)],
    firstPaymentAt: '2030-03-01T17:30:00.000Z', lastPaymentAt: '2030-03-01T17:30:00.000Z', lastPaymentId: 1,
    unresolved: { offline: { count: 1, cents: 4_00 }, needsLookup: 0, attention: 0, items: [{ ref: 'TMREF0009', reason: 'offline', state: 'offline', cents: 4_00, createdAt: '2030-03-01T17:40:00.000Z' }] },
    generatedAt: '2030-03-01T20:00:00.000Z', closed: null, ...patch,
  };
}

beforeEach(() => {
  pos.reset();
  resetStores();
  pos.answer('journal.search', () => ({ rows: [], nextBeforeId: null }));
  pos.answer('journal.totals', (input) => ({ mode: 'training', date: input.date ?? today(), lines: [], approvedCents: 0, refundedCents: 0, voidedCents: 0, offlineOutstandingCents: 0, netCents: 0 }));
  pos.answer('report.day', (input) => report(input.cashier ? { cashier: input.cashier, byCashier: [line(input.cashier, 42_00)] } : {}));
  pos.answer('report.lines', (input) => ['DAY REPORT'.padEnd(input.columns ?? 42, '.')]);
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('Close the day', () => {
  it('shows the report, names what is unresolved, and closes only once the manager confirms', async () => {
    pos.answer('report.close', (input) =>
      input.confirm ? report({ closed: { closedAt: '2030-03-01T20:05:00.000Z', closedBy: null, digest: 'a'.repeat(64) } }) : { refuse: { code: 'CONFLICT', message: 'Payments are unresolved', issues: [{ path: 'TMREF0009', message: 'offline' }] } },
    );
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const panel = await screen.findByRole('region', { name: /^Close the day: / });
    expect(await within(panel).findByRole('table', { name: 'By card brand' })).toBeTruthy();
    expect(panel.textContent).toContain('1 payment stored offline ($4.00), not yet sent');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close this day' }));
    const ask = await within(panel).findByRole('alertdialog');
    expect(ask.textContent).toMatch(/Close the day anyway/);
    fireEvent.click(within(ask).getByRole('button', { name: 'Close anyway' }));
    expect(await within(panel).findByText(/is closed\. Payments from now on go to the next report/)).toBeTruthy();
    expect(pos.calls.filter((c) => c.method === 'report.close').map((c) => c.input)).toEqual([{ date: today() }, { date: today(), confirm: true }]);
    expect(within(panel).queryByRole('button', { name: 'Close this day' })).toBeNull();
  });

  it('says a sale still going on holds the close, in main\'s words, and asks nothing', async () => {
    const going = 'A payment is still going on at the counter (sale $25.00: Waiting for the card or check.). Finish or cancel it, then close the day: it would otherwise be in neither report.';
    pos.answer('report.close', () => ({ refuse: { code: 'CONFLICT', message: going } }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const panel = await screen.findByRole('region', { name: /^Close the day: / });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Close this day' }));
    expect(await within(panel).findByText(going)).toBeTruthy();
    expect(within(panel).queryByRole('alertdialog')).toBeNull();
    expect(pos.calls.filter((c) => c.method === 'report.close').map((c) => c.input)).toEqual([{ date: today() }]);
  });

  it('prints on the paper chosen and says where; saves the CSV', async () => {
    pos.answer('report.print', () => ({ printedOn: 'device', printer: 'Receipt printer' }));
    pos.answer('report.csv', () => ({ filename: 'day-report-training-2030-03-01.csv', csv: 'section\r\n' }));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const panel = await screen.findByRole('region', { name: /^Close the day: / });
    await within(panel).findByRole('table', { name: 'Total' });
    fireEvent.change(within(panel).getByLabelText('Paper'), { target: { value: '32' } });
    await waitFor(() => expect(panel.querySelector('pre')?.textContent).toHaveLength(32));
    fireEvent.click(within(panel).getByRole('button', { name: 'Print' }));
    expect(await within(panel).findByText('Printed on Receipt printer.')).toBeTruthy();
    expect(pos.calls.find((c) => c.method === 'report.print')?.input).toEqual({ date: today(), columns: 32 });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save as CSV' }));
    expect(await within(panel).findByText('Downloaded as day-report-training-2030-03-01.csv.')).toBeTruthy();
  });

  it('reads a cashier’s shift, which is printed but not closed', async () => {
    pos.answer('report.print', () => ({ printedOn: 'device', printer: 'Receipt printer' }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the day' }));
    const panel = await screen.findByRole('region', { name: /^Close the day: / });
    await within(panel).findByRole('button', { name: 'Close this day' });
    fireEvent.change(within(panel).getByLabelText('Report'), { target: { value: '12' } });
    await waitFor(() => expect(pos.calls.filter((c) => c.method === 'report.day').at(-1)?.input).toEqual({ date: today(), cashier: '12' }));
    await within(panel).findByRole('table', { name: 'Total' });
    expect(within(panel).queryByRole('button', { name: 'Close this day' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Print' }));
    await within(panel).findByText('Printed on Receipt printer.');
    expect(pos.calls.find((c) => c.method === 'report.print')?.input).toEqual({ date: today(), cashier: '12', columns: 42 });
  });
});

describe('History’s export', () => {
  it('says the filter of the rows shown, exports that one and not an input changed since, and says how many were saved', async () => {
    pos.answer('journal.saveCsv', () => ({ saved: true, path: '/media/usb/march.csv', rows: 23 }));
    render(<HistoryScreen onFollow={vi.fn()} />);
    expect(await screen.findByText(/^Exports: All payments · /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'sale' } });
    fireEvent.change(screen.getByLabelText('Tender'), { target: { value: 'card' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/^Exports: Sale · Card · /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tender'), { target: { value: 'check' } });
    expect(screen.getByText(/^Exports: Sale · Card · /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('23 payments saved to /media/usb/march.csv.')).toBeTruthy();
    expect(pos.calls.find((c) => c.method === 'journal.saveCsv')?.input).toMatchObject({ type: 'sale', tender: 'card' });
  });
});
