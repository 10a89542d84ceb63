import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManagerSessions, SESSION_IDLE_MS } from '../../../main/roles/manager-sessions';
import { hashPin, upgradePinHash, verifierKeyState, verifyPin, weakPinReason } from '../../../main/roles/pin-hash';
import { durationWords, lockMs, lockedWords } from '../../../main/roles/pin-lockout';

/** Two terminal keys' K (TerminalKey.derive('pin-verifier') in the app). */
const K = Buffer.alloc(32, 7);
const OTHER_K = Buffer.alloc(32, 9);

/** The unkeyed verifier earlier builds stored: `scrypt$N$r$p$salt$hash`, with the project's parameters. */
function unkeyed(pin: string, salt: Buffer): string {
  const hash = scryptSync(pin, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

describe('the PIN verifier', () => {
  it('verifies the PIN it was made from under its key, and nothing else', () => {
    const stored = hashPin('4826', K);
    expect(stored).toMatch(/^kscrypt\$[\w-]{11}\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('4826');
    expect(verifyPin('4826', stored, K)).toBe(true);
    expect(verifyPin('4827', stored, K)).toBe(false);
    expect(verifyPin('', stored, K)).toBe(false);
    // A fresh salt each time: the same PIN never hashes the same.
    expect(hashPin('4826', K)).not.toBe(stored);
  });

  it('cannot be tested without its key: the stored value is not the scrypt of the right PIN, and another key verifies nothing', () => {
    const salt = Buffer.alloc(16, 3);
    const stored = hashPin('4826', K, salt);
    const digest = stored.split('$').at(-1);
    // What a guesser with the salt and the parameters computes for the right PIN: not what is stored.
    expect(unkeyed('4826', salt).split('$').at(-1)).not.toBe(digest);
    expect(verifierKeyState(stored, K)).toBe('ok');
    expect(verifierKeyState(stored, OTHER_K)).toBe('other-key');
    expect(verifyPin('4826', stored, OTHER_K)).toBe(false);
  });

  it('upgrades an unkeyed verifier without the PIN to the one the PIN gives under the key, once', () => {
    const salt = Buffer.alloc(16, 5);
    const old = unkeyed('4826', salt);
    const upgraded = upgradePinHash(old, K);
    expect(upgraded).toBe(hashPin('4826', K, salt));
    expect(upgradePinHash(upgraded ?? '', K)).toBeUndefined();
    // Not upgraded yet (a database another process had not keyed): still checked under the key.
    expect(verifierKeyState(old, K)).toBe('ok');
    expect(verifyPin('4826', old, K)).toBe(true);
    expect(verifyPin('4827', old, K)).toBe(false);
  });

  it('refuses a damaged or hostile verifier instead of throwing or burning memory', () => {
    const stored = hashPin('4826', K);
    for (const bad of ['', 'plain', stored.replace('kscrypt', 'md5'), stored.replace('$32768$', '$4294967296$'), stored.replace('$8$', '$0$'), `${stored}x`.replace(/\$[\w-]+$/, '$AAAA'), stored.replace(/^kscrypt\$[\w-]+\$/, 'kscrypt$$')]) {
      expect(verifyPin('4826', bad, K), bad).toBe(false);
    }
    expect(verifierKeyState('plain', K)).toBe('unreadable');
  });

  it('refuses PINs that are too easy to guess, saying why', () => {
    expect(weakPinReason('4826')).toBeNull();
    expect(weakPinReason('902177')).toBeNull();
    expect(weakPinReason('123')).toMatch(/4 to 12 digits/);
    expect(weakPinReason('12a4')).toMatch(/4 to 12 digits/);
    expect(weakPinReason('0000')).toMatch(/one digit repeated/);
    expect(weakPinReason('1234')).toMatch(/run of digits/);
    expect(weakPinReason('9876')).toMatch(/run of digits/);
    expect(weakPinReason('7890')).toMatch(/run of digits/);
  });
});

describe('the lock after wrong PINs', () => {
  it('lets four wrong tries pass, locks 30 s at the fifth, doubles each after, up to an hour', () => {
    expect([0, 1, 4].map(lockMs)).toEqual([0, 0, 0]);
    expect(lockMs(5)).toBe(30_000);
    expect(lockMs(6)).toBe(60_000);
    expect(lockMs(8)).toBe(240_000);
    expect(lockMs(12)).toBe(3_600_000);
    expect(lockMs(1_000_000)).toBe(3_600_000);
  });

  it('says how long in words', () => {
    expect(durationWords(30_000)).toBe('30 seconds');
    expect(durationWords(1)).toBe('1 second');
    expect(durationWords(61_000)).toBe('2 minutes');
    expect(durationWords(3_600_000)).toBe('1 hour');
    expect(lockedWords(5, 30_000)).toBe('The manager PIN is locked after 5 wrong tries: try again in 30 seconds.');
  });
});

describe('manager sessions', () => {
  it('end two minutes after the last call from their page, and belong to that page alone', () => {
    let now = 0;
    const sessions = new ManagerSessions(() => now);
    sessions.open('ws:1');
    expect(sessions.isOpen('ws:1')).toBe(true);
    expect(sessions.isOpen('ws:2')).toBe(false);
    expect(sessions.isOpen(undefined)).toBe(false);
    now += SESSION_IDLE_MS - 1;
    sessions.touch('ws:1');
    now += SESSION_IDLE_MS - 1;
    expect(sessions.isOpen('ws:1')).toBe(true);
    now += 1;
    expect(sessions.isOpen('ws:1')).toBe(false);
    // A touch never reopens an ended session.
    sessions.touch('ws:1');
    expect(sessions.isOpen('ws:1')).toBe(false);
  });
});
