import { createCipheriv, createDecipheriv, createPublicKey, randomBytes, scryptSync, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { privateKeyFromDer, rawPublicKey } from './sealing';

/**
 * The file `posctl keys export` writes to move a lane's key on purpose: the private key encrypted
 * with a passphrase (scrypt, then AES-256-GCM), never in clear. The public key, the format and the
 * scrypt costs are bound as additional data, so none can be changed without the passphrase noticing.
 */
const FORMAT = 'counter-pos-terminal-key';

/** scrypt costs: N 2^17, r 8, p 1 (about 128 MiB and a fraction of a second, once per move). */
export const EXPORT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
export const MIN_PASSPHRASE = 12;

const b64 = z.string().regex(/^[A-Za-z0-9+/_=-]+$/);
export const KeyExportFile = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  publicKey: b64,
  // Bounded: a crafted file must not make the import spend gigabytes.
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    N: z.number().int().min(2 ** 14).max(2 ** 20).refine((n) => (n & (n - 1)) === 0, 'a power of two'),
    r: z.number().int().min(1).max(16),
    p: z.number().int().min(1).max(4),
    salt: b64,
  }),
  cipher: z.literal('aes-256-gcm'),
  iv: b64,
  tag: b64,
  data: b64,
});
export type KeyExportFile = z.infer<typeof KeyExportFile>;

export class KeyExportError extends Error {
  override name = 'KeyExportError';
}

export function passphraseProblem(passphrase: string): string | undefined {
  if ([...passphrase].length < MIN_PASSPHRASE) return `the passphrase must have at least ${MIN_PASSPHRASE} characters`;
  return undefined;
}

function keyOf(passphrase: string, kdf: KeyExportFile['kdf']): Buffer {
  return scryptSync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 });
}

function aad(f: Pick<KeyExportFile, 'format' | 'version' | 'publicKey' | 'kdf'>): Buffer {
  return Buffer.from(JSON.stringify([f.format, f.version, f.publicKey, f.kdf.name, f.kdf.N, f.kdf.r, f.kdf.p, f.kdf.salt]));
}

/** Encrypts a private key (PKCS#8 DER) whose raw public key is `publicKey`. */
export function encryptKeyExport(der: Buffer, publicKey: Buffer, passphrase: string, cost: { N: number; r: number; p: number } = EXPORT_COST): KeyExportFile {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new KeyExportError(problem);
  const head = { format: FORMAT, version: 1, publicKey: publicKey.toString('base64url'), kdf: { name: 'scrypt', ...cost, salt: randomBytes(16).toString('base64') } } as const;
  const key = keyOf(passphrase, head.kdf);
  try {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(head));
    const data = Buffer.concat([cipher.update(der), cipher.final()]);
    return { ...head, cipher: 'aes-256-gcm', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  } finally {
    key.fill(0);
  }
}

/** The file's text, checked. Throws KeyExportError in words. */
export function parseKeyExport(text: string): KeyExportFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyExportError('this is not a terminal key export (not JSON)');
  }
  const parsed = KeyExportFile.safeParse(json);
  if (!parsed.success) throw new KeyExportError('this is not a terminal key export of a known version (posctl keys export --to FILE makes one)');
  return parsed.data;
}

/** The private key (PKCS#8 DER) of an export; the caller zeroes it. Throws KeyExportError for a wrong passphrase or a changed file. */
export function decryptKeyExport(file: KeyExportFile, passphrase: string): Buffer {
  const key = keyOf(passphrase, file.kdf);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
    decipher.setAAD(aad(file));
    decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]);
  } catch {
    throw new KeyExportError('the passphrase does not open this key file (or the file was changed)');
  } finally {
    key.fill(0);
  }
}

/** The private key of an export, checked against the public key it names. Throws KeyExportError. */
export function privateKeyOfExport(file: KeyExportFile, passphrase: string): KeyObject {
  const der = decryptKeyExport(file, passphrase);
  let key: KeyObject;
  try {
    key = privateKeyFromDer(der);
  } catch {
    throw new KeyExportError('the key in this file is damaged');
  } finally {
    der.fill(0);
  }
  if (!rawPublicKey(createPublicKey(key)).equals(Buffer.from(file.publicKey, 'base64url'))) throw new KeyExportError('the key in this file does not match the public key it names');
  return key;
}
