import { describe, expect, it } from 'vitest';
import { ManagerSessions, SESSION_IDLE_MS } from '../../../main/roles/manager-sessions';

describe('raised sessions', () => {
  it("keep a technician's session a technician's when the manager PIN is entered on that page", () => {
    let now = 0;
    const sessions = new ManagerSessions(() => now);
    sessions.open('ipc:0', 'technician');
    sessions.open('ipc:0');
    expect(sessions.roleOf('ipc:0')).toBe('technician');
    sessions.open('ws:1');
    expect(sessions.roleOf('ws:1')).toBe('manager');
    now += SESSION_IDLE_MS;
    expect(sessions.roleOf('ipc:0')).toBeUndefined();
  });

  it("end by role: a new manager PIN leaves a technician's session open", () => {
    const sessions = new ManagerSessions(() => 0);
    sessions.open('ipc:0', 'technician');
    sessions.open('ws:1', 'manager');
    sessions.closeAll('manager');
    expect([sessions.roleOf('ipc:0'), sessions.roleOf('ws:1')]).toEqual(['technician', undefined]);
    sessions.closeAll();
    expect(sessions.isOpen('ipc:0')).toBe(false);
  });
});
