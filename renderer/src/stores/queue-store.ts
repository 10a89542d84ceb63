import { create } from 'zustand';
import type { PaymentRow, QueueAction, QueueStatus } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { useManagerStore } from './manager-store';

export type QueueList = 'offline' | 'needs-lookup' | 'attention';

export interface QueueState {
  status: QueueStatus | undefined;
  lists: Record<QueueList, PaymentRow[]>;
  error: string | undefined;
  note: string | undefined;
  busy: boolean;
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
  load() {
    const c = client();
    Promise.all([
      c.call('queue.status', {}),
      c.call('queue.list', { list: 'offline' }),
      c.call('queue.list', { list: 'needs-lookup' }),
      c.call('queue.list', { list: 'attention' }),
    ]).then(
      ([status, offline, lookup, attention]) => set({ status, lists: { offline, 'needs-lookup': lookup, attention }, error: undefined }),
      (e: unknown) => set({ error: errorWords(e) }),
    );
  },
  forward() {
    set({ busy: true, note: undefined, error: undefined });
    client()
      .call('queue.forward', {})
      .then(
        (r) => {
          const sent = r.attempted === 0 ? 'Nothing was sent.' : `Sent ${r.attempted}: ${r.approved} approved, ${r.declined} declined, ${r.needsLookup} to look up.`;
          set({ busy: false, note: `${sent} ${r.stoppedBecause ? `Stopped: ${r.stoppedBecause}` : ''}`.trim() });
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
          if (row) set({ note: `${row.clientRef}: ${row.words}` });
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
