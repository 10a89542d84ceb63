import type { Command } from 'commander';
import { PosError } from '../../api/errors';
import type { Core } from '../../core';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, printJson, say, table, write } from '../output';

/** The store's refusals in posctl's words and exit code 2. */
function run<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof PosError) throw new CliError(e.message);
    throw e;
  }
}

function show(core: Core, json: boolean | undefined): void {
  const list = core.cashiers.list();
  if (json) printJson(list);
  else if (list.length === 0) say('no cashiers yet (posctl cashiers save NUMBER --name NAME, with the PIN on standard input)');
  else say(table(list.map((c) => [c.number, c.name, c.lockedUntil ? `locked until ${c.lockedUntil}` : '']), ['number', 'name', 'PIN']));
}

/** The cashiers who sign in at the register (terminal.cashierSignIn): the manager's list, also the technician's. */
export function registerCashiers(program: Command, ctx: CliContext): void {
  const cashiers = program.command('cashiers').description('the cashiers who sign in at the register (terminal.cashierSignIn)');

  cashiers
    .command('list')
    .description('list the cashiers (never their PINs)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await ctx.withCore((core) => show(core, opts.json));
    });

  cashiers
    .command('save')
    .argument('<number>', 'the cashier number, 1 to 8 digits')
    .requiredOption('--name <name>', 'the name shown at the register, up to 40 characters')
    .option('--json', 'print JSON')
    .description('add a cashier, or change one\'s name and PIN (the PIN is read from standard input; it also clears a lock)')
    .action(async (number: string, opts: { name: string; json?: boolean }) => {
      if (!/^\d{1,8}$/.test(number)) throw new CliError('a cashier number is 1 to 8 digits');
      const name = opts.name.trim();
      if (name.length === 0 || name.length > 40) throw new CliError('a cashier name is 1 to 40 characters');
      if (process.stdin.isTTY) write(`PIN for cashier ${number} (4 to 12 digits; end with Enter and Ctrl+D): `, 'stderr');
      const pin = (await readStdin()).trim();
      if (!/^\d{4,12}$/.test(pin)) throw new CliError('a cashier PIN is 4 to 12 digits');
      await ctx.withCore((core) => {
        run(() => core.cashiers.save(number, name, pin));
        show(core, opts.json);
      });
    });

  cashiers
    .command('remove')
    .argument('<number>', 'the cashier number')
    .option('--json', 'print JSON')
    .description('remove a cashier (their payments keep their number)')
    .action(async (number: string, opts: { json?: boolean }) => {
      await ctx.withCore((core) => {
        run(() => core.cashiers.remove(number));
        show(core, opts.json);
      });
    });
}
