import { beforeAll, describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from '../../../main/roles/pin-hash';
import { checkWithLockout, lockoutWords, type LockoutSteps } from '../../../main/roles/pin-lockout';

const K = Buffer.alloc(32, 7);

/** An in-memory row with the steps a table gives, and a clock the test moves. */
function lane(hash: string, verify: (secret: string, hash: string) => boolean = (s, h) => verifyPin(s, h, K)) {
  let now = Date.parse('2030-03-01T12:00:00.000Z');
  const row = { hash, failures: 0, lockedUntil: null as string | null };
  const calls = { fail: 0, clear: 0 };
  const steps: LockoutSteps = {
    fail(lockUntil) {
      calls.fail++;
      row.failures++;
      row.lockedUntil = lockUntil(row.failures);
      return row.failures;
    },
    clear() {
      calls.clear++;
      row.failures = 0;
      row.lockedUntil = null;
    },
  };
  return {
    row,
    calls,
    tick: (ms: number) => void (now += ms),
    now: () => now,
    try: (secret: string) => checkWithLockout(secret, { ...row }, now, steps, verify),
  };
}

let hash = '';
beforeAll(() => {
  hash = hashPin('4826', K);
});

describe('checkWithLockout', () => {
  it('accepts the right secret without writing anything when no try was wrong', () => {
    const l = lane(hash);
    expect(l.try('4826')).toEqual({ ok: true });
    expect(l.calls).toEqual({ fail: 0, clear: 0 });
  });

  it('counts four wrong tries without a lock, then locks 30 s at the fifth, stored from the injected clock', () => {
    const l = lane(hash);
    const left = [1, 2, 3, 4].map(() => l.try('0000'));
    expect(left.map((r) => (!r.ok && r.reason === 'wrong' ? [r.lockedMs, r.triesLeft] : r))).toEqual([[0, 4], [0, 3], [0, 2], [0, 1]]);
    expect(l.row.lockedUntil).toBeNull();
    expect(l.try('0000')).toEqual({ ok: false, reason: 'wrong', failures: 5, lockedMs: 30_000, triesLeft: 0 });
    expect(l.row.lockedUntil).toBe(new Date(l.now() + 30_000).toISOString());
  });

  it('refuses even the right secret while locked, without counting it, and says how long is left', () => {
    const l = lane(hash);
    for (let i = 0; i < 5; i++) l.try('0000');
    l.tick(10_000);
    const locked = l.try('4826');
    expect(locked).toEqual({ ok: false, reason: 'locked', failures: 5, remainingMs: 20_000 });
    expect(l.calls.fail).toBe(5);
    expect(lockoutWords(locked as Exclude<typeof locked, { ok: true }>, 'The technician code', () => 'wrong')).toBe(
      'The technician code is locked after 5 wrong tries: try again in 20 seconds.',
    );
  });

  it('doubles the lock with each wrong try after it ends, and a right one clears the count', () => {
    const l = lane(hash);
    for (let i = 0; i < 5; i++) l.try('0000');
    l.tick(30_000);
    expect(l.try('0000')).toMatchObject({ reason: 'wrong', failures: 6, lockedMs: 60_000 });
    l.tick(60_000);
    expect(l.try('4826')).toEqual({ ok: true });
    expect(l.row).toMatchObject({ failures: 0, lockedUntil: null });
    expect(l.calls.clear).toBe(1);
    // Counting starts again from nothing.
    expect(l.try('0000')).toMatchObject({ reason: 'wrong', failures: 1, lockedMs: 0, triesLeft: 4 });
  });

  it("says a wrong try in the caller's words until it locks", () => {
    const l = lane(hash);
    const first = l.try('0000');
    if (first.ok) throw new Error('a wrong PIN was accepted');
    expect(lockoutWords(first, 'The manager PIN', (n) => `Wrong. ${n} left.`)).toBe('Wrong. 4 left.');
  });

  it('counts nothing when the verifier cannot tell (the terminal key does not open)', () => {
    const l = lane(hash, () => {
      throw new Error('the terminal key does not open');
    });
    expect(() => l.try('0000')).toThrow('the terminal key does not open');
    expect(l.calls).toEqual({ fail: 0, clear: 0 });
    expect(l.row.failures).toBe(0);
  });

  it('treats a damaged stored hash as a wrong secret, counted like any other', () => {
    const l = lane('not-a-hash');
    expect(l.try('4826')).toMatchObject({ ok: false, reason: 'wrong', failures: 1 });
  });
});
