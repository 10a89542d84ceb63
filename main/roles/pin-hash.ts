import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * PINs and codes at rest, in the terminal database: a keyed verifier,
 * `kscrypt$keyId$N$r$p$salt$mac` (base64url), where mac = HMAC-SHA256(K, scrypt(pin, salt)) and K
 * is derived from the terminal key (`TerminalKey.derive('pin-verifier')`). Without K a copy of the
 * database cannot test a guess; with it, one check costs one scrypt. `keyId` names K (a truncated
 * HMAC of a constant), so a verifier made with a replaced key is told apart from a wrong PIN.
 * Earlier builds stored `scrypt$N$r$p$salt$hash` without a key: it is upgraded to the keyed form
 * from the stored scrypt output alone (no PIN needed) once the key opens.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; leave room above it. */
const maxmem = (n: number, r: number): number => 256 * n * r;

interface Verifier {
  scheme: 'scrypt' | 'kscrypt';
  keyId: string | undefined;
  cost: number;
  block: number;
  parallel: number;
  salt: Buffer;
  digest: Buffer;
}

/** The stored text read, or undefined for a damaged or hostile one (costs that would burn memory included). */
function parse(stored: string): Verifier | undefined {
  const parts = stored.split('$');
  const scheme = parts[0];
  if (scheme !== 'scrypt' && scheme !== 'kscrypt') return undefined;
  const keyed = scheme === 'kscrypt';
  if (parts.length !== (keyed ? 7 : 6)) return undefined;
  const [keyId, n, r, p, salt, digest] = keyed ? parts.slice(1) : [undefined, ...parts.slice(1)];
  const [cost, block, parallel] = [n, r, p].map(Number);
  if (cost === undefined || block === undefined || parallel === undefined || !salt || !digest || (keyed && !keyId)) return undefined;
  if (![cost, block, parallel].every((v) => Number.isSafeInteger(v) && v > 0) || cost > 2 ** 20 || block > 32 || parallel > 16) return undefined;
  const bytes = Buffer.from(digest, 'base64url');
  if (bytes.length !== KEY_LENGTH) return undefined;
  return { scheme, keyId, cost, block, parallel, salt: Buffer.from(salt, 'base64url'), digest: bytes };
}

function scrypt(pin: string, v: Pick<Verifier, 'salt' | 'cost' | 'block' | 'parallel'>): Buffer {
  return scryptSync(pin, v.salt, KEY_LENGTH, { N: v.cost, r: v.block, p: v.parallel, maxmem: maxmem(v.cost, v.block) });
}

const mac = (key: Buffer, data: Buffer): Buffer => createHmac('sha256', key).update(data).digest();

/** The name of K stored beside each verifier (not a secret: it tells nothing about K or a PIN). */
export function pinKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('counter-pos pin-verifier key id').digest().subarray(0, 8).toString('base64url');
}

function format(key: Buffer, v: Omit<Verifier, 'scheme' | 'keyId'>): string {
  return ['kscrypt', pinKeyId(key), v.cost, v.block, v.parallel, v.salt.toString('base64url'), v.digest.toString('base64url')].join('$');
}

/** A new keyed verifier of `pin` under K. */
export function hashPin(pin: string, key: Buffer, salt: Buffer = randomBytes(16)): string {
  const v = { cost: N, block: R, parallel: P, salt };
  return format(key, { ...v, digest: mac(key, scrypt(pin, v)) });
}

/** What a stored verifier needs of K: 'ok', 'other-key' (made with a key since replaced), or 'unreadable' (damaged). */
export function verifierKeyState(stored: string, key: Buffer): 'ok' | 'other-key' | 'unreadable' {
  const v = parse(stored);
  if (!v) return 'unreadable';
  return v.scheme === 'scrypt' || v.keyId === pinKeyId(key) ? 'ok' : 'other-key';
}

/** Whether `stored` is an unkeyed verifier of an earlier build (read without the key). */
export function isUnkeyed(stored: string): boolean {
  return parse(stored)?.scheme === 'scrypt';
}

/**
 * The keyed form of an unkeyed verifier of an earlier build, from its stored scrypt output alone
 * (mac = HMAC(K, hash)): the PIN is not needed. Undefined when `stored` is not an unkeyed verifier.
 */
export function upgradePinHash(stored: string, key: Buffer): string | undefined {
  const v = parse(stored);
  if (v?.scheme !== 'scrypt') return undefined;
  return format(key, { ...v, digest: mac(key, v.digest) });
}

/**
 * True when `pin` matches `stored` under K; false for a wrong PIN or a verifier this version cannot
 * read. An unkeyed verifier not upgraded yet is checked in its keyed form. The caller first makes
 * sure the verifier was made with K (`verifierKeyState`): under another key every PIN is false.
 */
export function verifyPin(pin: string, stored: string, key: Buffer): boolean {
  const keyed = upgradePinHash(stored, key) ?? stored;
  const v = parse(keyed);
  if (v?.scheme !== 'kscrypt' || v.keyId !== pinKeyId(key)) return false;
  return timingSafeEqual(mac(key, scrypt(pin, v)), v.digest);
}

/** Why a PIN is too easy to guess, or null, naming whose PIN it is. Guessing is also slowed by the lock-out. */
export function weakPinReason(pin: string, whose = 'a manager PIN'): string | null {
  if (!/^\d{4,12}$/.test(pin)) return `${whose} is 4 to 12 digits`;
  if (/^(\d)\1+$/.test(pin)) return `${whose} cannot be one digit repeated`;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - (digits[i] ?? 0) + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return `${whose} cannot be a run of digits such as 1234 or 9876`;
  return null;
}
