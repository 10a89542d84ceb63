import type { Command } from 'commander';
import { PosError } from '../../api/errors';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, printJson, say, write } from '../output';
import { technician } from '../technician';

/**
 * The technician's way back in: set a manager PIN (read from standard input, never from the
 * command line, where other users and the shell history would see it) or remove it.
 */
export function registerManagerPin(program: Command, ctx: CliContext): void {
  const pin = program.command('manager-pin').description('the manager PIN that unlocks manager screens and approvals');

  pin
    .command('set')
    .description('set the manager PIN, read from standard input (4 to 12 digits); ends every manager session, and a fresh lane then skips its set-up screen')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      if (process.stdin.isTTY) write('new manager PIN (4 to 12 digits; end with Enter and Ctrl+D): ', 'stderr');
      const value = (await readStdin()).trim();
      await ctx.withCore((core) => {
        try {
          core.manager.technicianSet(value, technician());
        } catch (e) {
          if (e instanceof PosError) throw new CliError(e.message);
          throw e;
        }
      });
      if (opts.json) printJson({ pinSet: true });
      else say('the manager PIN is set; managers unlock with it from now on');
    });

  pin
    .command('reset')
    .description('remove the manager PIN (ends every manager session): the counter shows the set-up screen until a new one is set there or with manager-pin set')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await ctx.withCore((core) => core.manager.technicianReset(technician()));
      if (opts.json) printJson({ pinSet: false });
      else say('the manager PIN was removed and every manager session ended; the counter shows the set-up screen until a new PIN is set there or with posctl manager-pin set');
    });

  pin
    .command('status')
    .description('say whether a manager PIN is set and whether wrong tries have locked it')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const status = await ctx.withCore((core) => core.manager.status({ transport: 'cli' }));
      const view = { pinSet: status.pinSet, lockedUntil: status.lockedUntil };
      if (opts.json) printJson(view);
      else say(!status.pinSet ? 'no manager PIN is set' : (status.lockedWords ?? 'a manager PIN is set'));
    });
}
