import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManagerStatus, SettingView } from '../../preload/contract';
import { ManagerGate } from '../../renderer/src/components/ManagerGate';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { SettingsScreen } from '../../renderer/src/screens/settings/SettingsScreen';
import { useManagerStore } from '../../renderer/src/stores/manager-store';
import { useSettingsStore } from '../../renderer/src/stores/settings-store';
import { installFakePos, NEEDS_MANAGER } from './fake-pos';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

function view(key: string, patch: Partial<SettingView> = {}): SettingView {
  return { key, description: `main's words for ${key}`, access: 'manager', secret: false, set: false, text: '', defaultText: '', editable: true, lockedReason: null, ...patch };
}

const SETTINGS: SettingView[] = [
  view('terminal.language', { text: 'en', defaultText: 'en', choices: ['en', 'fr'] }),
  view('offline.enabled', { text: 'false', defaultText: 'false', choices: ['true', 'false'] }),
  view('offline.maxAmount', { text: '100.00', defaultText: '100.00' }),
  view('payments.chipSwipe', { text: 'warn', defaultText: 'warn', choices: ['allow', 'warn', 'refuse'] }),
  view('marketplace.apiSecret', { secret: true, set: true, text: null, defaultText: null }),
  view('gateway.url', { access: 'technician', text: '', editable: false, lockedReason: 'Set by the technician.', description: 'Address of the live SOAP gateway. Empty: training mode.' }),
  view('log.level', { access: 'technician', text: 'info', defaultText: 'info', editable: false, lockedReason: 'Set by the technician.', choices: ['info', 'debug'] }),
];

const manager = (role: ManagerStatus['role']): ManagerStatus => ({ role, pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: null });

/** A terminal whose settings need the manager until the PIN 4826 unlocks this page. */
function terminal(): { unlocked: () => boolean } {
  let unlocked = false;
  pos.answer('manager.status', () => manager(unlocked ? 'manager' : 'cashier'));
  pos.answer('manager.unlock', ({ pin }) => {
    if (pin !== '4826') return { refuse: { code: 'FORBIDDEN', message: 'Wrong manager PIN. 4 tries left before it locks.' } };
    unlocked = true;
    return manager('manager');
  });
  pos.answer('settings.list', () => (unlocked ? SETTINGS : { refuse: NEEDS_MANAGER }));
  return { unlocked: () => unlocked };
}

function screenWithGate() {
  render(
    <>
      <SettingsScreen />
      <ManagerGate />
    </>,
  );
}

async function unlock(): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: 'Manager PIN' });
  fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '4826' } });
  fireEvent.submit(within(dialog).getByLabelText('PIN').closest('form') as HTMLFormElement);
  await screen.findByRole('group', { name: 'Store and lane' });
}

const field = (name: string): HTMLElement => screen.getByRole('form', { name });

beforeEach(() => {
  pos.reset();
  useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  useManagerStore.setState(useManagerStore.getInitialState(), true);
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the Settings screen', () => {
  it('stays locked until the manager PIN, and offers it again after a cancel', async () => {
    terminal();
    screenWithGate();
    const dialog = await screen.findByRole('dialog', { name: 'Manager PIN' });
    expect(dialog.textContent).toContain('This needs a manager: enter the manager PIN first.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/The settings open for a manager\./)).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enter the manager PIN' }));
    await unlock();
    expect(screen.queryByText(/The settings open for a manager\./)).toBeNull();
    expect(screen.getByRole('form', { name: 'Change the manager PIN' })).toBeTruthy();
  });

  it('groups the keys under their headings, each named in words, not by its key', async () => {
    terminal();
    screenWithGate();
    await unlock();
    // The technician's unlock (desktop app only, as this fake bridge looks) comes before the settings.
    const groups = screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(groups.slice(groups.indexOf('Store and lane'))).toEqual(['Store and lane', 'Offline payments', 'Payments at the counter', 'Equipment marketplace', 'Payment gateway', 'This computer']);
    const offline = screen.getByRole('group', { name: 'Offline payments' });
    expect(within(offline).getAllByRole('form').map((f) => f.getAttribute('aria-label'))).toEqual(['Take payments offline', 'Largest offline payment']);
    expect(document.body.textContent).not.toContain('offline.maxAmount');
    expect(within(field('Largest offline payment')).getByRole('textbox', { name: 'Largest offline payment' })).toBeTruthy();
  });

  it('offers a fixed set of values as a choice in words, and saves the chosen value', async () => {
    terminal();
    pos.answer('settings.set', ({ key, text }) => ({ ...(SETTINGS.find((s) => s.key === key) as SettingView), text, set: true }));
    screenWithGate();
    await unlock();
    const language = within(field('Language')).getByRole<HTMLSelectElement>('combobox', { name: 'Language' });
    expect([...language.options].map((o) => [o.value, o.textContent])).toEqual([['en', 'English'], ['fr', 'Français']]);
    expect([...within(field('Take payments offline')).getByRole<HTMLSelectElement>('combobox').options].map((o) => o.textContent)).toEqual(['Yes', 'No']);
    expect([...within(field('Chip card swiped')).getByRole<HTMLSelectElement>('combobox').options].map((o) => o.textContent)).toEqual(['Allow', 'Warn the cashier', 'Refuse']);
    const save = within(field('Language')).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.click(save);
    await waitFor(() => expect(field('Language').textContent).toContain('Saved.'));
    expect(pos.calls.find((c) => c.method === 'settings.set')?.input).toEqual({ key: 'terminal.language', text: 'fr' });
  });

  it('shows a technician\'s key read-only with main\'s reason and description, and no Save', async () => {
    terminal();
    screenWithGate();
    await unlock();
    const gateway = field('Gateway address');
    expect(within(gateway).getByRole<HTMLInputElement>('textbox').readOnly).toBe(true);
    expect(gateway.textContent).toContain('Set by the technician.');
    expect(gateway.textContent).toContain('Address of the live SOAP gateway. Empty: training mode.');
    expect(within(gateway).queryByRole('button')).toBeNull();
    expect(within(field('Log detail')).getByRole<HTMLSelectElement>('combobox').disabled).toBe(true);
  });

  it('shows a manager\'s key that IT\'s provisioning file locks read-only, naming the file, with no Save', async () => {
    const state = terminal();
    const reason = 'Set by the provisioning file /etc/counter-pos/provision.json.';
    const locked = SETTINGS.map((s) => (s.key === 'offline.maxAmount' ? { ...s, text: '250.00', editable: false, lockedReason: reason } : s));
    pos.answer('settings.list', () => (state.unlocked() ? locked : { refuse: NEEDS_MANAGER }));
    screenWithGate();
    await unlock();
    const amount = field('Largest offline payment');
    expect(within(amount).getByRole<HTMLInputElement>('textbox').readOnly).toBe(true);
    expect(within(amount).getByRole<HTMLInputElement>('textbox').value).toBe('250.00');
    expect(amount.textContent).toContain(reason);
    expect(within(amount).queryByRole('button')).toBeNull();
    // The key next to it stays the manager's.
    expect(within(field('Take payments offline')).getByRole<HTMLSelectElement>('combobox').disabled).toBe(false);
  });

  it('keeps a secret write-only: never shown, replaced or removed', async () => {
    terminal();
    pos.answer('settings.set', ({ key }) => ({ ...(SETTINGS.find((s) => s.key === key) as SettingView), set: true }));
    pos.answer('settings.unset', ({ key }) => ({ ...(SETTINGS.find((s) => s.key === key) as SettingView), set: false }));
    screenWithGate();
    await unlock();
    const secret = field('Marketplace API secret');
    const input = secret.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('set (type a new value to replace it)');
    fireEvent.change(input, { target: { value: 'new-secret-1' } });
    fireEvent.click(within(secret).getByRole('button', { name: 'Save' }));
    expect(input.value).toBe('');
    await waitFor(() => expect(secret.textContent).toContain('Saved.'));
    expect(pos.calls.find((c) => c.method === 'settings.set')?.input).toEqual({ key: 'marketplace.apiSecret', text: 'new-secret-1' });
    fireEvent.click(within(field('Marketplace API secret')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect((field('Marketplace API secret').querySelector('input') as HTMLInputElement).placeholder).toBe('not set'));
  });

  it('says why main refused a value, in its words, next to the field, then saves a good one', async () => {
    terminal();
    pos.answer('settings.set', ({ key, text }) =>
      text === '25.00'
        ? { ...(SETTINGS.find((s) => s.key === key) as SettingView), text, set: true }
        : { refuse: { code: 'BAD_INPUT', message: 'offline.maxAmount must be dollars and cents, e.g. 50.00', issues: [{ path: 'offline.maxAmount', message: 'must be dollars and cents, e.g. 50.00' }] } },
    );
    screenWithGate();
    await unlock();
    const limit = field('Largest offline payment');
    fireEvent.change(within(limit).getByRole('textbox'), { target: { value: '25.5x' } });
    fireEvent.click(within(limit).getByRole('button', { name: 'Save' }));
    const alert = await within(limit).findByRole('alert');
    expect(alert.textContent).toBe('offline.maxAmount must be dollars and cents, e.g. 50.00');
    expect(within(limit).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
    expect(within(limit).getByRole('textbox').getAttribute('aria-describedby')).toContain(alert.id);

    fireEvent.change(within(limit).getByRole('textbox'), { target: { value: '25.00' } });
    fireEvent.click(within(limit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Largest offline payment').textContent).toContain('Saved.'));
    expect(within(field('Largest offline payment')).getByRole('textbox').getAttribute('aria-invalid')).toBe('false');
    expect(within(field('Largest offline payment')).getByRole('button', { name: 'Default' })).toBeTruthy();
  });

  it('speaks French, with main\'s description kept for a key the screen does not know', async () => {
    terminal();
    pos.answer('settings.list', () => [...SETTINGS, view('offline.somethingNew', { description: 'A setting main added later.' })]);
    act(() => setLanguage('fr'));
    render(<SettingsScreen />);
    expect(await screen.findByRole('group', { name: 'Magasin et caisse' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paramètres');
    const limit = field('Paiement hors ligne maximal');
    expect(limit.textContent).toContain('Plus gros paiement pris hors ligne, en dollars');
    expect(within(limit).getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
    expect(field('offline.somethingNew').textContent).toContain('A setting main added later.');
    expect([...within(field('Langue')).getByRole<HTMLSelectElement>('combobox').options].map((o) => o.textContent)).toEqual(['English', 'Français']);
  });
});
