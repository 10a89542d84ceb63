import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Roles and the manager PIN. Every page starts as a cashier; the manager PIN opens a manager
 * session for that page connection alone (two minutes without a call, or "lock", ends it); posctl,
 * which has the OS account, is the technician, and so is a desktop app page given its one-time code.
 */
export const Role = lazySchema(() => z.enum(['cashier', 'manager', 'technician']));
export type Role = z.infer<typeof Role>;

/** A manager PIN: 4 to 12 digits. Weak ones (one digit repeated, a straight run) are refused by main with the reason. */
export const ManagerPin = lazySchema(() => z.string().regex(/^\d{4,12}$/, 'a manager PIN is 4 to 12 digits'));

/** A one-time technician code from `posctl technician code`: 8 digits. */
export const TechnicianCode = lazySchema(() => z.string().regex(/^\d{8}$/, 'a technician code is 8 digits'));

export const ManagerStatus = lazySchema(() => z.strictObject({
  /** The role this page connection has now. */
  role: Role,
  /** False until the set-up screen (setup.complete) or posctl sets one. */
  pinSet: z.boolean(),
  /** While wrong PINs keep the PIN locked: until when, and the same in words. */
  lockedUntil: z.string().nullable(),
  lockedWords: z.string().nullable(),
  /** When this page's manager session ends without further calls. */
  sessionEndsAt: z.string().nullable(),
}));
export type ManagerStatus = z.infer<typeof ManagerStatus>;

export const managerMethods = {
  'manager.status': { input: lazySchema(() => z.strictObject({})), output: ManagerStatus },
  /** Opens a manager session for this page connection. FORBIDDEN with words for a wrong or locked PIN. */
  'manager.unlock': { input: lazySchema(() => z.strictObject({ pin: ManagerPin })), output: ManagerStatus },
  /** Ends this page's manager session at once. */
  'manager.lock': { input: lazySchema(() => z.strictObject({})), output: ManagerStatus },
  /** Changes the PIN: the current one is needed (and opens this page's session). The first PIN is the set-up's (setup.complete) or posctl's. */
  'manager.setPin': { input: lazySchema(() => z.strictObject({ current: ManagerPin, pin: ManagerPin })), output: ManagerStatus },
  /**
   * The desktop app only (refused, UNAVAILABLE, over the WebSocket): a one-time code from `posctl
   * technician code` makes this page a technician's, with the manager session's rules; it works once.
   */
  'technician.unlock': { input: lazySchema(() => z.strictObject({ code: TechnicianCode })), output: ManagerStatus },
} as const;

export const managerEvents = {
  /**
   * The manager PIN in force changed (set, changed or reset, on any page or by posctl): every manager
   * session ended. Each page asks manager.status again and drops back to cashier.
   */
  'manager.changed': lazySchema(() => z.strictObject({ pinSet: z.boolean() })),
} as const;
