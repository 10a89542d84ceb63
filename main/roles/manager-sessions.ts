/**
 * Raised sessions, one per page connection: a manager's (opened by the PIN) or a technician's
 * (opened in the desktop app by a one-time code from posctl). Ended by "lock", by the page's
 * connection closing, or after two minutes without a call from that page. In memory only: a
 * restart asks again.
 */
export const SESSION_IDLE_MS = 120_000;

export type RaisedRole = 'manager' | 'technician';

export class ManagerSessions {
  private readonly sessions = new Map<string, { end: number; role: RaisedRole }>();

  constructor(private readonly now: () => number) {}

  /** Opens (or renews) the connection's session; the manager PIN on a technician's page keeps it a technician's. */
  open(connection: string, role: RaisedRole = 'manager'): void {
    const kept = this.roleOf(connection) === 'technician' ? 'technician' : role;
    this.sessions.set(connection, { end: this.now() + SESSION_IDLE_MS, role: kept });
  }

  close(connection: string): void {
    this.sessions.delete(connection);
  }

  /** Ends every session, or every session of one role (a new manager PIN ends the managers'). */
  closeAll(role?: RaisedRole): void {
    for (const [connection, s] of this.sessions) if (role === undefined || s.role === role) this.sessions.delete(connection);
  }

  /** The role of the connection's live session; an expired one is removed. */
  roleOf(connection: string | undefined): RaisedRole | undefined {
    if (connection === undefined) return undefined;
    const s = this.sessions.get(connection);
    if (s === undefined) return undefined;
    if (s.end <= this.now()) {
      this.sessions.delete(connection);
      return undefined;
    }
    return s.role;
  }

  /** Whether the connection has a live session; an expired one is removed. */
  isOpen(connection: string | undefined): boolean {
    return this.roleOf(connection) !== undefined;
  }

  /** A call from the connection: its session (if any) runs for another SESSION_IDLE_MS. */
  touch(connection: string | undefined): void {
    const s = connection === undefined ? undefined : this.sessions.get(connection);
    if (connection !== undefined && s && this.isOpen(connection)) s.end = this.now() + SESSION_IDLE_MS;
  }

  endsAt(connection: string | undefined): number | null {
    return connection !== undefined && this.isOpen(connection) ? (this.sessions.get(connection)?.end ?? null) : null;
  }
}
