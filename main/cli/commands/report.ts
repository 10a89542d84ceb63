import { writeFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import type { Mode } from '../../../preload/contract';
import type { CliContext } from '../context';
import { CliError, money, printJson, say, table } from '../output';
import { modeOption, refusals } from './journal';

interface DayOptions {
  date?: string;
  mode?: Mode;
  json?: boolean;
  columns: string;
  pdf?: string;
  cashier?: string;
}

function dayArg(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) throw new CliError(`--date must be a day, YYYY-MM-DD, not "${text}"`);
  return text.trim();
}

const dateOption = (): Option => new Option('--date <day>', "the local day, YYYY-MM-DD (default: today)").argParser(dayArg);

/** posctl report: the figures History's Close the day shows and prints (main/reports). */
export function registerReport(program: Command, ctx: CliContext): void {
  const report = program.command('report').description("the day's report by tender, type, card brand and cashier, and its close");

  report
    .command('day')
    .description("the day's report as the receipt printer prints it (a closed day: as kept at its close)")
    .addOption(dateOption())
    .addOption(modeOption())
    .addOption(new Option('--columns <n>', 'the width of the text: 42 (80 mm paper) or 32 (58 mm)').choices(['42', '32']).default('42'))
    .option('--json', 'print the report as JSON (the contract report.day reply)')
    .option('--pdf <file>', 'also write the report as a PDF to this file')
    .option('--cashier <number>', "a shift report: only this cashier's payments of the day")
    .action(async (opts: DayOptions) => {
      if (opts.cashier !== undefined && !/^\d{1,8}$/.test(opts.cashier)) throw new CliError('--cashier must be a cashier number (1 to 8 digits)');
      const out = await ctx.withCore((core) =>
        refusals(() => {
          const mode = opts.mode ?? core.mode();
          const day = core.reports.reports.day(opts.date, mode, opts.cashier);
          const columns = opts.columns === '32' ? 32 : 42;
          return { day, lines: core.reports.lines(day.date, columns, mode, opts.cashier), pdf: opts.pdf ? core.reports.pdf(day.date, columns, mode, opts.cashier).pdf : undefined };
        }),
      );
      if (opts.pdf && out.pdf) writeFileSync(opts.pdf, out.pdf);
      if (opts.json) return printJson(out.day);
      say(out.lines.join('\n'));
    });

  report
    .command('close')
    .description('close a day: its report is kept, and later payments go to the next one')
    .addOption(dateOption())
    .addOption(modeOption())
    .option('--confirm', 'close even though payments are unresolved (stored offline, waiting for a lookup, needing attention)')
    .option('--json', 'print the kept report as JSON')
    .action(async (opts: Omit<DayOptions, 'columns'> & { confirm?: boolean }) => {
      const kept = await ctx.withCore((core) =>
        refusals(() => {
          const mode = opts.mode ?? core.mode();
          return core.reports.reports.close(opts.date ?? core.reports.reports.day(undefined, mode).date, { confirm: opts.confirm === true, mode });
        }),
      );
      if (opts.json) return printJson(kept);
      say(`${kept.date} closed: ${kept.payments} payment(s), net ${money(kept.total.netCents)}.`);
    });

  report
    .command('closed')
    .description('the closed days, newest first')
    .addOption(modeOption())
    .option('--json', 'print them as JSON')
    .action(async (opts: { mode?: Mode; json?: boolean }) => {
      const days = await ctx.withCore((core) => core.reports.reports.closed(366, opts.mode ?? core.mode()));
      if (opts.json) return printJson(days);
      if (days.length === 0) return say('No day was closed.');
      say(table(days.map((d) => [d.date, d.closedAt, d.closedBy ?? '', d.payments, money(d.netCents)]), ['DAY', 'CLOSED AT', 'BY', 'PAYMENTS', 'NET']));
    });
}
