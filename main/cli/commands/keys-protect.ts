import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { errorCodeOf } from '../../error-code';
import { encryptKeyExport, KeyExportError, MIN_PASSPHRASE, parseKeyExport, passphraseProblem, privateKeyOfExport } from '../../store/key-export';
import { KeyProtectRefused, type KeyHealth } from '../../store/terminal-key';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, printJson, say, write } from '../output';
import { writeOwnerOnly } from '../owner-only-file';

/*
 * Keeping a lane's key outside its data folder, and moving it on purpose: `posctl keys protect`
 * (a machine-wide lane's key to this computer's protection), `keys export --to FILE` and
 * `keys import FILE` (the key encrypted with a passphrase, read from standard input).
 */

/** Where the key is, in words, for a key that opens here. */
export function whereWords(health: KeyHealth): string {
  if (health.state === 'keyring') return 'the terminal key is in the OS keyring and opens here';
  if (health.state === 'machine') return `${health.detail}, and opens here`;
  return `${health.state}: ${health.detail}`;
}

/** A passphrase on standard input (prompted on a terminal), never on the command line. */
async function readPassphrase(): Promise<string> {
  if (process.stdin.isTTY) write(`passphrase for the key file (at least ${MIN_PASSPHRASE} characters; end with Enter and Ctrl+D): `, 'stderr');
  const passphrase = await readStdin();
  const problem = passphraseProblem(passphrase);
  if (problem) throw new CliError(problem);
  return passphrase;
}

function refusal<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof KeyProtectRefused || e instanceof KeyExportError) throw new CliError(e.message);
    throw e;
  }
}

export function registerKeyProtection(keys: Command, ctx: CliContext): void {
  keys
    .command('protect')
    .description("move a machine-wide lane's key out of the data folder, to this computer's own protection (Linux, macOS: run as root)")
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const health = await ctx.withCore((core) => refusal(() => core.key.protect()));
      if (opts.json) printJson(health);
      else say(whereWords(health));
    });

  keys
    .command('export')
    .description('write the terminal key to FILE, encrypted with a passphrase read from standard input, to move the lane on purpose')
    .requiredOption('--to <file>', 'the file to write (0600); an existing one is refused unless --force')
    .option('--force', 'replace the file if it exists')
    .option('--json', 'print JSON')
    .action(async (opts: { to: string; force?: boolean; json?: boolean }) => {
      const passphrase = await readPassphrase();
      const content = await ctx.withCore((core) =>
        refusal(() => {
          const { der, publicKey } = core.key.exportPrivateKey();
          try {
            return encryptKeyExport(der, publicKey, passphrase);
          } finally {
            der.fill(0);
          }
        }),
      );
      writeOwnerOnly(opts.to, `${JSON.stringify(content, null, 2)}\n`, opts.force === true);
      if (opts.json) printJson({ file: opts.to, publicKey: content.publicKey });
      else say(`the terminal key is in ${opts.to}, encrypted with the passphrase: on the new computer run \`posctl keys import ${opts.to}\` (as root for a machine-wide lane), then delete the file`);
    });

  keys
    .command('import')
    .argument('<file>', 'a file written by posctl keys export')
    .description("make the key in FILE this lane's terminal key (its passphrase on standard input), kept as this computer keeps keys")
    .option('--force', "replace a different key that values of this data folder are sealed with (they will no longer open)")
    .option('--json', 'print JSON')
    .action(async (file: string, opts: { force?: boolean; json?: boolean }) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        throw new CliError(`${file} cannot be read (${errorCodeOf(e) || (e as Error).message})`);
      }
      const exported = refusal(() => parseKeyExport(text));
      const passphrase = await readPassphrase();
      const privateKey = refusal(() => privateKeyOfExport(exported, passphrase));
      const health = await ctx.withCore((core) => refusal(() => core.key.adopt(privateKey, { force: opts.force === true })));
      if (opts.json) printJson(health);
      else say(`the key of ${file} is this lane's terminal key now; ${whereWords(health)}`);
    });
}
