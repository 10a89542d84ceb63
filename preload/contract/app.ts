import { z } from 'zod';

/** Contract entries of the application shell: mode, version and live health of the terminal. */

export const Mode = z.enum(['training', 'live']);
export type Mode = z.infer<typeof Mode>;

export const DeviceKind = z.enum(['msr', 'micr', 'pinpad']);
export type DeviceKind = z.infer<typeof DeviceKind>;

export const DeviceState = z.enum(['connected', 'connecting', 'disconnected', 'error', 'disabled']);
export type DeviceState = z.infer<typeof DeviceState>;

export const DeviceStatus = z.object({
  id: z.string(),
  kind: DeviceKind,
  name: z.string(),
  state: DeviceState,
  /** Plain words for a technician, e.g. "permission denied on /dev/ttyUSB0". Never card data. */
  detail: z.string().optional(),
});
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/**
 * `training`: requests go to the built-in simulated gateway. `unknown`: live, nothing sent yet.
 * `online` / `offline`: the outcome of the last exchange with the live gateway.
 */
export const GatewayState = z.enum(['training', 'unknown', 'online', 'offline']);
export type GatewayState = z.infer<typeof GatewayState>;

export const AppStatus = z.object({
  mode: Mode,
  version: z.string(),
  terminal: z.object({ name: z.string() }),
  gateway: z.object({ state: GatewayState }),
  devices: z.array(DeviceStatus),
  queue: z.object({ pending: z.number().int().nonnegative() }),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const appMethods = {
  'app.status': { input: z.strictObject({}), output: AppStatus },
} as const;

export const appEvents = {
  'status.changed': AppStatus,
} as const;
