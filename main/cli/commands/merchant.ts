import type { Command } from 'commander';
import type { LabelledField } from '../../../preload/contract';
import type { CliContext } from '../context';
import { CliError, printJson, say, sayError } from '../output';
import { contractCall } from '../contract-call';
import { intArg } from '../input';
import { freshnessLine, table } from '../output';

/**
 * posctl merchant: the merchant management interface (all ten endpoints), against the
 * configured service or the training simulator. With the service down, the last copy is shown.
 */

const fieldsText = (fields: LabelledField[]): string => {
  const width = Math.max(0, ...fields.map((f) => f.label.length));
  return fields.map((f) => `${f.label.padEnd(width)}  ${f.value}${f.meaning ? ` (${f.meaning})` : ''}`).join('\n');
};

const level = (text: string): string => {
  if (!/^(\d{1,4}|[A-Za-z]{4})$/.test(text.trim())) throw new CliError(`--level must be a level code (120, 100, 90, 60, 50, 40) or abbreviation (LCTN, CORP, ...), not "${text}"`);
  return text.trim();
};

export function registerMerchant(program: Command, ctx: CliContext): void {
  const m = program.command('merchant').description('merchant account, hierarchy, contacts, entitlements and fees (last copy shown offline)');

  m.command('get')
    .argument('[merchantId]', "a merchantId; this store's (merchant.merchantId) when omitted", intArg('merchantId'))
    .description('the merchant record with the meaning of every code')
    .option('--json', 'print JSON')
    .action(async (merchantId: number | undefined, opts: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'merchant.get', merchantId === undefined ? {} : { merchantId }));
      if (opts.json) return printJson(r);
      say(`${r.merchant.tradeName} — merchantId ${r.merchant.merchantId}, MID ${r.merchant.mid}\n`);
      say(fieldsText(r.merchant.fields));
      sayError(freshnessLine(r.freshness));
    });

  m.command('search')
    .description('search merchants (at least one field; name, city, state, zip and external id match partially)')
    .option('--dba <text>', 'doing-business-as name (partial)')
    .option('--city <text>', 'city (partial)')
    .option('--state <text>', 'state (partial)')
    .option('--zip <text>', 'zip code (partial)')
    .option('--external-id <text>', 'external merchant id (partial)')
    .option('--mid <mid>', 'merchant account number (exact)')
    .option('--merchant-id <id>', 'merchantId (exact)')
    .option('--level <code>', 'hierarchy level (120, 100, ... or LCTN, CORP, ...)')
    .option('--sort <field>', 'sort on this field (dbaName, city, state, zipCode, mid, merchantId, ...)')
    .option('--page <n>', 'page of results', intArg('--page'))
    .option('--json', 'print JSON')
    .action(async (o: { dba?: string; city?: string; state?: string; zip?: string; externalId?: string; mid?: string; merchantId?: string; level?: string; sort?: string; page?: number; json?: boolean }) => {
      const input = Object.fromEntries(
        Object.entries({
          dbaName: o.dba,
          city: o.city,
          state: o.state,
          zipCode: o.zip,
          externalMerchantId: o.externalId,
          mid: o.mid,
          merchantId: o.merchantId,
          hierarchyLevel: o.level,
          sort: o.sort,
          page: o.page,
        }).filter(([, v]) => v !== undefined),
      );
      const r = await ctx.withCore((core) => contractCall(core, 'merchant.search', input));
      if (o.json) return printJson(r);
      say(table(r.results.map((s) => [s.merchantId, s.mid, s.hierarchyLevelAbbreviation || s.level.code, s.dbaName, s.city, s.state, s.zipCode]), ['MERCHANT', 'MID', 'LEVEL', 'DBA NAME', 'CITY', 'STATE', 'ZIP']));
      if (r.pagination) sayError(`page ${r.pagination.page} of ${r.pagination.pageCount}, ${r.pagination.rowCount} merchant(s), ${r.pagination.countPerPage} per page`);
    });

  m.command('contacts')
    .argument('<merchantId>', 'a merchantId', intArg('merchantId'))
    .description('contacts of the three types (DBA, billing, statement), or one type, or one contact by id')
    .option('--type <type>', 'DBA, BIL or STM')
    .option('--id <contactId>', 'one contact by its id', intArg('--id'))
    .option('--json', 'print JSON')
    .action(async (merchantId: number, o: { type?: string; id?: number; json?: boolean }) => {
      const type = o.type?.toUpperCase();
      if (type !== undefined && type !== 'DBA' && type !== 'BIL' && type !== 'STM') throw new CliError('--type must be DBA, BIL or STM');
      const r = await ctx.withCore(async (core) =>
        o.id !== undefined
          ? contractCall(core, 'merchant.contact', { merchantId, contactId: o.id }).then((x) => ({ contacts: [x.contact], freshness: x.freshness }))
          : contractCall(core, 'merchant.contacts', { merchantId, ...(type ? { contactType: type } : {}) }),
      );
      if (o.json) return printJson(o.id !== undefined ? { contact: r.contacts[0], freshness: r.freshness } : r);
      if (r.contacts.length === 0) say(`no ${type ?? ''} contact on record`.replace('  ', ' '));
      for (const c of r.contacts) {
        say(`${c.contactType.code} ${c.contactType.label} (contact ${c.contactId})`);
        say(`  ${[c.name, c.addressLine1, c.addressLine2, `${c.city} ${c.state} ${c.postalCode}`.trim(), c.country, c.phoneNumber, c.emailAddress].filter(Boolean).join('\n  ')}`);
      }
      sayError(freshnessLine(r.freshness));
    });

  m.command('hierarchy')
    .argument('<merchantId>', 'a merchantId', intArg('merchantId'))
    .description('hierarchy items where the merchant sits at the given level (lvlNId chosen by the level table)')
    .option('--level <code>', 'hierarchy level: 120 Location, 100 Corporate, 90 Lead Corporate, 60 Agent, 50 Bank, 40 Business/Owner', level, '120')
    .option('--date <YYYY-MM-DD>', 'the hierarchy as it was on this day (hierarchydate)')
    .option('--id <hierarchyId>', 'one hierarchy item by its id', intArg('--id'))
    .option('--json', 'print JSON')
    .action(async (merchantId: number, o: { level: string; date?: string; id?: number; json?: boolean }) => {
      const r = await ctx.withCore(async (core) =>
        o.id !== undefined
          ? contractCall(core, 'merchant.hierarchy', { merchantId, level: o.level, hierarchyId: o.id }).then((x) => ({ items: [x.item], pagination: null, freshness: x.freshness }))
          : contractCall(core, 'merchant.hierarchies', { merchantId, level: o.level, ...(o.date ? { date: o.date } : {}) }),
      );
      if (o.json) return printJson(o.id !== undefined ? { item: r.items[0], freshness: r.freshness } : r);
      for (const h of r.items) {
        say(`item ${h.hierarchyId} of merchant ${h.merchantId}, level ${h.level.code} ${h.level.label}, ${h.dateFrom} to ${h.dateTo}`);
        say(table(h.levels.map((l) => [`lvl${l.n}${l.n === h.matchedField ? ' *' : ''}`, l.role, l.id ?? '', l.number]), ['FIELD', 'ROLE', 'ID', 'NUMBER']));
      }
      sayError(`${r.items.length} item(s); * marks the level matched; ${freshnessLine(r.freshness)}`);
    });

  m.command('entitlements')
    .argument('<merchantId>', 'a merchantId', intArg('merchantId'))
    .description('entitlements (card products and services) of the merchant, or one by id')
    .option('--id <entitlementId>', 'one entitlement by its id', intArg('--id'))
    .option('--json', 'print JSON')
    .action(async (merchantId: number, o: { id?: number; json?: boolean }) => {
      const r = await ctx.withCore(async (core) =>
        o.id !== undefined
          ? contractCall(core, 'merchant.entitlement', { merchantId, entitlementId: o.id }).then((x) => ({ entitlements: [x.entitlement], freshness: x.freshness }))
          : contractCall(core, 'merchant.entitlements', { merchantId }),
      );
      if (o.json) return printJson(o.id !== undefined ? { entitlement: r.entitlements[0], freshness: r.freshness } : r);
      say(table(r.entitlements.map((e) => [e.entitlementId, `${e.product.code} ${e.product.label}`, `${e.serviceType.code} ${e.serviceType.label}`, `${e.platform.code} ${e.platform.label}`, e.signedVolume ?? '', e.avgTicket ?? '']), ['ID', 'PRODUCT', 'SERVICE', 'PLATFORM', 'VOLUME', 'AVG TICKET']));
      sayError(freshnessLine(r.freshness));
    });

  m.command('fees')
    .argument('<merchantId>', 'a merchantId', intArg('merchantId'))
    .description('fees of the merchant, or one by id')
    .option('--id <feeId>', 'one fee by its id', intArg('--id'))
    .option('--json', 'print JSON')
    .action(async (merchantId: number, o: { id?: number; json?: boolean }) => {
      const r = await ctx.withCore(async (core) =>
        o.id !== undefined
          ? contractCall(core, 'merchant.fee', { merchantId, feeId: o.id }).then((x) => ({ fees: [x.fee], freshness: x.freshness }))
          : contractCall(core, 'merchant.fees', { merchantId }),
      );
      if (o.json) return printJson(o.id !== undefined ? { fee: r.fees[0], freshness: r.freshness } : r);
      say(table(r.fees.map((f) => [f.feeId, f.sequenceCode, f.name, f.retailRate, f.frequency.label, f.processing.label]), ['ID', 'CODE', 'NAME', 'RETAIL', 'FREQUENCY', 'BILLING']));
      sayError(freshnessLine(r.freshness));
    });
}
