import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { errorCodeOf } from '../error-code';
import { modesOf } from '../platform/file-modes';
import { StartupError } from '../store/open-store';
import { fileExposure, type Exposure } from './file-exposure';
import { parseJsonText } from './json-text';
import { checkProvisioning, SEALED_ENTRY, type CheckedProvisioning } from './provisioning-check';
import { isSettingKey, settingDef, type SettingKey } from './settings';
import { aboutSetting } from './setting-words';
import type { SettingsStore } from './settings-store';

/**
 * The machine-wide provisioning file (config/provisioning-path.ts), read by the app and the
 * headless start each time they start:
 * - A file that is unreadable, invalid, changeable by every user of the machine, or that holds
 *   secrets every user can read, stops the start with the reason: a lane never runs on half of
 *   IT's policy. `posctl provision check` says the same before IT ships the file.
 * - Its settings are applied when the file is new or changed since the last start; the settings
 *   it locks are applied again at every start (a change made around the lock does not stay).
 * - Secrets are sealed, then removed from the file in place (the file keeps its owner and access
 *   list, which a new file would not), and named under "sealed" with the time.
 * - What was applied, without the secrets, and which settings are locked are recorded in
 *   `<data dir>/provision.machine.json`: posctl, which does not read the file, obeys the locks from there.
 */
export const MACHINE_RECORD = 'provision.machine.json';

const MachineRecord = lazySchema(() => z.object({
  file: z.string(),
  sha256: z.string(),
  appliedAt: z.string(),
  locked: z.array(z.string()),
  settings: z.record(z.string(), z.unknown()),
}));
type MachineRecord = z.infer<typeof MachineRecord>;

export interface MachineProvisioning {
  file: string;
  /** Settings written at this start. */
  applied: SettingKey[];
  locked: SettingKey[];
  /** Secrets sealed and removed from the file at this start. */
  sealed: SettingKey[];
  /** Why the secrets could not be removed from the file, when they could not (they stay in it). */
  secretsLeft?: string;
}

export interface MachineProvisioningOptions {
  now: () => Date;
  /** Who else can read or change the file (tests give one). */
  exposure?: (file: string) => Exposure;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function readRecord(dataDir: string): MachineRecord | undefined {
  try {
    return MachineRecord.parse(JSON.parse(readFileSync(join(dataDir, MACHINE_RECORD), 'utf8')));
  } catch {
    return undefined;
  }
}

function writeRecord(dataDir: string, record: MachineRecord): void {
  const tmp = join(dataDir, `${MACHINE_RECORD}.tmp`);
  // No secret in it; in a lane shared by its group every account (posctl's too) must read the locks.
  const mode = modesOf(dataDir).file;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, join(dataDir, MACHINE_RECORD));
}

/** Why IT's file cannot be used, in words naming it and what to do; `posctl provision check` tells more. */
function refuse(file: string, why: string): never {
  throw new StartupError(`The provisioning file ${file} cannot be used: ${why}. Check it with: posctl provision check "${file}"`, file);
}

/** The exposure rules, shared with `posctl provision check`: a problem in words, or undefined. */
export function exposureProblem(exposure: Exposure, secrets: readonly string[]): string | undefined {
  if (exposure.known && exposure.othersWrite) return 'every user of this machine can change it (it decides where payments go): let only administrators write it';
  if (secrets.length === 0) return undefined;
  if (!exposure.known) return `it holds secrets (${secrets.join(', ')}) and who can read it is unknown: ${exposure.why}`;
  if (exposure.othersRead) {
    return `it holds secrets (${secrets.join(', ')}) and every user of this machine can read it: let only administrators and the accounts that run the app read it, or leave the secrets out and set them with posctl config set`;
  }
  return undefined;
}

/** The file's JSON without the secrets' values (nested or dotted, as IT wrote it), naming them under "sealed". */
export function withoutSecrets(input: Record<string, unknown>, secrets: ReadonlySet<string>, sealedAt: string): Record<string, unknown> {
  const strip = (node: Record<string, unknown>, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (secrets.has(key)) continue;
      if (!isSettingKey(key) && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        const inner = strip(v as Record<string, unknown>, key);
        if (Object.keys(inner).length > 0) out[k] = inner;
      } else out[k] = v;
    }
    return out;
  };
  const { [SEALED_ENTRY]: sealedBefore, ...rest } = input;
  const stripped = strip(rest, '');
  const sealed = { ...(sealedBefore as Record<string, string> | undefined), ...Object.fromEntries([...secrets].map((k) => [k, sealedAt])) };
  return { ...stripped, [SEALED_ENTRY]: sealed };
}

/** The value a provisioning file gives, as the store takes it (money from dollars to cents). */
function storeValue(key: SettingKey, raw: unknown): unknown {
  const def = settingDef(key);
  return def.fromFile ? def.fromFile(raw) : raw;
}

function unchanged(settings: SettingsStore, key: SettingKey, raw: unknown): boolean {
  if (settingDef(key).secret) return false;
  return JSON.stringify(settings.get(key)) === JSON.stringify(storeValue(key, raw));
}

/**
 * Applies the machine-wide file, if there is one, and sets the store's locks. No file: no locks
 * (the settings it applied before stay). Throws StartupError when the file cannot be used.
 */
export function applyMachineProvisioning(file: string, dataDir: string, settings: SettingsStore, options: MachineProvisioningOptions): MachineProvisioning | undefined {
  if (!existsSync(file)) {
    settings.setLocks(file, []);
    rmSync(join(dataDir, MACHINE_RECORD), { force: true });
    return undefined;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = errorCodeOf(e);
    refuse(file, code === 'EACCES' || code === 'EPERM' ? 'the accounts that run the app cannot read it (permission denied)' : `it cannot be read (${code || String(e)})`);
  }
  let input: unknown;
  try {
    input = parseJsonText(text, 'it');
  } catch (e) {
    refuse(file, (e as Error).message);
  }
  const checked: CheckedProvisioning = checkProvisioning(input, { allowLock: true });
  if (checked.problems.length > 0) refuse(file, checked.problems.map((p) => aboutSetting(p.key, `${p.key}: ${p.reason}`)).join('; '));
  const exposed = exposureProblem((options.exposure ?? fileExposure)(file), checked.secrets);
  if (exposed) refuse(file, exposed);

  const record = readRecord(dataDir);
  const changed = record?.file !== file || record.sha256 !== sha256(text);
  const locked = new Set(checked.locked);
  const entries = checked.entries.filter(([k, raw]) => changed || (locked.has(k) && !unchanged(settings, k, raw)));
  // The file's own writes pass its locks; the rules between settings still apply.
  settings.setMany(entries.map(([k, raw]) => [k, storeValue(k, raw)] as const), { overrideLocks: true });
  settings.setLocks(file, checked.locked);

  const at = options.now().toISOString();
  const result: MachineProvisioning = { file, applied: entries.map(([k]) => k), locked: checked.locked, sealed: [] };
  let finalText = text;
  if (checked.secrets.length > 0) {
    const rewritten = `${JSON.stringify(withoutSecrets(input as Record<string, unknown>, new Set(checked.secrets), at), null, 2)}\n`;
    try {
      // In place, not a new file and a rename: the file keeps the owner and access list IT gave it.
      writeFileSync(file, rewritten);
      finalText = rewritten;
      result.sealed = checked.secrets;
    } catch (e) {
      result.secretsLeft = `${checked.secrets.join(', ')} were sealed but stay in ${file} in plain text: it could not be rewritten (${errorCodeOf(e) || String(e)}); remove them from the file by hand`;
    }
  }
  writeRecord(dataDir, {
    file,
    sha256: sha256(finalText),
    appliedAt: changed ? at : (record?.appliedAt ?? at),
    locked: checked.locked,
    settings: Object.fromEntries<unknown>([
      ...Object.keys(checked.sealed).map((k): [string, unknown] => [k, '<sealed>']),
      ...checked.entries.map(([k, v]): [string, unknown] => [k, settingDef(k).secret ? '<sealed>' : v]),
    ]),
  });
  return result;
}

/** posctl: the locks the app recorded at its last start (posctl need not be able to read IT's file). */
export function loadRecordedLocks(dataDir: string, settings: SettingsStore): void {
  const record = readRecord(dataDir);
  if (record) settings.setLocks(record.file, record.locked.filter(isSettingKey));
}
