/**
 * Manager sessions, one per page connection: opened by the PIN, ended by "lock", by the page's
 * connection closing, or after two minutes without a call from that page. In memory only: a
 * restart asks for the PIN again.
 */
export const SESSION_IDLE_MS = 120_000;

export class ManagerSessions {
  private readonly ends = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  open(connection: string): void {
    this.ends.set(connection, this.now() + SESSION_IDLE_MS);
  }

  close(connection: string): void {
    this.ends.delete(connection);
  }

  /** Ends every session (the PIN changed or was reset). */
  closeAll(): void {
    this.ends.clear();
  }

  /** Whether the connection has a live session; an expired one is removed. */
  isOpen(connection: string | undefined): boolean {
    if (connection === undefined) return false;
    const end = this.ends.get(connection);
    if (end === undefined) return false;
    if (end <= this.now()) {
      this.ends.delete(connection);
      return false;
    }
    return true;
  }

  /** A call from the connection: its session (if any) runs for another SESSION_IDLE_MS. */
  touch(connection: string | undefined): void {
    if (connection !== undefined && this.isOpen(connection)) this.ends.set(connection, this.now() + SESSION_IDLE_MS);
  }

  endsAt(connection: string | undefined): number | null {
    return connection !== undefined && this.isOpen(connection) ? (this.ends.get(connection) ?? null) : null;
  }
}
