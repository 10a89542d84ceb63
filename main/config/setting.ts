import { z } from 'zod';
import { plainText } from '../../preload/contract/text';
import { credentialsInUrl } from './url-rules';

/**
 * One entry of the settings schema. Keys are dotted (`gateway.url`) and the same everywhere:
 * `posctl config`, the provisioning file and the contract.
 */
export interface SettingDef<T> {
  readonly schema: z.ZodType<T>;
  readonly default: T;
  /** Write-only: sealed at rest, never printed, never sent to the renderer. */
  readonly secret: boolean;
  /** Who may change it from the register screen; the command line is the technician's. */
  readonly access: 'technician' | 'manager';
  readonly description: string;
  /** Money: stored and read as integer cents, typed and shown in dollars ("50.00"). */
  readonly unit?: 'cents';
  /** Turns the text typed on a command line into the value the schema checks. */
  fromText(text: string): unknown;
  /** Turns a provisioning-file value into the value the schema checks; absent: taken as it is. */
  fromFile?(value: unknown): unknown;
}

/**
 * A rule between settings (offline.maxAmount ≤ offline.maxTotal), checked on every write that
 * touches one of its keys, against the values as they would be after the write.
 */
export interface SettingRule {
  readonly keys: readonly string[];
  /** A message naming the keys and their values, or undefined when they agree. */
  check(value: (key: string) => unknown): string | undefined;
}

/** Declares a rule next to its settings; `defs` only types the values the check receives. */
export function settingRule<D extends Record<string, SettingDef<unknown>>, const K extends keyof D & string>(
  defs: D,
  keys: readonly K[],
  check: (values: { [P in K]: D[P] extends SettingDef<infer T> ? T : never }) => string | undefined,
): SettingRule {
  return {
    keys,
    check: (value) => check(Object.fromEntries(keys.map((k) => [k, value(k)])) as Parameters<typeof check>[0]),
  };
}

/**
 * A setting's schema, built when it is first used: a process checks only the settings stored in
 * its database and those it is given (posctl status: a few of more than a hundred), and building
 * them all cost every start a few milliseconds.
 */
function lazily<T>(build: () => z.ZodType<T>): () => z.ZodType<T> {
  let built: z.ZodType<T> | undefined;
  return () => (built ??= build());
}

interface Common {
  description: string;
  access?: 'technician' | 'manager';
}

/** Free text; whatever its own schema, control characters are refused (preload/contract/text.ts). */
export function textSetting(
  options: Common & { default?: string; secret?: boolean; schema?: z.ZodType<string> },
): SettingDef<string> {
  return textDef(options, () => options.schema ?? z.string().max(1000));
}

function textDef(options: Common & { default?: string; secret?: boolean }, inner: () => z.ZodType<string>): SettingDef<string> {
  const schema = lazily(() => plainText(inner()));
  return {
    get schema() {
      return schema();
    },
    default: options.default ?? '',
    secret: options.secret ?? false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => t,
  };
}

/** Refuses a user name or password inside a URL (for every URL setting). */
export function withoutCredentials(schema: z.ZodType<string>): z.ZodType<string> {
  return schema.superRefine((v, ctx) => {
    const problem = credentialsInUrl(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** An http(s) URL without credentials in it, or empty for "not configured". */
export function urlSetting(options: Common & { default?: string }): SettingDef<string> {
  return textDef(options, () => z.union([z.literal(''), withoutCredentials(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }))]));
}

export function intSetting(options: Common & { default: number; min: number; max: number }): SettingDef<number> {
  const schema = lazily(() => z.number().int().min(options.min).max(options.max));
  return {
    get schema() {
      return schema();
    },
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => (/^-?\d+$/.test(t.trim()) ? Number(t.trim()) : t),
  };
}

export function boolSetting(options: Common & { default: boolean }): SettingDef<boolean> {
  const schema = lazily(() => z.boolean());
  return {
    get schema() {
      return schema();
    },
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => ({ true: true, false: false, yes: true, no: false, on: true, off: false })[t.trim().toLowerCase()] ?? t,
  };
}

export function enumSetting<const T extends readonly [string, ...string[]]>(
  values: T,
  options: Common & { default: T[number] },
): SettingDef<T[number]> {
  const schema = lazily(() => z.enum(values));
  return {
    get schema() {
      return schema();
    },
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => t.trim(),
  };
}

/** A structured value (a list, an object): JSON on the command line, plain JSON in provisioning files. */
export function jsonSetting<T>(options: Common & { schema: z.ZodType<T>; default: T }): SettingDef<T> {
  return {
    schema: options.schema,
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => {
      try {
        return JSON.parse(t) as unknown;
      } catch {
        // The schema then refuses it with its own words ("expected array").
        return t;
      }
    },
  };
}

/** The message of every refused money text. */
export const DOLLARS_HINT = 'must be dollars and cents, e.g. 50.00 (digits, at most two decimals, no sign or commas)';

// "$" is optional; a comma is refused rather than guessed (is "1,50" 1.50 or 150?).
const DOLLARS = /^\$?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars text ("50", "50.5", "$1000.00") as integer cents, read digit by digit so that "0.29"
 * is 29, never 28.999…; undefined for anything else (3 decimals, a sign, an exponent, commas).
 */
export function parseDollars(text: string): number | undefined {
  const m = DOLLARS.exec(text.trim());
  if (!m?.[1]) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Integer cents as dollars text that parseDollars reads back: 5000 → "50.00" (no $, no commas). */
export function formatDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount of money: `settings.get` gives integer cents; the command line and provisioning files
 * give dollars (a provisioning file as "50.00" or as the JSON number 50.5). `default`, `min` and
 * `max` are in cents.
 */
export function moneySetting(options: Common & { default: number; min: number; max: number }): SettingDef<number> {
  const parse = (v: unknown): unknown => {
    // A JSON number is read through its shortest text (50.5 → "50.5"), so no binary fraction leaks in.
    const text = typeof v === 'number' ? String(v) : v;
    // Anything unreadable reaches the schema as not-a-number, so it is refused with DOLLARS_HINT.
    return typeof text === 'string' ? (parseDollars(text) ?? text) : v;
  };
  const schema = lazily(() =>
    z
      .number({ error: DOLLARS_HINT })
      .int({ error: 'must be whole cents' })
      .min(options.min, { error: `must be at least ${formatDollars(options.min)}` })
      .max(options.max, { error: `must be at most ${formatDollars(options.max)}` }),
  );
  return {
    get schema() {
      return schema();
    },
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    unit: 'cents',
    fromText: parse,
    fromFile: parse,
  };
}

/**
 * Some of a fixed set of values, each at most once: a JSON list or a comma list ("sale,preauth")
 * on the command line, a JSON list in provisioning files.
 */
export function listSetting<const T extends readonly [string, ...string[]]>(
  values: T,
  options: Common & { default: Array<T[number]> },
): SettingDef<Array<T[number]>> {
  const schema = lazily(() =>
    z
      .array(z.enum(values, { error: `each must be one of ${values.join(', ')}` }))
      .refine((list) => new Set(list).size === list.length, 'each value at most once'),
  );
  return {
    get schema() {
      return schema();
    },
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => {
      const text = t.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return text;
        }
      }
      return text === '' ? [] : text.split(',').map((v) => v.trim());
    },
  };
}
