import { describe, expect, it } from 'vitest';
import { keyringAddonPackage } from '../../../main/platform/key-vault';

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
