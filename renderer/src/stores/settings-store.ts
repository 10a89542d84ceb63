import { create } from 'zustand';
import type { SettingView } from '../../../preload/contract';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction } from './call-action';

/** What the last Save came to: every change saved, or some refused (each under its field), or a refusal of the whole. */
export type SaveOutcome = { kind: 'saved'; count: number } | { kind: 'refused'; keys: string[] } | { kind: 'failed'; problem: Problem };

export interface SettingsState {
  /** The settings in force, as main last gave them; empty until this page may read them. */
  settings: SettingView[];
  /** Whether the form takes changes: the manager opened it with Unlock (the PIN when the page needed it). */
  unlocked: boolean;
  /** The text typed for each changed key, as main reads it ("80.00", `["sale"]`): only keys that differ from the value in force. */
  drafts: Record<string, string>;
  /** Main's refusal of each key at the last Save, in its words. */
  problems: Record<string, string>;
  outcome: SaveOutcome | undefined;
  busy: boolean;
  /** The last read or Unlock refused, as main's code (the screen says it). */
  problem: Problem | undefined;
  /** A secret removed (Remove acts at once: nothing of a secret is ever in the form to save or discard). */
  notes: Record<string, { ok: true } | { ok: false; problem: Problem }>;
}

const client = () => connect().client;

/** The refusal main sends a page that lacks the manager role: the quiet read on arrival keeps the screen locked on it. */
const needsManager = (p: Problem): boolean => p.code === 'FORBIDDEN' && p.needs === 'manager';

const initial: SettingsState = { settings: [], unlocked: false, drafts: {}, problems: {}, outcome: undefined, busy: false, problem: undefined, notes: {} };

export const useSettingsStore = create<SettingsState>(() => initial);

const set = useSettingsStore.setState;
const get = useSettingsStore.getState;

/** Whether any change waits for Save (the screen asks before it is left then). */
export const hasChanges = (s: SettingsState): boolean => Object.keys(s.drafts).length > 0;

export const settingsActions = {
  /**
   * The quiet read on arrival: no PIN dialog pops up over the screen. Every page, a cashier's too,
   * sees the settings read-only with Unlock; a refusal that needs a manager leaves Unlock alone.
   */
  load(): void {
    void callAction(useSettingsStore, () => client().call('settings.list', {})).then((r) => {
      if (r.kind === 'done') set({ settings: r.value, problem: undefined });
      else if (r.kind === 'refused') set(needsManager(r.problem) ? { settings: [], unlocked: false } : { problem: r.problem });
    });
  },
  /** Unlock: the manager PIN when the page needs it (ManagerGate's dialog), then the form takes changes. */
  unlock(): void {
    void callAction(useSettingsStore, () => client().call('settings.unlock', {}), { asManager: true }).then((r) => {
      if (r.kind === 'done') set({ settings: r.value, unlocked: true, problem: undefined });
      else if (r.kind === 'refused') set({ problem: r.problem });
    });
  },
  /** Back to read-only (the technician locking, a cashier again): unsaved changes go with it; the values are read again as this page now sees them. */
  close(): void {
    set({ unlocked: false, drafts: {}, problems: {}, outcome: undefined });
    settingsActions.load();
  },
  /** Leaving the screen (after its question): the next arrival is read-only again, with no changes. */
  leave(): void {
    set({ unlocked: false, drafts: {}, problems: {}, outcome: undefined, notes: {} });
  },
  /** A typed value; typing the value in force back takes the key out of the changes. */
  edit(key: string, text: string): void {
    const current = get().settings.find((s) => s.key === key);
    const drafts = { ...get().drafts };
    if (current && !current.secret && current.text === text) delete drafts[key];
    else if (current?.secret && text === '') delete drafts[key];
    else drafts[key] = text;
    const problems = { ...get().problems };
    delete problems[key];
    set({ drafts, problems, outcome: undefined });
  },
  discard(): void {
    set({ drafts: {}, problems: {}, outcome: undefined });
  },
  /** One Save for every change on the screen: main applies all of them or none. */
  save(): void {
    const changes = Object.entries(get().drafts).map(([key, text]) => ({ key, text }));
    if (changes.length === 0 || get().busy) return;
    set({ outcome: undefined });
    void callAction(useSettingsStore, () => client().call('settings.setMany', { changes }), { busy: 'busy', asManager: true }).then((r) => {
      if (r.kind === 'done') set({ settings: r.value, drafts: {}, problems: {}, outcome: { kind: 'saved', count: changes.length } });
      if (r.kind !== 'refused') return;
      const issues = r.problem.code === 'BAD_INPUT' ? r.problem.issues : [];
      // Each refusal goes under its own field; a refusal of no field we show stays whole.
      const problems = Object.fromEntries(issues.filter((i) => i.path in get().drafts).map((i) => [i.path, i.message]));
      const keys = Object.keys(problems);
      set({ problems, outcome: keys.length > 0 ? { kind: 'refused', keys } : { kind: 'failed', problem: r.problem } });
    });
  },
  /** Removes a stored secret at once (a secret is never in the form's changes). */
  remove(key: string): void {
    void callAction(useSettingsStore, () => client().call('settings.unset', { key }), { asManager: true }).then((r) => {
      if (r.kind === 'done') set({ settings: get().settings.map((s) => (s.key === key ? r.value : s)), notes: { ...get().notes, [key]: { ok: true } } });
      else if (r.kind === 'refused') set({ notes: { ...get().notes, [key]: { ok: false, problem: r.problem } } });
    });
  },
  /** For tests: the state a fresh page starts with. */
  reset(): void {
    set(initial, true);
  },
};
