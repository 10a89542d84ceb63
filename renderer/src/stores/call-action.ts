import { useManagerStore } from './manager-store';
import { runAttempt, type CallStore, type Outcome, type RunOptions } from './run-call';

export type { Outcome } from './run-call';

export interface ActionOptions<S, T> extends RunOptions<S, T> {
  /** Main refusing for want of a manager asks for the PIN (ManagerGate's dialog) and runs the call again. */
  asManager?: boolean;
}

/**
 * One contract call for a store: runCall's core (busy on and off, the refusal kept as a problem
 * code the screen says at render time) and the manager's retry when asked for.
 */
export function callAction<S, T>(store: CallStore<S>, run: () => Promise<T>, options: ActionOptions<S, T> = {}): Promise<Outcome<T>> {
  const { asManager = false, ...rest } = options;
  return runAttempt(
    store,
    async (): Promise<Outcome<T>> => {
      if (!asManager) return { kind: 'done', value: await run() };
      // asManager resolves undefined when the dialog is closed; a call answering undefined itself is never run through it.
      const value = await useManagerStore.getState().asManager(async () => ({ value: await run() }));
      return value ? { kind: 'done', value: value.value } : { kind: 'closed' };
    },
    rest,
  );
}
