/**
 * What differs between the hosts the core runs on (the Electron app, the headless start, posctl):
 * where data lives, how the terminal key is protected at rest, and the clock.
 */
export interface KeyProtector {
  /** `file`: the key file's 0600 permissions are the protection (headless, posctl). `os-keychain`: Electron safeStorage. */
  readonly kind: 'file' | 'os-keychain';
  protect(secret: Buffer): Buffer;
  unprotect(blob: Buffer): Buffer;
}

export type HostKind = 'electron' | 'headless' | 'cli';

export interface Platform {
  readonly host: HostKind;
  readonly dataDir: string;
  readonly version: string;
  readonly keyProtector: KeyProtector;
  now(): Date;
  /** Path of a better-sqlite3 binary built for this runtime's ABI, when not the one in node_modules. */
  readonly sqliteNativeBinding?: string;
}

/** The protector for hosts without an OS keychain binding: the bytes are kept as they are, in a 0600 file. */
export const fileKeyProtector: KeyProtector = {
  kind: 'file',
  protect: (secret) => Buffer.from(secret),
  unprotect: (blob) => Buffer.from(blob),
};

export function createNodePlatform(options: { host: HostKind; dataDir: string; version: string; now?: () => Date }): Platform {
  return {
    host: options.host,
    dataDir: options.dataDir,
    version: options.version,
    keyProtector: fileKeyProtector,
    now: options.now ?? (() => new Date()),
  };
}
