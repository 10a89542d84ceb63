import { create } from 'zustand';
import type { SetupInput, SetupStatus } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

/** The set-up screen's fields, as main names them in a refusal's issues. */
export type SetupField = 'name' | 'language' | 'pin' | 'pinAgain';
const FIELDS: readonly string[] = ['name', 'language', 'pin', 'pinAgain'] satisfies SetupField[];

export interface SetupState {
  /** Undefined until main answered: the page shows neither the set-up nor the register before. */
  status: SetupStatus | undefined;
  busy: boolean;
  /**
   * Why the last try was refused, with the field it is about (none: the whole form): main's refusal
   * as its code, or the two PINs the page found not the same. The screen says it.
   */
  problem: { refusal: Problem; field: SetupField | undefined } | { refusal: 'mismatch'; field: 'pinAgain' } | undefined;
}

const initial: SetupState = { status: undefined, busy: false, problem: undefined };
export const useSetupStore = create<SetupState>(() => initial);
const client = () => connect().client;

function fieldOf(p: Problem): SetupField | undefined {
  const path = p.issues[0]?.path;
  return path !== undefined && FIELDS.includes(path) ? (path as SetupField) : undefined;
}

export const setupActions = {
  load(): void {
    client()
      .call('setup.status', {})
      .then(
        (status) => useSetupStore.setState({ status }),
        () => undefined,
      );
  },
  /** Sends the set-up; on success main tells every page (manager.changed), this one included. */
  complete(input: SetupInput): void {
    useSetupStore.setState({ problem: undefined });
    void callAction(useSetupStore, () => client().call('setup.complete', input), { busy: 'busy' }).then((r) => {
      if (r.kind === 'done') useSetupStore.setState({ status: r.value });
      if (r.kind !== 'refused') return;
      useSetupStore.setState({ problem: { refusal: r.problem, field: fieldOf(r.problem) } });
      // Done meanwhile on another page or by posctl: this page leaves the set-up too.
      if (r.problem.code === 'CONFLICT') setupActions.load();
    });
  },
  /** A mismatch the page sees before sending (main refuses it too). */
  refuse(): void {
    useSetupStore.setState({ problem: { refusal: 'mismatch', field: 'pinAgain' } });
  },
  reset(): void {
    useSetupStore.setState(initial, true);
  },
};

/**
 * Whether this lane still needs its set-up: asked at start, after a reconnect, and whenever the
 * manager PIN changes anywhere (manager.changed): a PIN set by posctl or on another page ends the
 * set-up here, and a PIN removed by posctl brings it back.
 */
export function bindSetup(): void {
  const conn = connect();
  conn.client.on('manager.changed', () => setupActions.load());
  conn.watch((state) => {
    if (state === 'open') setupActions.load();
  });
  setupActions.load();
}
