import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { LeadInput } from '../../../preload/contract';
import type { CliContext } from '../context';
import { CliError, EXIT, printJson, say, sayError } from '../output';
import { contractCall } from '../contract-call';
import { parseJsonText } from '../../config/json-text';
import { intArg, readStdin } from '../input';
import { freshnessLine, table } from '../output';

/** Command-line option → lead field. */
const FIELD_OPTIONS: Array<[flag: string, field: keyof LeadInput, help: string]> = [
  ['--first-name <text>', 'first_name', 'contact first name'],
  ['--last-name <text>', 'last_name', 'contact last name'],
  ['--company <text>', 'company', 'company (DBA) name'],
  ['--email <text>', 'email', 'contact e-mail'],
  ['--phone <text>', 'phone', 'contact phone'],
  ['--address1 <text>', 'address1', 'business street address'],
  ['--address2 <text>', 'address2', 'unit / suite / floor'],
  ['--city <text>', 'city', 'business city'],
  ['--state <text>', 'state', 'business state'],
  ['--zip <text>', 'zip', 'business zip / postal code'],
  ['--country <code>', 'country', 'ISO country code'],
  ['--lead-type <text>', 'leadType', 'Bank Referral, Self Sourced or Merchant Refer A Friend'],
  ['--action-type <text>', 'actionType', 'action type in the lead system'],
  ['--record-type <text>', 'recordType', 'record type in the lead system'],
  ['--bank-id <text>', 'bankId', 'acquiring bank id in the lead system'],
  ['--campaign-id <text>', 'campaign_id', 'campaign id'],
  ['--reference-type <text>', 'referenceType', 'reference type'],
  ['--consultant <id>', 'businessConsultantId', 'business consultant keying the lead'],
  ['--ama-id <id>', 'businessConsultantAMAId', "consultant's AMA id"],
  ['--link-back-id <id>', 'linkBackId', 'link-back id'],
  ['--deal-id <id>', 'dealId', 'deal id of the lead being updated'],
  ['--lead-status <text>', 'leadStatus', 'status of the lead being updated'],
  ['--lead-id <id>', 'leadId', 'id of the lead being updated'],
  ['--uid <id>', 'uid', "the lead's unique id (made up when absent)"],
];

const camel = (flag: string): string => flag.replace(/^--/, '').replace(/ .*$/, '').replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** posctl leads: leads of a business consultant, lead creation, and the outbox of leads keyed in offline. */
export function registerLeads(program: Command, ctx: CliContext): void {
  const leads = program.command('leads').description('marketplace leads: list, create, and the offline outbox');

  leads
    .command('list')
    .description("leads of a business consultant (default: marketplace.businessConsultantId)")
    .option('--consultant <id>', 'business consultant id')
    .option('--json', 'print JSON')
    .action(async (o: { consultant?: string; json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'leads.list', o.consultant ? { businessConsultantId: o.consultant } : {}));
      if (o.json) return printJson(r);
      say(table(r.leads.map((l) => [l.identifier, l.createdDate.slice(0, 10), l.status, l.companyName, l.contactName, l.leadType]), ['LEAD', 'CREATED', 'STATUS', 'COMPANY', 'CONTACT', 'TYPE']));
      sayError(`${r.leads.length} lead(s) of ${r.businessConsultantId}; ${freshnessLine(r.freshness)}`);
    });

  const create = leads
    .command('create')
    .description('create a lead (checked before sending; kept in the outbox when the service cannot be reached). Exit 1: refused by the lead system; 2: not sent')
    .option('--file <lead.json>', 'read the lead fields from a JSON file, - for standard input (the options below override it)')
    .option('--annual-volume <dollars>', 'annual card volume of the prospect, whole dollars', intArg('--annual-volume'))
    .option('--json', 'print JSON');
  for (const [flag, , help] of FIELD_OPTIONS) create.option(flag, help);
  create.action(async (o: Record<string, unknown>) => {
    let fromFile: Record<string, unknown> = {};
    if (typeof o.file === 'string') {
      try {
        fromFile = parseJsonText(o.file === '-' ? await readStdin() : readFileSync(o.file, 'utf8'), 'the lead') as Record<string, unknown>;
      } catch (e) {
        throw new CliError(`cannot read ${o.file === '-' ? 'the lead from standard input' : o.file}: ${(e as Error).message}`);
      }
    }
    const fields: Record<string, unknown> = { ...fromFile };
    for (const [flag, field] of FIELD_OPTIONS) if (typeof o[camel(flag)] === 'string') fields[field] = o[camel(flag)];
    if (typeof o.annualVolume === 'number') fields.annualVolume = o.annualVolume;
    const input = LeadInput.safeParse(fields);
    if (!input.success) throw new CliError(`the lead is not valid:\n${input.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
    const r = await ctx.withCore((core) => contractCall(core, 'leads.create', input.data));
    if (o.json) printJson(r);
    else if (r.status === 'created') say(`lead created: ${r.leadId}${r.dealId ? `, deal ${r.dealId}` : ''} (uid ${r.uid})`);
    else if (r.status === 'rejected') say(`refused by the lead system: ${r.errorCode}: ${r.errMessage}`);
    else say(`not sent: ${r.problem}\nkept in the outbox (uid ${r.uid}); sent when the service answers again (posctl leads retry)`);
    if (r.status === 'rejected') throw new CliError('lead refused', EXIT.NEGATIVE);
    if (r.status === 'queued') throw new CliError('lead kept in the outbox, not sent yet', EXIT.ERROR);
  });

  leads
    .command('outbox')
    .description('leads keyed in while the service could not be reached')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'leads.outbox', {}));
      if (o.json) return printJson(r);
      if (r.entries.length === 0) return say('the outbox is empty');
      say(table(r.entries.map((e) => [e.uid, e.state, e.company, e.queuedAt, e.attempts, e.lastProblem]), ['UID', 'STATE', 'COMPANY', 'QUEUED', 'TRIES', 'LAST PROBLEM']));
    });

  leads
    .command('retry')
    .description('send the outbox now (a lead the service already has is not sent twice)')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'leads.retry', {}));
      if (o.json) printJson(r);
      else say(r.results.length === 0 ? 'nothing to send' : r.results.map((x) => `${x.uid}: ${x.status}`).join('\n'));
      if (r.results.some((x) => x.status === 'queued')) throw new CliError('some leads are still not sent', EXIT.ERROR);
    });
}
