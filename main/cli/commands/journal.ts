import { Option, type Command } from 'commander';
import { JournalSearch, PaymentState, PaymentType, type DailyTotals, type Mode, type PaymentRow } from '../../../preload/contract';
import { PosError } from '../../api/errors';
import { composeReceipt } from '../../payments/receipt';
import type { CliContext } from '../context';
import { cliErrorOf } from '../contract-call';
import { intArg } from '../input';
import { CliError, money, printJson, say, table } from '../output';
import { writeOwnerOnly } from '../owner-only-file';

/** --mode: which journal (training and live payments are kept in separate files); default the terminal's mode. */
export function modeOption(): Option {
  return new Option('--mode <mode>', "which journal: live or training (default: the terminal's current mode)").choices(['live', 'training']);
}

/** A refusal of the payments layer as posctl's exit code: not found 1, anything else 2 (as contract calls). */
export async function refusals<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof PosError) throw cliErrorOf({ code: e.code, message: e.message, ...(e.issues ? { issues: e.issues } : {}) });
    throw e;
  }
}

/**
 * --since / --until: an ISO time (2026-03-01T09:00:00Z; without an offset it is local time) or a
 * local day. A day starts at its local midnight for --since and includes the whole day for --until.
 */
export function timeArg(name: string, endOfDay: boolean): (text: string) => string {
  return (text) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
    if (day) {
      const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
      const at = new Date(y, m - 1, d);
      if (at.getFullYear() !== y || at.getMonth() !== m - 1 || at.getDate() !== d) throw new CliError(`${name}: ${text} is not a date`);
      if (endOfDay) at.setDate(at.getDate() + 1);
      return at.toISOString();
    }
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text.trim()) && !Number.isNaN(Date.parse(text.trim()))) return new Date(text.trim()).toISOString();
    throw new CliError(`${name} must be a day (YYYY-MM-DD) or an ISO time (YYYY-MM-DDTHH:MM:SSZ), not "${text}"`);
  };
}

interface FilterOptions {
  since?: string;
  until?: string;
  state?: string;
  last4?: string;
  type?: string;
  tender?: string;
  ref?: string;
  mode?: Mode;
}

function withFilters(command: Command): Command {
  return command
    .addOption(new Option('--since <time>', 'from this day (YYYY-MM-DD, local) or ISO time').argParser(timeArg('--since', false)))
    .addOption(new Option('--until <time>', 'up to this day (included) or before this ISO time').argParser(timeArg('--until', true)))
    .option('--state <states>', `only these states, comma separated: ${PaymentState.options.join(', ')}`)
    .option('--last4 <digits>', 'only cards or accounts ending in these four digits')
    .addOption(new Option('--type <type>', 'only this type').choices(PaymentType.options))
    .addOption(new Option('--tender <tender>', 'only card or only check payments').choices(['card', 'check']))
    .option('--ref <ref>', 'a client reference, sale id, transaction tag or authorization number')
    .addOption(modeOption());
}

function searchOf(opts: FilterOptions): Omit<JournalSearch, 'limit' | 'beforeId'> {
  const states = opts.state?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = states?.filter((s) => !PaymentState.safeParse(s).success) ?? [];
  if (unknown.length > 0) throw new CliError(`unknown state ${unknown.map((s) => `"${s}"`).join(', ')}; use ${PaymentState.options.join(', ')}`);
  if (opts.last4 !== undefined && !/^\d{4}$/.test(opts.last4)) throw new CliError('--last4 must be four digits');
  if (opts.ref !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(opts.ref.trim())) throw new CliError('--ref must be 1 to 64 letters, digits, - or _');
  const search = {
    ...(opts.mode ? { mode: opts.mode } : {}),
    ...(opts.since ? { since: opts.since } : {}),
    ...(opts.until ? { until: opts.until } : {}),
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.tender ? { tender: opts.tender } : {}),
    ...(states?.length ? { states } : {}),
    ...(opts.last4 ? { last4: opts.last4 } : {}),
    ...(opts.ref ? { reference: opts.ref.trim() } : {}),
  };
  const parsed = JournalSearch.omit({ beforeId: true, limit: true }).safeParse(search);
  if (!parsed.success) throw new CliError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

const flags = (r: PaymentRow): string => [r.attention ? 'ATTENTION' : '', r.expired ? 'EXPIRED' : '', r.storedOffline && r.state !== 'offline' ? 'was offline' : ''].filter(Boolean).join(' ');

/** What a payment paid, or authorized: an approval's amount (a partial one moved less than asked). */
const paidOf = (r: PaymentRow): number => r.approvedCents ?? r.requestedCents;

/**
 * Where an approved payment stands after what was made from it: "voided", "refunded $5.00 of
 * $19.99", "completed $45.00 of $50.00" ("completed" when all of it); empty when untouched.
 */
export function standingText(r: PaymentRow): string {
  const { voided, refundedCents, completedCents } = r.standing;
  if (voided) return 'voided';
  const paid = paidOf(r);
  const parts = [
    refundedCents > 0 ? `refunded ${money(refundedCents)} of ${money(paid)}` : '',
    completedCents > 0 ? (completedCents === paid ? 'completed' : `completed ${money(completedCents)} of ${money(paid)}`) : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** Payments as aligned columns: masked card or account only. */
export function rowsTable(rows: readonly PaymentRow[]): string {
  return table(
    rows.map((r) => [
      r.createdAt.slice(0, 19).replace('T', ' '),
      r.clientRef,
      r.type,
      r.tender,
      r.state,
      standingText(r),
      r.state === 'approved' && r.approvedCents !== null && r.approvedCents !== r.requestedCents ? `${money(r.approvedCents)} of ${money(r.requestedCents)}` : money(r.requestedCents),
      r.masked ?? '',
      r.authorizationNum ?? '',
      r.tag ?? '',
      flags(r),
    ]),
    ['CREATED (UTC)', 'REFERENCE', 'TYPE', 'TENDER', 'STATE', 'STANDING', 'AMOUNT', 'CARD/ACCOUNT', 'AUTH', 'TAG', ''],
  );
}

function rowDetail(r: PaymentRow): string {
  const lines = [
    `${r.clientRef}: ${r.type} by ${r.tender}, ${r.state} (${r.mode})`,
    `  ${r.words}`,
    `  Amount         ${money(r.requestedCents)}${r.state === 'approved' && r.approvedCents !== null ? `, approved ${money(r.approvedCents)}` : ''}`,
  ];
  const add = (label: string, value: string | number | null | undefined): void => {
    if (value !== null && value !== undefined && value !== '') lines.push(`  ${label.padEnd(15)}${value}`);
  };
  add('Card/account', [r.brand, r.masked, r.cardholderName].filter(Boolean).join(' '));
  add('Routing', r.routing);
  add('Check', r.checkNumber);
  add('Entry', r.entry);
  add('Authorization', r.authorizationNum);
  add('Tag', r.tag);
  add('Sequence', r.sequenceNo);
  add('Codes', [r.bankCode ? `bank ${r.bankCode}` : '', r.gatewayCode ? `gateway ${r.gatewayCode}` : ''].filter(Boolean).join(', '));
  add('Message', r.message);
  add('Standing', standingText(r));
  add('Original', r.originalRef);
  add('Sale', r.saleId);
  add('Attempts', r.attempts);
  add('Cashier', r.cashier);
  add('Approved by', r.approvedBy);
  add('Decision', r.decision ? `${r.decision}${r.decidedBy ? ` (${r.decidedBy})` : ''}` : null);
  add('Flags', flags(r));
  add('Created', r.createdAt);
  add('Finished', r.finishedAt);
  return lines.join('\n');
}

/** How many payments ended in `bucket` that day, and the amount they asked. */
function outcome(t: DailyTotals, bucket: 'declined' | 'rejected'): string {
  const lines = t.lines.filter((l) => l.bucket === bucket);
  const count = lines.reduce((n, l) => n + l.count, 0);
  return `${money(lines.reduce((sum, l) => sum + l.cents, 0))} (${count} payment${count === 1 ? '' : 's'})`;
}

function describeTotals(t: DailyTotals): string {
  const lines = [`Totals of ${t.date} (${t.mode})`];
  lines.push(t.lines.length === 0 ? 'No payments that day.' : table(t.lines.map((l) => [l.tender, l.type, l.bucket, l.count, money(l.cents)]), ['TENDER', 'TYPE', 'OUTCOME', 'COUNT', 'AMOUNT']));
  lines.push(
    '',
    `Approved             ${money(t.approvedCents)}`,
    `Refunded             ${money(t.refundedCents)}`,
    `Voided               ${money(t.voidedCents)}`,
    `Net                  ${money(t.netCents)}`,
    `Offline, not sent    ${money(t.offlineOutstandingCents)}`,
    // Not money taken, counted apart: the bank said no, or the gateway refused the request itself.
    `Declined by the bank ${outcome(t, 'declined')}`,
    `Rejected by gateway  ${outcome(t, 'rejected')}`,
  );
  return lines.join('\n');
}

export function registerJournal(program: Command, ctx: CliContext): void {
  const journal = program.command('journal').description('the payment journal: search, one payment in full, CSV export (masked card data only)');

  withFilters(journal.command('list'))
    .description('payments, newest first')
    .addOption(new Option('--limit <n>', 'at most this many (1 to 1000)').argParser(intArg('--limit', 1)).default(100))
    .addOption(new Option('--before-id <id>', 'the next page: the nextBeforeId of the previous one').argParser(intArg('--before-id', 1)))
    .option('--json', 'print { rows, nextBeforeId } as JSON (the contract journal.search reply)')
    .action(async (opts: FilterOptions & { limit: number; beforeId?: number; json?: boolean }) => {
      if (opts.limit > 1000) throw new CliError('--limit must be at most 1000');
      const search = { ...searchOf(opts), limit: opts.limit, ...(opts.beforeId !== undefined ? { beforeId: opts.beforeId } : {}) };
      const result = await ctx.withCore((core) => core.payments.ledger.search(search));
      if (opts.json) return printJson(result);
      if (result.rows.length === 0) return say('No payments match.');
      say(rowsTable(result.rows));
      say(`${result.rows.length} payment(s)${result.nextBeforeId !== null ? `; more with --before-id ${result.nextBeforeId}` : ''}`);
    });

  journal
    .command('show')
    .argument('<ref>', 'the client reference of the payment')
    .addOption(modeOption())
    .addOption(new Option('--copy <copy>', 'which receipt copy').choices(['customer', 'merchant']).default('customer'))
    .option('--json', 'print { payment, related, events, receipt } as JSON')
    .description('one payment: its row, related payments, every transition and its receipt (exit 1 when there is no such payment)')
    .action(async (ref: string, opts: { mode?: Mode; copy: 'customer' | 'merchant'; json?: boolean }) => {
      const shown = await ctx.withCore((core) =>
        refusals(() => {
          const mode = opts.mode ?? core.mode();
          const detail = core.payments.ledger.get(ref, mode);
          const row = core.payments.ledger.row(ref, mode);
          if (!row) throw new PosError('NOT_FOUND', `no payment ${ref} in the ${mode} journal`);
          return { ...detail, receipt: composeReceipt(row, opts.copy, { name: core.settings.get('terminal.name'), language: core.settings.get('terminal.language') }) };
        }),
      );
      if (opts.json) return printJson(shown);
      say(rowDetail(shown.payment));
      if (shown.related.length > 0) say(`\nRelated payments\n${rowsTable(shown.related)}`);
      say(`\nTransitions\n${table(shown.events.map((e) => [e.at, `${e.from ?? '(new)'} -> ${e.to}`, e.detail ?? '']), ['AT (UTC)', 'MOVE', 'DETAIL'])}`);
      say(`\nReceipt (${shown.receipt.copy} copy, ${shown.receipt.source === 'gateway' ? "the gateway's" : 'composed by the terminal'})\n${shown.receipt.lines.map((l) => `  | ${l}`).join('\n')}`);
    });

  withFilters(journal.command('export'))
    .description('write the payments that match to a CSV file, readable by its owner only (0600)')
    .requiredOption('--csv <file>', 'the file to write; an existing one is refused unless --force')
    .option('--force', 'replace the file if it exists')
    .option('--json', 'print { file, rows } as JSON')
    .action(async (opts: FilterOptions & { csv: string; force?: boolean; json?: boolean }) => {
      const search = searchOf(opts);
      const out = await ctx.withCore((core) => core.payments.ledger.exportCsv(search));
      // Card holders' names and masked cards are still the merchant's data.
      writeOwnerOnly(opts.csv, out.csv, opts.force === true);
      if (opts.json) printJson({ file: opts.csv, rows: out.rows });
      else say(`wrote ${out.rows} payment(s) to ${opts.csv}`);
    });

  program
    .command('totals')
    .description("the day's totals: approved, refunded, voided, net and stored offline (local day)")
    .addOption(new Option('--date <day>', 'the day, YYYY-MM-DD (default: today)'))
    .addOption(modeOption())
    .option('--json', 'print the contract DailyTotals as JSON')
    .action(async (opts: { date?: string; mode?: Mode; json?: boolean }) => {
      if (opts.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(opts.date)) throw new CliError('--date must be a day, YYYY-MM-DD');
      if (opts.date !== undefined) timeArg('--date', false)(opts.date);
      const totals = await ctx.withCore((core) => core.payments.ledger.totals(opts.date, opts.mode ?? core.mode()));
      if (opts.json) printJson(totals);
      else say(describeTotals(totals));
    });
}
