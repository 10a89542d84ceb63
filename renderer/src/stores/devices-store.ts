import { create } from 'zustand';
import { SimCard, SimCheck, type DeviceList, type DeviceTestResult, type EventPayload, type SimVia } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

/** The last thing a device read, as the screen shows it: masked, or why it failed. */
export type LastRead =
  | ({ type: 'card' } & EventPayload<'card.read'>)
  | ({ type: 'check' } & EventPayload<'check.read'>)
  | ({ type: 'failed' } & EventPayload<'device.readFailed'>);

export interface DeviceTest {
  running: boolean;
  result?: DeviceTestResult;
  problem?: Problem;
}

export interface DevicesState {
  started: boolean;
  list: DeviceList | undefined;
  /** The list refused, as main's code (the screen says it). */
  problem: Problem | undefined;
  lastRead: LastRead | undefined;
  tests: Record<string, DeviceTest>;
  pads: Record<string, EventPayload<'pinpad.activity'>>;
  sim: { card: SimCard; via: SimVia; check: SimCheck; busy: boolean; problem: Problem | undefined };
}

export const useDevicesStore = create<DevicesState>(() => ({
  started: false,
  list: undefined,
  problem: undefined,
  lastRead: undefined,
  tests: {},
  pads: {},
  sim: { card: 'visa', via: 'msr', check: 'personal', busy: false, problem: undefined },
}));

const set = useDevicesStore.setState;
const get = useDevicesStore.getState;
const client = () => connect().client;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

function load(): void {
  void callAction(useDevicesStore, () => client().call('devices.list', {})).then((r) => {
    if (r.kind === 'done') set({ list: r.value, problem: undefined });
    else if (r.kind === 'refused') set({ problem: r.problem });
  });
}

/** Several events often come together (a read and a status change): one reload for all of them. */
function reloadSoon(): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(load, 150);
}

/** Subscribes once to the device events and loads the list; the screen calls it when shown. */
export function startDevices(): void {
  if (get().started) return;
  set({ started: true });
  const c = client();
  c.on('card.read', (e) => {
    set({ lastRead: { type: 'card', ...e } });
    reloadSoon();
  });
  c.on('check.read', (e) => {
    set({ lastRead: { type: 'check', ...e } });
    reloadSoon();
  });
  c.on('device.readFailed', (e) => set({ lastRead: { type: 'failed', ...e } }));
  c.on('pinpad.activity', (e) => set({ pads: { ...get().pads, [e.deviceId]: e } }));
  c.on('status.changed', reloadSoon);
  load();
}

function setTest(id: string, test: DeviceTest): void {
  set({ tests: { ...get().tests, [id]: test } });
}

function setSim(patch: Partial<DevicesState['sim']>): void {
  set({ sim: { ...get().sim, ...patch } });
}

/** A simulator's call: its busy flag and problem live in `sim`. */
async function simulate(call: () => Promise<unknown>): Promise<void> {
  setSim({ busy: true, problem: undefined });
  const r = await callAction(useDevicesStore, call);
  setSim({ busy: false, ...(r.kind === 'refused' ? { problem: r.problem } : {}) });
}

export const devicesActions = {
  reload: load,
  /** Tests the link; with `waitForRead`, also waits up to 15 s for a swipe or a check. */
  test(id: string, waitForRead: boolean): void {
    setTest(id, { running: true });
    const device = get().list?.devices.find((d) => d.id === id);
    // The simulated customer swipes the card chosen in the training panel, not the last one sent.
    const card = device?.origin === 'training' && device.kind === 'pinpad' ? get().sim.card : undefined;
    void callAction(useDevicesStore, () => client().call('devices.test', { id, waitForReadMs: waitForRead ? 15_000 : 0, ...(card ? { card } : {}) })).then((r) => {
      if (r.kind === 'refused') return setTest(id, { running: false, problem: r.problem });
      if (r.kind !== 'done') return;
      setTest(id, { running: false, result: r.value });
      // A printer's test page changes what the training printer shows, and maybe its state.
      if (device?.kind === 'printer') load();
    });
  },
  choose(patch: Partial<Pick<DevicesState['sim'], 'card' | 'via' | 'check'>>): void {
    setSim(patch);
  },
  /** A sample picked from the list the terminal sent; names it does not know are ignored. */
  chooseSample(kind: 'card' | 'check', name: string): void {
    if (kind === 'card') {
      const card = SimCard.safeParse(name);
      if (card.success) setSim({ card: card.data });
    } else {
      const check = SimCheck.safeParse(name);
      if (check.success) setSim({ check: check.data });
    }
  },
  simulateSwipe(): void {
    const { card, via } = get().sim;
    void simulate(() => client().call('devices.simulateSwipe', { card, via }));
  },
  simulateCheck(): void {
    const { check } = get().sim;
    void simulate(() => client().call('devices.simulateCheck', { check }));
  },
};
