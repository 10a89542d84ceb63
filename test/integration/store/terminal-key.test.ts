import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { osKeyVault } from '../../../main/platform/key-vault';
import { keyFilePath, keyringAccount } from '../../../main/store/key-file';
import { generateTerminalKeyPair, privateKeyToDer, rawPublicKey } from '../../../main/store/sealing';
import { TerminalKey, type TerminalKeyOptions } from '../../../main/store/terminal-key';
import { MemoryVault } from '../../support/memory-vault';
import { tempDir } from '../../support/tmp';

const noKeyring = { unavailable: 'no Secret Service in this test' };

function open(dir: string, extra: Partial<TerminalKeyOptions> = {}): TerminalKey {
  return new TerminalKey({ dataDir: dir, vault: noKeyring, sealedValues: () => [], ...extra });
}

function keyFile(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(keyFilePath(dir), 'utf8')) as Record<string, unknown>;
}

/** Stands in for an older desktop app's safeStorage: it wraps and unwraps by reversing the bytes. */
const safeStorageStandIn = (b: Buffer): Buffer => Buffer.from(b).reverse();

/** A key file as version 1 of the terminal wrote it. */
function writeV1(dir: string, protection: 'file' | 'os-keychain', wrap: (b: Buffer) => Buffer = (b) => b) {
  const pair = generateTerminalKeyPair();
  const file = keyFilePath(dir);
  open(dir); // makes keys/ with its permissions
  writeFileSync(file, JSON.stringify({ version: 1, protection, publicKey: rawPublicKey(pair.publicKey).toString('base64url'), privateKey: wrap(privateKeyToDer(pair.privateKey)).toString('base64') }));
  return pair;
}

describe('TerminalKey without an OS keyring', () => {
  it('creates a key in a 0600 file once, reuses it, and says it is protected by file permissions only', () => {
    const dir = tempDir();
    const a = open(dir);
    expect(statSync(keyFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'keys')).mode & 0o777).toBe(0o700);
    expect(a.health()).toMatchObject({ state: 'file' });
    expect(a.health().detail).toMatch(/file permissions only/);
    const blob = a.seal('v', 'c');
    expect(open(dir).unseal(blob, 'c').toString()).toBe('v');
  });
});

describe('a seal prepared ahead', () => {
  it('seals with the key in place when it is used, even if the key was replaced since it was prepared', () => {
    const dir = tempDir();
    const key = open(dir);
    const early = key.prepareSeal();
    const kept = key.prepareSeal();
    expect(key.unseal(kept('same key', 'journal:L1'), 'journal:L1').toString()).toBe('same key');
    key.replace();
    // Prepared with the old key, used after the reset: the new key opens it.
    expect(key.unseal(early('after a reset', 'journal:L2'), 'journal:L2').toString()).toBe('after a reset');
  });
});

describe('TerminalKey with an OS keyring', () => {
  it('keeps the private key in the keyring and only the public key in the file', () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const a = open(dir, { vault });
    expect(a.health()).toEqual({ state: 'keyring', detail: '' });
    const content = keyFile(dir);
    expect(content).toMatchObject({ version: 2, protection: 'os-keyring' });
    expect(content).not.toHaveProperty('privateKey');
    expect(vault.entries.has(String(content.account))).toBe(true);
    // Another host on the same data directory (posctl, headless) unseals with the same entry.
    const blob = a.seal('secret', 'setting:x');
    expect(open(dir, { vault }).unseal(blob, 'setting:x').toString()).toBe('secret');
  });

  it("moves a version-1 file key into the keyring at the lane's own start and removes it from the file", () => {
    const dir = tempDir();
    const pair = writeV1(dir, 'file');
    const vault = new MemoryVault();
    const key = open(dir, { vault, movesIntoKeyring: true });
    expect(key.health().state).toBe('keyring');
    expect(keyFile(dir)).toEqual({ version: 2, protection: 'os-keyring', publicKey: rawPublicKey(pair.publicKey).toString('base64url'), account: keyringAccount(pair.publicKey) });
    expect(readFileSync(keyFilePath(dir), 'utf8')).not.toContain(privateKeyToDer(pair.privateKey).toString('base64'));
  });

  it("moves a file key made on a host without a keyring once the lane's own start finds a keyring there", () => {
    const dir = tempDir();
    const blob = open(dir).seal('v', 'c');
    const vault = new MemoryVault();
    expect(open(dir, { vault, movesIntoKeyring: true }).health().state).toBe('keyring');
    expect(keyFile(dir)).not.toHaveProperty('privateKey');
    expect(open(dir, { vault }).unseal(blob, 'c').toString()).toBe('v');
  });

  it('keeps a file key as it is while the keyring cannot be reached', () => {
    const dir = tempDir();
    open(dir);
    const before = readFileSync(keyFilePath(dir), 'utf8');
    const vault = new MemoryVault();
    vault.down = true;
    const app = open(dir, { vault, movesIntoKeyring: true });
    expect(app.health().state).toBe('file');
    expect(app.health().detail).toMatch(/no usable OS keyring: the test keyring could not be reached/);
    expect(readFileSync(keyFilePath(dir), 'utf8')).toBe(before);
  });

  it("leaves a file key where it is when posctl opens it with a keyring that answers: a lane started without that keyring keeps its key", () => {
    const dir = tempDir();
    // The lane runs as a service with no session bus: its key stays in the file.
    const down = new MemoryVault();
    down.down = true;
    const lane = open(dir, { vault: down, movesIntoKeyring: true });
    const blob = lane.seal('v', 'c');
    const before = readFileSync(keyFilePath(dir), 'utf8');
    // A technician's session, whose keyring answers, runs posctl status: nothing moves.
    const vault = new MemoryVault();
    const posctl = open(dir, { vault });
    expect(posctl.health().state).toBe('file');
    expect(posctl.health().detail).toMatch(/^the terminal key is protected by file permissions only \(not moved into the test keyring by this command: the app or the headless start moves it there/);
    expect(posctl.unseal(blob, 'c').toString()).toBe('v');
    expect(vault.entries.size).toBe(0);
    expect(readFileSync(keyFilePath(dir), 'utf8')).toBe(before);
    // The running lane, which reloads a changed key file, still opens its key.
    expect(lane.refresh()).toBe(false);
    expect(lane.canUnseal()).toBe(true);
  });

  it('still puts a key that posctl makes, imports or resets into a keyring that answers', () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const made = open(dir, { vault });
    expect(made.health().state).toBe('keyring');
    expect(made.adopt(generateTerminalKeyPair().privateKey, { force: true }).state).toBe('keyring');
    expect(made.replace().state).toBe('keyring');
  });

  it('moves a key sealed by an older desktop app (safeStorage) only where that app can open it', () => {
    const dir = tempDir();
    writeV1(dir, 'os-keychain', safeStorageStandIn);
    const vault = new MemoryVault();
    const cli = open(dir, { vault });
    expect(cli.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(cli.health().detail).toMatch(/start the desktop app once/);
    expect(cli.canUnseal()).toBe(false);
    const sealedByCli = cli.seal('w', 'c');
    const app = open(dir, { vault, legacyUnprotect: safeStorageStandIn, movesIntoKeyring: true });
    expect(app.health().state).toBe('keyring');
    expect(open(dir, { vault }).unseal(sealedByCli, 'c').toString()).toBe('w');
  });

  it('never leaves a key opened from safeStorage in a file while a keyring answers, whichever process opens it', () => {
    const dir = tempDir();
    const pair = writeV1(dir, 'os-keychain', safeStorageStandIn);
    const vault = new MemoryVault();
    expect(open(dir, { vault, legacyUnprotect: safeStorageStandIn }).health().state).toBe('keyring');
    expect(readFileSync(keyFilePath(dir), 'utf8')).not.toContain(privateKeyToDer(pair.privateKey).toString('base64'));
  });

  it('is locked, not replaced, when the keyring has no entry for it or cannot be reached', () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const blob = open(dir, { vault }).seal('v', 'c');
    const file = readFileSync(keyFilePath(dir), 'utf8');
    vault.down = true;
    expect(open(dir, { vault }).health()).toMatchObject({ state: 'locked', mayReturn: true });
    vault.down = false;
    vault.entries.clear();
    const orphan = open(dir, { vault });
    // Maybe another user's keyring (posctl under sudo): a reset then needs --force.
    expect(orphan.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(orphan.health().detail).toMatch(/run this as the user the terminal runs as/);
    expect(() => orphan.unseal(blob, 'c')).toThrow(/no entry/);
    expect(open(dir, { vault: noKeyring }).health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(readFileSync(keyFilePath(dir), 'utf8')).toBe(file);
  });

  it("is locked, saying the host has no keyring, when the keyring's module cannot be loaded here (the vault loads it at first use)", () => {
    const dir = tempDir();
    const blob = open(dir, { vault: new MemoryVault() }).seal('v', 'c');
    const file = readFileSync(keyFilePath(dir), 'utf8');
    const missing = osKeyVault('linux', () => {
      throw new Error('libdbus-1.so.3: cannot open shared object file');
    });
    const here = open(dir, { vault: missing });
    expect(here.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(here.health().detail).toMatch(/^the terminal key is in an OS keyring, but this host has none \(the OS keyring module could not be loaded \(libdbus-1\.so\.3: cannot open shared object file\)\); run this from the lane's desktop session, or /);
    expect(() => here.unseal(blob, 'c')).toThrow();
    // A new key there goes to its file, saying why.
    const other = tempDir();
    const made = open(other, { vault: missing });
    expect(made.health().state).toBe('file');
    expect(made.health().detail).toMatch(/no usable OS keyring: the OS keyring module could not be loaded \(libdbus/);
    expect(readFileSync(keyFilePath(dir), 'utf8')).toBe(file);
  });

  it('is locked when the keyring entry holds another key', () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    open(dir, { vault });
    const account = String(keyFile(dir).account);
    vault.entries.set(account, privateKeyToDer(generateTerminalKeyPair().privateKey).toString('base64'));
    const key = open(dir, { vault });
    expect(key.health()).toMatchObject({ state: 'locked' });
    expect(key.health().mayReturn).toBeUndefined();
  });
});

describe('TerminalKey when its file is lost', () => {
  it('never becomes a new key while sealed values exist: it is lost, and sealing is refused', () => {
    const dir = tempDir();
    open(dir);
    rmSync(keyFilePath(dir));
    const key = open(dir, { sealedValues: () => ['gateway.password'] });
    expect(key.health().state).toBe('lost');
    expect(key.health().detail).toMatch(/is missing while 1 sealed value\(s\) exist \(gateway\.password\).*posctl keys reset/);
    expect(existsSync(keyFilePath(dir))).toBe(false);
    expect(key.canUnseal()).toBe(false);
    expect(() => key.seal('v', 'c')).toThrow(/cannot seal/);
  });

  it('is lost when the file is damaged and sealed values exist; a damaged file with nothing sealed is moved aside', () => {
    const dir = tempDir();
    open(dir);
    writeFileSync(keyFilePath(dir), '{"version": 2, "publ');
    expect(open(dir, { sealedValues: () => ['marketplace.apiSecret'] }).health()).toMatchObject({ state: 'lost' });
    expect(readFileSync(keyFilePath(dir), 'utf8')).toBe('{"version": 2, "publ');
    const fresh = open(dir);
    expect(fresh.health().state).toBe('file');
    expect(readdirSync(join(dir, 'keys')).some((f) => f.startsWith('terminal-key.json.damaged-'))).toBe(true);
  });

  it('makes a first key when nothing is sealed yet', () => {
    const dir = tempDir();
    expect(open(dir, { sealedValues: () => [] }).canUnseal()).toBe(true);
  });

  it('is replaced by replace(), after which old values no longer open', () => {
    const dir = tempDir();
    const vault = new MemoryVault();
    const old = open(dir, { vault });
    const blob = old.seal('v', 'c');
    rmSync(keyFilePath(dir));
    const key = open(dir, { vault, sealedValues: () => ['gateway.password'] });
    expect(key.replace().state).toBe('keyring');
    expect(() => key.unseal(blob, 'c')).toThrow();
    expect(key.unseal(key.seal('w', 'c'), 'c').toString()).toBe('w');
  });

  it('loads again on refresh() when another process replaced the file', () => {
    const dir = tempDir();
    open(dir);
    rmSync(keyFilePath(dir));
    const app = open(dir, { sealedValues: () => ['gateway.password'] });
    expect(app.refresh()).toBe(false);
    const technician = open(dir, { sealedValues: () => ['gateway.password'] });
    technician.replace();
    expect(app.refresh()).toBe(true);
    expect(app.health().state).toBe('file');
    expect(app.unseal(technician.seal('x', 'c'), 'c').toString()).toBe('x');
  });
});
