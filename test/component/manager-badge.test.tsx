import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagerStatus } from '../../preload/contract';
import { ManagerBadge } from '../../renderer/src/components/ManagerGate';
import { bindManager, useManagerStore } from '../../renderer/src/stores/manager-store';
import { installFakePos } from './fake-pos';
import { resetStores } from './reset-stores';

const pos = installFakePos();
afterEach(() => {
  cleanup();
  pos.reset();
  resetStores();
});

const status = (role: ManagerStatus['role']): ManagerStatus => ({ role, pinSet: true, lockedUntil: null, lockedWords: null, sessionEndsAt: '2026-11-24T12:02:00Z' });

describe('the header badge of a raised page', () => {
  it('is absent for a cashier', () => {
    useManagerStore.setState({ status: status('cashier') });
    const { container } = render(<ManagerBadge />);
    expect(container.textContent).toBe('');
  });

  it('says Manager, with Lock', () => {
    useManagerStore.setState({ status: status('manager') });
    render(<ManagerBadge />);
    expect(screen.getByText('Manager')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });

  it('says Technician, with Lock, on a page the technician unlocked', () => {
    useManagerStore.setState({ status: status('technician') });
    render(<ManagerBadge />);
    expect(screen.getByText('Technician')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lock' })).toBeTruthy();
  });
});

describe('a raised page when the manager PIN changes elsewhere', () => {
  it('drops back to cashier as soon as manager.changed arrives', async () => {
    let role: ManagerStatus['role'] = 'manager';
    pos.answer('manager.status', () => status(role));
    bindManager();
    render(<ManagerBadge />);
    expect(await screen.findByText('Manager')).toBeTruthy();
    // posctl manager-pin reset: main ended the session and tells every page.
    role = 'cashier';
    act(() => pos.emit('manager.changed', { pinSet: false }));
    await waitFor(() => expect(screen.queryByText('Manager')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
  });
});
