import { events, type EventName, type EventPayload } from '../../preload/contract';
import { redactStrings } from '../log/redact';

export type AnyEventListener = (name: EventName, payload: unknown) => void;

/**
 * Typed events from the services to the transports. Payloads are checked against the contract
 * and redacted when emitted, so a transport only ever forwards what the renderer's schema
 * describes, and never card data.
 */
export class EventBus {
  private readonly listeners = new Set<AnyEventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // Checked against the contract, then every string through the redactor, as replies are.
    const clean = redactStrings(events[name].parse(payload));
    for (const listener of [...this.listeners]) listener(name, clean);
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
