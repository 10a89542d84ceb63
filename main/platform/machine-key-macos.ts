import { spawnSync } from 'node:child_process';
import { KEYRING_SERVICE } from './key-vault';
import { checkAccount, MachineKeyError, type MachineKeyProtector } from './machine-key';

export const SYSTEM_KEYCHAIN = '/Library/Keychains/System.keychain';
export const SECURITY = '/usr/bin/security';
/** `security`'s exit status for errSecItemNotFound ("The specified item could not be found in the keychain."). */
const ITEM_NOT_FOUND = 44;

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}
/** Runs a program with its arguments and, when given, its standard input; never through a shell. */
export type CommandRunner = (file: string, args: readonly string[], input?: string) => CommandResult;

const spawnRunner: CommandRunner = (file, args, input) => {
  const r = spawnSync(file, args, { input: input ?? '', encoding: 'utf8', timeout: 30_000 });
  return { status: r.error ? null : r.status, stdout: r.stdout ?? '', stderr: r.stderr || (r.error?.message ?? '') };
};

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

/**
 * macOS: a generic password in the System keychain, service `counter-pos`, account the key's name.
 * The System keychain's own key is in /var/db/SystemKey (root only), not in the data folder, so a
 * copy of /Library/Application Support/Counter POS carries nothing that opens it. Only root adds
 * to it (the item trusts /usr/bin/security, through which every lane account reads it without a
 * prompt). The secret is given on standard input to `security -i`, never as an argument (the
 * process list shows arguments). UNTESTED on a real Mac: test/unit/platform/machine-key.test.ts
 * checks the commands and the parsing of answers with a fake runner.
 */
export function macSystemKeychain(o: { run?: CommandRunner; isRoot?: () => boolean; keychain?: string } = {}): MachineKeyProtector {
  const run = o.run ?? spawnRunner;
  const isRoot = o.isRoot ?? (() => process.geteuid?.() === 0);
  const keychain = o.keychain ?? SYSTEM_KEYCHAIN;
  const notRoot = `only root can write to the macOS System keychain: run \`sudo posctl keys protect\``;

  function find(account: string): CommandResult {
    return run(SECURITY, ['find-generic-password', '-a', checkAccount(account), '-s', KEYRING_SERVICE, '-w', keychain]);
  }

  return {
    name: 'macos-system-keychain',
    label: 'the macOS System keychain',
    storeProblem: () => (isRoot() ? undefined : notRoot),
    prepare() {
      if (!isRoot()) throw new MachineKeyError(notRoot);
    },
    store(account, der) {
      if (!isRoot()) throw new MachineKeyError(notRoot);
      const secret = der.toString('base64');
      // -U replaces an item of the same account; -T trusts /usr/bin/security to read it without a prompt.
      // Account (checked) and secret (base64) hold no space or quote, so the line needs no quoting.
      const line = `add-generic-password -U -a ${checkAccount(account)} -s ${KEYRING_SERVICE} -l ${KEYRING_SERVICE}-terminal-key -T ${SECURITY} -w ${secret} ${keychain}\n`;
      const added = run(SECURITY, ['-i'], line);
      // `security -i` may exit 0 after a failed command: read it back to be sure.
      const back = find(account);
      if (added.status !== 0 || back.status !== 0 || back.stdout.trim() !== secret) {
        throw new MachineKeyError(`the macOS System keychain did not store the key (${firstLine(added.stderr) || firstLine(back.stderr) || `exit ${String(added.status)}`})`);
      }
      return account;
    },
    load(locator) {
      const r = find(locator);
      if (r.status === ITEM_NOT_FOUND) return undefined;
      if (r.status !== 0) throw new MachineKeyError(`the macOS System keychain could not be read (${firstLine(r.stderr) || `exit ${String(r.status)}`})`);
      return Buffer.from(r.stdout.trim(), 'base64');
    },
    remove(locator) {
      const r = run(SECURITY, ['delete-generic-password', '-a', checkAccount(locator), '-s', KEYRING_SERVICE, keychain]);
      if (r.status === ITEM_NOT_FOUND) return false;
      if (r.status !== 0) throw new MachineKeyError(`the macOS System keychain could not remove the key (${firstLine(r.stderr) || `exit ${String(r.status)}`})`);
      return true;
    },
  };
}
