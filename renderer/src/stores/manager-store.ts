import { create } from 'zustand';
import { PosCallError, type ManagerStatus } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { runCall } from './run-call';

/** A manager action waiting for the PIN: the dialog unlocks this page, then the action runs again. */
interface Prompt {
  /** The PIN refused (main's code): the dialog says it instead of why a manager is needed. */
  problem: Problem | undefined;
}

export interface ManagerState {
  status: ManagerStatus | undefined;
  prompt: Prompt | undefined;
  busy: boolean;
  /** Runs `action`; when main answers that it needs a manager, asks for the PIN, unlocks this page and runs it again. */
  asManager: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  submit: (pin: string) => void;
  close: () => void;
  lock: () => void;
  refresh: () => void;
}

const client = () => connect().client;
/**
 * The refusal of a method that needs the manager role, as main marks it (`needs`), not by its
 * words. A payment's own approval names managerPin instead and is the Register's to ask.
 */
const needsManager = (e: unknown): e is PosCallError => e instanceof PosCallError && e.code === 'FORBIDDEN' && e.needs === 'manager';

export const useManagerStore = create<ManagerState>((set, get) => {
  let pending: { retry: () => void; give: () => void } | undefined;
  return {
    status: undefined,
    prompt: undefined,
    busy: false,
    refresh() {
      // A status that cannot be read leaves the badge as it was.
      void runCall(useManagerStore, () => client().call('manager.status', {})).then((r) => {
        if (r.kind === 'done') set({ status: r.value });
      });
    },
    async asManager<T>(action: () => Promise<T>): Promise<T | undefined> {
      try {
        return await action();
      } catch (e) {
        if (!needsManager(e)) throw e;
        const status = await client().call('manager.status', {});
        set({ status });
        // No PIN yet: nothing to ask for, and no action chooses a first PIN on the way (that is the
        // set-up screen's): main's refusal, which points to the set-up, stays the answer.
        if (!status.pinSet) throw e;
        // The dialog says why in the page's language.
        set({ prompt: { problem: undefined } });
        return new Promise<T | undefined>((resolve, reject) => {
          pending = { retry: () => void action().then(resolve, reject), give: () => resolve(undefined) };
        });
      }
    },
    submit(pin) {
      const prompt = get().prompt;
      if (!prompt) return;
      void runCall(useManagerStore, () => client().call('manager.unlock', { pin }), {
        busy: 'busy',
        settle: (r) => {
          // The PIN refused stays in the dialog, which says it in the page's language.
          if (r.kind === 'refused') set({ prompt: { ...prompt, problem: r.problem } });
          if (r.kind === 'done') set({ status: r.value, prompt: undefined });
        },
      }).then((r) => {
        if (r.kind !== 'done') return;
        const p = pending;
        pending = undefined;
        p?.retry();
      });
    },
    close() {
      set({ prompt: undefined });
      pending?.give();
      pending = undefined;
    },
    lock() {
      void runCall(useManagerStore, () => client().call('manager.lock', {})).then((r) => {
        if (r.kind === 'done') set({ status: r.value });
      });
    },
  };
});

/**
 * Sessions follow the PIN: manager.changed says the PIN in force changed (on any page, or by
 * posctl) and main ended every manager session, so this page asks its role again and drops back
 * to cashier at once. After a reconnect the page is a new connection: its role is asked again too.
 */
export function bindManager(): void {
  const conn = connect();
  const refresh = (): void => useManagerStore.getState().refresh();
  conn.client.on('manager.changed', refresh);
  conn.watch((state) => {
    if (state === 'open') refresh();
  });
  refresh();
}
