import type { PosBridge } from '../../preload/bridge';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput, PosErrorShape } from '../../preload/contract';

type Handler<M extends MethodName> = (input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;
export type Handlers = { [M in MethodName]?: Handler<M> };

/** A refusal as main answers it: throw this from a handler. */
export class Refusal extends Error {
  constructor(readonly shape: PosErrorShape) {
    super(shape.message);
  }
}

/**
 * The terminal as a page sees it, in memory: the bridge the renderer's stores call (installed as
 * `window.pos`, so `connect()` picks it), answering from per-test handlers and recording every
 * call, so a test can prove that something was sent, or that nothing was. Answers still pass the
 * contract's output schemas in the typed client, as they would from main.
 */
export interface PosDouble {
  readonly calls: Array<{ method: MethodName; input: unknown }>;
  handlers: Handlers;
  callsOf<M extends MethodName>(method: M): Array<MethodInput<M>>;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Forgets calls, handlers and subscribers (between tests). */
  reset(): void;
}

export function installPosDouble(): PosDouble {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const double: PosDouble = {
    calls: [],
    handlers: {},
    callsOf: <M extends MethodName>(method: M) => double.calls.filter((c) => c.method === method).map((c) => c.input as MethodInput<M>),
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    reset() {
      double.calls.length = 0;
      double.handlers = {};
      listeners.clear();
    },
  };
  const bridge: PosBridge = {
    async invoke(method, input) {
      double.calls.push({ method: method as MethodName, input });
      const handler = double.handlers[method as MethodName] as ((input: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { code: 'UNAVAILABLE', message: `no answer for ${method} in this test` } };
      try {
        return { ok: true, value: await handler(input) };
      } catch (e) {
        if (e instanceof Refusal) return { ok: false, error: e.shape };
        throw e;
      }
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  window.pos = bridge;
  return double;
}

/** A promise a test settles when it wants (a call that is still loading). */
export function pending<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
