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
interface KeyringModule {
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
    throw new KeyVaultError(`the ${label} could not ${doing} (${e instanceof Error ? e.message : String(e)})`);
  }
}

/**
 * The OS keyring through @napi-rs/keyring, or undefined with the reason when its native module
 * cannot be loaded on this machine. On Linux the entry is pinned to the Secret Service: the
 * library's default falls back to the kernel keyring, which forgets everything at reboot.
 */
export function osKeyVault(platform: NodeJS.Platform = process.platform): KeyVault | { unavailable: string } {
  let mod: KeyringModule;
  try {
    mod = createRequire(import.meta.url)('@napi-rs/keyring') as KeyringModule;
  } catch (e) {
    return { unavailable: `the OS keyring module could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
  const label = labelFor(platform);
  const entry = (account: string): KeyringEntry =>
    new mod.Entry(KEYRING_SERVICE, account, platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
  return {
    label,
    get: (account) => wrap(label, 'be read', () => entry(account).getPassword() ?? undefined),
    set: (account, secret) => wrap(label, 'store the key', () => entry(account).setPassword(secret)),
    delete: (account) => wrap(label, 'remove the key', () => entry(account).deletePassword()),
  };
}
