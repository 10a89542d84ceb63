import type { KeyProtector } from '../platform/platform';

interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(blob: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/**
 * Protects the terminal key with the OS keychain through Electron's safeStorage. On Linux without
 * a keyring, safeStorage falls back to a hard-coded password ("basic_text"), which protects
 * nothing: then the 0600 file protection is used and said so in the log.
 */
export function safeStorageProtector(safeStorage: SafeStorageLike): KeyProtector | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return undefined;
  return {
    kind: 'os-keychain',
    protect: (secret) => safeStorage.encryptString(secret.toString('base64')),
    unprotect: (blob) => Buffer.from(safeStorage.decryptString(blob), 'base64'),
  };
}
