import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SealError, generateTerminalKeyPair, seal, unseal } from '../../../main/store/sealing';
import { openTerminalKey } from '../../../main/store/terminal-key';
import { fileKeyProtector, type KeyProtector } from '../../../main/platform/platform';

describe('sealing', () => {
  const pair = generateTerminalKeyPair();

  it('round-trips and never shows the plain text', () => {
    const blob = seal('4111111111111111', 'journal:1', pair.publicKey);
    expect(blob.toString('latin1')).not.toContain('4111111111111111');
    expect(unseal(blob, 'journal:1', pair.privateKey).toString()).toBe('4111111111111111');
  });

  it('uses a fresh ephemeral key each time', () => {
    expect(seal('x', 'c', pair.publicKey).equals(seal('x', 'c', pair.publicKey))).toBe(false);
  });

  it('refuses another context, another key, and any flipped bit', () => {
    const blob = seal('secret', 'setting:gateway.password', pair.publicKey);
    expect(() => unseal(blob, 'setting:gateway.hmacKey', pair.privateKey)).toThrow(SealError);
    expect(() => unseal(blob, 'setting:gateway.password', generateTerminalKeyPair().privateKey)).toThrow(SealError);
    for (const i of [0, 5, 40, 50, blob.length - 1]) {
      const tampered = Buffer.from(blob);
      tampered[i] = (tampered[i] ?? 0) ^ 1;
      expect(() => unseal(tampered, 'setting:gateway.password', pair.privateKey)).toThrow();
    }
    expect(() => unseal(Buffer.from([1, 2, 3]), 'x', pair.privateKey)).toThrow(SealError);
  });
});

describe('terminal key file', () => {
  it('is created once with 0600 permissions and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-key-'));
    const a = openTerminalKey(dir, fileKeyProtector);
    const file = join(dir, 'keys', 'terminal-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'keys')).mode & 0o777).toBe(0o700);
    const blob = a.seal('v', 'c');
    const b = openTerminalKey(dir, fileKeyProtector);
    expect(b.unseal(blob, 'c').toString()).toBe('v');
  });

  it('is re-protected by a keychain host, which a file-only host then cannot unlock (but can still seal for)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-key-'));
    const blob = openTerminalKey(dir, fileKeyProtector).seal('v', 'c');
    // A stand-in for safeStorage: reversible, and visibly different from the plain bytes.
    const keychain: KeyProtector = {
      kind: 'os-keychain',
      protect: (b) => Buffer.from(b).reverse(),
      unprotect: (b) => Buffer.from(b).reverse(),
    };
    const app = openTerminalKey(dir, keychain);
    expect(app.unseal(blob, 'c').toString()).toBe('v');
    expect(JSON.parse(readFileSync(join(dir, 'keys', 'terminal-key.json'), 'utf8'))).toMatchObject({ protection: 'os-keychain' });

    const cli = openTerminalKey(dir, fileKeyProtector);
    const written = cli.seal('w', 'c');
    expect(() => cli.unseal(written, 'c')).toThrow(/desktop keychain/);
    expect(app.unseal(written, 'c').toString()).toBe('w');
  });
});
