import { create } from 'zustand';
import type { ForwardResult, PaymentRow, QueueAction, QueueStatus } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

export type QueueList = 'offline' | 'needs-lookup' | 'attention';

/**
 * What the last action came to, kept as data: the screen says it in the language on screen (and
 * says it again in the other one if the language changes while it shows).
 */
export type QueueNote = { kind: 'forwarded'; result: ForwardResult } | { kind: 'decided'; action: QueueAction['action']; row: PaymentRow };

export interface QueueState {
  status: QueueStatus | undefined;
  lists: Record<QueueList, PaymentRow[]>;
  /** A refused or failed call, as main's code (the screen says it). */
  problem: Problem | undefined;
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
  problem: undefined,
  note: undefined,
  busy: false,
  loadedAt: 0,
  load() {
    const c = client();
    const read = () =>
      Promise.all([
        c.call('queue.status', {}),
        c.call('queue.list', { list: 'offline' }),
        c.call('queue.list', { list: 'needs-lookup' }),
        c.call('queue.list', { list: 'attention' }),
      ]);
    void callAction(useQueueStore, read).then((r) => {
      if (r.kind === 'refused') return set({ problem: r.problem });
      if (r.kind !== 'done') return;
      const [status, offline, lookup, attention] = r.value;
      set({ status, lists: { offline, 'needs-lookup': lookup, attention }, problem: undefined, loadedAt: Date.now() });
    });
  },
  forward() {
    set({ note: undefined });
    void callAction(useQueueStore, () => client().call('queue.forward', {}), { busy: 'busy', problem: 'problem' }).then((r) => {
      if (r.kind !== 'done') return;
      set({ note: { kind: 'forwarded', result: r.value } });
      get().load();
    });
  },
  pause(paused) {
    void callAction(useQueueStore, () => client().call(paused ? 'queue.pause' : 'queue.resume', {}), { problem: 'problem', asManager: true }).then((r) => {
      if (r.kind === 'done') set({ status: r.value });
    });
  },
  resolve(action) {
    set({ note: undefined });
    void callAction(useQueueStore, () => client().call('queue.resolve', action), { problem: 'problem', asManager: true }).then((r) => {
      if (r.kind === 'refused') return;
      if (r.kind === 'done') set({ note: { kind: 'decided', action: action.action, row: r.value } });
      get().load();
    });
  },
}));

/** Keeps the queue screen live from queue.changed. */
export function bindQueue(): void {
  connect().client.on('queue.changed', () => useQueueStore.getState().load());
}
