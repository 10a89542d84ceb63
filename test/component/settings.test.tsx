import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagerStatus, SettingView } from '../../preload/contract';
import { ScreenNav } from '../../renderer/src/app/ScreenNav';
import type { ScreenEntry } from '../../renderer/src/app/screens';
import { ManagerGate } from '../../renderer/src/components/ManagerGate';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { SettingsScreen } from '../../renderer/src/screens/settings/SettingsScreen';
import { useSettingsStore } from '../../renderer/src/stores/settings-store';
import { installFakePos, NEEDS_MANAGER } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

function view(key: string, patch: Partial<SettingView> = {}): SettingView {
  return { key, description: `main's words for ${key}`, access: 'manager', secret: false, set: false, text: '', defaultText: '', editable: true, lockedReason: null, ...patch };
}

const SETTINGS: SettingView[] = [
  view('terminal.name', { text: 'Lane 1', defaultText: '' }),
  view('terminal.language', { text: 'en', defaultText: 'en', choices: ['en', 'fr'] }),
  view('offline.enabled', { text: 'false', defaultText: 'false', choices: ['true', 'false'] }),
  view('offline.maxAmount', { text: '100.00', defaultText: '100.00', unit: 'cents' }),
  view('offline.maxCount', { text: '50', defaultText: '50' }),
  view('offline.types', { text: '["sale"]', defaultText: '["sale"]', listOf: ['sale', 'preauth', 'completion', 'refund', 'void', 'verify'] }),
  view('payments.chipSwipe', { text: 'warn', defaultText: 'warn', choices: ['allow', 'warn', 'refuse'] }),
  view('marketplace.apiSecret', { secret: true, set: true, text: null, defaultText: null }),
  view('gateway.url', { access: 'technician', text: '', editable: false, lockedReason: 'Set by the technician.', description: 'Address of the live SOAP gateway. Empty: training mode.' }),
  view('log.level', { access: 'technician', text: 'info', defaultText: 'info', editable: false, lockedReason: 'Set by the technician.', choices: ['info', 'debug'] }),
];

const manager = (role: ManagerStatus['role']): ManagerStatus => ({ role, pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: null });

/** A terminal whose settings need the manager until the PIN 4826 unlocks this page. */
function terminal(settings: SettingView[] = SETTINGS): { unlocked: () => boolean } {
  let unlocked = false;
  pos.answer('manager.status', () => manager(unlocked ? 'manager' : 'cashier'));
  pos.answer('manager.unlock', ({ pin }) => {
    if (pin !== '4826') return { refuse: { code: 'FORBIDDEN', message: 'Wrong manager PIN. 4 tries left before it locks.' } };
    unlocked = true;
    return manager('manager');
  });
  // A cashier reads every value, none editable; Unlock (settings.unlock) needs the manager.
  pos.answer('settings.list', () => (unlocked ? settings : settings.map((s) => ({ ...s, editable: false }))));
  pos.answer('settings.unlock', () => (unlocked ? settings : { refuse: NEEDS_MANAGER }));
  pos.answer('settings.setMany', ({ changes }) => settings.map((s) => ({ ...s, ...(changes.find((c) => c.key === s.key) && { text: changes.find((c) => c.key === s.key)?.text ?? null, set: true }) })));
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

/** Unlock, the manager PIN in the dialog it opens, and the form open for changes. */
async function unlock(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'Unlock to change' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manager PIN' });
  fireEvent.change(within(dialog).getByLabelText('PIN'), { target: { value: '4826' } });
  fireEvent.submit(within(dialog).getByLabelText('PIN').closest('form') as HTMLFormElement);
  await screen.findByRole('button', { name: 'Save' });
}

const field = (name: string): HTMLElement => screen.getByRole('group', { name });
const saves = () => pos.calls.filter((c) => c.method === 'settings.setMany');

beforeEach(() => {
  pos.reset();
  resetStores();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLanguage('en');
});

describe('the Settings screen', () => {
  it('arrives with no PIN dialog, showing a cashier every value read-only, and Unlock asks for the manager PIN', async () => {
    terminal();
    screenWithGate();
    expect(await screen.findByText('Read-only. Unlock with the manager PIN to change a setting.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lane name' }).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await unlock();
    expect(screen.queryByRole('button', { name: 'Unlock to change' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Change the manager PIN' })).toBeTruthy();
    // The first control that takes a change has the focus.
    expect(document.activeElement?.id).toBe('setting-terminal-name');
  });

  it('shows the settings read-only to a page already a manager, until Unlock', async () => {
    pos.answer('settings.list', () => SETTINGS);
    pos.answer('settings.unlock', () => SETTINGS);
    pos.answer('manager.status', () => manager('manager'));
    screenWithGate();
    expect(await screen.findByText('Read-only. Unlock with the manager PIN to change a setting.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lane name' }).readOnly).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock to change' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lane name' }).readOnly).toBe(false);
  });

  it('saves five changes with one Save: one call, all of them', async () => {
    terminal();
    screenWithGate();
    await unlock();
    fireEvent.change(screen.getByRole('textbox', { name: 'Lane name' }), { target: { value: 'Front' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Take payments offline' }), { target: { value: 'true' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Largest offline payment' }), { target: { value: '80.50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Most payments waiting offline' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Refunds' }));
    expect(screen.getByText('5 unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('5 changes saved.')).toBeTruthy());
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.input).toEqual({
      changes: [
        { key: 'terminal.name', text: 'Front' },
        { key: 'offline.enabled', text: 'true' },
        { key: 'offline.maxAmount', text: '80.50' },
        { key: 'offline.maxCount', text: '20' },
        { key: 'offline.types', text: '["sale","refund"]' },
      ],
    });
    expect(screen.getByText('No unsaved changes.')).toBeTruthy();
    expect(pos.calls.some((c) => c.method === 'settings.set')).toBe(false);
  });

  it('saves with Enter inside a field, a choice included', async () => {
    terminal();
    screenWithGate();
    await unlock();
    const language = screen.getByRole('combobox', { name: 'Language' });
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.keyDown(language, { key: 'Enter' });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.input).toEqual({ changes: [{ key: 'terminal.language', text: 'fr' }] });
  });

  it('discards every change at once, and typing the value back is no change', async () => {
    terminal();
    screenWithGate();
    await unlock();
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Lane name' });
    fireEvent.change(name, { target: { value: 'Lane 1' } });
    expect(screen.getByText('No unsaved changes.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Back' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Voids' }));
    expect(screen.getByText('2 unsaved changes.')).toBeTruthy();
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    discard.focus();
    fireEvent.click(discard);
    expect(name.value).toBe('Lane 1');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Voids' }).checked).toBe(false);
    expect(screen.getByText('No unsaved changes.')).toBeTruthy();
    // The button stays where the focus was (it is never disabled under it).
    expect(document.activeElement).toBe(discard);
    expect(saves()).toHaveLength(0);
  });

  it('shows each refusal under its field, named in the summary, and saves nothing', async () => {
    terminal();
    pos.answer('settings.setMany', () => ({
      refuse: {
        code: 'BAD_INPUT',
        message: 'two refused',
        issues: [
          { path: 'offline.maxAmount', message: 'invalid value for offline.maxAmount: must be dollars and cents, e.g. 50.00' },
          { path: 'offline.maxCount', message: 'invalid value for offline.maxCount: expected number' },
        ],
      },
    }));
    screenWithGate();
    await unlock();
    fireEvent.change(screen.getByRole('textbox', { name: 'Lane name' }), { target: { value: 'Front' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Largest offline payment' }), { target: { value: '25.5x' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Most payments waiting offline' }), { target: { value: 'many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Nothing was saved: 2 settings need fixing.');
    const amount = screen.getByRole('textbox', { name: 'Largest offline payment' });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const described = (amount.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('invalid value for offline.maxAmount: must be dollars and cents, e.g. 50.00');
    expect(screen.getByRole('textbox', { name: 'Lane name' }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('link', { name: 'Largest offline payment: invalid value for offline.maxAmount: must be dollars and cents, e.g. 50.00' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Most payments waiting offline: / })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    // The changes stay for a fix; fixing one field takes its refusal away.
    expect(screen.getByText('3 unsaved changes.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '25.50' } });
    expect(amount.getAttribute('aria-invalid')).toBe('false');
  });

  it('offers a list setting as check boxes in words, never as JSON', async () => {
    terminal();
    screenWithGate();
    await unlock();
    const types = field('Payment types taken offline');
    expect(within(types).getAllByRole('checkbox').map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked])).toEqual([
      ['Sales', true],
      ['Pre-authorizations', false],
      ['Completions of a pre-authorization', false],
      ['Refunds', false],
      ['Voids', false],
      ['Card checks (verify)', false],
    ]);
    expect(document.body.textContent).not.toContain('["sale"]');
  });

  it('shows money as money in the screen\'s language, and sends dollars as main reads them', async () => {
    terminal();
    act(() => setLanguage('fr'));
    screenWithGate();
    fireEvent.click(await screen.findByRole('button', { name: 'Déverrouiller pour changer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('NIP'), { target: { value: '4826' } });
    fireEvent.submit(within(dialog).getByLabelText('NIP').closest('form') as HTMLFormElement);
    const amount = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Paiement hors ligne maximal' });
    expect(amount.value).toBe('100,00');
    expect(field('Paiement hors ligne maximal').textContent).toContain('$');
    fireEvent.change(amount, { target: { value: '80,50' } });
    expect(amount.value).toBe('80,50');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(saves()[0]?.input).toEqual({ changes: [{ key: 'offline.maxAmount', text: '80.50' }] }));
  });

  it('shows the technician\'s keys and the provisioning file\'s read-only with their reason', async () => {
    const reason = 'Set by the provisioning file /etc/counter-pos/provision.json.';
    terminal(SETTINGS.map((s) => (s.key === 'offline.maxCount' ? { ...s, editable: false, lockedReason: reason } : s)));
    screenWithGate();
    await unlock();
    const gateway = field('Gateway address');
    expect(within(gateway).getByRole<HTMLInputElement>('textbox').readOnly).toBe(true);
    expect(gateway.textContent).toContain('Set by the technician.');
    expect(gateway.textContent).toContain('Address of the live SOAP gateway. Empty: training mode.');
    expect(within(field('Log detail')).getByRole<HTMLSelectElement>('combobox').disabled).toBe(true);
    const count = field('Most payments waiting offline');
    expect(within(count).getByRole<HTMLInputElement>('textbox').readOnly).toBe(true);
    expect(count.textContent).toContain(reason);
    expect(within(count).queryByRole('button')).toBeNull();
  });

  it('keeps a secret write-only: replaced with the Save, removed at once', async () => {
    terminal();
    pos.answer('settings.unset', ({ key }) => ({ ...(SETTINGS.find((s) => s.key === key) as SettingView), set: false }));
    screenWithGate();
    await unlock();
    const input = within(field('Marketplace API secret')).getByPlaceholderText<HTMLInputElement>('set (type a new value to replace it)');
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'new-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()[0]?.input).toEqual({ changes: [{ key: 'marketplace.apiSecret', text: 'new-secret-1' }] }));
    await waitFor(() => expect(input.value).toBe(''));
    fireEvent.click(within(field('Marketplace API secret')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(field('Marketplace API secret')).getByPlaceholderText('not set')).toBeTruthy());
  });

  it('asks before the navigation leaves unsaved changes, and keeps them on No', async () => {
    terminal();
    const entries: ScreenEntry[] = [
      { id: 'register', label: 'nav.register', render: () => null },
      { id: 'settings', label: 'nav.settings', render: () => null },
    ];
    const opened: string[] = [];
    render(<ScreenNav entries={entries} current="settings" onOpen={(id) => opened.push(id)} />);
    screenWithGate();
    await unlock();
    // No change: nothing is asked.
    const ask = vi.fn<(message: string) => boolean>().mockReturnValue(false);
    vi.stubGlobal('confirm', ask);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(ask).not.toHaveBeenCalled();
    expect(opened).toEqual(['register']);
    // A close or reload of the page or the desktop window is held only while changes wait (the shell then asks).
    const unloadHeld = (): boolean => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unloadHeld()).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Lane name' }), { target: { value: 'Front' } });
    expect(unloadHeld()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(ask).toHaveBeenCalledWith('Leave Settings without saving your changes?');
    expect(opened).toEqual(['register']);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lane name' }).value).toBe('Front');

    ask.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(opened).toEqual(['register', 'register']);
    expect(useSettingsStore.getState().drafts).toEqual({});
  });

  it('speaks French, with main\'s description kept for a key the screen does not know', async () => {
    pos.answer('settings.list', () => [...SETTINGS, view('offline.somethingNew', { description: 'A setting main added later.' })]);
    pos.answer('manager.status', () => manager('manager'));
    act(() => setLanguage('fr'));
    render(<SettingsScreen />);
    expect(await screen.findByRole('group', { name: 'Magasin et caisse' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paramètres');
    expect(field('Paiement hors ligne maximal').textContent).toContain('Plus gros paiement pris hors ligne, en dollars');
    expect(field('offline.somethingNew').textContent).toContain('A setting main added later.');
    expect([...within(field('Langue')).getByRole<HTMLSelectElement>('combobox').options].map((o) => o.textContent)).toEqual(['English', 'Français']);
    expect(screen.getByRole('button', { name: 'Déverrouiller pour changer' })).toBeTruthy();
  });
});
