import { create } from 'zustand';
import { PosCallError, type SetupInput, type SetupStatus } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';

/** The set-up screen's fields, as main names them in a refusal's issues. */
export type SetupField = 'name' | 'language' | 'pin' | 'pinAgain';
const FIELDS: readonly string[] = ['name', 'language', 'pin', 'pinAgain'] satisfies SetupField[];

export interface SetupState {
  /** Undefined until main answered: the page shows neither the set-up nor the register before. */
  status: SetupStatus | undefined;
  busy: boolean;
  /** Why the last try was refused, in words, with the field it is about (none: the whole form). */
  problem: { text: string; field: SetupField | undefined } | undefined;
}

const initial: SetupState = { status: undefined, busy: false, problem: undefined };
export const useSetupStore = create<SetupState>(() => initial);
const client = () => connect().client;

function fieldOf(e: unknown): SetupField | undefined {
  const path = e instanceof PosCallError ? e.issues?.[0]?.path : undefined;
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
    useSetupStore.setState({ busy: true, problem: undefined });
    client()
      .call('setup.complete', input)
      .then(
        (status) => useSetupStore.setState({ status, busy: false }),
        (e: unknown) => {
          useSetupStore.setState({ busy: false, problem: { text: errorWords(e), field: fieldOf(e) } });
          // Done meanwhile on another page or by posctl: this page leaves the set-up too.
          if (e instanceof PosCallError && e.code === 'CONFLICT') setupActions.load();
        },
      );
  },
  /** A mismatch the page sees before sending (main refuses it too). */
  refuse(problem: { text: string; field: SetupField }): void {
    useSetupStore.setState({ problem });
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
