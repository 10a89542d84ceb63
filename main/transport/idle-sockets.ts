/** What the idle watch uses of a TCP socket. */
export interface WatchedSocket {
  destroy(): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * The sockets of the loopback server that are not (yet) an authenticated WebSocket. Each is
 * destroyed once it has been idle for `idleMs`: connected and silent, sending a request too slowly
 * to finish it, or kept alive between two requests. A request being answered holds its socket's
 * timer; a socket that becomes an authenticated WebSocket leaves the watch. Partial bytes never
 * restart the timer, so a trickle cannot keep a socket open.
 */
export class IdleSockets {
  private readonly watched = new Map<WatchedSocket, { timer: ReturnType<typeof setTimeout> | undefined; busy: number }>();

  constructor(
    private readonly idleMs: number,
    /** Told of each socket closed for idling (a debug line: browsers open sockets they never use). */
    private readonly onClosed: () => void = () => undefined,
  ) {}

  /** A new connection: its timer starts now. */
  add(socket: WatchedSocket): void {
    this.watched.set(socket, { timer: undefined, busy: 0 });
    this.arm(socket);
    socket.once('close', () => this.forget(socket));
  }

  /** A request on the socket is being answered: no timer until `done` (returned) is called. */
  busy(socket: WatchedSocket): () => void {
    const entry = this.watched.get(socket);
    if (!entry) return () => undefined;
    entry.busy++;
    clearTimeout(entry.timer);
    let once = false;
    return () => {
      if (once) return;
      once = true;
      entry.busy--;
      if (entry.busy === 0 && this.watched.get(socket) === entry) this.arm(socket);
    };
  }

  /** The socket became an authenticated WebSocket: its own limits apply from now on. */
  authenticated(socket: WatchedSocket): void {
    this.forget(socket);
  }

  get size(): number {
    return this.watched.size;
  }

  private arm(socket: WatchedSocket): void {
    const entry = this.watched.get(socket);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      this.forget(socket);
      this.onClosed();
      socket.destroy();
    }, this.idleMs);
  }

  private forget(socket: WatchedSocket): void {
    clearTimeout(this.watched.get(socket)?.timer);
    this.watched.delete(socket);
  }
}
