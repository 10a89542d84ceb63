import type { Logger } from 'pino';
import type { GatewayTraining } from '../../gateway/training-port';
import type { OpenOptions } from '../../store/database';
import type { GatewaySimulator } from './server';
import { openSimStoreFile } from './sqlite-sim-store';

export interface GatewayTrainingOptions {
  log: Logger;
  now: () => Date;
  /**
   * The training simulator's file (`<data dir>/training-gateway.sqlite`), shared with posctl: its
   * history and tags survive restarts and its fault can be set from another process. Absent: in memory.
   */
  file?: { file: string; dbOptions?: OpenOptions };
}

/** Training's gateway: the simulator a training client is pointed at, over the shared training file. */
export function gatewayTraining(o: GatewayTrainingOptions): GatewayTraining<GatewaySimulator> {
  const open = () => (o.file ? openSimStoreFile(o.file.file, { ...(o.file.dbOptions ? { db: o.file.dbOptions } : {}), log: o.log, now: o.now }) : undefined);
  return {
    // The simulator owns the store from here and closes it when it closes. It loads on first start
    // (its request reader, XML parser and tables: after the headless start's address).
    start: async ({ namespace, hmac }) => {
      const { startGatewaySimulator } = await import('./server');
      return startGatewaySimulator({ namespace, keepBodies: false, now: o.now, store: open(), ...(hmac ? { hmac } : {}) });
    },
    openFaultSwitch: open,
  };
}
