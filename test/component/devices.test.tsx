import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppStatus, DeviceInfo, DeviceList } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { DevicesScreen } from '../../renderer/src/screens/devices/DevicesScreen';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';
import { sampleStatus } from './sample-status';

const pos = installFakePos();
// Two cores shared by every test run: give the fake terminal's answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

const status: AppStatus = sampleStatus();

const device = (id: string, patch: Partial<DeviceInfo>): DeviceInfo => ({ id, kind: 'msr', name: id, state: 'connected', transport: 'serial', origin: 'settings', reads: 0, ...patch });

function list(devices: DeviceInfo[], patch: Partial<DeviceList> = {}): DeviceList {
  return { devices, discovered: [], wedgeCapture: false, training: false, samples: { cards: [], checks: [] }, problems: [], ...patch };
}

beforeEach(() => {
  pos.reset();
  // The screen subscribes once per page; each test starts from a fresh store and subscribes again.
  resetStores();
});
afterEach(() => {
  cleanup();
  setLanguage('en');
});

describe('the Devices screen', () => {
  it('says each state in words and in its tone, with kind, transport and reads', async () => {
    pos.answer('devices.list', () =>
      list([
        device('ready', { reads: 1, address: '/dev/ttyUSB0' }),
        device('coming', { kind: 'micr', state: 'connecting' }),
        device('gone', { kind: 'pinpad', state: 'disconnected', detail: 'no answer from /dev/ttyUSB2' }),
        device('broken', { transport: 'hid', state: 'error', reads: 3 }),
        device('off', { transport: 'wedge', state: 'disabled' }),
      ]),
    );
    render(<DevicesScreen status={status} />);
    await screen.findByTestId('device-off');
    const state = (id: string) => screen.getByTestId(`device-${id}`).querySelector('.devices-state');
    expect([state('ready'), state('coming'), state('gone'), state('broken'), state('off')].map((s) => [s?.textContent, s?.className.replace('devices-state ', '')])).toEqual([
      ['Ready', 'tone-ok'],
      ['Connecting', 'tone-warn'],
      ['Unplugged', 'tone-bad'],
      ['Fault', 'tone-bad'],
      ['Off', 'tone-warn'],
    ]);
    expect(screen.getByTestId('device-ready').textContent).toContain('Card reader · serial · /dev/ttyUSB0 · 1 read');
    expect(screen.getByTestId('device-broken').textContent).toContain('Card reader · USB HID · 3 reads');
    expect(screen.getByTestId('device-coming').textContent).toContain('Check reader');
    expect(within(screen.getByTestId('device-coming')).getByRole<HTMLButtonElement>('button', { name: 'Test with a check' }).disabled).toBe(true);
    expect(screen.getByTestId('device-gone').textContent).toContain('no answer from /dev/ttyUSB2');
    // The browser cannot capture a wedge reader's keys: the screen says so.
    expect(screen.getByRole('note').textContent).toContain('Keyboard-wedge card readers work only in the desktop app');
  });

  it('says when nothing is configured or plugged in', async () => {
    pos.answer('devices.list', () => list([]));
    render(<DevicesScreen status={status} />);
    expect(await screen.findByText(/No card reader, check reader, PIN pad or receipt printer is configured on this lane/)).toBeTruthy();
    expect(screen.getByText('No known payment device is plugged in.')).toBeTruthy();
    expect(screen.getByTestId('last-read').textContent).toBe('Nothing read yet. Swipe a card or run a check through a reader.');
  });

  it('shows the last read, and a failed read in words from its code with main\'s message, no code in brackets', async () => {
    pos.answer('devices.list', () => list([device('msr-1', { name: 'Front reader' })]));
    render(<DevicesScreen status={status} />);
    await screen.findByTestId('device-msr-1');
    act(() =>
      pos.emit('card.read', {
        deviceId: 'msr-1', source: 'msr', simulated: false, at: '2030-03-01T12:00:00.000Z',
        card: { brand: 'amex', first6: '371449', last4: '8431', masked: '371449*****8431', expiry: '2030-12', expired: false, chip: true, tracks: [1, 2], warnings: [] },
      }),
    );
    expect(screen.getByTestId('last-read-card').textContent).toBe('American Express 371449*****8431');
    expect(screen.getByTestId('last-read').textContent).toContain('expires 12/30');
    expect(screen.getByTestId('last-read').textContent).toContain('Chip card: insert it if the terminal can read chips');
    expect(screen.getByTestId('last-read').textContent).toMatch(/from Front reader, \w+ \d+, 2030/);
    act(() => pos.emit('device.readFailed', { deviceId: 'msr-1', kind: 'msr', code: 'LUHN', message: 'The card number does not check out: swipe again.', at: '2030-03-01T12:01:00.000Z' }));
    expect(screen.getByRole('alert').textContent).toBe('The card could not be read: swipe it again, in one steady movement. The card number does not check out: swipe again.');
    expect(screen.getByTestId('last-read').textContent).not.toContain('LUHN');
    act(() => pos.emit('device.readFailed', { deviceId: 'msr-1', kind: 'msr', code: 'SOMETHING_NEW', message: 'Main says what to do.', at: '2030-03-01T12:02:00.000Z' }));
    expect(screen.getByRole('alert').textContent).toBe('The read failed. Main says what to do.');
  });

  it('tests a device and says the result with main\'s detail', async () => {
    pos.answer('devices.list', () => list([device('pad-1', { kind: 'pinpad', name: 'Pad' })]));
    pos.answer('devices.test', ({ id }) => ({ id, ok: false, detail: 'no ACK after 3 tries', elapsedMs: 9000 }));
    render(<DevicesScreen status={status} />);
    fireEvent.click(within(await screen.findByTestId('device-pad-1')).getByRole('button', { name: 'Test link' }));
    await waitFor(() => expect(within(screen.getByTestId('device-pad-1')).getByRole('status').textContent).toBe('Failed: no ACK after 3 tries'));
  });

  it('shows the PIN pad\'s amount in the page\'s money, and speaks French', async () => {
    pos.answer('devices.list', () => list([device('pad-1', { kind: 'pinpad', name: 'Pad', transport: 'simulator', origin: 'training' })], { training: true }));
    act(() => setLanguage('fr'));
    render(<DevicesScreen status={{ ...status, mode: 'training' }} />);
    const pad = await screen.findByTestId('device-pad-1');
    act(() => pos.emit('pinpad.activity', { deviceId: 'pad-1', activity: 'amount', amountCents: 1234_56 }));
    expect(pad.textContent).toContain('Le clavier affiche : 1\u00a0234,56\u00a0$');
    expect(pad.textContent).toContain('Clavier NIP · simulé · 0 lecture');
    expect(within(pad).getByRole('button', { name: 'Tester la liaison' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Appareils');
    expect(screen.getByRole('button', { name: 'Simuler une carte' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Appareils simulés' })).toBeTruthy();
  });
});
