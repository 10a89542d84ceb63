import type { StoreApi } from 'zustand';
import { toProblem, type Problem } from '../components/problem';

/**
 * What a store's call came to: main's answer, its refusal as a code (with main's message and
 * issues), the manager's PIN dialog closed (callAction), or an answer dropped because a newer
 * call took its place (`current`).
 */
export type Outcome<T> = { kind: 'done'; value: T } | { kind: 'refused'; problem: Problem } | { kind: 'closed' } | { kind: 'dropped' };

/** The keys of `S` whose values are `V` (or `V` or undefined). */
type KeysOf<S, V> = { [K in keyof S]-?: [V] extends [S[K]] ? ([S[K]] extends [V | undefined] ? K : never) : never }[keyof S];

export interface RunOptions<S, T> {
  /** The state's busy flag: on for the call, off after it whatever it came to. */
  busy?: KeysOf<S, boolean>;
  /** Where the refusal is kept: cleared when the call starts, the problem when main refuses. */
  problem?: KeysOf<S, Problem | undefined>;
  /**
   * Whether this call is still the one the screen waits for (a search token): when it is no
   * longer, its answer or refusal is dropped and the busy flag and problem are left to the newer call.
   */
  current?: () => boolean;
  /** What the store does with the outcome while the busy flag is still on (the reads that follow it). */
  settle?: (outcome: Outcome<T>) => Promise<void> | void;
}

export interface CallStore<S> {
  getState: () => S;
  setState: StoreApi<S>['setState'];
}

/**
 * The core of a store's call, without the manager's retry (the manager store runs its own calls
 * through it): busy on and off, the refusal kept as a problem code (the screen says it at render
 * time, in the language on screen), a stale answer dropped.
 */
export function runCall<S, T>(store: CallStore<S>, run: () => Promise<T>, options: RunOptions<S, T> = {}): Promise<Outcome<T>> {
  return runAttempt(store, async () => ({ kind: 'done', value: await run() }), options);
}

/** runCall for an attempt that can end without an answer (callAction's closed PIN dialog). */
export async function runAttempt<S, T>(store: CallStore<S>, run: () => Promise<Outcome<T>>, options: RunOptions<S, T> = {}): Promise<Outcome<T>> {
  const { busy, problem, current = () => true, settle } = options;
  const set = (key: keyof S | undefined, value: unknown): void => {
    if (key !== undefined) store.setState({ [key]: value } as Partial<S>);
  };
  set(busy, true);
  set(problem, undefined);
  let outcome: Outcome<T>;
  try {
    outcome = await run();
  } catch (e) {
    outcome = { kind: 'refused', problem: toProblem(e) };
  }
  if (!current()) return { kind: 'dropped' };
  try {
    if (outcome.kind === 'refused') set(problem, outcome.problem);
    await settle?.(outcome);
  } finally {
    set(busy, false);
  }
  return outcome;
}
