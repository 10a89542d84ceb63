import { create } from 'zustand';
import type { AppStatus } from '../../../preload/contract';
import type { Connection, PosConnection } from '../api/pos';
import type { Problem } from '../components/problem';
import { setLanguage } from '../i18n/i18n';
import { callAction } from './call-action';

export interface StatusState {
  status: AppStatus | undefined;
  connection: Connection;
  /** Why the last status request failed, as main's code (the page says it). */
  problem: Problem | undefined;
}

export const useStatusStore = create<StatusState>(() => ({ status: undefined, connection: 'connecting', problem: undefined }));

/** A new status: the screens' language follows terminal.language as it arrives with it. */
function received(status: AppStatus): void {
  setLanguage(status.terminal.language);
  useStatusStore.setState({ status, problem: undefined });
}

/** Feeds the store from `app.status` and keeps it live from `status.changed`. */
export function bindStatus(conn: PosConnection): void {
  const { client } = conn;
  const load = (): void => {
    void callAction(useStatusStore, () => client.call('app.status', {})).then((r) => {
      if (r.kind === 'done') received(r.value);
      else if (r.kind === 'refused') useStatusStore.setState({ problem: r.problem });
    });
  };
  useStatusStore.setState({ connection: conn.initial });
  client.on('status.changed', received);
  conn.watch((connection) => {
    useStatusStore.setState({ connection });
    if (connection === 'open') load(); // after a reconnect the status may have moved on
  });
  load();
}
