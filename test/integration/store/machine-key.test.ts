import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import type { MachineProtection } from '../../../main/platform/machine-key';
import { keyFilePath, keyringAccount } from '../../../main/store/key-file';
import { generateTerminalKeyPair, privateKeyFromDer, privateKeyToDer, publicKeyFromRaw } from '../../../main/store/sealing';
import { KeyProtectRefused, TerminalKey, type TerminalKeyOptions } from '../../../main/store/terminal-key';
import { isRoot, laneGroupId, machineWith } from '../../support/lane-group';
import { memoryLog } from '../../support/memory-log';
import { MemoryVault } from '../../support/memory-vault';
import { tempDir } from '../../support/tmp';

/*
 * The terminal key of a machine-wide lane kept by the machine (Linux: a key file under a machine
 * key folder that stands for /etc/counter-pos), with the real file system, owners and modes. Root
 * is needed to own the folder; accounts of the lane group and outsiders are played with setpriv.
 */

const noKeyring = { unavailable: 'a machine-wide lane (test)' };

function open(dir: string, machine: MachineProtection | undefined, extra: Partial<TerminalKeyOptions> = {}): TerminalKey {
  return new TerminalKey({ dataDir: dir, vault: noKeyring, ...(machine ? { machine } : {}), sealedValues: () => [], ...extra });
}

function keyFile(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(keyFilePath(dir), 'utf8')) as Record<string, unknown>;
}

/** The key's name (its machine file is `<name>.key`), from the public key in the data folder. */
function accountOf(dir: string): string {
  return keyringAccount(publicKeyFromRaw(Buffer.from(String(keyFile(dir).publicKey), 'base64url')));
}

function owner(path: string): { mode: string; uid: number; gid: number } {
  const s = statSync(path);
  return { mode: (s.mode & 0o7777).toString(8), uid: s.uid, gid: s.gid };
}

/** Runs `cat FILE` as another account: whether it could read it. */
function canRead(uid: number, gid: number, file: string): boolean {
  return spawnSync('setpriv', ['--reuid', String(uid), '--regid', String(gid), '--clear-groups', 'cat', file], { stdio: 'ignore' }).status === 0;
}

describe.skipIf(!isRoot)('the key of a machine-wide lane, kept by the machine (Linux key folder; needs root)', () => {
  it('is made in the machine key folder, 0640 root:counter-pos in a 0750 folder; the data folder keeps only the public key and where it is', () => {
    const machine = machineWith();
    const lane = tempDir();
    const key = open(lane, machine.protection);
    expect(key.health()).toEqual({ state: 'machine', detail: `the terminal key is kept by the machine key folder ${machine.dir}, outside the data folder` });
    const content = keyFile(lane);
    const account = accountOf(lane);
    expect(content).toEqual({ version: 2, protection: 'machine', publicKey: expect.any(String) as unknown, protector: 'linux-key-folder', locator: account });
    expect(content).not.toHaveProperty('privateKey');
    const gid = laneGroupId();
    expect(owner(machine.dir)).toEqual({ mode: '750', uid: 0, gid });
    expect(owner(join(machine.dir, `${account}.key`))).toEqual({ mode: '640', uid: 0, gid });
    // Another process on this machine (posctl, the headless start) opens it.
    expect(open(lane, machine.protection).unseal(key.seal('pw', 'setting:gateway.password'), 'setting:gateway.password').toString()).toBe('pw');
  });

  it('can be read by an account of the lane group and by no other account', () => {
    const machine = machineWith();
    const lane = tempDir();
    open(lane, machine.protection);
    const file = join(machine.dir, `${String(keyFile(lane).locator)}.key`);
    const gid = laneGroupId();
    expect(canRead(47801, gid, file)).toBe(true);
    expect(canRead(47803, 47899, file)).toBe(false);
    // The control: the outsider can read a file that lets it (the refusal is the key file's modes).
    const open644 = join(machine.dir, '..', 'readable.txt');
    writeFileSync(open644, 'x', { mode: 0o644 });
    expect(canRead(47803, 47899, open644)).toBe(true);
  });

  it('moves a key left in the data folder to the machine at start, with a notice; what it sealed still opens', () => {
    const lane = tempDir();
    const before = open(lane, undefined);
    expect(before.health().state).toBe('file');
    const der = before.exportPrivateKey().der.toString('base64');
    expect(readFileSync(keyFilePath(lane), 'utf8')).toContain(der);
    const blob = before.seal('tracks', 'journal:L1');
    const notices: string[] = [];
    const machine = machineWith();
    const after = open(lane, machine.protection, { onNotice: (m) => notices.push(m) });
    expect(after.health().state).toBe('machine');
    expect(notices).toEqual([`the terminal key was moved from the data folder to the machine key folder ${machine.dir}: a copy of the data folder alone no longer unseals its secrets`]);
    expect(readFileSync(keyFilePath(lane), 'utf8')).not.toContain(der);
    expect(readFileSync(join(machine.dir, `${String(keyFile(lane).locator)}.key`), 'utf8').trim()).toBe(der);
    expect(open(lane, machine.protection).unseal(blob, 'journal:L1').toString()).toBe('tracks');
  });

  it('stays in the data folder where this process cannot write the machine folder, and says how to move it; protect() refuses in the same words', () => {
    const machine = machineWith({ isRoot: () => false });
    const lane = tempDir();
    const key = open(lane, machine.protection);
    expect(key.health().state).toBe('file');
    expect(key.health().detail).toMatch(/file permissions only .*; to keep it outside the data folder: only root can write to the machine key folder .*: run `sudo posctl keys protect`$/);
    expect(keyFile(lane)).toMatchObject({ protection: 'file' });
    expect(() => key.protect()).toThrow(new KeyProtectRefused(`the terminal key stays in the data folder: only root can make the machine key folder ${machine.dir}: run \`sudo posctl keys protect\``));
  });

  it('is never put in a machine folder that was not made (a start does not make it); protect() makes it and moves the key', () => {
    const machine = machineWith({ prepared: false });
    laneGroupId();
    const lane = tempDir();
    const key = open(lane, machine.protection);
    expect(key.health().state).toBe('file');
    expect(key.health().detail).toContain(`the machine key folder ${machine.dir} does not exist yet`);
    expect(existsSync(machine.dir)).toBe(false);
    const blob = key.seal('v', 'c');
    expect(key.protect()).toMatchObject({ state: 'machine' });
    expect(owner(machine.dir).mode).toBe('750');
    expect(keyFile(lane)).toMatchObject({ protection: 'machine' });
    expect(open(lane, machine.protection).unseal(blob, 'c').toString()).toBe('v');
    // Done: a second protect() changes nothing.
    expect(key.protect()).toMatchObject({ state: 'machine' });
  });

  it('is not used for a per-user lane, whose key stays with its account', () => {
    const machine = machineWith();
    const lane = tempDir();
    const perUser: MachineProtection = { protector: machine.protection.protector, forNewKeys: false };
    const key = open(lane, perUser);
    expect(key.health().state).toBe('file');
    expect(key.health().detail).not.toContain('outside the data folder');
    expect(() => key.protect()).toThrow(/a per-user lane/);
    expect(open(tempDir(), perUser, { vault: new MemoryVault() }).health().state).toBe('keyring');
  });

  it('is locked, never replaced, on a computer whose machine folder has no such key (a copy of the data folder)', () => {
    const machine = machineWith();
    const lane = tempDir();
    const blob = open(lane, machine.protection).seal('v', 'c');
    const file = readFileSync(keyFilePath(lane), 'utf8');
    const other = machineWith();
    const copy = open(lane, other.protection, { sealedValues: () => ['gateway.password'] });
    expect(copy.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(copy.health().detail).toMatch(/has no terminal key .* for this data folder: if the folder was copied from another computer, its key stayed there; to move a key on purpose, run `posctl keys export --to FILE` where it opens and `posctl keys import FILE` here/);
    expect(() => copy.unseal(blob, 'c')).toThrow(/cannot unseal/);
    expect(readFileSync(keyFilePath(lane), 'utf8')).toBe(file);
    // A host without this protector at all, or another kind of protector.
    expect(open(lane, undefined).health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(open(lane, { protector: { unavailable: 'nothing here' }, forNewKeys: true }).health().detail).toMatch(/kept by the machine key folder \(Linux\) of the computer it was made on, which is not here \(nothing here\)/);
  });

  it('is locked when the machine file holds another key', () => {
    const machine = machineWith();
    const lane = tempDir();
    open(lane, machine.protection);
    const file = join(machine.dir, `${String(keyFile(lane).locator)}.key`);
    writeFileSync(file, privateKeyToDer(generateTerminalKeyPair().privateKey).toString('base64'));
    expect(open(lane, machine.protection).health()).toMatchObject({ state: 'locked', detail: expect.stringMatching(/is not this terminal's key/) as unknown });
  });

  it('takes an imported key: the same key on a new machine, or another key only with force while values are sealed', () => {
    const machine = machineWith();
    const lane = tempDir();
    const original = open(lane, machine.protection);
    const blob = original.seal('v', 'c');
    const privateKey = privateKeyFromDer(original.exportPrivateKey().der);

    // The folder copied to a machine that lacks the key: import puts it in this machine's folder.
    const other = machineWith();
    const copy = open(lane, other.protection, { sealedValues: () => ['gateway.password'] });
    expect(copy.health().state).toBe('locked');
    expect(copy.adopt(privateKey)).toMatchObject({ state: 'machine' });
    expect(copy.unseal(blob, 'c').toString()).toBe('v');
    expect(open(lane, other.protection).unseal(blob, 'c').toString()).toBe('v');

    // Another key over sealed values: refused unless forced.
    const stranger = generateTerminalKeyPair();
    expect(() => copy.adopt(stranger.privateKey)).toThrow(/another one, and 1 value\(s\) are sealed with it \(gateway\.password\).*--force/);
    expect(copy.unseal(blob, 'c').toString()).toBe('v');
    expect(copy.adopt(stranger.privateKey, { force: true }).state).toBe('machine');
    expect(() => copy.unseal(blob, 'c')).toThrow();
  });

  it("is logged at the app's start as information, where a key left in the data folder is a warning; posctl's commands do not repeat it", async () => {
    const start = async (lane: string, machine: MachineProtection | undefined, exclusive = true): Promise<Array<{ level: number; msg: string }>> => {
      const log = memoryLog();
      const core = await createCore(
        { watchIntervalMs: 0, logLevel: 'info', logDestination: log.stream, exclusive, autoForward: false },
        createNodePlatform({ host: exclusive ? 'headless' : 'cli', dataDir: lane, version: 't', ...(machine ? { machineKey: machine } : {}) }),
      );
      onTestFinished(() => core.close());
      return log.lines().map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.msg.startsWith('terminal key:'));
    };
    const machine = machineWith();
    expect(await start(tempDir(), machine.protection)).toEqual([expect.objectContaining({ level: 30, msg: expect.stringContaining(`kept by the machine key folder ${machine.dir}`) as unknown })]);
    const fileOnly = tempDir();
    expect(await start(fileOnly, { protector: machine.protection.protector, forNewKeys: false })).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('file permissions only') as unknown })]);
    expect(await start(fileOnly, { protector: machine.protection.protector, forNewKeys: false }, false)).toEqual([]);
  });
});
