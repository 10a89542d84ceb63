import type { Command } from 'commander';
import { KeyResetRefused, resetTerminalKey } from '../../key-reset';
import type { CliContext } from '../context';
import { CliError, printJson, say } from '../output';
import { technician } from '../technician';
import { registerKeyProtection, whereWords } from './keys-protect';

export function registerKeys(program: Command, ctx: CliContext): void {
  const keys = program.command('keys').description("the terminal's sealing key: where it is protected, and a way back when it is lost");

  keys
    .command('status')
    .description('say where the terminal key is kept and whether it opens on this host')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const health = await ctx.withCore((core) => core.key.health());
      if (opts.json) printJson(health);
      else say(whereWords(health));
      if (health.state === 'locked' || health.state === 'lost') throw new CliError('the terminal key cannot be used here');
    });

  keys
    .command('reset')
    .description('replace a lost or unusable key, and clear the sealed values that no longer open (they must be entered again)')
    .option('--force', 'replace a key that may still open elsewhere (the keyring of another session, an older desktop app)')
    .option('--json', 'print JSON')
    .action(async (opts: { force?: boolean; json?: boolean }) => {
      const result = await ctx.withCore((core) => {
        try {
          return resetTerminalKey(core.key, core.settings, core.apis.outbox, {
            force: opts.force === true,
            sealedPayments: core.journals.existing('live')?.sealedCount() ?? 0,
            clearPins: () => core.verifiers.clearOtherKeys(technician()),
          });
        } catch (e) {
          if (e instanceof KeyResetRefused) throw new CliError(e.message);
          throw e;
        }
      });
      if (opts.json) {
        printJson(result);
        return;
      }
      say(result.replaced ? `a new terminal key was made (${result.health.state === 'keyring' ? 'in the OS keyring' : result.health.detail})` : 'the terminal key works; it was kept');
      const pins = result.clearedPins;
      if (result.clearedSettings.length === 0 && result.clearedLeads.length === 0 && !pins.managerPin && pins.cashiers.length === 0 && !pins.technicianCode) {
        say('every sealed value opens: nothing was cleared');
        return;
      }
      if (result.clearedSettings.length > 0) {
        say(`cleared (they could not be opened): ${result.clearedSettings.join(', ')}`);
        say(`enter each again on standard input, e.g.: posctl config set ${result.clearedSettings[0] ?? 'KEY'} < secret.txt`);
      }
      if (result.clearedLeads.length > 0) {
        say(`removed ${result.clearedLeads.length} lead(s) from the outbox whose contact details could not be opened (${result.clearedLeads.join(', ')}): key them in again`);
      }
      // A PIN verifier keyed with the old key can never verify again: it is removed, and set again.
      if (pins.managerPin) say('the manager PIN was made with the old key and was removed: set the manager PIN again (posctl manager-pin set, or the set-up screen at the counter)');
      if (pins.cashiers.length > 0) say(`removed cashier(s) ${pins.cashiers.join(', ')}: their PINs were made with the old key; the manager saves them again in Settings`);
      if (pins.technicianCode) say('the technician code that was waiting was made with the old key and no longer works: run posctl technician code for a new one');
    });

  registerKeyProtection(keys, ctx);
}
