import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MethodInput, QueueStatus, SaleView, TrainingFaultState, TrainingPadState } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { TrainingPanel } from '../../renderer/src/screens/register/TrainingPanel';
import { trainingActions } from '../../renderer/src/stores/training-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleSale } from './sample-sale';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

const NO_FAULT: TrainingFaultState = { kind: 'none', remaining: null };
const AT = '2026-11-25T18:04:00.000Z';
const idlePad: TrainingPadState = { deviceId: 'training-pinpad', online: true, display: 'Welcome', amountCents: null, waitingFor: 'nothing', customer: 'trainee' };
const asking: TrainingPadState = { ...idlePad, display: 'Total $12.34 OK?', amountCents: 12_34, waitingFor: 'answer' };

const empty = { count: 0, totalCents: 0, oldestAt: null, needsLookup: 0, attention: 0, expired: 0 };
function queue(offlineEnabled: boolean): QueueStatus {
  return {
    mode: 'training', live: empty, training: empty, paused: false, forwarding: false, nextAttemptAt: null, lastError: null,
    limits: { enabled: offlineEnabled, maxAmountCents: 100_00, maxTotalCents: 500_00, maxCount: 10, maxAgeHours: 24 },
  };
}

/** The terminal's side: what the pad shows now and the fault in force, changed by the calls as main would. */
function terminal(start: { pad?: TrainingPadState; fault?: TrainingFaultState; offline?: boolean } = {}) {
  const state = { pad: start.pad ?? idlePad, fault: start.fault ?? NO_FAULT };
  pos.answer('queue.status', () => queue(start.offline ?? true));
  pos.answer('devices.trainingPad', () => state.pad);
  pos.answer('gateway.trainingFault', (input) => {
    if (input.kind !== undefined) state.fault = input.kind === 'none' ? { kind: 'none', remaining: null } : { kind: input.kind, remaining: input.count ?? null };
    return state.fault;
  });
  pos.answer('devices.simulateSwipe', () => ({ deviceId: 'training-pinpad' }));
  return state;
}

const callsOf = <M extends 'devices.trainingPad' | 'gateway.trainingFault' | 'devices.simulateSwipe'>(method: M) =>
  pos.calls.filter((c) => c.method === method).map((c) => c.input as MethodInput<M>);
const toggle = () => screen.getByRole('button', { name: 'Training: practise what goes wrong' });
const faultLine = () => screen.getByTestId('training-fault').textContent ?? '';
const padScreen = () => screen.getByTestId('training-pad-screen').textContent ?? '';

function finishedSale(): SaleView {
  return sampleSale({ state: 'offline', words: 'Stored offline.', waitingFor: null, entry: 'swipe', final: true, startedAt: AT, updatedAt: AT });
}

beforeEach(() => {
  pos.reset();
  localStorage.clear();
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the Training panel', () => {
  it('shows only in training, closed by default; opened, it is remembered and plays the customer until closed', async () => {
    terminal();
    const { rerender } = render(<TrainingPanel training={false} />);
    expect(screen.queryByRole('button', { name: /Training/ })).toBeNull();
    rerender(<TrainingPanel training />);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'How the training gateway behaves' })).toBeNull();
    expect(pos.calls).toEqual([]);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().getAttribute('aria-controls')).toBe('training-body');
    await waitFor(() => expect(callsOf('devices.trainingPad')).toContainEqual({ action: 'customer', by: 'trainee' }));
    expect(localStorage.getItem('pos.trainingPanel.open')).toBe('true');

    // A new page (a reload) finds it open again.
    cleanup();
    trainingActions.reset();
    render(<TrainingPanel training />);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(callsOf('devices.trainingPad').at(-1)).toEqual({ action: 'customer', by: 'automatic' }));
    expect(localStorage.getItem('pos.trainingPanel.open')).toBe('false');
  });

  it('reads the fault in force on open (one set by posctl too), switches it from its buttons and says what will happen', async () => {
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    terminal({ fault: { kind: 'http-500', remaining: 2 } });
    render(<TrainingPanel training />);
    await waitFor(() => expect(faultLine()).toContain('Now: Server error (for the next 2 payments)'));
    expect(callsOf('gateway.trainingFault')).toEqual([{}]);
    const faults = screen.getByRole('group', { name: 'How the training gateway behaves' });
    expect(within(faults).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Normal', 'false'],
      ['Unreachable', 'false'],
      ['Slow', 'false'],
      ['No answer', 'false'],
    ]);

    fireEvent.click(within(faults).getByRole('button', { name: 'Unreachable' }));
    await waitFor(() => expect(faultLine()).toContain('Now: Unreachable'));
    expect(callsOf('gateway.trainingFault').at(-1)).toEqual({ kind: 'unreachable' });
    expect(faultLine()).toContain('the next payments of up to $100.00 will be stored offline');
    expect(within(faults).getByRole('button', { name: 'Unreachable' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(faults).getByRole('button', { name: 'Slow' }));
    await waitFor(() => expect(faultLine()).toContain('Now: Slow'));
    expect(faultLine()).toContain('its outcome is unknown');
    fireEvent.click(within(faults).getByRole('button', { name: 'No answer' }));
    await waitFor(() => expect(callsOf('gateway.trainingFault').at(-1)).toEqual({ kind: 'drop-after' }));
    fireEvent.click(within(faults).getByRole('button', { name: 'Normal' }));
    await waitFor(() => expect(faultLine()).toContain('Now: Normal'));
    expect(faultLine()).toContain('answers normally');
  });

  it("says that an unreachable gateway stops the payments when the lane stores none offline, and follows the queue's limits", async () => {
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    terminal({ fault: { kind: 'unreachable', remaining: null }, offline: false });
    render(<TrainingPanel training />);
    await waitFor(() => expect(faultLine()).toContain('this lane does not store payments offline'));
    act(() => pos.emit('queue.changed', queue(true)));
    await waitFor(() => expect(faultLine()).toContain('of up to $100.00 will be stored offline'));
  });

  it('reads the fault again once a sale ends (a counted fault runs down, posctl may change it)', async () => {
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    const state = terminal({ fault: { kind: 'unreachable', remaining: 1 } });
    render(<TrainingPanel training />);
    await waitFor(() => expect(faultLine()).toContain('(for the next payment)'));
    state.fault = { kind: 'none', remaining: null };
    act(() => pos.emit('sale.changed', finishedSale()));
    await waitFor(() => expect(faultLine()).toContain('Now: Normal'));
  });

  it("shows the pad's own screen and amount, and its keys answer only what the pad asks", async () => {
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    const state = terminal();
    render(<TrainingPanel training />);
    await waitFor(() => expect(padScreen()).toContain('Welcome'));
    const keys = screen.getByRole('group', { name: 'PIN pad keys' });
    const key = (name: string) => within(keys).getByRole<HTMLButtonElement>('button', { name });
    const swipe = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Swipe on the pad' });
    expect([key('Yes').disabled, key('No').disabled, key('Cancel').disabled, swipe().disabled]).toEqual([true, true, true, true]);
    expect(screen.getByText('You play the customer: the PIN pad waits for your Yes, No or Cancel.')).toBeTruthy();

    // The counter asks for a card: the pad's step is read again from the pad itself.
    state.pad = { ...idlePad, display: 'Swipe Card', amountCents: 12_34, waitingFor: 'card' };
    act(() => pos.emit('pinpad.activity', { deviceId: 'training-pinpad', activity: 'card', prompt: 'Swipe Card' }));
    await waitFor(() => expect(padScreen()).toBe('Swipe CardAmount on the pad: $12.34'));
    expect(screen.getByText('The pad asks the customer for a card: swipe it here.')).toBeTruthy();
    expect([key('Yes').disabled, key('Cancel').disabled, swipe().disabled]).toEqual([true, false, false]);
    fireEvent.change(screen.getByLabelText('Card to swipe'), { target: { value: 'amex' } });
    fireEvent.click(swipe());
    await waitFor(() => expect(callsOf('devices.simulateSwipe')).toEqual([{ card: 'amex', via: 'pinpad' }]));

    state.pad = asking;
    act(() => pos.emit('pinpad.activity', { deviceId: 'training-pinpad', activity: 'form', prompt: 'Total $12.34 OK?' }));
    await waitFor(() => expect(padScreen()).toContain('Total $12.34 OK?'));
    await waitFor(() => expect(key('No').disabled).toBe(false));
    expect(swipe().disabled).toBe(true);
    fireEvent.click(key('No'));
    await waitFor(() => expect(callsOf('devices.trainingPad').at(-1)).toEqual({ action: 'press', key: 'no' }));

    // Another device's activity is not this pad's.
    const before = callsOf('devices.trainingPad').length;
    act(() => pos.emit('pinpad.activity', { deviceId: 'pad-1', activity: 'idle' }));
    expect(callsOf('devices.trainingPad')).toHaveLength(before);
  });

  it('says a refusal in words (main refuses it when the lane is live)', async () => {
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    pos.answer('devices.trainingPad', () => ({ refuse: { code: 'FORBIDDEN', message: 'the simulated PIN pad exists only in training mode' } }));
    pos.answer('gateway.trainingFault', () => ({ kind: 'none', remaining: null }));
    pos.answer('queue.status', () => queue(true));
    render(<TrainingPanel training />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('the simulated PIN pad exists only in training mode'));
  });

  it('speaks French', async () => {
    setLanguage('fr');
    localStorage.setItem('pos.trainingPanel.open', 'true');
    trainingActions.reset();
    terminal({ pad: asking, fault: { kind: 'unreachable', remaining: null } });
    render(<TrainingPanel training />);
    expect(screen.getByRole('button', { name: 'Formation : s’exercer aux imprévus' })).toBeTruthy();
    await waitFor(() => expect(faultLine()).toContain('En ce moment : Injoignable'));
    expect(faultLine()).toContain('paiements jusqu’à 100,00');
    await waitFor(() => expect(padScreen()).toContain('Montant sur le clavier : 12,34'));
    expect(within(screen.getByRole('group', { name: 'Touches du clavier NIP' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Oui', 'Non', 'Annuler']);
  });
});
