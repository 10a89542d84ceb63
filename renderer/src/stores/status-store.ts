import { create } from 'zustand';
import type { AppStatus } from '../../../preload/contract';
import { errorWords, type Connection, type PosConnection } from '../api/pos';

export interface StatusState {
  status: AppStatus | undefined;
  connection: Connection;
  /** Why the last status request failed, in words for the screen. */
  error: string | undefined;
}

export const useStatusStore = create<StatusState>(() => ({ status: undefined, connection: 'connecting', error: undefined }));

/** Feeds the store from `app.status` and keeps it live from `status.changed`. */
export function bindStatus(conn: PosConnection): void {
  const { client } = conn;
  const load = (): void => {
    client.call('app.status', {}).then(
      (status) => useStatusStore.setState({ status, error: undefined }),
      (e: unknown) => useStatusStore.setState({ error: errorWords(e) }),
    );
  };
  useStatusStore.setState({ connection: conn.initial });
  client.on('status.changed', (status) => useStatusStore.setState({ status }));
  conn.watch((connection) => {
    useStatusStore.setState({ connection });
    if (connection === 'open') load(); // after a reconnect the status may have moved on
  });
  load();
}
