import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import type * as Fflate from 'fflate';
import type { SettingInfo } from '../config/settings-store';
import { redactText, redactValue } from '../log/redact';

/**
 * What a technician sends to support from a lane: recent logs, settings (secrets only as set or
 * not set), the status, versions, the device list and the provisioning records, as one zip.
 * Everything passes the log's redactor once more on the way in, so a line an older version wrote,
 * or a value a service put in a free-text field, leaves no card data or secret in the bundle.
 */

/** fflate, loaded when a bundle is zipped (posctl logs bundle), not by every posctl command. */
const loadFflate = (): typeof Fflate => createRequire(import.meta.url)('fflate') as typeof Fflate;
const utf8 = new TextEncoder();
const strToU8 = (text: string): Uint8Array => utf8.encode(text);

/** Logs beyond this, oldest first, are left out: a bundle must still go by e-mail. */
export const BUNDLE_LOG_BYTES = 32 * 1024 * 1024;

export interface BundleInputs {
  /** The log files, newest first (pos.log, pos.log.1…). */
  logFiles: readonly string[];
  settings: readonly SettingInfo[];
  status: unknown;
  versions: Record<string, unknown>;
  devices: unknown;
  /** Provisioning records by file name (provision.machine.json, provision.applied.json), when present. */
  provisioning: Record<string, unknown>;
  now: Date;
}

/** One log line made safe again: JSON lines field by field, anything else as text. */
export function scrubLogLine(line: string): string {
  if (line.startsWith('{')) {
    try {
      return JSON.stringify(redactValue(JSON.parse(line)));
    } catch {
      /* not JSON after all: scrub it as text */
    }
  }
  return redactText(line);
}

export function scrubLog(text: string): string {
  return text.split('\n').map(scrubLogLine).join('\n');
}

/** Settings as support reads them: values of ordinary settings, and for secrets only whether they are set. */
export function settingsForSupport(settings: readonly SettingInfo[]): unknown[] {
  return settings.map((s) =>
    s.secret
      ? // "writeOnly", not "secret": the redactor masks whatever sits under a key named secret.
        { key: s.key, writeOnly: true, set: s.set, ...(s.lockedBy ? { lockedBy: s.lockedBy } : {}) }
      : { key: s.key, value: s.display ?? s.value, default: s.default, set: s.set, ...(s.lockedBy ? { lockedBy: s.lockedBy } : {}) },
  );
}

const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(redactValue(value), null, 2)}\n`);

const README = `Counter POS support bundle

logs/            the terminal's log files, newest first (pos.log, pos.log.1, ...), redacted again
settings.json    every setting; secrets (writeOnly) only say whether they are set
status.json      the terminal status (the running app's when it runs), with the queue counts
versions.json    app, runtime and operating system versions, database schema versions
devices.json     configured devices and the devices plugged into this machine
provisioning/    what the provisioning files applied (secrets shown as <sealed>)

Card numbers, track data, check account numbers and secrets are never in this bundle.
`;

/** The bundle's files by path inside the zip. Reads the log files; writes nothing. */
export function bundleFiles(inputs: BundleInputs): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  let bytes = 0;
  const logsLeftOut: string[] = [];
  for (const file of inputs.logFiles) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (bytes + text.length > BUNDLE_LOG_BYTES && bytes > 0) {
      logsLeftOut.push(basename(file));
      continue;
    }
    bytes += text.length;
    files[`logs/${basename(file)}`] = strToU8(scrubLog(text));
  }
  files['settings.json'] = json(settingsForSupport(inputs.settings));
  files['status.json'] = json(inputs.status);
  files['versions.json'] = json({ ...inputs.versions, bundledAt: inputs.now.toISOString(), logsLeftOut });
  files['devices.json'] = json(inputs.devices);
  for (const [name, record] of Object.entries(inputs.provisioning)) files[`provisioning/${name}`] = json(record);
  return files;
}

export function zipBundle(files: Record<string, Uint8Array>, now: Date): Uint8Array {
  return loadFflate().zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { mtime: now }]])), { level: 6 });
}
