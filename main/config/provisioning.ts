import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { parseJsonText } from './json-text';
import { settingDef, isSettingKey, type SettingKey } from './settings';
import { SettingError, type SettingsStore } from './settings-store';

/**
 * The provisioning file a deployer drops on each lane: JSON with dotted keys, or the same keys
 * nested (`{"gateway": {"url": ...}}`). Values are validated all together and applied in one
 * transaction, so a bad file changes nothing. Money is in dollars, as text ("50.00") or a number (50.5).
 */
const ProvisioningFile = lazySchema(() => z.record(z.string(), z.unknown()));

export const PROVISION_FILE = 'provision.json';

export function flattenProvisioning(input: unknown, prefix = ''): Array<[string, unknown]> {
  const parsed = ProvisioningFile.safeParse(input);
  if (!parsed.success) throw new SettingError('a provisioning file is a JSON object of settings');
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(parsed.data)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (!isSettingKey(key) && v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...flattenProvisioning(v, key));
    else out.push([key, v]);
  }
  return out;
}

export function applyProvisioning(settings: SettingsStore, input: unknown): string[] {
  const entries = flattenProvisioning(input);
  const unknown = entries.filter(([k]) => !isSettingKey(k)).map(([k]) => k);
  if (unknown.length > 0) throw new SettingError(`unknown settings in provisioning file: ${unknown.join(', ')}`);
  // As provision check says: a key given dotted and nested is refused, not applied twice (the last one winning unseen).
  const keys = entries.map(([k]) => k);
  const twice = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))];
  if (twice.length > 0) throw new SettingError(`settings given twice in the provisioning file, once dotted and once nested (keep one of each): ${twice.join(', ')}`);
  // Rules between keys (offline.maxAmount ≤ offline.maxTotal) see the whole file at once.
  settings.setMany(
    entries.map(([k, v]) => {
      const def = settingDef(k as SettingKey);
      return [k, def.fromFile ? def.fromFile(v) : v] as const;
    }),
  );
  return entries.map(([k]) => k);
}

export function readProvisioningFile(file: string): unknown {
  try {
    return parseJsonText(readFileSync(file, 'utf8'), 'the file');
  } catch (e) {
    throw new SettingError(`cannot read provisioning file ${file}: ${(e as Error).message}`);
  }
}

/**
 * Applies `<data dir>/provision.json` if present, then removes it so the plain-text secrets it
 * may hold do not stay on disk; a copy without the secrets' values is kept as a record.
 */
export function applyProvisioningFromDataDir(dataDir: string, settings: SettingsStore, now: () => Date = () => new Date()): string[] | undefined {
  const file = join(dataDir, PROVISION_FILE);
  if (!existsSync(file)) return undefined;
  const input = readProvisioningFile(file);
  const keys = applyProvisioning(settings, input);
  const record = Object.fromEntries(
    flattenProvisioning(input).map(([k, v]) => [k, isSettingKey(k) && settingDef(k).secret ? '<sealed>' : v]),
  );
  const tmp = join(dataDir, 'provision.applied.json.tmp');
  writeFileSync(tmp, JSON.stringify({ appliedAt: now().toISOString(), settings: record }, null, 2), { mode: 0o600 });
  renameSync(tmp, join(dataDir, 'provision.applied.json'));
  rmSync(file);
  return keys;
}
