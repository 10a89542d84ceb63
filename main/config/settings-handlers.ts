import { z } from 'zod';
import type { ErrorIssue, Role, SettingView } from '../../preload/contract';
import { roleAllows } from '../../preload/contract';
import type { CallContext, Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import { formatDollars } from './setting';
import { aboutSetting } from './setting-words';
import { settingDef, type SettingKey } from './settings';
import { lockedReason, SettingError, type SettingInfo, type SettingsStore } from './settings-store';

/** The role whose rights a key's locked reason is told against: a cashier reads as a manager would. */
const atLeastManager = (role: Role): Role => (roleAllows(role, 'manager') ? role : 'manager');

/** A value as the text a person types back (what `fromText` takes): dollars for money, JSON for lists. */
function asText(value: unknown, cents: boolean): string | null {
  if (value === undefined) return null;
  if (cents && typeof value === 'number') return formatDollars(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The texts a setting takes when they are a fixed set: an enum's values, or "true"/"false" (what
 * fromText reads back); undefined for anything typed freely.
 */
export function choicesOf(schema: z.ZodType): string[] | undefined {
  if (schema instanceof z.ZodEnum) return schema.options.map(String);
  if (schema instanceof z.ZodBoolean) return ['true', 'false'];
  return undefined;
}

/** The values a list setting may hold (listSetting: an array of an enum); undefined for any other. */
export function listOf(schema: z.ZodType): string[] | undefined {
  if (schema instanceof z.ZodArray && schema.element instanceof z.ZodEnum) return schema.element.options.map(String);
  return undefined;
}

/**
 * settings.list / unlock / set / unset: the manager's Settings screen, with the rules and words of
 * posctl. Reading is open to a cashier (read-only); the others need a manager; each key is checked again against its own access, so a technician's
 * key (the gateway's address and credentials) is shown read-only, "set by the technician", and a
 * key the machine-wide provisioning file locks is read-only for everyone, naming the file.
 */
export function settingsHandlers(settings: SettingsStore, roleOf: (ctx: CallContext) => Role): Pick<Handlers, 'settings.list' | 'settings.unlock' | 'settings.set' | 'settings.setMany' | 'settings.unset'> {
  const view = (info: SettingInfo, role: Role): SettingView => {
    const editable = info.lockedBy === undefined && roleAllows(role, info.access);
    const base: SettingView = {
      key: info.key,
      description: info.description,
      access: info.access,
      secret: info.secret,
      set: info.set,
      text: info.secret ? null : asText(info.value, info.unit === 'cents'),
      defaultText: info.secret ? null : asText(info.default, info.unit === 'cents'),
      editable,
      // The reason is the key's own (a cashier reads a manager's key as the manager would: not locked, only not unlocked).
      lockedReason: info.lockedBy !== undefined ? lockedReason(info.lockedBy) : roleAllows(atLeastManager(role), info.access) ? null : 'Set by the technician.',
    };
    const schema = settingDef(info.key).schema;
    const choices = choicesOf(schema);
    const list = listOf(schema);
    return { ...base, ...(choices && { choices }), ...(info.unit === 'cents' && { unit: 'cents' as const }), ...(list && { listOf: list }) };
  };
  const all = (role: Role): SettingView[] => settings.describe().map((i) => view(i, role));
  const one = (key: string, role: Role): SettingView => {
    const info = settings.describe(key)[0];
    if (!info) throw new PosError('NOT_FOUND', `no setting ${key}`);
    return view(info, role);
  };
  /** The key's own access, then the write; the store's refusal becomes BAD_INPUT naming the key. */
  const write = (key: string, ctx: CallContext, change: () => void): SettingView => {
    const role = roleOf(ctx);
    let current: SettingView;
    try {
      current = one(key, role);
    } catch (e) {
      if (e instanceof SettingError) throw new PosError('NOT_FOUND', e.message);
      throw e;
    }
    const lockFile = settings.lockedBy(key);
    if (lockFile !== undefined) throw new PosError('FORBIDDEN', `${lockedReason(lockFile)} IT changes it in that file; it cannot be changed here.`);
    if (!current.editable) throw new PosError('FORBIDDEN', `${key} is set by the technician (posctl config set ${key}); it cannot be changed here.`);
    try {
      change();
    } catch (e) {
      if (e instanceof SettingError) throw new PosError('BAD_INPUT', e.message, [{ path: e.key ?? key, message: e.message }]);
      throw e;
    }
    return one(key, role);
  };
  return {
    'settings.list': ({ prefix }, ctx) => all(roleOf(ctx)).filter((s) => prefix === undefined || s.key.startsWith(prefix)),
    'settings.unlock': (_input, ctx) => all(roleOf(ctx)),
    'settings.set': ({ key, text }, ctx) => write(key, ctx, () => settings.setFromText(key, text)),
    'settings.setMany': ({ changes }, ctx) => {
      const role = roleOf(ctx);
      const views = new Map(all(role).map((s) => [s.key, s]));
      // Refusals of the caller's rights come first and whole, as settings.set words them.
      for (const { key } of changes) {
        const current = views.get(key);
        if (!current) throw new PosError('NOT_FOUND', `unknown setting "${key}" (see: posctl config get)`);
        const lockFile = settings.lockedBy(key);
        if (lockFile !== undefined) throw new PosError('FORBIDDEN', `${lockedReason(lockFile)} IT changes it in that file; it cannot be changed here.`);
        if (!current.editable) throw new PosError('FORBIDDEN', `${key} is set by the technician (posctl config set ${key}); it cannot be changed here.`);
      }
      // Every value is judged before anything is written, so the screen can show all refusals at once.
      const issues: ErrorIssue[] = [];
      const entries: Array<readonly [string, unknown]> = [];
      const seen = new Set<string>();
      for (const { key, text } of changes) {
        if (seen.has(key)) issues.push({ path: key, message: `${key} is given twice` });
        seen.add(key);
        const def = settingDef(key as SettingKey);
        const value = def.fromText(text);
        const parsed = def.schema.safeParse(value);
        // The message names the rule, never the rejected value (it may be a secret), as the store says it.
        if (!parsed.success) issues.push({ path: key, message: aboutSetting(key, `invalid value for ${key}: ${parsed.error.issues.map((i) => i.message).join('; ')}`) });
        else if (def.secret && parsed.data === '') issues.push({ path: key, message: `${key} cannot be empty; use unset to remove it` });
        else entries.push([key, value]);
      }
      if (issues.length > 0) throw new PosError('BAD_INPUT', issues.map((i) => i.message).join('; '), issues);
      try {
        // One IMMEDIATE transaction: all the values, or none (a rule between settings refuses the lot).
        settings.setMany(entries);
      } catch (e) {
        if (e instanceof SettingError) throw new PosError('BAD_INPUT', e.message, [{ path: e.key ?? changes[0]?.key ?? '', message: e.message }]);
        throw e;
      }
      return all(role);
    },
    'settings.unset': ({ key }, ctx) => write(key, ctx, () => settings.unset(key)),
  };
}
