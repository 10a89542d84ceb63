import type { Command } from 'commander';
import { CODE_VALID_MS } from '../../roles/technician-codes';
import type { CliContext } from '../context';
import { printJson, say } from '../output';
import { technician } from '../technician';

/**
 * The technician's way into the desktop app: a one-time code to type in Settings ("Technician
 * unlock"), which makes that window a technician's. Whoever runs posctl has the OS account.
 */
export function registerTechnician(program: Command, ctx: CliContext): void {
  const tech = program.command('technician').description("the technician's access from the desktop app");

  tech
    .command('code')
    .description(`print a one-time code that unlocks technician settings in the desktop app (valid ${CODE_VALID_MS / 60_000} minutes, once; a new code replaces the last)`)
    .option('--json', 'print { code, expiresAt } as JSON')
    .action(async (opts: { json?: boolean }) => {
      const issued = await ctx.withCore((core) => core.manager.issueTechnicianCode(technician()));
      if (opts.json) {
        printJson(issued);
        return;
      }
      say(`technician code: ${issued.code}`);
      say(`type it in the desktop app under Settings, Technician unlock, before ${new Date(issued.expiresAt).toLocaleTimeString()}; it works once`);
    });
}
