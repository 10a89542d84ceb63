import { describe, expect, it } from 'vitest';
import { DEFAULT_MACHINE_KEY_DIR, MachineKeyError, machineKeyDir } from '../../../main/platform/machine-key';
import { macSystemKeychain, SECURITY, SYSTEM_KEYCHAIN, type CommandResult, type CommandRunner } from '../../../main/platform/machine-key-macos';
import { windowsDpapi, type DpapiModule } from '../../../main/platform/machine-key-windows';
import { osMachineKeyProtector } from '../../../main/platform/platform';

const KEY = Buffer.from('302e020100300506032b656e04220420', 'hex');
const ACCOUNT = 'terminal-key-AbCdEf0123456789_-xyzA';

/**
 * DPAPI as the terminal uses it: LocalMachine scope, fixed entropy. A blob opens only on the
 * "computer" that made it (here: an XOR with that computer's secret, tagged by the computer).
 */
class FakeDpapi implements DpapiModule {
  readonly isPlatformSupported = true;
  readonly calls: Array<{ op: string; scope: string; entropy: string }> = [];
  constructor(private readonly machine: number) {}
  readonly Dpapi = {
    protectData: (data: Uint8Array, entropy: Uint8Array | null, scope: 'CurrentUser' | 'LocalMachine'): Uint8Array => {
      this.calls.push({ op: 'protect', scope, entropy: Buffer.from(entropy ?? []).toString() });
      return Buffer.concat([Buffer.from([this.machine]), Buffer.from(data).map((b) => b ^ this.machine)]);
    },
    unprotectData: (data: Uint8Array, entropy: Uint8Array | null, scope: 'CurrentUser' | 'LocalMachine'): Uint8Array => {
      this.calls.push({ op: 'unprotect', scope, entropy: Buffer.from(entropy ?? []).toString() });
      if (data[0] !== this.machine) throw new Error('Key not valid for use in specified state.');
      return Buffer.from(data.subarray(1)).map((b) => b ^ this.machine);
    },
  };
}

describe('windowsDpapi', () => {
  it('protects with the LocalMachine scope; the blob opens on the computer that made it and nowhere else', () => {
    const here = new FakeDpapi(7);
    const protector = windowsDpapi(() => here);
    expect(protector.storeProblem()).toBeUndefined();
    const locator = protector.store(ACCOUNT, KEY);
    expect(Buffer.from(locator, 'base64').includes(KEY)).toBe(false);
    expect(protector.load(locator)).toEqual(KEY);
    expect(here.calls.map((c) => c.scope)).toEqual(['LocalMachine', 'LocalMachine']);
    expect(new Set(here.calls.map((c) => c.entropy))).toEqual(new Set(['counter-pos terminal key v1']));
    // Another computer: nothing to open, said as "no key here" (not an error).
    expect(windowsDpapi(() => new FakeDpapi(9)).load(locator)).toBeUndefined();
    expect(protector.remove(locator)).toBe(false);
  });

  it('loads its native module only when used, and says why when it cannot', () => {
    let loads = 0;
    const protector = windowsDpapi(() => {
      loads++;
      throw new Error('Cannot find module @primno/dpapi\nRequire stack: …');
    });
    expect(loads).toBe(0);
    expect(protector.storeProblem()).toBe('the DPAPI module could not be loaded (Cannot find module @primno/dpapi)');
    expect(() => protector.store(ACCOUNT, KEY)).toThrow(MachineKeyError);
    expect(() => protector.load('AAAA')).toThrow(/could not be loaded/);
    expect(loads).toBe(1);
  });

  it('is not supported off Windows: the real module answers so on this Linux machine', () => {
    const protector = osMachineKeyProtector('win32', {});
    expect('name' in protector && protector.name).toBe('windows-dpapi');
    if (!('name' in protector)) return;
    expect(protector.storeProblem()).toMatch(/not supported on this platform/);
  });
});

/** A `security` that keeps items in memory and answers with its exit codes and words. */
class FakeSecurity {
  readonly items = new Map<string, string>();
  readonly calls: Array<{ args: readonly string[]; input: string | undefined }> = [];
  failAdd = false;
  readonly run: CommandRunner = (file, args, input) => {
    this.calls.push({ args, input });
    expect(file).toBe(SECURITY);
    return this.answer(args[0] === '-i' ? (input ?? '').trim().split(/\s+/) : [...args]);
  };

  private answer(words: string[]): CommandResult {
    const opt = (flag: string): string | undefined => {
      const i = words.indexOf(flag);
      return i < 0 ? undefined : words[i + 1];
    };
    const key = `${opt('-s') ?? ''}/${opt('-a') ?? ''}@${words.at(-1) ?? ''}`;
    const missing = { status: 44, stdout: '', stderr: 'security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n' };
    switch (words[0]) {
      case 'add-generic-password':
        if (!this.failAdd) this.items.set(key, opt('-w') ?? '');
        return this.failAdd ? { status: 0, stdout: '', stderr: 'add-generic-password: write permissions error.\n' } : { status: 0, stdout: '', stderr: '' };
      case 'find-generic-password': {
        const v = this.items.get(key);
        return v === undefined ? missing : { status: 0, stdout: `${v}\n`, stderr: '' };
      }
      case 'delete-generic-password':
        return this.items.delete(key) ? { status: 0, stdout: 'password has been deleted.\n', stderr: '' } : missing;
      default:
        return { status: 1, stdout: '', stderr: `unknown command ${words[0] ?? ''}` };
    }
  }
}

describe('macSystemKeychain (with a fake runner: untested on a real Mac)', () => {
  it('adds the key to the System keychain through standard input, never as an argument, and reads it back', () => {
    const security = new FakeSecurity();
    const protector = macSystemKeychain({ run: security.run, isRoot: () => true });
    expect(protector.storeProblem()).toBeUndefined();
    expect(protector.store(ACCOUNT, KEY)).toBe(ACCOUNT);
    const [add] = security.calls;
    expect(add?.args).toEqual(['-i']);
    expect(add?.input).toBe(
      `add-generic-password -U -a ${ACCOUNT} -s counter-pos -l counter-pos-terminal-key -T /usr/bin/security -w ${KEY.toString('base64')} ${SYSTEM_KEYCHAIN}\n`,
    );
    for (const c of security.calls) expect(c.args.join(' ')).not.toContain(KEY.toString('base64'));
    expect(security.calls[1]?.args).toEqual(['find-generic-password', '-a', ACCOUNT, '-s', 'counter-pos', '-w', SYSTEM_KEYCHAIN]);
    expect(protector.load(ACCOUNT)).toEqual(KEY);
  });

  it('reads "not found" (exit 44) as no key on this Mac, and any other failure as an error in its words', () => {
    const security = new FakeSecurity();
    const protector = macSystemKeychain({ run: security.run, isRoot: () => true });
    expect(protector.load(ACCOUNT)).toBeUndefined();
    expect(protector.remove(ACCOUNT)).toBe(false);
    const broken = macSystemKeychain({ run: () => ({ status: 51, stdout: '', stderr: 'security: SecKeychainItemCopyContent: User interaction is not allowed.\nmore\n' }) });
    expect(() => broken.load(ACCOUNT)).toThrow('the macOS System keychain could not be read (security: SecKeychainItemCopyContent: User interaction is not allowed.)');
    protector.store(ACCOUNT, KEY);
    expect(protector.remove(ACCOUNT)).toBe(true);
    expect(security.calls.at(-1)?.args).toEqual(['delete-generic-password', '-a', ACCOUNT, '-s', 'counter-pos', SYSTEM_KEYCHAIN]);
  });

  it('fails a store whose item does not read back, even when security -i exits 0', () => {
    const security = new FakeSecurity();
    security.failAdd = true;
    const protector = macSystemKeychain({ run: security.run, isRoot: () => true });
    expect(() => protector.store(ACCOUNT, KEY)).toThrow('the macOS System keychain did not store the key (add-generic-password: write permissions error.)');
  });

  it('leaves writing to root, with the command to run', () => {
    const security = new FakeSecurity();
    const protector = macSystemKeychain({ run: security.run, isRoot: () => false });
    expect(protector.storeProblem()).toBe('only root can write to the macOS System keychain: run `sudo posctl keys protect`');
    expect(() => protector.store(ACCOUNT, KEY)).toThrow(MachineKeyError);
    expect(security.calls).toEqual([]);
  });

  it('refuses an account name that could reach a command line or a path', () => {
    const protector = macSystemKeychain({ run: new FakeSecurity().run, isRoot: () => true });
    for (const bad of ['x -A', '../../etc/shadow', 'a\nb', '']) expect(() => protector.load(bad)).toThrow(MachineKeyError);
  });
});

describe('the machine key folder and the protector of each OS', () => {
  it('is /etc/counter-pos unless POS_MACHINE_KEY_DIR names an absolute folder', () => {
    expect(machineKeyDir({})).toBe(DEFAULT_MACHINE_KEY_DIR);
    expect(machineKeyDir({ POS_MACHINE_KEY_DIR: '' })).toBe('/etc/counter-pos');
    expect(machineKeyDir({ POS_MACHINE_KEY_DIR: '/srv/lane-keys' })).toBe('/srv/lane-keys');
    expect(machineKeyDir({ POS_MACHINE_KEY_DIR: 'keys' })).toEqual({ unavailable: 'POS_MACHINE_KEY_DIR must be an absolute path, not "keys"' });
  });

  it('picks the key folder on Linux, DPAPI on Windows, the System keychain on macOS', () => {
    const name = (p: ReturnType<typeof osMachineKeyProtector>): string => ('name' in p ? p.name : p.unavailable);
    expect(osMachineKeyProtector('linux', { POS_MACHINE_KEY_DIR: '/srv/k' })).toMatchObject({ name: 'linux-key-folder', label: 'the machine key folder /srv/k' });
    expect(name(osMachineKeyProtector('linux', { POS_MACHINE_KEY_DIR: 'k' }))).toMatch(/must be an absolute path/);
    expect(name(osMachineKeyProtector('win32', {}))).toBe('windows-dpapi');
    expect(name(osMachineKeyProtector('darwin', {}))).toBe('macos-system-keychain');
    expect(name(osMachineKeyProtector('freebsd', {}))).toBe('there is no machine key protection on freebsd');
  });
});
