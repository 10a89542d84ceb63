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

  it('asks for the first PIN twice and says when the two differ', () => {
    const onSubmit = vi.fn();
    render(<PinDialog mode="set" why="No manager PIN is set yet." busy={false} onSubmit={onSubmit} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('New PIN (4 to 12 digits)'), { target: { value: '5937' } });
    fireEvent.change(screen.getByLabelText('The same PIN again'), { target: { value: '5938' } });
    fireEvent.submit(screen.getByLabelText('The same PIN again').closest('form') as HTMLFormElement);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The two PINs differ: type them again.')).toBeTruthy();
  });
});
