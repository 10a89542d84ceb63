import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Language } from './app';
import { ManagerPin } from './manager';

/**
 * The one-time set-up of a lane: its name, its language and the first manager PIN, typed twice.
 * A page shows the set-up screen before the register while `needed`; a PIN set beforehand with
 * `posctl manager-pin set` skips it. It is the only way a page sets a first PIN, and it is refused
 * once a PIN exists (it cannot replace one).
 */
export const SetupStatus = lazySchema(() => z.strictObject({
  /** No manager PIN exists yet: manager-only calls are refused until the set-up (or posctl) sets one. */
  needed: z.boolean(),
  /** The lane's name and language as they are now (a provisioning file may have set them). */
  name: z.string(),
  language: Language,
  /** Why the field cannot be changed here (the machine-wide provisioning file locks it), or null. */
  nameLocked: z.string().nullable(),
  languageLocked: z.string().nullable(),
}));
export type SetupStatus = z.infer<typeof SetupStatus>;

/** What the set-up screen sends. The name is judged by terminal.name's own rules in main (words naming the field). */
export const SetupInput = lazySchema(() => z.strictObject({
  name: z.string().max(400),
  language: Language,
  pin: ManagerPin,
  /** The PIN typed a second time: main refuses a mismatch too. */
  pinAgain: ManagerPin,
}));
export type SetupInput = z.infer<typeof SetupInput>;

export const setupMethods = {
  'setup.status': { input: lazySchema(() => z.strictObject({})), output: SetupStatus },
  /**
   * Saves the name and language and sets the first manager PIN, in one transaction. CONFLICT once a
   * PIN exists (another page or posctl was first); BAD_INPUT names the field (`name`, `pin`, `pinAgain`).
   */
  'setup.complete': { input: SetupInput, output: SetupStatus },
} as const;
