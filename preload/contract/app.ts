import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Contract entries of the application shell: mode, version and live health of the terminal. */

export const Mode = lazySchema(() => z.enum(['training', 'live']));
export type Mode = z.infer<typeof Mode>;

/** The languages the screens are written in (terminal.language); the renderer's translations cover exactly these. */
export const LANGUAGES = ['en', 'fr'] as const;
export const Language = lazySchema(() => z.enum(LANGUAGES));
export type Language = z.infer<typeof Language>;

/** Card (swipe) reader, MICR check reader, PIN pad, ESC/POS receipt printer. */
export const DeviceKind = lazySchema(() => z.enum(['msr', 'micr', 'pinpad', 'printer']));
export type DeviceKind = z.infer<typeof DeviceKind>;

export const DeviceState = lazySchema(() => z.enum(['connected', 'connecting', 'disconnected', 'error', 'disabled']));
export type DeviceState = z.infer<typeof DeviceState>;

export const DeviceStatus = lazySchema(() => z.object({
  id: z.string(),
  kind: DeviceKind,
  name: z.string(),
  state: DeviceState,
  /** Plain words for a technician, e.g. "permission denied on /dev/ttyUSB0". Never card data. */
  detail: z.string().optional(),
}));
export type DeviceStatus = z.infer<typeof DeviceStatus>;

/**
 * `training`: requests go to the built-in simulated gateway. `unknown`: live, nothing sent yet.
 * `online` / `offline`: the outcome of the last exchange with the live gateway.
 */
export const GatewayState = lazySchema(() => z.enum(['training', 'unknown', 'online', 'offline']));
export type GatewayState = z.infer<typeof GatewayState>;

/**
 * Something about the terminal itself that a technician must know, with what to do about it.
 * `error`: the terminal cannot do part of its job (a key it cannot unlock keeps it in training; a
 * log it cannot write). `warning`: it works, with less protection than it should have.
 */
export const ProblemCode = lazySchema(() => z.enum([
  'key-file-only', // no OS keyring: the terminal key is protected by file permissions only
  'key-locked', // the key exists but cannot be unlocked on this host: training only
  'key-lost', // the key file is missing or damaged while sealed secrets exist: training only
  'log-unwritable', // the log file cannot be written (PCI DSS 10.7)
  'gateway-unencrypted', // the live gateway is reached over plain http directly on this machine (loopback, no proxy)
  'gateway-route-refused', // the live gateway is not used: plain http through a proxy would carry card data in clear
  'setting-refused', // a stored setting fails its rules; its default applies
  'cannot-start', // posctl only: a store the terminal needs is damaged or unusable (the app would not start)
  'provisioning-secrets-left', // the machine-wide provisioning file could not be rewritten without the secrets it sealed
]));
export type ProblemCode = z.infer<typeof ProblemCode>;

/**
 * Who can act on a problem. `cashier`: it changes what the counter can do (payments refused), so the
 * status bar shows it to everyone; `technician`: the Status screen lists it, and the status bar
 * points to it only while a manager or technician session is open.
 */
export const ProblemAudience = lazySchema(() => z.enum(['cashier', 'technician']));
export type ProblemAudience = z.infer<typeof ProblemAudience>;

export const StatusProblem = lazySchema(() => z.object({
  code: ProblemCode,
  severity: z.enum(['warning', 'error']),
  audience: ProblemAudience,
  /** A sentence for a technician: what is wrong and what to do (posctl and the log print it). Never card data or secrets. */
  message: z.string(),
  /**
   * The same without what the code already says: the particulars and what to do. A screen shows it
   * after its own words for the code, so the sentence is not said twice.
   */
  detail: z.string(),
}));
export type StatusProblem = z.infer<typeof StatusProblem>;

export const AppStatus = lazySchema(() => z.object({
  mode: Mode,
  version: z.string(),
  terminal: z.object({ name: z.string(), language: Language }),
  /** receipts.afterApproval: after an approval the Register prints the customer receipt, asks, or does nothing. */
  receipts: z.object({ afterApproval: z.enum(['print', 'ask', 'none']) }),
  /**
   * `unencrypted`: live over plain http straight to a loopback address (a local test gateway or a TLS
   * relay on this PC), never through a proxy (that route is refused: problem `gateway-route-refused`).
   */
  gateway: z.object({
    state: GatewayState,
    unencrypted: z.boolean(),
    /**
     * When an attempt to reach the gateway of the mode shown (the training simulator included) first
     * failed, since the last one that got through (ISO 8601). Absent while it answers or was not tried.
     */
    offlineSince: z.string().datetime({ offset: true }).optional(),
  }),
  devices: z.array(DeviceStatus),
  /**
   * `pending`: live payments stored offline and not yet forwarded, counted even while the terminal
   * shows training; `training`: the same in the training journal; `needsLookup` and `attention`: live
   * payments waiting for a manager's decision.
   */
  queue: z.object({
    pending: z.number().int().nonnegative(),
    training: z.number().int().nonnegative(),
    needsLookup: z.number().int().nonnegative(),
    attention: z.number().int().nonnegative(),
    /** The same two lists in the training journal (what a trainee sees decided on the Offline queue screen). */
    trainingNeedsLookup: z.number().int().nonnegative(),
    trainingAttention: z.number().int().nonnegative(),
  }),
  problems: z.array(StatusProblem),
}));
export type AppStatus = z.infer<typeof AppStatus>;

/** What waits in the journal of the mode shown, as the Offline queue screen lists it. */
export interface ShownQueue {
  pending: number;
  needsLookup: number;
  attention: number;
}

/**
 * The one count of payments waiting that the status bar, the offline banner, the Status screen and
 * posctl status give: the training journal's in training, the live journal's when live, as the
 * Offline queue screen (queue.status, queue.list) shows them. Live payments left waiting while the
 * terminal shows training are not in it: they are sent once it is live again.
 */
export function shownQueue(status: Pick<AppStatus, 'mode' | 'queue'>): ShownQueue {
  const q = status.queue;
  return status.mode === 'training'
    ? { pending: q.training, needsLookup: q.trainingNeedsLookup, attention: q.trainingAttention }
    : { pending: q.pending, needsLookup: q.needsLookup, attention: q.attention };
}

export const appMethods = {
  'app.status': { input: lazySchema(() => z.strictObject({})), output: AppStatus },
} as const;

export const appEvents = {
  'status.changed': AppStatus,
} as const;
