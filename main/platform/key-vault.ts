import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Where the terminal's private key lives when the host has an OS keyring: Windows Credential
 * Manager, the macOS Keychain, or the Secret Service on Linux (GNOME Keyring, KWallet). One
 * protector for every host: the desktop app, the headless start and posctl read the same entry,
 * so any of them can unseal what the others sealed. Where there is no keyring, the key stays in
 * a 0600 file and the status says so (see store/terminal-key.ts).
 */
export interface KeyVault {
  /** For messages: "Secret Service", "Windows Credential Manager", "macOS Keychain". */
  readonly label: string;
  /** The stored secret, or undefined when this entry does not exist. Throws KeyVaultError when the keyring cannot be used. */
  get(account: string): string | undefined;
  set(account: string, secret: string): void;
  /** Whether an entry was removed. */
  delete(account: string): boolean;
}

export class KeyVaultError extends Error {
  override name = 'KeyVaultError';
}

/** The keyring's native module cannot be loaded on this host: no keyring to unlock, none to try again. */
export class KeyVaultMissingError extends KeyVaultError {
  override name = 'KeyVaultMissingError';
}

/** The keyring service name the entries are filed under (`secret-tool search --all service counter-pos`). */
export const KEYRING_SERVICE = 'counter-pos';

/** `POS_KEY_PROTECTION`: `auto` (default) uses the OS keyring when it answers; `file` never tries it. */
export type KeyProtectionChoice = 'auto' | 'file';

export function keyProtectionChoice(env: NodeJS.ProcessEnv = process.env): KeyProtectionChoice {
  return env.POS_KEY_PROTECTION === 'file' ? 'file' : 'auto';
}

interface KeyringEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
export interface KeyringModule {
  Entry: new (service: string, account: string, options?: { linux?: { store?: 'secret-service' | 'keyutils' } }) => KeyringEntry;
}

function labelFor(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'Windows Credential Manager';
  if (platform === 'darwin') return 'macOS Keychain';
  return 'Secret Service';
}

function wrap<T>(label: string, doing: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof KeyVaultMissingError) throw e;
    throw new KeyVaultError(`the ${label} could not ${doing} (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * The package of @napi-rs/keyring's prebuilt addon for this host, as that package's own loader
 * picks it; undefined where the loader must decide (a musl Linux, a host without a prebuild named
 * here). Loading the addon by its package skips the loader's search, about 2 ms of every start
 * that opens the key (issue 23).
 */
export function keyringAddonPackage(platform: NodeJS.Platform, arch: string, musl: () => boolean): string | undefined {
  if (platform === 'win32' && (arch === 'x64' || arch === 'arm64' || arch === 'ia32')) return `@napi-rs/keyring-win32-${arch}-msvc`;
  if (platform === 'darwin' && (arch === 'x64' || arch === 'arm64')) return `@napi-rs/keyring-darwin-${arch}`;
  if (platform === 'linux' && (arch === 'x64' || arch === 'arm64') && !musl()) return `@napi-rs/keyring-linux-${arch}-gnu`;
  return undefined;
}

/** The loader's own first test: a musl system's ldd says so; a system without /usr/bin/ldd is left to the loader. */
function linuxMaybeMusl(): boolean {
  try {
    return readFileSync('/usr/bin/ldd', 'utf8').includes('musl');
  } catch {
    return true;
  }
}

function loadKeyring(): KeyringModule {
  const load = createRequire(import.meta.url);
  const addon = keyringAddonPackage(process.platform, process.arch, linuxMaybeMusl);
  if (addon !== undefined) {
    try {
      return load(addon) as KeyringModule;
    } catch {
      // Not installed where expected (another layout): the package's loader searches.
    }
  }
  return load('@napi-rs/keyring') as KeyringModule;
}

/**
 * The OS keyring through @napi-rs/keyring. Its native module (3 MB with its D-Bus client on Linux,
 * about 5 ms to load) is loaded by the first read, write or removal: a process that never touches
 * the keyring (`posctl status` on a lane whose key is in its file) does not pay for it (issue 23).
 * Where the module cannot be loaded, every call throws a KeyVaultError saying so, as a keyring
 * that does not answer does. On Linux the entry is pinned to the Secret Service: the library's
 * default falls back to the kernel keyring, which forgets everything at reboot.
 */
export function osKeyVault(platform: NodeJS.Platform = process.platform, load: () => KeyringModule = loadKeyring): KeyVault {
  let loaded: { mod: KeyringModule } | { error: string } | undefined;
  const label = labelFor(platform);
  const entry = (account: string): KeyringEntry => {
    if (loaded === undefined) {
      try {
        loaded = { mod: load() };
      } catch (e) {
        // Kept: loading again would fail the same way, and costs the search each time.
        loaded = { error: `the OS keyring module could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
      }
    }
    if ('error' in loaded) throw new KeyVaultMissingError(loaded.error);
    return new loaded.mod.Entry(KEYRING_SERVICE, account, platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
  };
  return {
    label,
    get: (account) => wrap(label, 'be read', () => entry(account).getPassword() ?? undefined),
    set: (account, secret) => wrap(label, 'store the key', () => entry(account).setPassword(secret)),
    delete: (account) => wrap(label, 'remove the key', () => entry(account).deletePassword()),
  };
}
