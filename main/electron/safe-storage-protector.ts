interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  decryptString(blob: Buffer): string;
}

/**
 * Earlier versions sealed the terminal key with Electron's safeStorage, which only the desktop
 * app can open. The app now keeps the key in the OS keyring like every other host; this opens an
 * old key once so the core can move it there.
 */
export function safeStorageLegacyUnprotect(safeStorage: SafeStorageLike): ((blob: Buffer) => Buffer) | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return (blob) => Buffer.from(safeStorage.decryptString(blob), 'base64');
}
