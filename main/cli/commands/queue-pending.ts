import type { Command } from 'commander';
import { readPendingPayments, type PendingPayments } from '../../payments/journal/pending';
import type { CliContext } from '../context';
import { CliError, EXIT, money, printJson, say } from '../output';

/**
 * `posctl queue pending`: the installers' upgrade guard (build/installer.nsh, build/deb/before-remove.sh)
 * asks the installed app, through its --posctl mode, whether live payments still wait to be
 * forwarded. Its exit code is the answer: 0 none, 1 some (they are named in words on standard
 * output), 2 it cannot tell (the journal cannot be read). Nothing is opened for writing.
 */
export const PENDING_EXIT = { NONE: EXIT.OK, WAITING: EXIT.NEGATIVE, UNKNOWN: EXIT.ERROR } as const;

export function pendingExitCode(p: PendingPayments): number {
  return p.waiting > 0 ? PENDING_EXIT.WAITING : PENDING_EXIT.NONE;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The guard's sentence, for a person at the installer: how many, how much, and how to send them. */
export function describePending(p: PendingPayments): string {
  const lookups = p.needsLookup > 0 ? ` ${plural(p.needsLookup, 'payment needs', 'payments need')} a manager's lookup (posctl queue list --list needs-lookup).` : '';
  if (p.waiting === 0) return `No live payment is waiting to be forwarded.${lookups}`;
  const oldest = p.oldestAt ? `, the oldest from ${p.oldestAt}` : '';
  return [
    `${plural(p.waiting, 'live payment', 'live payments')} (${money(p.totalCents)} in all${oldest}) ${p.waiting === 1 ? 'was' : 'were'} taken offline and ${p.waiting === 1 ? 'is' : 'are'} still waiting to be forwarded to the gateway.${lookups}`,
    'Forward them first: start Counter POS where the gateway can be reached and wait until its offline queue is empty, or run posctl queue forward (an installed app runs it as: Counter POS --posctl queue forward).',
  ].join('\n');
}

export function registerQueuePending(queue: Command, ctx: CliContext): void {
  queue
    .command('pending')
    .option('--json', 'print { journal, waiting, totalCents, oldestAt, needsLookup } as JSON')
    .description('live payments still waiting to be forwarded, read without opening the terminal (exit 0 none, 1 some, 2 cannot tell): the installers ask this before an upgrade or a removal')
    .action((opts: { json?: boolean }) => {
      let pending: PendingPayments;
      // A mistyped --data-dir holds no journal: "none waiting" there would let an upgrade go ahead.
      try {
        ctx.requireDataDir();
      } catch (e) {
        throw new CliError(`cannot tell whether payments are waiting: ${(e as Error).message}`, PENDING_EXIT.UNKNOWN);
      }
      try {
        pending = readPendingPayments(ctx.dataDir(), ctx.sqliteNativeBinding ? { nativeBinding: ctx.sqliteNativeBinding } : {});
      } catch (e) {
        throw new CliError(`cannot tell whether payments are waiting: the live journal of ${ctx.dataDir()} could not be read (${(e as Error).message})`, PENDING_EXIT.UNKNOWN);
      }
      if (opts.json) printJson(pending);
      else say(describePending(pending));
      const code = pendingExitCode(pending);
      if (code !== EXIT.OK) throw new CliError(`${plural(pending.waiting, 'live payment', 'live payments')} waiting to be forwarded`, code);
    });
}
