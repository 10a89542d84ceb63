import { Option, type Command } from 'commander';
import { QueueAction, type ForwardResult, type Mode, type QueueStatus } from '../../../preload/contract';
import { controlCharacterProblem } from '../../../preload/contract/text';
import type { PauseState } from '../../payments/journal/queries';
import type { CliContext } from '../context';
import { CliError, EXIT, money, printJson, say, table } from '../output';
import { modeOption, refusals, rowsTable } from './journal';
import { registerQueuePending } from './queue-pending';

/** The offline queue of both journals; reads only counts (nothing is unsealed). */
export function describeQueue(s: QueueStatus, pause: PauseState): string {
  const rows = (['live', 'training'] as const).map((m) => {
    const q = s[m];
    return [m === s.mode ? `${m} (current)` : m, q.count, money(q.totalCents), q.oldestAt ?? '-', q.needsLookup, q.attention, q.expired];
  });
  const lines = [
    `The terminal is in ${s.mode} mode: its forwarder sends the ${s.mode} queue.`,
    table(rows, ['JOURNAL', 'WAITING', 'AMOUNT', 'OLDEST (UTC)', 'NEEDS LOOKUP', 'ATTENTION', 'EXPIRED']),
    '',
    `Forwarding     ${pause.paused ? `PAUSED${pause.by ? ` by ${pause.by}` : ''}${pause.at ? ` at ${pause.at}` : ''} (posctl queue resume)` : 'on'}`,
  ];
  if (s.nextAttemptAt) lines.push(`Next attempt   ${s.nextAttemptAt}`);
  if (s.lastError) lines.push(`Last error     ${s.lastError}`);
  const l = s.limits;
  lines.push(
    `Offline        ${l.enabled ? `allowed: up to ${money(l.maxAmountCents)} each, ${money(l.maxTotalCents)} in all, ${l.maxCount} payments, kept ${l.maxAgeHours} h` : 'not allowed (offline.enabled is false)'}`,
  );
  return lines.join('\n');
}

export function describeForward(r: ForwardResult): string {
  const lines = [
    r.attempted === 0 ? 'Nothing was sent.' : `Sent ${r.attempted}: ${r.approved} approved, ${r.declined} declined or rejected, ${r.needsLookup} need a lookup, ${r.failed} failed.`,
    `${r.remaining} payment(s) still waiting.`,
  ];
  if (r.stoppedBecause) lines.push(`Stopped: ${r.stoppedBecause}`);
  if (r.declined > 0) lines.push('Declined after being approved offline: contact the customers (posctl queue list --list attention).');
  return lines.join('\n');
}

/**
 * `queue forward`: 0 when nothing remains (all forwarded, or nothing to send), 1 when some were
 * declined, 2 when it stopped (gateway unreachable, paused) with payments waiting, or some now need a lookup or failed.
 */
/** Why a round that stopped by itself still leaves work, in words. */
function forwardProblem(r: ForwardResult, code: number): string {
  if (code === EXIT.NEGATIVE) return 'some stored payments were declined';
  if (r.needsLookup > 0 || r.failed > 0) return 'some payments need a manager (posctl queue list --list needs-lookup)';
  return 'payments are still waiting (another process may be sending them now); try again in a moment';
}

export function forwardExitCode(r: ForwardResult, waiting: number): number {
  if (waiting > 0 || r.needsLookup > 0 || r.failed > 0) return EXIT.ERROR;
  if (r.stoppedBecause && r.stoppedBecause !== 'forwarding is paused') return EXIT.ERROR;
  if (r.declined > 0) return EXIT.NEGATIVE;
  return EXIT.OK;
}

interface ResolveOptions {
  lookup?: string;
  auth?: string;
  notProcessed?: boolean;
  writeOff?: boolean;
  acknowledge?: boolean;
  by: string;
  mode?: Mode;
  json?: boolean;
}

function actionOf(ref: string, o: ResolveOptions): QueueAction {
  const chosen = [o.lookup !== undefined, o.notProcessed, o.writeOff, o.acknowledge].filter(Boolean).length;
  if (chosen !== 1) throw new CliError('give exactly one decision: --lookup TAG [--auth NUM], --not-processed, --write-off or --acknowledge');
  if (o.auth !== undefined && o.lookup === undefined) throw new CliError('--auth goes with --lookup');
  const input =
    o.lookup !== undefined
      ? { action: 'lookup', ref, tag: o.lookup, ...(o.auth !== undefined ? { authorizationNum: o.auth } : {}), decidedBy: o.by }
      : { action: o.notProcessed ? 'not-processed' : o.writeOff ? 'write-off' : 'acknowledge', ref, decidedBy: o.by };
  const parsed = QueueAction.safeParse(input);
  if (!parsed.success) {
    const name: Record<string, string> = { tag: '--lookup', authorizationNum: '--auth', decidedBy: '--by', ref: 'REF' };
    throw new CliError(parsed.error.issues.map((i) => `${name[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`).join('; '));
  }
  return parsed.data;
}

export function registerQueue(program: Command, ctx: CliContext): void {
  const queue = program.command('queue').description('the offline queue: payments stored while the gateway was unreachable, and those needing a manager');
  registerQueuePending(queue, ctx);

  queue
    .command('status')
    .option('--json', 'print the contract QueueStatus as JSON')
    .description('counts of the live and training queues (reads no card data and needs no key)')
    .action(async (opts: { json?: boolean }) => {
      const { status, pause } = await ctx.withCore((core) => ({ status: core.payments.ledger.status(), pause: core.payments.payments.forwarder.pauseState() }));
      if (opts.json) printJson(status);
      else say(describeQueue(status, pause));
    });

  queue
    .command('list')
    .addOption(new Option('--list <list>', 'offline: stored, waiting to be sent; needs-lookup: outcome unknown; attention: declined after being stored').choices(['offline', 'needs-lookup', 'attention']).default('offline'))
    .addOption(modeOption())
    .option('--json', 'print the payments (contract PaymentRow list) as JSON')
    .description('the payments of one list, oldest first (the order they are sent in)')
    .action(async (opts: { list: 'offline' | 'needs-lookup' | 'attention'; mode?: Mode; json?: boolean }) => {
      const rows = await ctx.withCore((core) => core.payments.ledger.list(opts.list, opts.mode ?? core.mode()));
      if (opts.json) printJson(rows);
      else say(rows.length === 0 ? `The ${opts.list} list is empty.` : rowsTable(rows));
    });

  queue
    .command('forward')
    .option('--json', 'print the contract ForwardResult as JSON')
    .description('send the stored payments of the current mode now, one round (exit 0 nothing left, 1 some declined, 2 stopped with payments waiting or outcomes unknown)')
    .action(async (opts: { json?: boolean }) => {
      const { result, waiting } = await ctx.withCore(async (core) => {
        const result = await core.payments.payments.forwardRound();
        const status = core.payments.ledger.status();
        return { result, waiting: Math.max(result.remaining, status[core.mode()].count) };
      });
      if (opts.json) printJson(result);
      else say(describeForward(result));
      const code = forwardExitCode(result, waiting);
      if (code !== EXIT.OK) throw new CliError(result.stoppedBecause ?? forwardProblem(result, code), code);
    });

  for (const verb of ['pause', 'resume'] as const) {
    queue
      .command(verb)
      .option('--by <name>', 'who decided (recorded)')
      .option('--json', 'print the contract QueueStatus as JSON')
      .description(
        verb === 'pause'
          ? 'stop sending stored payments of the current mode, in the running app too, until resumed (sales still go on)'
          : 'send stored payments again (the running app picks it up within seconds; posctl queue forward sends now)',
      )
      .action(async (opts: { by?: string; json?: boolean }) => {
        const control = opts.by === undefined ? undefined : controlCharacterProblem(opts.by);
        if (control) throw new CliError(`--by ${control}`);
        const by = opts.by?.trim();
        if (by !== undefined && (by.length < 1 || by.length > 40)) throw new CliError('--by must be 1 to 40 characters');
        const { status, pause } = await ctx.withCore((core) => {
          const f = core.payments.payments.forwarder;
          if (verb === 'pause') f.pause(by);
          else f.resume(by);
          return { status: core.payments.ledger.status(), pause: f.pauseState() };
        });
        if (opts.json) printJson(status);
        else say(pause.paused ? `Forwarding of the ${status.mode} queue is paused${pause.by ? ` (by ${pause.by})` : ''}: neither the app nor posctl sends stored payments until posctl queue resume.` : `Forwarding of the ${status.mode} queue is on (${status[status.mode].count} waiting).`);
      });
  }

  queue
    .command('resolve')
    .argument('<ref>', 'the client reference of the payment')
    .option('--lookup <tag>', "the transaction tag read from the gateway's report: look the payment up")
    .option('--auth <num>', 'with --lookup: the authorization number from the report')
    .option('--not-processed', "not in the gateway's report: send it again (same reference)")
    .option('--write-off', 'give it up: it is not sent again (void it at the gateway if it turns up there)')
    .option('--acknowledge', 'a payment declined after being stored offline: the customer was contacted')
    .requiredOption('--by <name>', 'the manager deciding (recorded on the payment)')
    .addOption(modeOption())
    .option('--json', 'print the payment (contract PaymentRow) as JSON')
    .description('record a manager\'s decision on a payment that needs one (exit 1 when there is no such payment)')
    .action(async (ref: string, opts: ResolveOptions) => {
      const action = actionOf(ref, opts);
      const row = await ctx.withCore((core) => refusals(() => core.payments.ledger.resolve(action, opts.mode ?? core.mode())));
      if (opts.json) return printJson(row);
      say(`${row.clientRef}: ${row.state}. ${row.words}`);
      if (action.action === 'lookup' || action.action === 'not-processed') say('posctl queue forward sends it now; the running app does on its next round.');
    });
}
