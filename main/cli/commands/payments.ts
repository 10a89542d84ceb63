import { randomBytes } from 'node:crypto';
import { Option, type Command } from 'commander';
import { parseSwipe } from '../../../native/card/card-read';
import { luhnValid } from '../../../native/card/luhn';
import { parseMicr, type CheckRead } from '../../../native/check/micr';
import { CheckDetails, idLetters, type SaleView } from '../../../preload/contract';
import { controlCharacterProblem } from '../../../preload/contract/text';
import { PosError } from '../../api/errors';
import { parseDollars } from '../../config/setting';
import type { Core } from '../../core';
import { describeError } from '../../devices/describe';
import type { KeyedCard } from '../../gateway/builders';
import type { CardSource } from '../../payments/requests';
import { overrideReason } from '../../payments/override';
import { paidCents } from '../../payments/views';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, EXIT, money, printJson, say, write } from '../output';
import { technician } from '../technician';

const MAX_CENTS = 9_999_999;

/** Dollars and cents, read exactly into integer cents (no floating point): 12.34 → 1234. */
export function dollarsArg(name: string): (text: string) => number {
  return (text) => {
    const cents = parseDollars(text);
    if (cents === undefined) throw new CliError(`${name} must be dollars and cents, e.g. 12.34 (digits, at most two decimals, no sign or commas), not "${text}"`);
    if (cents > MAX_CENTS) throw new CliError(`${name} must be at most ${money(MAX_CENTS)}`);
    return cents;
  };
}

/** Exit code of a sale's end: 0 approved or stored offline, 1 declined or rejected, 2 anything else. */
export function saleExitCode(state: SaleView['state']): number {
  if (state === 'approved' || state === 'offline') return EXIT.OK;
  if (state === 'declined' || state === 'rejected') return EXIT.NEGATIVE;
  return EXIT.ERROR;
}

/** A sale as a technician reads it: masked card or account only. */
export function describeSale(v: SaleView): string {
  const lines = [`${v.state.toUpperCase()}: ${v.words}`];
  const partial = v.state === 'approved' && v.approvedCents !== null && v.approvedCents < v.amountCents;
  lines.push(`Amount         ${money(v.amountCents)}${partial ? ` (approved ${money(v.approvedCents)}, ${money(v.balanceDueCents)} still due)` : ''}`);
  lines.push(`Type           ${v.type}${v.originalRef ? ` of ${v.originalRef}` : ''}`);
  if (v.card) lines.push(`Card           ${v.card.brand} ${v.card.masked}${v.card.name ? ` ${v.card.name}` : ''}${v.entry ? ` (${v.entry})` : ''}`);
  if (v.check) lines.push(`Check          routing ${v.check.routing}, account ${v.check.accountMasked}${v.check.checkNumber ? `, check ${v.check.checkNumber}` : ''}`);
  const o = v.outcome;
  if (o?.authorizationNum) lines.push(`Authorization  ${o.authorizationNum}`);
  if (o?.tag) lines.push(`Tag            ${o.tag}`);
  if (o?.bankCode || o?.gatewayCode) lines.push(`Codes          ${[o.bankCode ? `bank ${o.bankCode}` : '', o.gatewayCode ? `gateway ${o.gatewayCode}` : ''].filter(Boolean).join(', ')}`);
  lines.push(`Reference      ${v.clientRef}`, `Sale           ${v.saleId}`, `Mode           ${v.mode}`);
  return lines.join('\n');
}

/** A fresh sale id per run (the contract's 8 to 64 letters, digits, - or _; random letters only: preload/contract/ids.ts). */
export function newSaleId(): string {
  return `posctl-${idLetters(randomBytes(16))}`;
}

interface SaleOptions {
  amount?: number;
  type: 'sale' | 'preauth' | 'refund' | 'verify';
  swipe?: string;
  keyed?: string;
  expiry?: string;
  name?: string;
  micr?: string;
  checkType?: 'personal' | 'corporate';
  customerName?: string;
  idType?: string;
  id?: string;
  json?: boolean;
}

type Given = { card?: CardSource; entry?: 'swipe' | 'keyed'; check?: CheckRead };

/** MMYY (or MM/YY) to month and four-digit year; refuses a card that expired before this month. */
export function parseExpiry(text: string, now: Date): { month: number; year: number } {
  const m = /^(\d{2})\/?(\d{2})$/.exec(text.trim());
  const month = Number(m?.[1]);
  const year = 2000 + Number(m?.[2]);
  if (!m || month < 1 || month > 12) throw new CliError(`--expiry must be the card's month and year as MMYY, e.g. 1230, not "${text}"`);
  if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) throw new CliError('the card has expired (--expiry): ask for another card');
  return { month, year };
}

function keyedCard(panText: string, opts: SaleOptions, now: Date): KeyedCard {
  // The number itself is never quoted back: it is card data.
  const pan = panText.replace(/[ -]/g, '');
  if (!/^\d{12,19}$/.test(pan)) throw new CliError('--keyed: a card number is 12 to 19 digits (spaces and dashes allowed)');
  if (!luhnValid(pan)) throw new CliError('--keyed: the card number failed its check digit; check it and type it again');
  if (opts.expiry === undefined || opts.name === undefined) throw new CliError('--keyed needs --expiry MMYY and --name NAME (as on the card)');
  const name = opts.name.trim();
  if (name.length < 1 || name.length > 30) throw new CliError('--name must be 1 to 30 characters');
  const badName = controlCharacterProblem(name);
  if (badName) throw new CliError(`--name ${badName}`);
  const { month, year } = parseExpiry(opts.expiry, now);
  return { entry: 'keyed', pan, expiryMonth: month, expiryYear: year, cardholderName: name };
}

function checkDetails(opts: SaleOptions): CheckDetails {
  if (opts.checkType === undefined) throw new CliError('--micr needs --check-type personal or corporate');
  if ((opts.idType === undefined) !== (opts.id === undefined)) throw new CliError('--id-type and --id go together');
  const parsed = CheckDetails.safeParse({
    checkType: opts.checkType,
    ...(opts.customerName !== undefined ? { customerName: opts.customerName } : {}),
    ...(opts.idType !== undefined ? { idType: Number(opts.idType) } : {}),
    ...(opts.id !== undefined ? { id: opts.id } : {}),
  });
  if (!parsed.success) throw new CliError(parsed.error.issues.map((i) => `--${i.path.join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('; '));
  return parsed.data;
}

/** What the command line pays with, read and checked before any journal row is made. */
async function tenderOf(opts: SaleOptions, now: Date): Promise<{ given: Given; check?: CheckDetails }> {
  const given = [opts.swipe, opts.keyed, opts.micr].filter((t) => t !== undefined);
  if (given.length !== 1) throw new CliError('give exactly one of --swipe TEXT, --keyed PAN (or --keyed - with the number on standard input) or --micr LINE');
  if (opts.keyed === undefined && (opts.expiry !== undefined || opts.name !== undefined)) throw new CliError('--expiry and --name go with --keyed');
  const checkOnly = [opts.checkType, opts.customerName, opts.idType, opts.id].some((o) => o !== undefined);
  if (opts.micr === undefined && checkOnly) throw new CliError('--check-type, --customer-name, --id-type and --id go with --micr');
  const text = given[0] === '-' ? await readStdin() : (given[0] ?? '');
  if (opts.swipe !== undefined) {
    const r = parseSwipe(text, { now });
    if (!r.ok) throw new CliError(`the swipe was refused: ${describeError(r.error)}`);
    return { given: { card: { kind: 'read', card: r.value }, entry: 'swipe' } };
  }
  if (opts.keyed !== undefined) {
    const card = keyedCard(text, opts, now);
    if (opts.keyed !== '-') write('posctl: note: a card number on the command line stays in the shell history and the process list; give --keyed - and the number on standard input\n', 'stderr');
    return { given: { card: { kind: 'keyed', card }, entry: 'keyed' } };
  }
  if (opts.type !== 'sale') throw new CliError(`a check can only pay a sale, not a ${opts.type}`);
  const details = checkDetails(opts);
  const r = parseMicr(text);
  if (!r.ok) throw new CliError(`the MICR line was refused: ${describeError(r.error)}`);
  return { given: { check: r.value }, check: details };
}

/**
 * Runs one payment through the app's own machine (journal, policy, offline store), then prints it.
 * A card or check the sale refuses while it waits (an expired card, a chip card the store
 * refuses) cancels it with the reason, instead of waiting for a reader that posctl does not have.
 * (posctl names the card entry, reader or keyed, and starts no device, so any problem reported
 * while the sale waits is about what the command line gave.)
 */
async function runPayment(core: Core, input: Parameters<Core['payments']['payments']['runSale']>[0], given: Given): Promise<SaleView> {
  const payments = core.payments.payments;
  const off = core.bus.on('sale.changed', (view) => {
    if (view.saleId === input.saleId && view.state === 'waiting' && view.problem) payments.sale(input.saleId)?.cancel(view.problem);
  });
  // posctl runs with the OS account that owns the terminal: it approves what needs a manager itself, on the record.
  const reason = overrideReason({ type: input.type, amountCents: input.amountCents, keyed: given.entry === 'keyed' }, core.settings.get('payments.overrideAbove'));
  try {
    return await payments.runSale(input, given, reason ? { approvedBy: technician() } : {});
  } catch (e) {
    if (e instanceof PosError) {
      const issues = (e.issues ?? []).filter((i) => !e.message.includes(i.message)).map((i) => `\n  ${i.path}: ${i.message}`);
      throw new CliError(`${e.message}${issues.join('')}`);
    }
    throw e;
  } finally {
    off();
  }
}

function finish(view: SaleView, json: boolean | undefined): void {
  if (json) printJson(view);
  else say(describeSale(view));
  const code = saleExitCode(view.state);
  if (code !== EXIT.OK) throw new CliError(view.words, code);
}

const EXITS = 'exit 0 approved or stored offline, 1 declined or rejected, 2 not sent, outcome unknown, cancelled or refused';

export function registerPayments(program: Command, ctx: CliContext): void {
  program
    .command('sale')
    .description(`take a payment through the terminal's journal, offline policy and gateway (${EXITS}). Card data is never printed`)
    .addOption(new Option('--amount <dollars>', 'the amount in dollars and cents, e.g. 12.34 (not needed for verify)').argParser(dollarsArg('--amount')))
    .addOption(new Option('--type <type>', 'what to do').choices(['sale', 'preauth', 'refund', 'verify']).default('sale'))
    .option('--swipe <text>', 'the reader text of a swipe (%B…?;…?); - reads it from standard input (preferred)')
    .option('--keyed <pan>', 'a card number typed in; give - and the number on standard input (preferred: on the command line it stays in the shell history and the process list)')
    .option('--expiry <MMYY>', 'with --keyed: the expiry month and year, e.g. 1230')
    .option('--name <name>', 'with --keyed: the cardholder name as on the card')
    .option('--micr <line>', 'a check: the MICR line as the reader sent it; - reads it from standard input')
    .addOption(new Option('--check-type <type>', 'with --micr: the kind of check').choices(['personal', 'corporate']))
    .option('--customer-name <name>', 'with --micr: the name on the check')
    .addOption(new Option('--id-type <n>', "with --micr: the customer's ID: 0 driver's licence, 1 SSN, 2 tax ID, 3 military ID").choices(['0', '1', '2', '3']))
    .option('--id <value>', 'with --id-type: the ID number (a licence with its state first, e.g. IL123456)')
    .option('--json', 'print the sale (the contract SaleView, masked) as JSON')
    .action(async (opts: SaleOptions) => {
      if (opts.type === 'verify' && opts.amount !== undefined && opts.amount > 0) throw new CliError('a verify moves no money: leave out --amount');
      if (opts.type !== 'verify' && opts.amount === undefined) throw new CliError('--amount is required, e.g. --amount 12.34');
      if (opts.type !== 'verify' && opts.amount === 0) throw new CliError('--amount must be more than 0.00');
      const now = new Date();
      const { given, check } = await tenderOf(opts, now);
      const saleId = newSaleId();
      const view = await ctx.withCore(
        (core) =>
          runPayment(
            core,
            {
              saleId,
              type: opts.type,
              amountCents: opts.amount ?? 0,
              tender: given.check ? 'check' : 'card',
              cardEntry: given.entry === 'keyed' ? 'keyed' : 'reader',
              ...(check ? { check } : {}),
            },
            given,
          ),
        { recoverPayments: true },
      );
      finish(view, opts.json);
    });

  const tagged = [
    { name: 'void', type: 'void', what: 'reverse an approved payment in full (its whole amount; --amount, if given, must equal it)' },
    { name: 'refund', type: 'refund', what: 'give back an approved sale or completion (default: all that is not refunded yet)' },
    { name: 'complete', type: 'completion', what: 'complete an approved pre-authorization (default: all of it that is not completed yet)' },
  ] as const;
  for (const t of tagged) {
    program
      .command(t.name)
      .description(`${t.what}, from its journal entry in the current mode (${EXITS})`)
      .requiredOption('--ref <ref>', 'the client reference of the original payment (see: posctl journal list)')
      .addOption(new Option('--amount <dollars>', 'the amount in dollars and cents').argParser(dollarsArg('--amount')))
      .option('--json', 'print the payment (the contract SaleView, masked) as JSON')
      .action(async (opts: { ref: string; amount?: number; json?: boolean }) => {
        if (opts.amount === 0) throw new CliError('--amount must be more than 0.00 (leave it out for the default)');
        const view = await ctx.withCore(
          (core) => {
            const original = core.journal().get(opts.ref);
            if (t.type === 'void' && original && opts.amount !== undefined && opts.amount !== paidCents(original)) {
              throw new CliError(`a void reverses the whole payment (${money(paidCents(original))}): leave out --amount`);
            }
            return runPayment(core, { saleId: newSaleId(), type: t.type, amountCents: t.type === 'void' ? 0 : (opts.amount ?? 0), originalRef: opts.ref }, {});
          },
          { recoverPayments: true },
        );
        finish(view, opts.json);
      });
  }
}
