import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStatus } from '../../preload/contract';
import { setLanguage } from '../../renderer/src/i18n/i18n';
import { StatusScreen } from '../../renderer/src/screens/status/StatusScreen';
import { sampleProblem, sampleStatus, todayAt } from './sample-status';

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
    render(<StatusScreen status={{ ...status, gateway: { state: 'online', unencrypted: true }, problems: [sampleProblem({ code: 'gateway-unencrypted', message: 'the gateway is reached over plain http: make sure it is a TLS proxy', detail: 'make sure it is a TLS proxy' })] }} />);
    const region = screen.getByRole('region', { name: 'Problems' });
    expect(region.className).toContain('tone-warn');
    const item = within(region).getByRole('listitem');
    expect(item.className).toBe('tone-warn');
    expect(item.textContent).toBe('Warning: The gateway is reached without encryption. make sure it is a TLS proxy');
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Unencrypted: the gateway address is plain http');
  });

  it('names a refused gateway route (plain http through a proxy) as a problem, not as an unencrypted gateway on this computer', () => {
    render(<StatusScreen status={{ ...status, gateway: { state: 'unknown', unencrypted: false }, problems: [sampleProblem({ code: 'gateway-route-refused', severity: 'error', audience: 'cashier', detail: 'gateway.url is not https:// while gateway.proxy is set' })] }} />);
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
            sampleProblem({ code: 'key-locked', severity: 'error', message: 'the terminal key file cannot be read; the terminal stays in training until then', detail: 'the terminal key file cannot be read' }),
            sampleProblem({ code: 'key-file-only', message: 'no OS keyring' }),
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
    render(<StatusScreen status={{ ...status, mode: 'training', gateway: { state: 'training', unencrypted: false }, problems: [sampleProblem({ code: 'log-unwritable', severity: 'error', message: 'the log cannot be written (disk full)', detail: 'disk full' })] }} />);
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Simulated');
    act(() => setLanguage('fr'));
    expect(screen.getByRole('region', { name: 'Problèmes' }).textContent).toContain('Problème : Le journal du terminal ne peut pas être écrit. disk full');
    expect(screen.getByTestId('status-mode-card').textContent).toContain('Formation');
    expect(screen.getByTestId('status-gateway-card').textContent).toContain('Simulée');
  });

  it('says the key-protection warning once: the screen\'s words, then only what main adds to them', () => {
    const message = 'the terminal key is protected by file permissions only (no usable OS keyring: none); anyone who can read the data directory can unseal its secrets';
    render(<StatusScreen status={{ ...status, problems: [sampleProblem({ code: 'key-file-only', message, detail: 'no usable OS keyring: none; anyone who can read the data directory can unseal its secrets' })] }} />);
    const item = within(screen.getByRole('region', { name: 'Problems' })).getByRole('listitem');
    expect(item.textContent).toBe('Warning: The terminal key is protected by file permissions only. no usable OS keyring: none; anyone who can read the data directory can unseal its secrets');
    expect(item.textContent?.toLowerCase().split('protected by file permissions only')).toHaveLength(2);
  });

  it('says since when the gateway does not answer, a training fault included, in the language on screen', () => {
    render(<StatusScreen status={{ ...status, mode: 'training', gateway: { state: 'training', unencrypted: false, offlineSince: todayAt(13, 4) } }} />);
    const card = screen.getByTestId('status-gateway-card');
    expect(card.textContent).toContain('Offline since 1:04 PM');
    expect(card.textContent).toContain('(a training fault)');
    act(() => setLanguage('fr'));
    expect(card.textContent).toContain('Hors ligne depuis 13 h 04');
  });

  it('counts the queue of the mode shown, and says live payments still wait while in training', () => {
    render(<StatusScreen status={{ ...status, mode: 'training', gateway: { state: 'training', unencrypted: false }, queue: { ...status.queue, pending: 3, training: 1, trainingNeedsLookup: 1 } }} />);
    const card = screen.getByTestId('status-queue-card');
    expect(card.querySelector('.big')?.textContent).toBe('1');
    expect(card.textContent).toContain('1 payment waits for a manager’s decision (Offline queue).');
    expect(card.textContent).toContain('3 live payments also wait: they are sent once the terminal is live again.');
  });
});
