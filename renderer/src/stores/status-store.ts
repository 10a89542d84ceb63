import { create } from 'zustand';
import type { AppStatus } from '../../../preload/contract';
import { errorWords, type Connection, type PosConnection } from '../api/pos';
import { setLanguage } from '../i18n/i18n';

export interface StatusState {
  status: AppStatus | undefined;
  connection: Connection;
  /** Why the last status request failed, in words for the screen. */
  error: string | undefined;
}

export const useStatusStore = create<StatusState>(() => ({ status: undefined, connection: 'connecting', error: undefined }));

/** A new status: the screens' language follows terminal.language as it arrives with it. */
function received(status: AppStatus): void {
  setLanguage(status.terminal.language);
  useStatusStore.setState({ status, error: undefined });
}

/** Feeds the store from `app.status` and keeps it live from `status.changed`. */
export function bindStatus(conn: PosConnection): void {
  const { client } = conn;
  const load = (): void => {
    client.call('app.status', {}).then(received, (e: unknown) => useStatusStore.setState({ error: errorWords(e) }));
  };
  useStatusStore.setState({ connection: conn.initial });
  client.on('status.changed', received);
  conn.watch((connection) => {
    useStatusStore.setState({ connection });
    if (connection === 'open') load(); // after a reconnect the status may have moved on
  });
  load();
}
