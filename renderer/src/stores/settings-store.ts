import { create } from 'zustand';
import type { SettingView } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { useManagerStore } from './manager-store';

/** What main said about the last write of a key: saved (the screen says so), or refused in posctl's words. */
export type SettingNote = { ok: true } | { ok: false; text: string };

export interface SettingsState {
  settings: SettingView[];
  notes: Record<string, SettingNote>;
  error: string | undefined;
  load: () => void;
  save: (key: string, text: string) => void;
  reset: (key: string) => void;
}

const client = () => connect().client;

export const useSettingsStore = create<SettingsState>((set, get) => {
  const write = (key: string, call: () => Promise<SettingView>): void => {
    useManagerStore
      .getState()
      .asManager(call)
      .then(
        (view) => {
          if (!view) return;
          set({ settings: get().settings.map((s) => (s.key === key ? view : s)), notes: { ...get().notes, [key]: { ok: true } } });
        },
        (e: unknown) => set({ notes: { ...get().notes, [key]: { ok: false, text: errorWords(e) } } }),
      );
  };
  return {
    settings: [],
    notes: {},
    error: undefined,
    load() {
      useManagerStore
        .getState()
        .asManager(() => client().call('settings.list', {}))
        .then(
          (settings) => settings && set({ settings, error: undefined }),
          (e: unknown) => set({ error: errorWords(e) }),
        );
    },
    save(key, text) {
      write(key, () => client().call('settings.set', { key, text }));
    },
    reset(key) {
      write(key, () => client().call('settings.unset', { key }));
    },
  };
});
