import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus } from '../../preload/contract';
import { OfflineBanner } from '../../renderer/src/components/OfflineBanner';
import { PinDialog } from '../../renderer/src/components/PinDialog';
import { StatusBar } from '../../renderer/src/components/StatusBar';
import { sampleStatus } from './sample-status';

afterEach(cleanup);

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
});
