import { describe, expect, it } from 'vitest';
import { ManagerSessions, SESSION_IDLE_MS } from '../../../main/roles/manager-sessions';
import { hashPin, verifyPin, weakPinReason } from '../../../main/roles/pin-hash';
import { durationWords, lockMs, lockedWords } from '../../../main/roles/pin-lockout';

describe('the manager PIN hash', () => {
  it('verifies the PIN it was made from, and nothing else', () => {
    const stored = hashPin('4826');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('4826');
    expect(verifyPin('4826', stored)).toBe(true);
    expect(verifyPin('4827', stored)).toBe(false);
    expect(verifyPin('', stored)).toBe(false);
    // A fresh salt each time: the same PIN never hashes the same.
    expect(hashPin('4826')).not.toBe(stored);
  });

  it('refuses a damaged or hostile hash instead of throwing or burning memory', () => {
    const stored = hashPin('4826');
    for (const bad of ['', 'plain', stored.replace('scrypt', 'md5'), stored.replace('$32768$', '$4294967296$'), stored.replace('$8$', '$0$'), `${stored}x`.replace(/\$[\w-]+$/, '$AAAA')]) {
      expect(verifyPin('4826', bad), bad).toBe(false);
    }
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
