import { create } from 'zustand';
import type { ForwardResult, PaymentRow, QueueAction, QueueStatus } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { useManagerStore } from './manager-store';

export type QueueList = 'offline' | 'needs-lookup' | 'attention';

/**
 * What the last action came to, kept as data: the screen says it in the language on screen (and
 * says it again in the other one if the language changes while it shows).
 */
export type QueueNote = { kind: 'forwarded'; result: ForwardResult } | { kind: 'decided'; action: QueueAction['action']; row: PaymentRow };

export interface QueueState {
  status: QueueStatus | undefined;
  lists: Record<QueueList, PaymentRow[]>;
  /** A refused or failed call, in main's words. */
  error: string | undefined;
  note: QueueNote | undefined;
  busy: boolean;
  /** When the lists were last read (ms): the ages on screen count from it at least. */
  loadedAt: number;
  load: () => void;
  forward: () => void;
  pause: (paused: boolean) => void;
  resolve: (action: QueueAction) => void;
}

const client = () => connect().client;

export const useQueueStore = create<QueueState>((set, get) => ({
  status: undefined,
  lists: { offline: [], 'needs-lookup': [], attention: [] },
  error: undefined,
  note: undefined,
  busy: false,
  loadedAt: 0,
  load() {
    const c = client();
    Promise.all([
      c.call('queue.status', {}),
      c.call('queue.list', { list: 'offline' }),
      c.call('queue.list', { list: 'needs-lookup' }),
      c.call('queue.list', { list: 'attention' }),
    ]).then(
      ([status, offline, lookup, attention]) => set({ status, lists: { offline, 'needs-lookup': lookup, attention }, error: undefined, loadedAt: Date.now() }),
      (e: unknown) => set({ error: errorWords(e) }),
    );
  },
  forward() {
    set({ busy: true, note: undefined, error: undefined });
    client()
      .call('queue.forward', {})
      .then(
        (result) => {
          set({ busy: false, note: { kind: 'forwarded', result } });
          get().load();
        },
        (e: unknown) => set({ busy: false, error: errorWords(e) }),
      );
  },
  pause(paused) {
    set({ error: undefined });
    useManagerStore
      .getState()
      .asManager(() => client().call(paused ? 'queue.pause' : 'queue.resume', {}))
      .then(
        (status) => status && set({ status }),
        (e: unknown) => set({ error: errorWords(e) }),
      );
  },
  resolve(action) {
    set({ error: undefined, note: undefined });
    useManagerStore
      .getState()
      .asManager(() => client().call('queue.resolve', action))
      .then(
        (row) => {
          if (row) set({ note: { kind: 'decided', action: action.action, row } });
          get().load();
        },
        (e: unknown) => set({ error: errorWords(e) }),
      );
  },
}));

/** Keeps the queue screen live from queue.changed. */
export function bindQueue(): void {
  connect().client.on('queue.changed', () => useQueueStore.getState().load());
}
