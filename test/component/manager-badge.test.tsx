import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagerStatus } from '../../preload/contract';
import { ManagerBadge } from '../../renderer/src/components/ManagerGate';
import { useManagerStore } from '../../renderer/src/stores/manager-store';

const initial = useManagerStore.getState();
afterEach(() => {
  cleanup();
  useManagerStore.setState(initial, true);
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
