import { z } from 'zod';
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
  /** Turns the text typed on a command line into the value the schema checks. */
  fromText(text: string): unknown;
}

interface Common {
  description: string;
  access?: 'technician' | 'manager';
}

export function textSetting(
  options: Common & { default?: string; secret?: boolean; schema?: z.ZodType<string> },
): SettingDef<string> {
  return {
    schema: options.schema ?? z.string().max(1000),
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
  const url = withoutCredentials(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }));
  return textSetting({ ...options, schema: z.union([z.literal(''), url]) });
}

export function intSetting(options: Common & { default: number; min: number; max: number }): SettingDef<number> {
  return {
    schema: z.number().int().min(options.min).max(options.max),
    default: options.default,
    secret: false,
    access: options.access ?? 'technician',
    description: options.description,
    fromText: (t) => (/^-?\d+$/.test(t.trim()) ? Number(t.trim()) : t),
  };
}

export function boolSetting(options: Common & { default: boolean }): SettingDef<boolean> {
  return {
    schema: z.boolean(),
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
  return {
    schema: z.enum(values),
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
