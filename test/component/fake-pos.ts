import type { PosBridge } from '../../preload/bridge';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput, PosErrorShape, Reply } from '../../preload/contract';

type Answer<M extends MethodName> = (input: MethodInput<M>) => MethodOutput<M> | { refuse: PosErrorShape } | Promise<MethodOutput<M> | { refuse: PosErrorShape }>;

/**
 * The terminal as a screen under test sees it: the same bridge the Electron preload exposes
 * (`window.pos`), answering each method from what the test programs and recording every call, so a
 * test can prove that something was sent, or that nothing was. The typed client on top still checks
 * each answer against the contract's output schemas, as in the app. Every component test uses this
 * one double.
 */
export interface FakePos {
  readonly bridge: PosBridge;
  /** How `method` answers from now on: a value (or a promise of one), or `{ refuse }` for main's error envelope. */
  answer<M extends MethodName>(method: M, answer: Answer<M>): void;
  /** Sends an event to the screens' subscribers. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Calls made so far, in order. */
  readonly calls: Array<{ method: MethodName; input: unknown }>;
  /** The inputs of the calls made so far to one method, in order. */
  callsOf<M extends MethodName>(method: M): Array<MethodInput<M>>;
  /**
   * Forgets every answer, call and subscriber, as a fresh page (between tests, with `resetStores()`:
   * a store back at its initial state subscribes again when its screen or binding starts it).
   */
  reset(): void;
}

export function fakePos(): FakePos {
  const answers = new Map<string, (input: unknown) => unknown>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: Array<{ method: MethodName; input: unknown }> = [];
  const bridge: PosBridge = {
    async invoke(method, input): Promise<Reply> {
      calls.push({ method: method as MethodName, input });
      const answer = answers.get(method);
      if (!answer) return { ok: false, error: { code: 'UNAVAILABLE', message: `the test gave no answer for ${method}` } };
      const value = await answer(input);
      if (typeof value === 'object' && value !== null && 'refuse' in value) return { ok: false, error: (value as { refuse: PosErrorShape }).refuse };
      return { ok: true, value };
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  return {
    bridge,
    calls,
    answer(method, answer) {
      answers.set(method, answer as (input: unknown) => unknown);
    },
    callsOf: <M extends MethodName>(method: M) => calls.filter((c) => c.method === method).map((c) => c.input as MethodInput<M>),
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    reset() {
      answers.clear();
      calls.length = 0;
      listeners.clear();
    },
  };
}

/**
 * Installs the fake as the page's bridge. Call it before anything connects: `connect()` keeps the
 * first bridge it finds for the whole test file, as a page keeps its one connection.
 */
export function installFakePos(): FakePos {
  const fake = fakePos();
  window.pos = fake.bridge;
  return fake;
}

/** The refusal main sends a page that lacks the manager role. */
export const NEEDS_MANAGER: PosErrorShape = { code: 'FORBIDDEN', message: 'This needs a manager: enter the manager PIN first.', needs: 'manager' };

/** A promise a test settles when it wants (a call that is still loading). */
export function pending<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
