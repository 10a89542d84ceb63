import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { StatusScreen } from '../../renderer/src/screens/status/StatusScreen';
import { sampleStatus } from './sample-status';

afterEach(() => {
  cleanup();
  setLanguage('en');
});

const status: AppStatus = sampleStatus();

describe('the Status screen', () => {
  it('lists no problems when there are none, and says the rest in words', () => {
    render(<StatusScreen status={status} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lane 4');
    expect(screen.queryByRole('region', { name: 'Problems' })).toBeNull();
    expect(screen.getByTestId('status-mode-card').textContent).toContain('LivePayments go to the live gateway.');
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('OnlineThe last exchange with the live gateway succeeded.');
    expect(screen.getByTestId('status-devices-card').textContent).toContain('No card, check or PIN pad devices are configured on this lane.');
    expect(screen.getByTestId('status-queue-card').textContent).toContain('Nothing waiting to be forwarded.');
  });

  it('shows warnings in the warning tone, with the screen\'s words for the code and main\'s detail', () => {
    render(<StatusScreen status={{ ...status, gateway: { state: 'online', unencrypted: true }, problems: [{ code: 'gateway-unencrypted', severity: 'warning', message: 'make sure it is a TLS proxy' }] }} />);
    const region = screen.getByRole('region', { name: 'Problems' });
    expect(region.className).toContain('tone-warn');
    const item = within(region).getByRole('listitem');
    expect(item.className).toBe('tone-warn');
    expect(item.textContent).toBe('Warning: The gateway is reached without encryption. make sure it is a TLS proxy');
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Unencrypted: the gateway address is plain http');
  });

  it('names a refused gateway route (plain http through a proxy) as a problem, not as an unencrypted gateway on this computer', () => {
    render(<StatusScreen status={{ ...status, gateway: { state: 'unknown', unencrypted: false }, problems: [{ code: 'gateway-route-refused', severity: 'error', message: 'gateway.url is not https:// while gateway.proxy is set' }] }} />);
    const item = within(screen.getByRole('region', { name: 'Problems' })).getByRole('listitem');
    expect(item.className).toBe('tone-bad');
    expect(item.textContent).toBe('Problem: The live gateway is not used: its address is plain http through a proxy, which would carry card data in clear. gateway.url is not https:// while gateway.proxy is set');
    expect(screen.getByTestId('status-gateway-card').textContent).not.toContain('this computer');
  });

  it('shows an error in the error tone, and the whole list as an error when one is', () => {
    render(
      <StatusScreen
        status={{
          ...status,
          problems: [
            { code: 'key-locked', severity: 'error', message: 'the terminal key file cannot be read; the terminal stays in training until then' },
            { code: 'key-file-only', severity: 'warning', message: 'no OS keyring' },
          ],
        }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Problems' });
    expect(region.className).toContain('tone-bad');
    const [error, warning] = within(region).getAllByRole('listitem');
    expect(error?.className).toBe('tone-bad');
    expect(error?.textContent).toMatch(/^Problem: The terminal key cannot be unlocked on this computer: training only\. the terminal key file cannot be read/);
    expect(warning?.className).toBe('tone-warn');
  });

  it('names each device by kind and state, with main\'s detail', () => {
    render(
      <StatusScreen
        status={{
          ...status,
          devices: [
            { id: 'msr-1', kind: 'msr', name: 'Front reader', state: 'connected' },
            { id: 'pad-1', kind: 'pinpad', name: 'Pad', state: 'error', detail: 'permission denied on /dev/ttyUSB1' },
          ],
          queue: { ...status.queue, pending: 2 },
        }}
      />,
    );
    const items = within(screen.getByTestId('status-devices-card')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Front reader (card reader): ready', 'Pad (PIN pad): fault, permission denied on /dev/ttyUSB1']);
    expect(screen.getByTestId('status-queue-card').textContent).toContain('Payments approved offline, waiting to be forwarded');
  });

  it('follows the language without a reload', () => {
    render(<StatusScreen status={{ ...status, mode: 'training', gateway: { state: 'training', unencrypted: false }, problems: [{ code: 'log-unwritable', severity: 'error', message: 'disk full' }] }} />);
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Simulated');
    act(() => setLanguage('fr'));
    expect(screen.getByRole('region', { name: 'Problèmes' }).textContent).toContain('Problème : Le journal du terminal ne peut pas être écrit. disk full');
    expect(screen.getByTestId('status-mode-card').textContent).toContain('Formation');
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Simulée');
  });
});
