import { createHash, type KeyObject } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { errorCodeOf } from '../error-code';
import { makeDataFolder } from '../platform/file-modes';
import { MACHINE_PROTECTORS } from '../platform/machine-key';
import { rawPublicKey } from './sealing';

/**
 * `<data dir>/keys/terminal-key.json`: the terminal's public key, and where its private key is.
 *
 * Version 2 (this one): `os-keyring` names the keyring entry and holds no private key; `machine`
 * names the machine's protector and where it keeps the key (platform/machine-key.ts: a file name
 * under /etc/counter-pos, a System keychain account, or the DPAPI blob that only this computer
 * opens) and holds no private key either; `file` holds the private key itself (PKCS#8 DER, base64),
 * protected only by the file's permissions. An older build reads a `machine` file as damaged, and
 * with sealed values it stays in training rather than replace the key.
 * Version 1 (earlier builds) is still read so it can be migrated: `file` as above, or
 * `os-keychain`, the private key sealed by Electron's safeStorage, which only the desktop app can open.
 */
const V1 = lazySchema(() => z.object({
  version: z.literal(1),
  protection: z.enum(['file', 'os-keychain']),
  publicKey: z.string().min(1),
  privateKey: z.string().min(1),
}));
const V2Keyring = lazySchema(() => z.object({
  version: z.literal(2),
  protection: z.literal('os-keyring'),
  publicKey: z.string().min(1),
  account: z.string().min(1),
}));
const V2Machine = lazySchema(() => z.object({
  version: z.literal(2),
  protection: z.literal('machine'),
  publicKey: z.string().min(1),
  protector: z.enum(MACHINE_PROTECTORS),
  locator: z.string().min(1),
}));
const V2File = lazySchema(() => z.object({
  version: z.literal(2),
  protection: z.literal('file'),
  publicKey: z.string().min(1),
  privateKey: z.string().min(1),
}));
export const KeyFileContent = lazySchema(() => z.union([V2Keyring, V2Machine, V2File, V1]));
export type MachineKeyFile = z.infer<typeof V2Machine>;
export type KeyFileContent = z.infer<typeof KeyFileContent>;

export const keyFilePath = (dataDir: string): string => join(dataDir, 'keys', 'terminal-key.json');

export type KeyFileRead =
  | { kind: 'ok'; content: KeyFileContent }
  | { kind: 'missing' }
  | { kind: 'damaged'; why: string }
  | { kind: 'unreadable'; why: string };

export function readKeyFile(file: string): KeyFileRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = errorCodeOf(e);
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', why: code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code || 'read error' };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'damaged', why: 'it is not valid JSON' };
  }
  const parsed = KeyFileContent.safeParse(json);
  return parsed.success ? { kind: 'ok', content: parsed.data } : { kind: 'damaged', why: 'it is not a terminal key file of a known version' };
}

/**
 * Written whole or not at all (temporary file, then rename), 0600 in a 0700 folder; in a machine-wide
 * lane's group-shared folder 0640 in a 2770 folder, so each cashier account of the lane can read it
 * and nobody outside the group can (platform/file-modes.ts).
 */
export function writeKeyFile(file: string, content: KeyFileContent): void {
  const modes = makeDataFolder(dirname(file));
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { mode: modes.secret });
  chmodSync(tmp, modes.secret);
  renameSync(tmp, file);
}

/** The keyring account of a key: derived from its public key, so every lane's data directory has its own entry. */
export function keyringAccount(publicKey: KeyObject): string {
  return `terminal-key-${createHash('sha256').update(rawPublicKey(publicKey)).digest('base64url').slice(0, 22)}`;
}
