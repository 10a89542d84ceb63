import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { KeyProtector } from '../platform/platform';
import {
  SealError,
  generateTerminalKeyPair,
  privateKeyFromDer,
  privateKeyToDer,
  publicKeyFromRaw,
  rawPublicKey,
  seal,
  unseal,
} from './sealing';

const KeyFile = z.object({
  version: z.literal(1),
  protection: z.enum(['file', 'os-keychain']),
  publicKey: z.string().min(1),
  privateKey: z.string().min(1),
});
type KeyFile = z.infer<typeof KeyFile>;

export interface Sealer {
  seal(plain: Buffer | string, context: string): Buffer;
  /** Throws SealError when this host cannot unlock the terminal key. */
  unseal(blob: Buffer, context: string): Buffer;
}

/**
 * The terminal's sealing key pair, kept in `keys/terminal-key.json` (0600, directory 0700).
 * Created on first use. When a host with a stronger protector (the Electron app with the OS
 * keychain) finds a file-protected key, it re-protects it in place.
 */
export function openTerminalKey(dataDir: string, protector: KeyProtector): Sealer {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'terminal-key.json');
  mkdirSync(dir, { recursive: true, mode: 0o700 });

  const write = (content: KeyFile): void => {
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, JSON.stringify(content, null, 2), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  };

  let stored: KeyFile;
  if (existsSync(file)) {
    const parsed = KeyFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new SealError(`the terminal key file ${file} is damaged`);
    stored = parsed.data;
  } else {
    const pair = generateTerminalKeyPair();
    stored = {
      version: 1,
      protection: protector.kind,
      publicKey: rawPublicKey(pair.publicKey).toString('base64url'),
      privateKey: protector.protect(privateKeyToDer(pair.privateKey)).toString('base64'),
    };
    write(stored);
  }

  if (stored.protection === 'file' && protector.kind === 'os-keychain') {
    const der = Buffer.from(stored.privateKey, 'base64');
    stored = { ...stored, protection: 'os-keychain', privateKey: protector.protect(der).toString('base64') };
    der.fill(0);
    write(stored);
  }

  const publicKey = publicKeyFromRaw(Buffer.from(stored.publicKey, 'base64url'));
  let privateKey: KeyObject | undefined;
  const loadPrivate = (): KeyObject => {
    if (privateKey) return privateKey;
    if (stored.protection !== protector.kind) {
      throw new SealError(
        'This terminal\'s key is protected by the desktop keychain of the app; run this from the app, not from a command line.',
      );
    }
    const der = protector.unprotect(Buffer.from(stored.privateKey, 'base64'));
    privateKey = privateKeyFromDer(der);
    der.fill(0);
    return privateKey;
  };

  return {
    seal: (plain, context) => seal(plain, context, publicKey),
    unseal: (blob, context) => unseal(blob, context, loadPrivate()),
  };
}
