import type { Command } from 'commander';
import { parseSwipe } from '../../../native/card/card-read';
import { parseMicr } from '../../../native/check/micr';
import { MICR_SYMBOL_NAMES, type MicrSymbolChoice } from '../../../native/check/micr-symbols';
import type { ReadError } from '../../../native/read-error';
import { describeCard, describeCheck, describeError } from '../../devices/describe';
import type { CliContext } from '../context';
import { readStdin } from '../input';
import { CliError, printJson, say } from '../output';

/** `-` reads the text from standard input: card data then stays out of the process list and shell history. */
async function inputText(text: string): Promise<string> {
  return text === '-' ? readStdin() : text;
}

export function symbolChoice(name: string | undefined): MicrSymbolChoice {
  if (name === undefined || name === 'auto') return 'auto';
  const known = MICR_SYMBOL_NAMES.find((n) => n === name);
  if (!known) throw new CliError(`unknown symbol map "${name}"; use auto or one of ${MICR_SYMBOL_NAMES.join(', ')}`);
  return known;
}

/** A refusal: the typed error as JSON (or words), then exit code 2. */
function refuse(error: ReadError, json: boolean): never {
  if (json) printJson({ ok: false, error });
  throw new CliError(`refused: ${describeError(error)}`);
}

export function registerParse(program: Command, _ctx: CliContext): void {
  const parse = program.command('parse').description('parse reader output without a device; prints only masked data');

  parse
    .command('swipe')
    .argument('<text>', 'what the reader sent, e.g. "%B…?;…?" (- reads it from standard input)')
    .option('--json', 'print JSON')
    .description('parse magnetic stripe tracks (ISO 7813) into a validated, masked card')
    .action(async (text: string, opts: { json?: boolean }) => {
      const r = parseSwipe(await inputText(text));
      if (!r.ok) refuse(r.error, opts.json === true);
      if (opts.json) printJson({ ok: true, card: r.value.masked() });
      else say(describeCard(r.value.masked()));
    });

  parse
    .command('micr')
    .argument('<line>', 'the MICR line the check reader sent (- reads it from standard input)')
    .option('--symbols <name>', `how the reader spells the E-13B symbols: auto, ${MICR_SYMBOL_NAMES.join(', ')}`, 'auto')
    .option('--json', 'print JSON')
    .description('parse an E-13B MICR line into a validated check (account masked)')
    .action(async (line: string, opts: { symbols?: string; json?: boolean }) => {
      const symbols = symbolChoice(opts.symbols);
      const r = parseMicr(await inputText(line), { symbols });
      if (!r.ok) refuse(r.error, opts.json === true);
      if (opts.json) printJson({ ok: true, check: r.value.masked() });
      else say(describeCheck(r.value.masked()));
    });
}
