import { events, type EventName, type EventPayload } from '../../preload/contract';
import { redactStrings } from '../log/redact';

export type AnyEventListener = (name: EventName, payload: unknown) => void;

/** Told about a listener that threw; the emit carries on with the next listener. */
export type ListenerErrorHandler = (error: unknown, eventName: string) => void;

/** Tells `onError` about a listener that threw; a reporter that fails itself (a closed log) is ignored. */
export function report(onError: ListenerErrorHandler, error: unknown, name: string): void {
  try {
    onError(error, name);
  } catch {
    // The reporter itself failed (a closed log): the emit still must not throw.
  }
}

/**
 * Typed events from the services to the transports. Payloads are checked against the contract
 * and redacted when emitted, so a transport only ever forwards what the renderer's schema
 * describes, and never card data. Each listener runs in its own try/catch: one that throws is
 * reported to `onListenerError` (core passes the log; the default drops it, as no logger exists
 * yet) and the others still hear the event.
 */
export class EventBus {
  private readonly listeners = new Set<AnyEventListener>();

  constructor(private readonly onListenerError: ListenerErrorHandler = () => undefined) {}

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // Checked against the contract, then every string through the redactor, as replies are.
    const clean = redactStrings(events[name].parse(payload));
    for (const listener of [...this.listeners]) {
      try {
        listener(name, clean);
      } catch (e) {
        report(this.onListenerError, e, name);
      }
    }
  }

  onAny(listener: AnyEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.onAny((n, p) => {
      if (n === name) listener(p as EventPayload<E>);
    });
  }
}
