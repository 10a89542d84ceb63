import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { isSettingKey, settingDef, settingDefs, settingRules, type SettingKey } from './settings';

/**
 * The machine-wide provisioning file, checked without applying it: the same settings as
 * `<data dir>/provision.json` (dotted or nested keys), plus two top-level entries of its own:
 * - `"lock"`: `true` locks every setting the file gives; a list locks the keys named, or a group
 *   with `"gateway.*"`. A locked setting is read-only in Settings and refused by posctl.
 * - `"sealed"`: written by the app, never by hand: `{ "gateway.password": "<when>" }` for each
 *   secret it sealed and then removed from the file (a `lock: true` still covers those).
 * Pure: tested with vectors. No message quotes a value (it may be a password).
 */

export interface ProvisioningProblem {
  /** The setting, or `lock` / `sealed` / `(file)`. */
  key: string;
  reason: string;
}

export interface CheckedProvisioning {
  /** Settings with a value in the file, as written (money still in dollars). */
  entries: Array<[SettingKey, unknown]>;
  /** Secrets given in plain text by the file. */
  secrets: SettingKey[];
  /** Settings the file locks. */
  locked: SettingKey[];
  /** Secrets the app already sealed and removed from the file. */
  sealed: Record<string, string>;
  problems: ProvisioningProblem[];
}

export const LOCK_ENTRY = 'lock';
export const SEALED_ENTRY = 'sealed';

const Lock = lazySchema(() => z.union([z.boolean(), z.array(z.string().max(100)).max(500)]));
const Sealed = lazySchema(() => z.record(z.string(), z.string().max(40)));

function issues(error: z.ZodError): string {
  return error.issues.map((i) => i.message).join('; ');
}

/** Dotted and nested keys alike; a branch that is not an object of settings is kept as one (unknown) key. */
function flatten(input: Record<string, unknown>, prefix: string, out: Array<[string, unknown]>): void {
  for (const [k, v] of Object.entries(input)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (!isSettingKey(key) && v !== null && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, key, out);
    else out.push([key, v]);
  }
}

/** `gateway.url` or `gateway.*`: the keys it names, or undefined when it names none. */
function lockTargets(entry: string): SettingKey[] | undefined {
  if (entry.endsWith('.*')) {
    const prefix = entry.slice(0, -1);
    const keys = (Object.keys(settingDefs) as SettingKey[]).filter((k) => k.startsWith(prefix));
    return keys.length > 0 ? keys : undefined;
  }
  return isSettingKey(entry) ? [entry] : undefined;
}

export function checkProvisioning(input: unknown, options: { allowLock?: boolean } = {}): CheckedProvisioning {
  const out: CheckedProvisioning = { entries: [], secrets: [], locked: [], sealed: {}, problems: [] };
  const problem = (key: string, reason: string): void => void out.problems.push({ key, reason });
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    problem('(file)', 'a provisioning file is one JSON object of settings, e.g. { "terminal": { "name": "Lane 12" } }');
    return out;
  }
  const { [LOCK_ENTRY]: lock, [SEALED_ENTRY]: sealed, ...rest } = input as Record<string, unknown>;

  const flat: Array<[string, unknown]> = [];
  flatten(rest, '', flat);
  const seen = new Set<string>();
  const values = new Map<SettingKey, unknown>();
  for (const [key, raw] of flat) {
    if (seen.has(key)) {
      problem(key, 'is given twice (once dotted, once nested): keep one');
      continue;
    }
    seen.add(key);
    if (!isSettingKey(key)) {
      problem(key, 'is not a setting of this version (posctl config get lists them)');
      continue;
    }
    const def = settingDef(key);
    const parsed = def.schema.safeParse(def.fromFile ? def.fromFile(raw) : raw);
    if (!parsed.success) {
      problem(key, issues(parsed.error));
      continue;
    }
    if (def.secret && parsed.data === '') {
      problem(key, 'a secret cannot be empty: leave it out of the file instead');
      continue;
    }
    out.entries.push([key, raw]);
    values.set(key, parsed.data);
    if (def.secret) out.secrets.push(key);
  }

  // Rules between keys, against the values a new lane would hold with this file applied.
  for (const rule of settingRules) {
    const touched = rule.keys.find((k) => values.has(k as SettingKey));
    if (touched === undefined) continue;
    const broken = rule.check((k) => (values.has(k as SettingKey) ? values.get(k as SettingKey) : settingDef(k as SettingKey).default));
    if (broken) problem(touched, broken);
  }

  if (sealed !== undefined) {
    const parsed = Sealed.safeParse(sealed);
    if (!parsed.success) problem(SEALED_ENTRY, 'is written by the app: an object of the secrets it sealed, e.g. { "gateway.password": "2026-01-31T12:00:00.000Z" }');
    else {
      for (const [key, at] of Object.entries(parsed.data)) {
        if (!isSettingKey(key) || !settingDef(key).secret) problem(SEALED_ENTRY, `names ${key}, which is not a secret setting`);
        else out.sealed[key] = at;
      }
    }
  }

  if (lock !== undefined) {
    const parsed = Lock.safeParse(lock);
    if (!options.allowLock) problem(LOCK_ENTRY, 'locks apply only in the machine-wide provisioning file');
    else if (!parsed.success) problem(LOCK_ENTRY, 'must be true, false, or a list of settings such as ["gateway.url", "offline.*"]');
    else if (parsed.data === true) {
      out.locked = [...new Set([...out.entries.map(([k]) => k), ...(Object.keys(out.sealed) as SettingKey[])])];
    } else if (Array.isArray(parsed.data)) {
      const locked = new Set<SettingKey>();
      for (const entry of parsed.data) {
        const targets = lockTargets(entry);
        if (!targets) problem(LOCK_ENTRY, `names ${JSON.stringify(entry).slice(0, 60)}, which is not a setting or a group of settings (e.g. "offline.*")`);
        else for (const k of targets) locked.add(k);
      }
      out.locked = [...locked];
    }
  }
  return out;
}
