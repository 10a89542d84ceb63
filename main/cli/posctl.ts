/**
 * posctl: the technician's command line, on the same core as the app. Every command takes the
 * global --data-dir (or POS_DATA_DIR) to act on one terminal's data.
 * Exit codes: 0 success, 1 negative business outcome, 2 usage error, refusal or failure.
 */
import { Command, CommanderError } from 'commander';
import { declareOwnWords } from '../log/redact';
import { APP_VERSION } from '../version';
import { COMMAND_GROUPS, commandWord, type CommandGroup } from './command-word';
import { createCliContext, type CliContext, type CliHost, type GlobalOptions } from './context';
import { CliError, EXIT, guardOutput, outputFailure, sayError, write } from './output';

type Register = (program: Command, ctx: CliContext) => void;

/**
 * The module that registers each group of commands (command-word.ts), loaded when one of its
 * commands runs: in posctl's CommonJS bundle a module reached only through import() is initialised
 * when first loaded, so `posctl status` does not build every other command's options, schemas and
 * helpers (issue 23). Help, a misspelt command and the bare program load them all.
 */
const REGISTERS: Readonly<Record<CommandGroup, () => Promise<Register>>> = {
  status: async () => (await import('./commands/status')).registerStatus,
  config: async () => (await import('./commands/config')).registerConfig,
  keys: async () => (await import('./commands/keys')).registerKeys,
  'manager-pin': async () => (await import('./commands/manager-pin')).registerManagerPin,
  technician: async () => (await import('./commands/technician')).registerTechnician,
  cashiers: async () => (await import('./commands/cashiers')).registerCashiers,
  gateway: async () => (await import('./commands/gateway')).registerGateway,
  catalogue: async () => (await import('./commands/catalogue')).registerCatalogue,
  merchant: async () => (await import('./commands/merchant')).registerMerchant,
  leads: async () => (await import('./commands/leads')).registerLeads,
  parse: async () => (await import('./commands/parse')).registerParse,
  devices: async () => (await import('./commands/devices')).registerDevices,
  sim: async () => (await import('./commands/sim')).registerSim,
  sale: async () => (await import('./commands/payments')).registerPayments,
  queue: async () => (await import('./commands/queue')).registerQueue,
  journal: async () => (await import('./commands/journal')).registerJournal,
  report: async () => (await import('./commands/report')).registerReport,
  provision: async () => (await import('./commands/provision')).registerProvision,
  logs: async () => (await import('./commands/logs')).registerLogs,
};

export async function buildProgram(host: CliHost = {}, argv?: readonly string[]): Promise<Command> {
  const program = new Command('posctl');
  // The descriptions are declared when commander first prints (help, a usage error), not at every
  // start: checking each one against the redactor's rules is a few ms a command does not need.
  let declared = false;
  const ownHelp = (text: string): string => {
    if (!declared) {
      declared = true;
      declareDescriptions(program);
    }
    return text;
  };
  program
    .description('Technician command line of the Counter POS terminal')
    .version(APP_VERSION)
    .option('--data-dir <dir>', 'the terminal data directory (default: $POS_DATA_DIR or the per-user default); it must exist')
    .option('--create', 'make the data directory named by --data-dir or POS_DATA_DIR when it does not exist yet')
    .showHelpAfterError()
    // Commander's own messages quote what was typed (an unknown option's value may be a card number).
    .configureOutput({ writeOut: (text) => write(ownHelp(text)), writeErr: (text) => write(ownHelp(text), 'stderr') })
    .exitOverride();
  const ctx = createCliContext(() => program.opts<GlobalOptions>(), host);
  const wanted = argv === undefined ? undefined : commandWord(argv);
  const groups = COMMAND_GROUPS.filter((names) => wanted === undefined || (names as readonly string[]).includes(wanted));
  const registers = await Promise.all(groups.map((names) => REGISTERS[names[0]]()));
  for (const register of registers) register(program, ctx);
  return program;
}

/**
 * posctl's help is its own words: every description of its commands, options and arguments is
 * left as written by the redactor its output passes (help text wraps them over lines).
 */
function declareDescriptions(command: Command): void {
  declareOwnWords(command.description());
  for (const option of command.options) declareOwnWords(option.description);
  for (const argument of command.registeredArguments) declareOwnWords(argument.description);
  for (const sub of command.commands) declareDescriptions(sub);
}

/** Runs one posctl command line (argv without node and the script); `host`: the desktop app's --posctl mode. */
export async function runPosctl(argv: string[], host: CliHost = {}): Promise<number> {
  guardOutput();
  const code = await runProgram(argv, host);
  // A closed pipe is not a failure (output.ts); output lost to anything else is.
  const failure = await outputFailure();
  if (failure && code === EXIT.OK) {
    sayError(`posctl: could not write to standard ${failure.stream === 'stdout' ? 'output' : 'error'} (${failure.code})`);
    return EXIT.ERROR;
  }
  return code;
}

async function runProgram(argv: string[], host: CliHost): Promise<number> {
  const program = await buildProgram(host, argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and --version "exit" with code 0; every usage error is exit code 2.
      return e.exitCode === 0 ? EXIT.OK : EXIT.ERROR;
    }
    // Messages pass the log's redactor (in sayError): whatever an error quotes, no card data is printed.
    if (e instanceof CliError) {
      sayError(`posctl: ${e.message}`);
      return e.exitCode;
    }
    sayError(`posctl: ${(e as Error).message}`);
    return EXIT.ERROR;
  }
}
