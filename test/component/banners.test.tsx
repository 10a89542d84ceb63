import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus, ManagerStatus } from '../../preload/contract';
import { OfflineBanner } from '../../renderer/src/components/OfflineBanner';
import { PinDialog } from '../../renderer/src/components/PinDialog';
import { StatusBar } from '../../renderer/src/components/StatusBar';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { useManagerStore } from '../../renderer/src/stores/manager-store';
import { resetStores } from './reset-stores';
import { sampleProblem, sampleStatus, todayAt } from './sample-status';

afterEach(() => {
  cleanup();
  setLanguage('en');
  resetStores();
});

const session = (role: ManagerStatus['role']): void =>
  useManagerStore.setState({ status: { role, pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: '2026-11-24T12:02:00Z' } });

/** The number the status bar gives for what waits ("Offline queue: 2, …"). */
const barCount = (): string => /^Offline queue: (\d+)/.exec(screen.getByTestId('status-queue').textContent ?? '')?.[1] ?? 'none';
/** The number of payments the banner says are stored offline. */
const bannerCount = (): string => /(\d+) payments? stored offline/.exec(screen.queryByTestId('offline-banner')?.textContent ?? '')?.[1] ?? '0';

const status: AppStatus = sampleStatus({ gateway: { state: 'unknown', unencrypted: false } });

describe('the offline banner', () => {
  it('is absent while nothing waits and the gateway answers', () => {
    const { container } = render(<OfflineBanner status={status} />);
    expect(container.textContent).toBe('');
  });

  it('says what waits and what the manager must decide', () => {
    render(<OfflineBanner status={{ ...status, gateway: { state: 'offline', unencrypted: false }, queue: { ...status.queue, pending: 2, needsLookup: 1 } }} />);
    const text = screen.getByTestId('offline-banner').textContent ?? '';
    expect(text).toContain('The gateway cannot be reached');
    expect(text).toContain('2 payments stored offline');
    expect(text).toContain('1 payment with an unknown outcome: a manager must look it up.');
  });
});

describe('the status bar and the banner count the same payments', () => {
  // Live payments left waiting (4) while the lane shows training, and training ones (2): the Offline queue lists the training ones.
  const queue: AppStatus['queue'] = { pending: 4, training: 2, needsLookup: 1, attention: 0, trainingNeedsLookup: 0, trainingAttention: 1 };

  it('in training: the training journal, as the Offline queue shows it', () => {
    const training = sampleStatus({ mode: 'training', gateway: { state: 'training', unencrypted: false }, queue });
    render(
      <>
        <OfflineBanner status={training} />
        <StatusBar status={training} connection="open" />
      </>,
    );
    expect(bannerCount()).toBe('2');
    expect(barCount()).toBe('2');
    expect(screen.getByTestId('status-queue').textContent).toBe('Offline queue: 2, 1 to contact');
    expect(screen.getByTestId('offline-banner').textContent).toContain('1 stored payment was declined or paid only in part after sending');
    expect(screen.getByTestId('offline-banner').textContent).not.toContain('unknown outcome');
  });

  it('live: the live journal', () => {
    const live = sampleStatus({ queue });
    render(
      <>
        <OfflineBanner status={live} />
        <StatusBar status={live} connection="open" />
      </>,
    );
    expect(bannerCount()).toBe('4');
    expect(barCount()).toBe('4');
    expect(screen.getByTestId('status-queue').textContent).toBe('Offline queue: 4, 1 to look up');
  });
});

describe('the gateway once an attempt failed', () => {
  it('says since when, in training too (a training fault), in the status bar and the banner alike', () => {
    const failing = sampleStatus({ mode: 'training', gateway: { state: 'training', unencrypted: false, offlineSince: todayAt(13, 4) } });
    render(
      <>
        <OfflineBanner status={failing} />
        <StatusBar status={failing} connection="open" />
      </>,
    );
    const gateway = screen.getByTestId('status-gateway');
    expect(gateway.textContent).toBe('Gateway: Offline since 1:04 PM');
    expect(gateway.className).toContain('tone-bad');
    expect(gateway.getAttribute('title')).toBe('Gateway: Offline since 1:04 PM');
    expect(screen.getByTestId('offline-banner').textContent).toBe('The gateway has not answered since 1:04 PM: card payments are stored offline where the store allows it.');
    act(() => setLanguage('fr'));
    expect(gateway.textContent).toBe('Passerelle : Hors ligne depuis 13 h 04');
    expect(screen.getByTestId('offline-banner').textContent).toContain('ne répond plus depuis 13 h 04');
  });

  it('gives the day too when the outage began on another day', () => {
    const since = new Date(Date.parse(todayAt(13, 4)) - 86_400_000).toISOString();
    render(<StatusBar status={sampleStatus({ gateway: { state: 'offline', unencrypted: false, offlineSince: since } })} connection="open" />);
    expect(screen.getByTestId('status-gateway').textContent).toMatch(/^Gateway: Offline since [A-Z][a-z]{2} \d{1,2}, 1:04\sPM$/);
  });

  it('says the simulator once it answers again', () => {
    render(<StatusBar status={sampleStatus({ mode: 'training', gateway: { state: 'training', unencrypted: false } })} connection="open" />);
    expect(screen.getByTestId('status-gateway').textContent).toBe('Gateway: Simulated');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});

describe('problems in the status bar, by who can act on them', () => {
  const keyWarning = sampleProblem({ code: 'key-file-only' });
  const routeRefused = sampleProblem({ code: 'gateway-route-refused', severity: 'error', audience: 'cashier' });

  it('keeps a technician\'s problem off a cashier\'s bar (it is on the Status screen)', () => {
    session('cashier');
    render(<StatusBar status={sampleStatus({ problems: [keyWarning] })} connection="open" />);
    expect(screen.queryByTestId('status-problems')).toBeNull();
  });

  it('shows a cashier what changes the counter (payments refused), counting only that', () => {
    session('cashier');
    render(<StatusBar status={sampleStatus({ problems: [keyWarning, routeRefused] })} connection="open" />);
    expect(screen.getByTestId('status-problems').textContent).toBe('1 problem: see Status');
    expect(screen.getByTestId('status-problems').className).toContain('tone-bad');
  });

  it('shows every problem to a manager or technician session', () => {
    session('manager');
    render(<StatusBar status={sampleStatus({ problems: [keyWarning, routeRefused] })} connection="open" />);
    expect(screen.getByTestId('status-problems').textContent).toBe('2 problems: see Status');
    act(() => session('cashier'));
    expect(screen.getByTestId('status-problems').textContent).toBe('1 problem: see Status');
    act(() => session('technician'));
    expect(screen.getByTestId('status-problems').textContent).toBe('2 problems: see Status');
  });
});

describe('the status bar', () => {
  it('names the lane, and a gateway not contacted yet is neutral, not green', () => {
    render(<StatusBar status={status} connection="open" />);
    expect(screen.getByTestId('status-lane').textContent).toBe('Lane 4');
    expect(screen.getByTestId('status-gateway').className).toContain('tone-neutral');
    expect(screen.getByTestId('status-gateway').textContent).toBe('Gateway: Not contacted yet');
  });

  it('says unknown for everything once the connection is lost', () => {
    render(<StatusBar status={{ ...status, gateway: { state: 'online', unencrypted: false } }} connection="lost" />);
    expect(screen.getByTestId('status-gateway').textContent).toBe('Gateway: unknown');
    expect(screen.getByTestId('status-gateway').className).toContain('tone-neutral');
    expect(screen.getByTestId('status-mode').textContent).toBe('Mode: unknown');
  });
});

describe('the manager PIN dialog', () => {
  it('takes digits only, sends the PIN and clears it', () => {
    const onSubmit = vi.fn();
    render(<PinDialog why="A refund needs the manager." busy={false} onSubmit={onSubmit} onClose={vi.fn()} />);
    const input = screen.getByLabelText<HTMLInputElement>('PIN');
    fireEvent.change(input, { target: { value: '48a26' } });
    expect(input.value).toBe('4826');
    fireEvent.submit(input.closest('form') ?? input);
    expect(onSubmit).toHaveBeenCalledWith('4826');
    expect(input.value).toBe('');
  });

  it('asks for the PIN in force only: it never chooses a first PIN (the set-up screen does)', () => {
    render(<PinDialog why="A refund needs the manager." busy={false} onSubmit={vi.fn()} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Manager PIN' });
    expect(dialog.querySelectorAll('input')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it('gives focus back to what opened it when it closes', () => {
    const { rerender } = render(
      <>
        <button type="button">Refund</button>
        <main id="main" tabIndex={-1} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Refund' });
    opener.focus();
    const withDialog = (open: boolean) => (
      <>
        <button type="button">Refund</button>
        <main id="main" tabIndex={-1} />
        {open && <PinDialog why="A refund needs the manager." busy={false} onSubmit={vi.fn()} onClose={vi.fn()} />}
      </>
    );
    rerender(withDialog(true));
    expect(document.activeElement).toBe(screen.getByLabelText('PIN'));
    rerender(withDialog(false));
    expect(document.activeElement).toBe(opener);
  });

  it("puts focus on the screen's heading when what opened it is gone", () => {
    const page = (opener: boolean, open: boolean) => (
      <>
        {opener && <button type="button">Refund</button>}
        <main id="main" tabIndex={-1}>
          <h1>Register</h1>
        </main>
        {open && <PinDialog why="A refund needs the manager." busy={false} onSubmit={vi.fn()} onClose={vi.fn()} />}
      </>
    );
    const { rerender } = render(page(true, false));
    screen.getByRole('button', { name: 'Refund' }).focus();
    rerender(page(true, true));
    rerender(page(false, false));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Register' }));
  });
});
