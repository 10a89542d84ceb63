import { KeyVaultError, type KeyVault } from '../../main/platform/key-vault';

/**
 * An OS keyring kept in memory, implementing the real KeyVault interface: for tests of the key
 * logic that need no Secret Service (test/integration/store/keyring.test.ts uses a real one).
 * `down` makes every call fail as a keyring that cannot be reached does.
 */
export class MemoryVault implements KeyVault {
  readonly label = 'test keyring';
  readonly entries = new Map<string, string>();
  down = false;

  get(account: string): string | undefined {
    this.check();
    return this.entries.get(account);
  }

  set(account: string, secret: string): void {
    this.check();
    this.entries.set(account, secret);
  }

  delete(account: string): boolean {
    this.check();
    return this.entries.delete(account);
  }

  private check(): void {
    if (this.down) throw new KeyVaultError('the test keyring could not be reached');
  }
}
