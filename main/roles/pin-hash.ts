import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * The manager PIN at rest: a salted scrypt hash (node:crypto), kept in the terminal database and
 * not sealed, so every host (the app, the headless start, posctl) can check it without the
 * terminal key. Format: `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise later and old
 * hashes still verify.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; leave room above it. */
const maxmem = (n: number, r: number): number => 256 * n * r;

export function hashPin(pin: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(pin, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `pin` matches `stored`; false for a wrong PIN or a hash this version cannot read. */
export function verifyPin(pin: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = [n, r, p].map(Number);
  const [cost, block, parallel] = params;
  if (scheme !== 'scrypt' || !salt || !hash || cost === undefined || block === undefined || parallel === undefined) return false;
  if (!params.every((v) => Number.isSafeInteger(v) && v > 0) || cost > 2 ** 20 || block > 32 || parallel > 16) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = scryptSync(pin, Buffer.from(salt, 'base64url'), KEY_LENGTH, { N: cost, r: block, p: parallel, maxmem: maxmem(cost, block) });
  return timingSafeEqual(actual, expected);
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
