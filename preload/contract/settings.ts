import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * Settings as the manager's Settings screen reads and writes them: the same dotted keys, rules and
 * words as `posctl config`. Values travel as the text a person types ("50.00" for money, "true",
 * a comma list), so a field validates exactly as the command line does. Secrets are write-only:
 * only whether they are set ever leaves the core.
 */
export const SettingKeyText = lazySchema(() => z.string().regex(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/, 'a setting key, e.g. offline.maxAmount').max(80));

export const SettingView = lazySchema(() => z.strictObject({
  key: z.string(),
  description: z.string(),
  /** Who may change it: a manager on the Settings screen, or a technician (posctl, or the desktop app unlocked). */
  access: z.enum(['manager', 'technician']),
  secret: z.boolean(),
  /** A value is stored (otherwise the default applies). */
  set: z.boolean(),
  /** The value as text, as it is typed back; null for a secret. */
  text: z.string().nullable(),
  defaultText: z.string().nullable(),
  /** Whether this caller may change it now. */
  editable: z.boolean(),
  /** Why not, in words (e.g. "Set by the technician."), when it may not. */
  lockedReason: z.string().nullable(),
  /**
   * The only texts it takes, when it is one of a fixed set (an enum, or true/false): the screen
   * offers a choice instead of a text field. Absent: free text, checked by main.
   */
  choices: z.array(z.string()).optional(),
  /** Money: `text` is dollars and cents ("100.00"), shown as money in the screen's language. */
  unit: z.literal('cents').optional(),
  /**
   * A list setting (offline.types): the values it may hold, each at most once; `text` is the JSON
   * list in force (`["sale"]`), offered as one check box per value, never as raw JSON.
   */
  listOf: z.array(z.string()).optional(),
}));
export type SettingView = z.infer<typeof SettingView>;

export const settingsMethods = {
  /**
   * Every setting, or those under a prefix ("offline."), as this caller may change them. Open to a
   * cashier, who sees the values read-only (`editable` false; `lockedReason` only where a manager
   * could not change the key either): the Settings screen on arrival.
   */
  'settings.list': { input: lazySchema(() => z.strictObject({ prefix: z.string().max(80).optional() })), output: lazySchema(() => z.array(SettingView)) },
  /**
   * Every setting as a manager (or technician) may change them: the Settings screen's Unlock. The
   * same answer as settings.list, but refused to a cashier with `needs: 'manager'`, which is what
   * brings up the manager PIN dialog.
   */
  'settings.unlock': { input: lazySchema(() => z.strictObject({})), output: lazySchema(() => z.array(SettingView)) },
  /** Sets one setting from the text typed; BAD_INPUT names the key and says why, as posctl does. */
  'settings.set': { input: lazySchema(() => z.strictObject({ key: SettingKeyText, text: z.string().max(4000) })), output: SettingView },
  /**
   * Several settings from the text typed, all or nothing, in one transaction (the rules between
   * settings see the new values together). BAD_INPUT carries one issue per refused key (path: the
   * key) so the screen shows each under its field; nothing is written then. Answers every setting.
   */
  'settings.setMany': {
    input: lazySchema(() => z.strictObject({ changes: z.array(z.strictObject({ key: SettingKeyText, text: z.string().max(4000) })).min(1).max(200) })),
    output: lazySchema(() => z.array(SettingView)),
  },
  /** Back to the default (a secret is removed). */
  'settings.unset': { input: lazySchema(() => z.strictObject({ key: SettingKeyText })), output: SettingView },
} as const;
