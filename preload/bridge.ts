/**
 * What a transport offers the renderer: the same two functions over Electron IPC (`window.pos`)
 * and over the loopback WebSocket. Payloads are unvalidated here; the typed client checks them.
 */
export interface PosBridge {
  /** Resolves to a `Reply` envelope; never rejects for application errors. */
  invoke(method: string, input: unknown): Promise<unknown>;
  /** Returns the function that unsubscribes. */
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/** Channel names of the Electron transport. */
export const IPC_INVOKE = 'pos:invoke';
export const IPC_EVENT = 'pos:event';
