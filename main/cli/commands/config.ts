import type { Command } from 'commander';
import { applyProvisioning, readProvisioningFile } from '../../config/provisioning';
import { SettingError, type SettingInfo } from '../../config/settings-store';
import { settingDef, isSettingKey } from '../../config/settings';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, printJson, say, write } from '../output';

function show(info: SettingInfo): string {
  const locked = info.lockedBy !== undefined ? `  (locked by ${info.lockedBy})` : '';
  return showValue(info) + locked;
}

function showValue(info: SettingInfo): string {
  if (info.secret) return info.set ? '(set; write-only)' : '(not set)';
  // Money in dollars, as config set takes it back; --json keeps cents in `value` and adds `display`.
  if (info.display !== undefined) return info.display;
  return typeof info.value === 'string' ? info.value : JSON.stringify(info.value);
}

/** Turns the store's typed refusals into posctl's exit code 2 with the store's words. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof SettingError) throw new CliError(e.message);
    throw e;
  }
}

export function registerConfig(program: Command, ctx: CliContext): void {
  const config = program.command('config').description('read and change this terminal\'s settings (dotted keys)');

  config
    .command('get')
    .argument('[key]', 'a setting key, e.g. gateway.url; all settings when omitted')
    .option('--json', 'print JSON')
    .description('print a setting (secrets print only whether they are set)')
    .action(async (key: string | undefined, opts: { json?: boolean }) => {
      const infos = await guarded(() => ctx.withCore((core) => core.settings.describe(key)));
      if (opts.json) {
        printJson(key === undefined ? infos : infos[0]);
      } else if (key !== undefined && infos[0]) {
        say(showValue(infos[0]));
      } else {
        const width = Math.max(...infos.map((i) => i.key.length));
        for (const i of infos) say(`${i.key.padEnd(width)}  ${show(i)}`);
      }
    });

  config
    .command('set')
    .argument('<key>', 'a setting key')
    .argument('[value]', 'the new value; a secret is never given here: it is read from standard input. Money in dollars, e.g. 50.00')
    .description('change a setting (validated against the settings schema); give a secret on standard input, e.g. posctl config set KEY < file')
    .action(async (key: string, value: string | undefined) => {
      if (!isSettingKey(key)) throw new CliError(`unknown setting "${key}" (see: posctl config get)`);
      if (value !== undefined && settingDef(key).secret) {
        // On the command line it would stay in the shell history and in the process list.
        throw new CliError(`${key} is secret, so it is never taken from the command line. Give it on standard input (posctl config set ${key} < file), or run posctl config set ${key} and type it`);
      }
      let text = value;
      if (text === undefined) {
        if (!settingDef(key).secret && process.stdin.isTTY) throw new CliError(`give a value for ${key}`);
        if (process.stdin.isTTY) write(`${key} (input is not echoed to logs; end with Enter and Ctrl+D): `, 'stderr');
        text = await readStdin();
      }
      const finalText = text;
      await guarded(() => ctx.withCore((core) => core.settings.setFromText(key, finalText)));
    });

  config
    .command('unset')
    .argument('<key>', 'a setting key')
    .description('return a setting to its default (removes a secret)')
    .action(async (key: string) => {
      await guarded(() => ctx.withCore((core) => core.settings.unset(key)));
    });

  config
    .command('import')
    .argument('<file>', 'a provisioning file: JSON with dotted keys, or the same keys nested')
    .description('apply a provisioning file (all values validated first; nothing changes if one is wrong)')
    .option('--json', 'print the applied keys as JSON')
    .action(async (file: string, opts: { json?: boolean }) => {
      const input = await guarded(() => Promise.resolve(readProvisioningFile(file)));
      const keys = await guarded(() => ctx.withCore((core) => applyProvisioning(core.settings, input)));
      if (opts.json) printJson({ applied: keys });
      else say(`applied ${keys.length} setting(s): ${keys.join(', ')}`);
    });
}
