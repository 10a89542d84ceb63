import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SetupStatus } from '../../preload/contract';
import { connect } from '../../renderer/src/api/pos';
import { App } from '../../renderer/src/app/App';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { setupActions, bindSetup } from '../../renderer/src/stores/setup-store';
import { bindStatus, useStatusStore } from '../../renderer/src/stores/status-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleStatus } from './sample-status';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

const fresh: SetupStatus = { needed: true, name: 'Lane 1', language: 'en', nameLocked: null, languageLocked: null };

// Each test is a page that has just bound its status and set-up to main, as the app does at start.
beforeEach(() => {
  bindStatus(connect());
  bindSetup();
});

afterEach(() => {
  cleanup();
  pos.reset();
  resetStores();
  setLanguage('en');
});

/** A fresh lane as the page finds it: the status, and the set-up still to do. */
async function freshLane(setup: SetupStatus = fresh, language: 'en' | 'fr' = 'en'): Promise<void> {
  pos.answer('app.status', () => sampleStatus({ terminal: { name: setup.name, language } }));
  pos.answer('setup.status', () => setup);
  act(() => {
    useStatusStore.setState({ status: sampleStatus({ terminal: { name: setup.name, language } }) });
    setLanguage(language);
    setupActions.load();
  });
  render(<App />);
  await screen.findByRole('heading', { name: language === 'fr' ? 'Configurer cette caisse' : 'Set up this lane' });
}

const field = (label: string): HTMLInputElement => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string): void => void fireEvent.change(field(label), { target: { value } });
const finish = (): void => void fireEvent.submit(field('Lane name').closest('form') as HTMLFormElement);

describe('the first set-up screen', () => {
  it('comes before the register, with the name field focused, and no other screen to reach', async () => {
    await freshLane();
    expect(document.activeElement).toBe(field('Lane name'));
    expect(field('Lane name').value).toBe('Lane 1');
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Language of the screens').value).toBe('en');
    expect(screen.getByRole('button', { name: 'Finish the set-up' })).toBeTruthy();
  });

  it('refuses two PINs that differ, in words announced, with the second PIN focused, and sends nothing', async () => {
    await freshLane();
    type('Manager PIN', '4826');
    type('The same PIN again', '4827');
    finish();
    expect((await screen.findByRole('alert')).textContent).toBe('The two PINs are not the same: type the same PIN twice.');
    await waitFor(() => expect(document.activeElement).toBe(field('The same PIN again')));
    expect(field('The same PIN again').getAttribute('aria-invalid')).toBe('true');
    expect(pos.calls.some((c) => c.method === 'setup.complete')).toBe(false);
  });

  it("sends the name, the language and the PIN; main's refusal of a field is announced and that field focused", async () => {
    await freshLane();
    pos.answer('setup.complete', () => ({ refuse: { code: 'BAD_INPUT', message: 'invalid value for terminal.name: control characters are not allowed', issues: [{ path: 'name', message: 'control characters' }] } }));
    type('Lane name', 'Front\u0007 counter');
    fireEvent.change(screen.getByLabelText('Language of the screens'), { target: { value: 'fr' } });
    type('Manager PIN', '4826');
    type('The same PIN again', '4826');
    finish();
    expect((await screen.findByRole('alert')).textContent).toBe('invalid value for terminal.name: control characters are not allowed');
    await waitFor(() => expect(document.activeElement).toBe(field('Lane name')));
    expect(pos.calls.filter((c) => c.method === 'setup.complete').map((c) => c.input)).toEqual([{ name: 'Front\u0007 counter', language: 'fr', pin: '4826', pinAgain: '4826' }]);
  });

  it('gives way to the register once done here', async () => {
    await freshLane();
    pos.answer('setup.complete', (input) => ({ ...fresh, needed: false, name: input.name, language: input.language }));
    type('Lane name', 'Front counter');
    type('Manager PIN', '4826');
    type('The same PIN again', '4826');
    finish();
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up this lane' })).toBeNull();
  });

  it('gives way to the register when a PIN is set elsewhere (posctl manager-pin set, another page)', async () => {
    await freshLane();
    pos.answer('setup.status', () => ({ ...fresh, needed: false }));
    act(() => pos.emit('manager.changed', { pinSet: true }));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it("speaks the lane's language, and shows a name the provisioning file locks read-only with why", async () => {
    await freshLane({ ...fresh, name: 'Lane 12', nameLocked: 'Set by IT in /etc/counter-pos/provision.json.' }, 'fr');
    const name = screen.getByLabelText<HTMLInputElement>('Nom de la caisse');
    expect(name.readOnly).toBe(true);
    expect(name.value).toBe('Lane 12');
    expect(screen.getByText('Set by IT in /etc/counter-pos/provision.json.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terminer la configuration' })).toBeTruthy();
  });
});
