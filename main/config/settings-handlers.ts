import { z } from 'zod';
import type { Role, SettingView } from '../../preload/contract';
import { roleAllows } from '../../preload/contract';
import type { CallContext, Handlers } from '../api/dispatcher';
import { PosError } from '../api/errors';
import { formatDollars } from './setting';
import { settingDef } from './settings';
import { lockedReason, SettingError, type SettingInfo, type SettingsStore } from './settings-store';

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

/**
 * settings.list / set / unset: the manager's Settings screen, with the rules and words of posctl.
 * The method needs a manager; each key is checked again against its own access, so a technician's
 * key (the gateway's address and credentials) is shown read-only, "set by the technician", and a
 * key the machine-wide provisioning file locks is read-only for everyone, naming the file.
 */
export function settingsHandlers(settings: SettingsStore, roleOf: (ctx: CallContext) => Role): Pick<Handlers, 'settings.list' | 'settings.set' | 'settings.unset'> {
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
      lockedReason: info.lockedBy !== undefined ? lockedReason(info.lockedBy) : editable ? null : 'Set by the technician.',
    };
    const choices = choicesOf(settingDef(info.key).schema);
    return choices ? { ...base, choices } : base;
  };
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
    'settings.list': ({ prefix }, ctx) => {
      const role = roleOf(ctx);
      return settings.describe().filter((i) => prefix === undefined || i.key.startsWith(prefix)).map((i) => view(i, role));
    },
    'settings.set': ({ key, text }, ctx) => write(key, ctx, () => settings.setFromText(key, text)),
    'settings.unset': ({ key }, ctx) => write(key, ctx, () => settings.unset(key)),
  };
}
