import { report, type ListenerErrorHandler } from './bus';

type Listener<Args extends unknown[]> = (...args: Args) => void;

/**
 * Typed events that never leave the main process: a device's full, validated reads, which no
 * transport may forward (the EventBus carries only the contract's masked views). Each listener
 * runs in its own try/catch, as on the EventBus: one that throws is reported and the others still
 * hear the event, so a bug in a listener never unwinds into the decoder that emitted.
 */
export class InProcessBus<Events extends { [K in keyof Events]: unknown[] }> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never[]>>>();

  constructor(private readonly onListenerError: ListenerErrorHandler = () => undefined) {}

  /** Listens to `name`; returns how to stop. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    const held = listener as unknown as Listener<never[]>;
    set.add(held);
    return () => void set.delete(held);
  }

  /** Tells every listener of `name`; whether anyone listened. */
  emit<K extends keyof Events>(name: K, ...args: Events[K]): boolean {
    const set = this.listeners.get(name);
    if (!set || set.size === 0) return false;
    for (const listener of [...set]) {
      try {
        (listener as unknown as Listener<Events[K]>)(...args);
      } catch (e) {
        report(this.onListenerError, e, String(name));
      }
    }
    return true;
  }

  listenerCount(name: keyof Events): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}
