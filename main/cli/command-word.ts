/**
 * posctl's top-level commands, grouped by the module that registers each group, in help's order.
 * A command line that names one of them needs only that module (posctl.ts loads it alone), and
 * posctl's start keeps a code cache per command (launch.ts). Kept apart from posctl.ts so the
 * start can read it without loading commander.
 */
export const COMMAND_GROUPS = [
  ['status'],
  ['config'],
  ['keys'],
  ['manager-pin'],
  ['technician'],
  ['cashiers'],
  ['gateway'],
  ['catalogue'],
  ['merchant'],
  ['leads'],
  ['parse'],
  ['devices'],
  ['sim'],
  ['sale', 'void', 'refund', 'complete'],
  ['queue'],
  ['journal', 'totals'],
  ['report'],
  ['provision'],
  ['logs'],
] as const;

/** A group, by its first command. */
export type CommandGroup = (typeof COMMAND_GROUPS)[number][0];

/** Global options that take the next argument as their value. */
const GLOBAL_WITH_VALUE = new Set(['--data-dir']);

/**
 * The top-level command a command line runs, when one known command is all it needs: undefined
 * for help in any form (it lists every command), no command, or a word no command has (commander
 * then suggests the nearest of all of them).
 */
export function commandWord(argv: readonly string[]): string | undefined {
  if (argv.some((a) => a === '-h' || a === '--help')) return undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (GLOBAL_WITH_VALUE.has(arg)) i++;
    else if (!arg.startsWith('-')) return COMMAND_GROUPS.some((names) => (names as readonly string[]).includes(arg)) ? arg : undefined;
  }
  return undefined;
}
