import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManagerStatus, PaymentRow, QueueStatus } from '../../preload/contract';
import { ManagerGate } from '../../renderer/src/components/ManagerGate';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { QueueScreen } from '../../renderer/src/screens/queue/QueueScreen';
import { installFakePos, NEEDS_MANAGER } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });
const NOW = Date.now();
const ago = (minutes: number): string => new Date(NOW - minutes * 60_000).toISOString();

const empty = { count: 0, totalCents: 0, oldestAt: null, needsLookup: 0, attention: 0, expired: 0 };
const idle: QueueStatus = {
  mode: 'live',
  live: empty,
  training: empty,
  paused: false,
  forwarding: false,
  nextAttemptAt: null,
  lastError: null,
  limits: { enabled: true, maxAmountCents: 100_00, maxTotalCents: 500_00, maxCount: 10, maxAgeHours: 24 },
};

function row(patch: Partial<PaymentRow>): PaymentRow {
  return {
    id: 1, clientRef: 'TMREF0001', saleId: 'sale-0001', mode: 'live', type: 'sale', tender: 'card', state: 'offline', words: 'Stored offline.',
    transactionType: '00', requestedCents: 25_00, approvedCents: null, surchargeCents: null, taxCents: null, masked: '411111******1111', brand: 'visa', last4: '1111',
    routing: null, checkNumber: null, cardholderName: 'PAT LEE', entry: 'swipe', deviceId: 'msr-1', cashier: null, approvedBy: null, outcomeKind: null, gatewayCode: null,
    bankCode: null, message: null, tag: null, authorizationNum: null, sequenceNo: null, retrievalRef: null, splitTenderId: null, attempts: 0, storedOffline: true,
    attention: false, expired: false, cardDataKept: true, originalRef: null, standing: { voided: false, refundedCents: 0, completedCents: 0 }, decidedBy: null, decision: null, createdAt: ago(90), updatedAt: ago(90), finishedAt: null,
    ...patch,
  };
}

const manager = (patch: Partial<ManagerStatus> = {}): ManagerStatus => ({ role: 'cashier', pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: null, ...patch });

function serve(status: QueueStatus, lists: Partial<Record<'offline' | 'needs-lookup' | 'attention', PaymentRow[]>> = {}): void {
  pos.answer('queue.status', () => status);
  pos.answer('queue.list', ({ list }) => lists[list ?? 'offline'] ?? []);
}

beforeEach(() => {
  pos.reset();
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the Offline queue screen', () => {
  it('says that nothing waits, and the forwarder is idle', async () => {
    serve(idle);
    render(<QueueScreen />);
    expect(await screen.findByText('Nothing waits to be sent.')).toBeTruthy();
    expect(screen.getByTestId('queue-forwarding').textContent).toContain('Idle');
    expect(screen.getByText('No payment waits for a lookup.')).toBeTruthy();
    expect(screen.getByText('No payment needs attention.')).toBeTruthy();
    expect(screen.getByTestId('queue-waiting').textContent).toContain('$0.00 of $500.00 allowed. At most 10 payments, $100.00 each.');
  });

  it('shows what waits against the limits, each payment with its age and when it is flagged late if still unsent', async () => {
    const fresh = row({ clientRef: 'TMREF0002', requestedCents: 50_00, createdAt: ago(30) });
    const old = row({ clientRef: 'TMREF0001', requestedCents: 25_00, createdAt: ago(26 * 60), expired: true, attempts: 2, message: 'Host not reachable' });
    serve({ ...idle, live: { ...empty, count: 2, totalCents: 75_00, oldestAt: old.createdAt, expired: 1 }, nextAttemptAt: ago(-5), lastError: 'The gateway did not answer.' }, { offline: [old, fresh] });
    render(<QueueScreen />);
    await waitFor(() => expect(document.querySelectorAll('.queue-row')).toHaveLength(2));
    // The list is a grid named by its panel's heading, so a screen reader says which list it is in.
    expect(screen.getByRole('grid', { name: 'Stored offline, oldest first' }).querySelectorAll('.queue-row')).toHaveLength(2);
    const waiting = screen.getByTestId('queue-waiting').textContent ?? '';
    expect(waiting).toContain('$75.00 of $500.00 allowed.');
    expect(waiting).toContain('Oldest: 26 h ago. After 24 h a payment still unsent is flagged late (it is still sent).');
    expect(waiting).toContain('1 late: send it as soon as the gateway answers.');
    expect(screen.getByTestId('queue-forwarding').textContent).toMatch(/Waiting.*Next try: .*Last try: The gateway did not answer\./);

    const [first, second] = [...document.querySelectorAll<HTMLElement>('.queue-row')];
    expect(first?.textContent).toContain('$25.00 Sale · Visa 411111******1111 · PAT LEE');
    expect(first?.querySelector('.tag')?.textContent).toBe('late');
    expect(first?.textContent).toContain('(26 h ago) · reference TMREF0001 · 2 attempts');
    expect(first?.textContent).not.toContain('flagged late');
    expect(first?.textContent).toContain('Host not reachable');
    expect(second?.textContent).toContain('(30 min ago)');
    // Its day (when not today) and time, never words that read as already expired.
    expect(second?.textContent).toMatch(/flagged late after (\w{3} \d{1,2}, )?\d{1,2}:\d{2}\s[AP]M if still unsent/);
    expect(second?.textContent).not.toContain('expired');
    act(() => setLanguage('fr'));
    expect(second?.textContent).toMatch(/marqué en retard après (\d{1,2} \S+ )?\d{1,2} h \d{2} s’il n’est pas encore envoyé/);
  });

  it('shows a paused forwarder and resumes it for the manager, asking the PIN first', async () => {
    serve({ ...idle, paused: true });
    let unlocked = false;
    pos.answer('queue.resume', () => (unlocked ? { ...idle, paused: false } : { refuse: NEEDS_MANAGER }));
    pos.answer('manager.status', () => manager({ role: unlocked ? 'manager' : 'cashier' }));
    pos.answer('manager.unlock', ({ pin }) => {
      unlocked = pin === '4826';
      return manager({ role: 'manager' });
    });
    render(
      <>
        <QueueScreen />
        <ManagerGate />
      </>,
    );
    expect(await screen.findByText('Paused')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume forwarding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manager PIN' });
    expect(dialog.textContent).toContain('This needs a manager: enter the manager PIN first.');
    fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '4826' } });
    fireEvent.submit(within(dialog).getByLabelText('PIN').closest('form') as HTMLFormElement);
    expect(await screen.findByRole('button', { name: 'Pause forwarding' })).toBeTruthy();
    expect(pos.calls.filter((c) => c.method === 'queue.resume')).toHaveLength(2);
  });

  it('asks no PIN on a lane not set up yet (nobody chooses the first PIN on the way): the refusal pointing to the set-up stays', async () => {
    const notSetUp = "This needs a manager, and this lane's set-up is not finished. Complete the set-up screen (lane name, language, manager PIN) first, or a technician sets the PIN with posctl manager-pin set.";
    serve(idle);
    pos.answer('queue.forward', () => ({ attempted: 0, approved: 0, declined: 0, needsLookup: 0, failed: 0, remaining: 0, stoppedBecause: null }));
    pos.answer('queue.pause', () => ({ refuse: { ...NEEDS_MANAGER, message: notSetUp } }));
    pos.answer('manager.status', () => manager({ pinSet: false }));
    render(
      <>
        <QueueScreen />
        <ManagerGate />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pause forwarding' }));
    expect((await screen.findByRole('alert')).textContent).toBe(notSetUp);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pos.calls.some((c) => c.method === 'manager.setPin' || c.method === 'manager.unlock')).toBe(false);
  });

  it('keeps a refusal that is not about the role on the screen, without asking for a PIN', async () => {
    serve(idle);
    pos.answer('queue.pause', () => ({ refuse: { code: 'FORBIDDEN', message: 'This needs a manager to stop forwarding while a sale is sent.' } }));
    render(
      <>
        <QueueScreen />
        <ManagerGate />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pause forwarding' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This needs a manager to stop forwarding while a sale is sent.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pos.calls.some((c) => c.method === 'manager.status')).toBe(false);
  });

  it('lets the manager decide a payment whose outcome is unknown, once a name is typed', async () => {
    const lost = row({ clientRef: 'TMLOST0001', state: 'needs-lookup', storedOffline: false });
    serve({ ...idle, live: { ...empty, needsLookup: 1 } }, { 'needs-lookup': [lost] });
    pos.answer('queue.resolve', (action) => row({ ...lost, state: action.action === 'lookup' ? 'approved' : 'offline' }));
    render(<QueueScreen />);
    const form = await screen.findByRole('form', { name: 'Decide payment TMLOST0001' });
    const resend = within(form).getByRole<HTMLButtonElement>('button', { name: 'Not in the report: send again' });
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('Type your name first: each decision is recorded with it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your name, recorded with each decision'), { target: { value: 'Manager Mo' } });
    expect(resend.disabled).toBe(false);
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Look it up' }).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Tag from the gateway’s report'), { target: { value: '12a34' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Look it up' }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment TMLOST0001 looked up. Now: Approved.');
    expect(pos.calls.find((c) => c.method === 'queue.resolve')?.input).toEqual({ action: 'lookup', ref: 'TMLOST0001', tag: '1234', decidedBy: 'Manager Mo' });

    fireEvent.click(resend);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payment TMLOST0001 goes back to the queue and is sent again.'));
    fireEvent.click(within(form).getByRole('button', { name: 'Write it off' }));
    await waitFor(() => expect(pos.calls.filter((c) => c.method === 'queue.resolve').at(-1)?.input).toMatchObject({ action: 'write-off' }));
  });

  it('offers no send again once the card data of an unknown outcome is gone, and says to take the card again', async () => {
    const lost = row({ clientRef: 'TMLOST0002', state: 'needs-lookup', storedOffline: false, cardDataKept: false });
    serve({ ...idle, live: { ...empty, needsLookup: 1 } }, { 'needs-lookup': [lost] });
    render(<QueueScreen />);
    const form = await screen.findByRole('form', { name: 'Decide payment TMLOST0002' });
    expect(within(form).queryByRole('button', { name: 'Not in the report: send again' })).toBeNull();
    expect(within(form).getByText(/card data is no longer kept.*take the payment again with the card/)).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Look it up' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Write it off' })).toBeTruthy();
  });

  it('lets the manager record that a customer declined after sending was contacted', async () => {
    const declined = row({ clientRef: 'TMDECL0001', state: 'declined', attention: true, message: 'DECLINED: insufficient funds' });
    serve({ ...idle, live: { ...empty, attention: 1 } }, { attention: [declined] });
    pos.answer('queue.resolve', () => ({ ...declined, attention: false }));
    render(<QueueScreen />);
    expect(await screen.findByText('DECLINED: insufficient funds')).toBeTruthy();
    expect(screen.getByTestId('queue-manager').textContent).toContain('0 with an unknown outcome. 1 declined or paid in part after sending.');
    fireEvent.change(screen.getByLabelText('Your name, recorded with each decision'), { target: { value: 'Mo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Customer contacted' }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment TMDECL0001: the customer was contacted.');
    expect(pos.calls.find((c) => c.method === 'queue.resolve')?.input).toEqual({ action: 'acknowledge', ref: 'TMDECL0001', decidedBy: 'Mo' });
  });

  it('says what is still to collect of a payment approved only in part after sending, in the screen\'s language', async () => {
    const part = row({ clientRef: 'TMPART0001', state: 'approved', attention: true, requestedCents: 40_00, approvedCents: 25_00, message: 'approved $25.00 of $40.00: $15.00 is still to be collected from the customer' });
    serve({ ...idle, live: { ...empty, attention: 1 } }, { attention: [part] });
    render(<QueueScreen />);
    expect(await screen.findByText('Approved $25.00: $15.00 is still to be collected from the customer.')).toBeTruthy();
    expect(screen.queryByText(/^approved \$25\.00 of/)).toBeNull();
    cleanup();
    setLanguage('fr');
    serve({ ...idle, live: { ...empty, attention: 1 } }, { attention: [part] });
    render(<QueueScreen />);
    expect(await screen.findByText(/^Approuvé 25,00\s?\$ : 15,00\s?\$ reste à percevoir du client\.$/)).toBeTruthy();
  });

  it('makes each list one Tab stop, walked with the arrow keys into a row\'s controls and back', async () => {
    const lost = [1, 2, 3].map((n) => row({ clientRef: `TMLOST000${n}`, state: 'needs-lookup', storedOffline: false }));
    const stored = [1, 2, 3, 4].map((n) => row({ clientRef: `TMREF000${n}` }));
    serve({ ...idle, live: { ...empty, count: 4, needsLookup: 3 } }, { offline: stored, 'needs-lookup': lost });
    render(<QueueScreen />);
    await screen.findByRole('form', { name: 'Decide payment TMLOST0003' });
    await waitFor(() => expect(document.querySelectorAll('.queue-row')).toHaveLength(7));
    const [offline, lookup] = screen.getAllByRole('grid');
    const stops = (grid: HTMLElement | undefined) => [...(grid?.querySelectorAll<HTMLElement>('[tabindex], button, input') ?? [])].filter((el) => el.tabIndex >= 0);
    expect(stops(offline)).toHaveLength(1);
    expect(stops(lookup)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Your name, recorded with each decision'), { target: { value: 'Mo' } });
    // Names typed enable the rows' buttons: still one stop.
    await waitFor(() => expect(within(lookup as HTMLElement).getAllByRole('button', { name: 'Write it off' })[0]?.tabIndex).toBe(-1));
    expect(stops(lookup)).toHaveLength(1);

    const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
    stops(offline)[0]?.focus();
    press('End');
    expect(document.activeElement?.textContent).toContain('reference TMREF0004');
    stops(lookup)[0]?.focus();
    press('ArrowDown');
    expect(document.activeElement?.textContent).toContain('reference TMLOST0002');
    // Enter on the description goes to the row's first control: the tag field, which keeps its keys.
    press('Enter');
    const tag = within(screen.getByRole('form', { name: 'Decide payment TMLOST0002' })).getByLabelText<HTMLInputElement>('Tag from the gateway’s report');
    expect(document.activeElement).toBe(tag);
    fireEvent.change(tag, { target: { value: '12' } });
    tag.setSelectionRange(1, 1);
    press('ArrowRight');
    expect(document.activeElement).toBe(tag);
    press('Escape');
    expect(document.activeElement?.textContent).toContain('reference TMLOST0002');
    // From the end of the typed tag, Right goes on to the row's buttons.
    press('ArrowRight');
    tag.setSelectionRange(2, 2);
    press('ArrowRight');
    expect(document.activeElement?.textContent).toBe('Look it up');
    press('End');
    expect(document.activeElement?.textContent).toBe('Write it off');
    press('ArrowUp');
    expect(document.activeElement).toBe(within(screen.getByRole('form', { name: 'Decide payment TMLOST0001' })).getByRole('button', { name: 'Write it off' }));
    expect(stops(lookup)).toEqual([document.activeElement]);
  });

  it('forwards now and says what came of it, with why it stopped in main\'s words', async () => {
    serve({ ...idle, live: { ...empty, count: 3, totalCents: 30_00, oldestAt: ago(5) } });
    pos.answer('queue.forward', () => ({ attempted: 2, approved: 1, declined: 1, needsLookup: 0, failed: 0, remaining: 1, stoppedBecause: 'The gateway stopped answering.' }));
    render(<QueueScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forward now' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tried 2: 1 approved, 1 declined, 0 to look up, 0 failed, 0 still waiting. Stopped: The gateway stopped answering.');
  });

  it('counts a payment tried but not taken by the gateway as still waiting, and one that failed as failed: the figures add up', async () => {
    serve({ ...idle, live: { ...empty, count: 3, totalCents: 30_00, oldestAt: ago(5) } });
    pos.answer('queue.forward', () => ({ attempted: 3, approved: 1, declined: 0, needsLookup: 0, failed: 1, remaining: 1, stoppedBecause: null }));
    render(<QueueScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forward now' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tried 3: 1 approved, 0 declined, 0 to look up, 1 failed, 1 still waiting.');
  });

  it('says in main\'s words why the queue could not be read', async () => {
    pos.answer('queue.status', () => ({ refuse: { code: 'UNAVAILABLE', message: 'The journal is busy: try again in a moment.' } }));
    pos.answer('queue.list', () => []);
    render(<QueueScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('The journal is busy: try again in a moment.');
  });

  it('speaks French when the terminal does, money and dates included', async () => {
    act(() => setLanguage('fr'));
    serve({ ...idle, paused: true, live: { ...empty, count: 1, totalCents: 1234_56, oldestAt: ago(3 * 24 * 60) } }, { offline: [row({ requestedCents: 1234_56, createdAt: ago(3 * 24 * 60), tender: 'check', masked: '****6789', brand: null })] });
    render(<QueueScreen />);
    expect(await screen.findByRole('heading', { name: 'File hors ligne' })).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.queue-row')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Reprendre l’envoi' })).toBeTruthy();
    expect(screen.getByTestId('queue-forwarding').textContent).toContain('Suspendu');
    expect(screen.getByTestId('queue-waiting').textContent).toContain('1\u00a0234,56\u00a0$ sur 500,00\u00a0$ permis. Au plus 10 paiements, 100,00\u00a0$ chacun.');
    expect(screen.getByTestId('queue-waiting').textContent).toContain('Le plus ancien : il y a 3 jours.');
    expect(document.querySelector('.queue-row')?.textContent).toContain('1\u00a0234,56\u00a0$ Vente · Chèque · compte ****6789');
    expect(screen.getByText('Aucun paiement n’attend de vérification.')).toBeTruthy();
  });
});
