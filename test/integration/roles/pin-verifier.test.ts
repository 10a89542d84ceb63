import { createHmac, scryptSync } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { keyFilePath } from '../../../main/store/key-file';
import type { Reply } from '../../../preload/contract';
import { memoryLog } from '../../support/memory-log';
import { MemoryVault } from '../../support/memory-vault';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const page: CallContext = { transport: 'ws', connection: 'ws:1' };
const refusal = (r: Reply): string => (r.ok ? '' : `${r.error.code}: ${r.error.message}`);

let open: Core[] = [];
afterEach(async () => {
  for (const core of open) await core.close();
  open = [];
});

async function withVault(dir: string, vault: MemoryVault): Promise<Core> {
  const core = await createCore({ watchIntervalMs: 0, logDestination: memoryLog().stream }, createNodePlatform({ host: 'cli', dataDir: dir, version: 't', keyVault: vault }));
  open.push(core);
  return core;
}

async function close(core: Core): Promise<void> {
  open = open.filter((c) => c !== core);
  await core.close();
}

/** A lane with a manager PIN 4826, cashier 7 (PIN 5937) and a technician code waiting. */
async function lane(core: Core): Promise<void> {
  core.manager.technicianSet('4826', 'test');
  core.cashiers.save('7', 'Ann', '5937');
  core.manager.issueTechnicianCode('test');
}

/** The stored verifiers, read from the file as anyone with a copy would. */
function verifiers(file: string): { manager: string; cashier: string; code: string } {
  const db = new Database(file, { readonly: true });
  try {
    const one = (sql: string): string => db.prepare(sql).pluck().get() as string;
    return { manager: one('SELECT hash FROM manager_pin'), cashier: one("SELECT pin_hash FROM cashier WHERE number = '7'"), code: one('SELECT hash FROM technician_code') };
  } finally {
    db.close();
  }
}

/** An attacker's script, with the project's scrypt parameters read from the stored value itself: its scrypt output for a guess. */
function guess(stored: string, pin: string): { scrypt: Buffer; digest: Buffer; unkeyed: string } {
  const [, , n, r, p, salt, digest] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * Number(n) * Number(r) };
  const out = scryptSync(pin, Buffer.from(salt ?? '', 'base64url'), 32, params);
  // What an earlier build would have stored for this PIN: `scrypt$N$r$p$salt$hash`.
  return { scrypt: out, digest: Buffer.from(digest ?? '', 'base64url'), unkeyed: ['scrypt', n, r, p, salt, out.toString('base64url')].join('$') };
}

/** The unkeyed verifier an earlier build wrote. */
function unkeyed(pin: string): string {
  const salt = Buffer.alloc(16, 1);
  const hash = scryptSync(pin, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

describe('PIN verifiers keyed with the terminal key', () => {
  it('a copy of terminal.sqlite cannot tell the right PIN from a wrong one without the key; with the key it can', async () => {
    const dir = tempDir('pos-pinkey-');
    const vault = new MemoryVault();
    const core = await withVault(dir, vault);
    await lane(core);
    const k = core.key.derive('pin-verifier');
    await close(core);
    const copy = join(tempDir('pos-pinkey-copy-'), 'terminal.sqlite');
    copyFileSync(join(dir, 'terminal.sqlite'), copy);

    const stored = verifiers(copy);
    for (const [what, hash, right] of [['manager', stored.manager, '4826'], ['cashier', stored.cashier, '5937']] as const) {
      expect(hash, what).toMatch(/^kscrypt\$/);
      const r = guess(hash, right);
      const w = guess(hash, '4827');
      // Without the key: neither guess's scrypt output is what is stored, and the unkeyed verifier of the right PIN is not it either.
      expect(r.scrypt.equals(r.digest), what).toBe(false);
      expect(w.scrypt.equals(w.digest), what).toBe(false);
      expect(hash).not.toBe(r.unkeyed);
      // With the key: HMAC(K, scrypt) of the right PIN is, and of a wrong one is not.
      expect(createHmac('sha256', k).update(r.scrypt).digest().equals(r.digest), what).toBe(true);
      expect(createHmac('sha256', k).update(w.scrypt).digest().equals(w.digest), what).toBe(false);
    }
    expect(stored.code).toMatch(/^kscrypt\$/);
  });

  it('a copy opened without its key: the PIN cannot be checked (not a wrong PIN), and no try is counted', async () => {
    const dir = tempDir('pos-pinkey-');
    const core = await withVault(dir, new MemoryVault());
    await lane(core);
    await close(core);
    const elsewhere = tempDir('pos-pinkey-copy-');
    copyFileSync(join(dir, 'terminal.sqlite'), join(elsewhere, 'terminal.sqlite'));
    // Nothing sealed in it: that lane makes itself a new key, which never made these verifiers.
    const copy = await withVault(elsewhere, new MemoryVault());
    for (let i = 0; i < 6; i++) {
      expect(refusal(await copy.dispatch('manager.unlock', { pin: '4826' }, page))).toBe(
        'UNAVAILABLE: The manager PIN was set with a terminal key that has since been replaced, so it cannot be checked: a technician sets it again with posctl manager-pin set. This try was not counted as a wrong one.',
      );
    }
    expect(refusal(await copy.dispatch('cashier.signIn', { number: '7', pin: '5937' }, page))).toMatch(/^UNAVAILABLE: Cashier 7's PIN was set with a terminal key that has since been replaced.*saves the cashier again/);
    expect(copy.db.prepare('SELECT failures, locked_until AS lockedUntil FROM manager_pin').get()).toEqual({ failures: 0, lockedUntil: null });
    expect(copy.db.prepare("SELECT failures FROM cashier WHERE number = '7'").pluck().get()).toBe(0);
  });

  it('where the terminal key does not open, checking a PIN or a code says so, counts nothing, and a new PIN is refused', async () => {
    const dir = tempDir('pos-pinkey-');
    const core = await withVault(dir, new MemoryVault());
    await lane(core);
    await close(core);
    // The same lane seen by an account whose keyring has no entry for its key.
    const other = await withVault(dir, new MemoryVault());
    expect(other.key.health().state).toBe('locked');
    const words = /cannot be checked on this computer now: the terminal key does not open here .*This try was not counted as a wrong one\.$/;
    for (let i = 0; i < 6; i++) expect(refusal(await other.dispatch('manager.unlock', { pin: '4826' }, page))).toMatch(new RegExp(`^UNAVAILABLE: The manager PIN ${words.source}`));
    expect(refusal(await other.dispatch('cashier.signIn', { number: '7', pin: '5937' }, page))).toMatch(new RegExp(`^UNAVAILABLE: Cashier 7's PIN ${words.source}`));
    // An unknown number hears the same: the key is asked before the number is looked up.
    expect(refusal(await other.dispatch('cashier.signIn', { number: '99', pin: '5937' }, page))).toMatch(new RegExp(`^UNAVAILABLE: Cashier 99's PIN ${words.source}`));
    expect(() => other.manager.technicianSet('5937', 'test')).toThrow(/^The manager PIN cannot be set on this computer now: the terminal key does not open here/);
    expect(other.db.prepare('SELECT failures FROM manager_pin').pluck().get()).toBe(0);
    expect(other.db.prepare("SELECT failures FROM cashier WHERE number = '7'").pluck().get()).toBe(0);
  });

  it('keys the unkeyed verifiers of an earlier build at start, without the PIN, the same whichever of several processes does it', async () => {
    const dir = tempDir('pos-pinkey-');
    const first = await openCore(dir);
    open.push(first);
    const legacy = { manager: unkeyed('4826'), cashier: unkeyed('5937') };
    first.db.prepare("INSERT INTO manager_pin (id, hash, failures, changed_at, changed_by) VALUES (1, ?, 0, 'then', 'an earlier build')").run(legacy.manager);
    first.db.prepare("INSERT INTO cashier (number, name, pin_hash, failures, saved_at) VALUES ('7', 'Ann', ?, 0, 'then')").run(legacy.cashier);
    first.db.prepare("INSERT INTO technician_code (id, hash, expires_at, failures) VALUES (1, ?, '2999-01-01T00:00:00.000Z', 0)").run(unkeyed('90817263'));
    await close(first);

    // Three posctl processes start at once on the upgraded lane: each keys what is still unkeyed.
    const runs = await Promise.all([1, 2, 3].map(() => posctl(dir, ['manager-pin', 'status', '--json'])));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const after = verifiers(join(dir, 'terminal.sqlite'));
    expect(Object.values(after).every((h) => h.startsWith('kscrypt$'))).toBe(true);
    // Same salt and parameters: the keyed form of the same scrypt output.
    expect(after.manager.split('$').slice(2, 6)).toEqual(legacy.manager.split('$').slice(1, 5));

    const core = await openCore(dir);
    open.push(core);
    expect(verifiers(join(dir, 'terminal.sqlite'))).toEqual(after);
    expect(await core.dispatch('manager.unlock', { pin: '4826' }, page)).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(refusal(await core.dispatch('manager.unlock', { pin: '4827' }, page))).toMatch(/^FORBIDDEN: Wrong manager PIN/);
    expect(await core.dispatch('cashier.signIn', { number: '7', pin: '5937' }, page)).toMatchObject({ ok: true });
  });

  it('posctl keys reset removes the verifiers a replaced key can no longer check, and says to set them again', async () => {
    const dir = tempDir('pos-pinkey-');
    const core = await openCore(dir);
    open.push(core);
    await lane(core);
    await close(core);
    // The key file is lost; nothing sealed, so the next start makes a new key that never made these verifiers.
    rmSync(keyFilePath(dir));
    const reset = await posctl(dir, ['keys', 'reset']);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('the manager PIN was made with the old key and was removed: set the manager PIN again (posctl manager-pin set, or the set-up screen at the counter)');
    expect(reset.stdout).toContain('removed cashier(s) 7: their PINs were made with the old key; the manager saves them again in Settings');
    expect(reset.stdout).toContain('the technician code that was waiting was made with the old key and no longer works');
    expect((await posctl(dir, ['manager-pin', 'status', '--json'])).stdout).toContain('"pinSet":false');
    // Run again, there is nothing left to clear.
    expect((await posctl(dir, ['keys', 'reset', '--json'])).stdout).toContain('"clearedPins":{"managerPin":false,"cashiers":[],"technicianCode":false}');
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '5937\n' })).code).toBe(0);
    const again = await openCore(dir);
    open.push(again);
    expect(await again.dispatch('manager.unlock', { pin: '5937' }, page)).toMatchObject({ ok: true, value: { role: 'manager' } });
  });
});
