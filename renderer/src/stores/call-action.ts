import type { StoreApi } from 'zustand';
import { toProblem, type Problem } from '../components/problem';
import { useManagerStore } from './manager-store';

/** What a store's call came to: main's answer, its refusal as a code (with main's message and issues), or the manager's PIN dialog closed. */
export type Outcome<T> = { kind: 'done'; value: T } | { kind: 'refused'; problem: Problem } | { kind: 'closed' };

/** The keys of `S` whose values are `V` (or `V` or undefined). */
type KeysOf<S, V> = { [K in keyof S]-?: [V] extends [S[K]] ? ([S[K]] extends [V | undefined] ? K : never) : never }[keyof S];

export interface ActionOptions<S> {
  /** The state's busy flag: on for the call, off after it whatever it came to. */
  busy?: KeysOf<S, boolean>;
  /** Where the refusal is kept: cleared when the call starts, the problem when main refuses. */
  problem?: KeysOf<S, Problem | undefined>;
  /** Main refusing for want of a manager asks for the PIN (ManagerGate's dialog) and runs the call again. */
  asManager?: boolean;
}

/**
 * One contract call for a store: busy on and off, the refusal kept as a problem code (the screen
 * says it at render time, in the language on screen), and the manager's retry when asked for.
 */
export async function callAction<S, T>(store: { getState: () => S; setState: StoreApi<S>['setState'] }, run: () => Promise<T>, options: ActionOptions<S> = {}): Promise<Outcome<T>> {
  const { busy, problem, asManager = false } = options;
  const set = (key: keyof S | undefined, value: unknown): void => {
    if (key !== undefined) store.setState({ [key]: value } as Partial<S>);
  };
  set(busy, true);
  set(problem, undefined);
  try {
    if (!asManager) return { kind: 'done', value: await run() };
    // asManager resolves undefined when the dialog is closed; a call answering undefined itself is never run through it.
    const value = await useManagerStore.getState().asManager(async () => ({ value: await run() }));
    return value ? { kind: 'done', value: value.value } : { kind: 'closed' };
  } catch (e) {
    const p = toProblem(e);
    set(problem, p);
    return { kind: 'refused', problem: p };
  } finally {
    set(busy, false);
  }
}
