import { describe, expect, it } from 'vitest';
import { KeyVaultError, KeyVaultMissingError, keyringAddonPackage, osKeyVault, type KeyringModule } from '../../../main/platform/key-vault';

// The addon packages @napi-rs/keyring lists as its optional dependencies, picked as its own loader picks them.
describe('keyringAddonPackage', () => {
  const glibc = (): boolean => false;
  const musl = (): boolean => true;

  it.each([
    ['win32', 'x64', '@napi-rs/keyring-win32-x64-msvc'],
    ['win32', 'arm64', '@napi-rs/keyring-win32-arm64-msvc'],
    ['win32', 'ia32', '@napi-rs/keyring-win32-ia32-msvc'],
    ['darwin', 'arm64', '@napi-rs/keyring-darwin-arm64'],
    ['darwin', 'x64', '@napi-rs/keyring-darwin-x64'],
    ['linux', 'x64', '@napi-rs/keyring-linux-x64-gnu'],
    ['linux', 'arm64', '@napi-rs/keyring-linux-arm64-gnu'],
  ] as const)('%s %s: %s', (platform, arch, expected) => {
    expect(keyringAddonPackage(platform, arch, glibc)).toBe(expected);
  });

  it("leaves a musl Linux, and hosts it names no prebuild for, to the package's loader", () => {
    expect(keyringAddonPackage('linux', 'x64', musl)).toBeUndefined();
    expect(keyringAddonPackage('linux', 'arm', glibc)).toBeUndefined();
    expect(keyringAddonPackage('freebsd', 'x64', glibc)).toBeUndefined();
    expect(keyringAddonPackage('darwin', 'ia32', glibc)).toBeUndefined();
  });

  it('asks about musl only on Linux', () => {
    let asked = 0;
    const probe = (): boolean => {
      asked++;
      return false;
    };
    keyringAddonPackage('win32', 'x64', probe);
    keyringAddonPackage('darwin', 'arm64', probe);
    expect(asked).toBe(0);
    keyringAddonPackage('linux', 'x64', probe);
    expect(asked).toBe(1);
  });

  it('names only packages @napi-rs/keyring lists', async () => {
    const { createRequire } = await import('node:module');
    const listed = Object.keys((createRequire(import.meta.url)('@napi-rs/keyring/package.json') as { optionalDependencies: Record<string, string> }).optionalDependencies);
    const named = (['win32', 'darwin', 'linux'] as const).flatMap((p) => ['x64', 'arm64', 'ia32'].map((a) => keyringAddonPackage(p, a, glibc))).filter((n) => n !== undefined);
    expect(listed).toEqual(expect.arrayContaining(named));
  });
});

// The native module is loaded by the vault's first use, not when the vault is made (issue 23).
describe('osKeyVault', () => {
  function module(store: Map<string, string>): KeyringModule {
    return {
      Entry: class {
        constructor(
          readonly service: string,
          readonly account: string,
        ) {}
        getPassword(): string | null {
          return store.get(`${this.service}/${this.account}`) ?? null;
        }
        setPassword(password: string): void {
          store.set(`${this.service}/${this.account}`, password);
        }
        deletePassword(): boolean {
          return store.delete(`${this.service}/${this.account}`);
        }
      },
    };
  }

  it('loads the keyring module at its first read, once, and not when it is made', () => {
    let loads = 0;
    const store = new Map<string, string>();
    const vault = osKeyVault('linux', () => {
      loads++;
      return module(store);
    });
    expect(vault.label).toBe('Secret Service');
    expect(loads).toBe(0);
    expect(vault.get('a')).toBeUndefined();
    vault.set('a', 'secret');
    expect(vault.get('a')).toBe('secret');
    expect(store.get('counter-pos/a')).toBe('secret');
    expect(vault.delete('a')).toBe(true);
    expect(loads).toBe(1);
  });

  it('a module that cannot be loaded is a KeyVaultMissingError at every use, looked for once', () => {
    let loads = 0;
    const vault = osKeyVault('win32', () => {
      loads++;
      throw new Error('libdbus-1.so.3: cannot open shared object file\nmore lines');
    });
    expect(vault.label).toBe('Windows Credential Manager');
    for (const use of [() => vault.get('a'), () => vault.set('a', 'x'), () => vault.delete('a')]) {
      let thrown: unknown;
      try {
        use();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(KeyVaultMissingError);
      expect(thrown).toBeInstanceOf(KeyVaultError);
      expect((thrown as Error).message).toBe('the OS keyring module could not be loaded (libdbus-1.so.3: cannot open shared object file)');
    }
    expect(loads).toBe(1);
  });

  it("a keyring's own failure stays a KeyVaultError naming the keyring and what it could not do", () => {
    const vault = osKeyVault('darwin', () => ({
      Entry: class {
        getPassword(): string | null {
          throw new Error('User interaction is not allowed');
        }
        setPassword(): void {}
        deletePassword(): boolean {
          return false;
        }
      },
    }));
    expect(() => vault.get('a')).toThrow(new KeyVaultError('the macOS Keychain could not be read (User interaction is not allowed)'));
  });
});
