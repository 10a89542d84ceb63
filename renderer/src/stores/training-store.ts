import { create } from 'zustand';
import type { QueueStatus, SimCard, TrainingFaultKind, TrainingFaultState, TrainingPadInput, TrainingPadState } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

/** Where the panel's open or closed state is remembered (per browser profile, like a preference). */
const OPEN_KEY = 'pos.trainingPanel.open';

export interface TrainingState {
  /** The panel is open: this page then plays the PIN pad's customer. */
  open: boolean;
  fault: TrainingFaultState | undefined;
  /** What an unreachable gateway leads to: the lane's offline limits (stored offline only when enabled). */
  offline: QueueStatus['limits'] | undefined;
  pad: TrainingPadState | undefined;
  /** The card the trainee swipes on the pad. */
  card: SimCard;
  /** A call is running (buttons wait for it). */
  busy: boolean;
  /** A refused or failed call, as main's code (the panel says it). */
  problem: Problem | undefined;
}

function rememberedOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === 'true';
  } catch {
    return false;
  }
}

function initial(): TrainingState {
  return { open: rememberedOpen(), fault: undefined, offline: undefined, pad: undefined, card: 'visa', busy: false, problem: undefined };
}

export const useTrainingStore = create<TrainingState>(initial);

const set = useTrainingStore.setState;
const get = useTrainingStore.getState;
const client = () => connect().client;

/** One call: busy while it runs, its answer kept, or its refusal as a problem. */
async function run<T>(call: () => Promise<T>, keep: (value: T) => Partial<TrainingState>): Promise<void> {
  const r = await callAction(useTrainingStore, call, { busy: 'busy', problem: 'problem' });
  if (r.kind === 'done') set(keep(r.value));
}

function padCall(input: TrainingPadInput): Promise<void> {
  return run(() => client().call('devices.trainingPad', input), (pad) => ({ pad }));
}

/** Reads again in the background (no busy buttons): a failure shows as any other. */
function readPad(): void {
  void callAction(useTrainingStore, () => client().call('devices.trainingPad', { action: 'read' })).then((r) => {
    if (r.kind === 'done') set({ pad: r.value });
    else if (r.kind === 'refused') set({ problem: r.problem });
  });
}

export const trainingActions = {
  /**
   * While the panel is shown open: this page plays the pad's customer, and what the pad and the
   * gateway do is read again after each step of the pad and each sale's end (posctl may have
   * changed the fault meanwhile). Returns how to stop, which gives the customer back to the
   * automatic one. Also given back when the page goes away.
   */
  play(): () => void {
    const c = client();
    void padCall({ action: 'customer', by: 'trainee' });
    trainingActions.readFault();
    const off = [
      c.on('pinpad.activity', (e) => {
        if (e.deviceId === get().pad?.deviceId) readPad();
      }),
      c.on('sale.changed', (sale) => {
        if (sale.final) trainingActions.readFault();
      }),
      c.on('queue.changed', (queue) => set({ offline: queue.limits })),
    ];
    const leave = (): void => void c.call('devices.trainingPad', { action: 'customer', by: 'automatic' }).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      for (const f of off) f();
      window.removeEventListener('pagehide', leave);
      leave();
    };
  },
  setOpen(open: boolean): void {
    set({ open });
    try {
      localStorage.setItem(OPEN_KEY, String(open));
    } catch {
      // A browser that refuses storage only forgets the choice at the next start.
    }
  },
  /** The fault in force and the offline limits that decide what it leads to. */
  readFault(): void {
    const c = client();
    void callAction(useTrainingStore, () => Promise.all([c.call('gateway.trainingFault', {}), c.call('queue.status', {})])).then((r) => {
      if (r.kind === 'done') set({ fault: r.value[0], offline: r.value[1].limits });
      else if (r.kind === 'refused') set({ problem: r.problem });
    });
  },
  setFault(kind: TrainingFaultKind): void {
    void run(() => client().call('gateway.trainingFault', { kind }), (fault) => ({ fault }));
  },
  press(key: 'yes' | 'no' | 'cancel'): void {
    void padCall({ action: 'press', key });
  },
  chooseCard(card: SimCard): void {
    set({ card });
  },
  /** The customer swipes the chosen card on the pad (the request pending there). */
  swipe(): void {
    void run(
      () => client().call('devices.simulateSwipe', { card: get().card, via: 'pinpad' }),
      () => ({}),
    ).then(readPad);
  },
  /** Back to the first state (tests). */
  reset(): void {
    set(initial(), true);
  },
};
