import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManagerStatus, MethodOutput, SettingView } from '../../preload/contract';
import { HistoryScreen } from '../../renderer/src/screens/history/HistoryScreen';
import { TechnicianUnlock } from '../../renderer/src/screens/settings/TechnicianUnlock';
import { useManagerStore } from '../../renderer/src/stores/manager-store';
import { useSettingsStore } from '../../renderer/src/stores/settings-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';

/**
 * The desktop app's page: `window.pos` is the IPC bridge, answered here by the fake of main, which
 * keeps the page's role. Every call is recorded.
 */
const pos = installFakePos();
const CODE = '20482048';
let role: ManagerStatus['role'] = 'manager';
let saveAnswer: MethodOutput<'journal.saveCsv'> = { saved: true, path: '/media/usb/march.csv', rows: 2 };

const status = (): ManagerStatus => ({ role, pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: null });
const setting = (key: string, access: 'manager' | 'technician'): SettingView => {
  const editable = role === 'technician' || (role === 'manager' && access === 'manager');
  return { key, description: key, access, secret: false, set: false, text: null, defaultText: '', editable, lockedReason: editable ? null : 'Set by the technician.' };
};
const settingsNow = (): SettingView[] => [setting('terminal.name', 'manager'), setting('gateway.url', 'technician')];

beforeEach(() => {
  pos.answer('technician.unlock', (input) => {
    if (input.code !== CODE) return { refuse: { code: 'FORBIDDEN', message: 'That technician code is not right. 4 tries left before it locks.' } };
    role = 'technician';
    return status();
  });
  pos.answer('manager.lock', () => {
    role = 'cashier';
    return status();
  });
  pos.answer('manager.status', () => status());
  pos.answer('settings.list', () => settingsNow());
  pos.answer('settings.unlock', () => settingsNow());
  pos.answer('journal.search', () => ({ rows: [], nextBeforeId: null }));
  pos.answer('journal.totals', () => ({ refuse: { code: 'UNAVAILABLE', message: 'no totals in this test' } }));
  pos.answer('journal.saveCsv', () => saveAnswer);
});

afterEach(() => {
  cleanup();
  pos.reset();
  role = 'manager';
  resetStores();
});

describe('Technician unlock in the desktop app', () => {
  it("opens the technician's settings with the code from posctl, says a wrong code in words, and locks again", async () => {
    useSettingsStore.setState({ settings: settingsNow() });
    render(<TechnicianUnlock settings={settingsNow()} />);
    const input = screen.getByLabelText<HTMLInputElement>('Technician code (8 digits)');
    const unlock = screen.getByRole('button', { name: 'Unlock' });
    expect(screen.getByText(/run "posctl technician code" on this PC/)).toBeTruthy();
    fireEvent.change(input, { target: { value: '2048-20a49' } });
    expect(input.value).toBe('20482049');
    fireEvent.click(unlock);
    expect((await screen.findByRole('alert')).textContent).toBe('That technician code is not right. 4 tries left before it locks.');
    expect(input.value).toBe('');

    fireEvent.change(input, { target: { value: CODE } });
    fireEvent.click(unlock);
    expect((await screen.findByRole('status')).textContent).toMatch(/open in this window/);
    expect(pos.calls.map((c) => c.method)).toEqual(['technician.unlock', 'technician.unlock', 'settings.unlock']);
    await waitFor(() => expect(useSettingsStore.getState().settings.every((s) => s.editable)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Lock technician settings' }));
    await waitFor(() => expect(useManagerStore.getState().status?.role).toBe('cashier'));
    // Read-only again, as a cashier reads them.
    await waitFor(() => expect(useSettingsStore.getState().settings.map((x) => x.editable)).toEqual([false, false]));
    expect(useSettingsStore.getState().unlocked).toBe(false);
  });

  it('is not offered while no technician setting is read-only here', () => {
    role = 'technician';
    const { container } = render(<TechnicianUnlock settings={[setting('terminal.name', 'manager')]} />);
    expect(container.textContent).toBe('');
  });
});

describe('History export in the desktop app', () => {
  it('saves through the save dialog and says where, or that it was not saved', async () => {
    render(<HistoryScreen onFollow={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByText('2 payments saved to /media/usb/march.csv.')).getAttribute('role')).toBe('status');
    expect(pos.calls.filter((c) => c.method === 'journal.saveCsv')).toHaveLength(1);
    expect(pos.calls.some((c) => c.method === 'journal.exportCsv')).toBe(false);

    saveAnswer = { saved: false, path: null, rows: 2 };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Not saved: the save dialog was closed.')).toBeTruthy();
  });
});
