/**
 * posctl: the technician's command line, on the same core as the app. Every command takes the
 * global --data-dir (or POS_DATA_DIR) to act on one terminal's data.
 * Exit codes: 0 success, 1 negative business outcome, 2 usage error, refusal or failure.
 */
import { Command, CommanderError } from 'commander';
import { declareOwnWords } from '../log/redact';
import { APP_VERSION } from '../version';
import { registerCatalogue } from './commands/catalogue';
import { registerConfig } from './commands/config';
import { registerDevices } from './commands/devices';
import { registerParse } from './commands/parse';
import { registerSim } from './commands/sim';
import { registerGateway } from './commands/gateway';
import { registerJournal } from './commands/journal';
import { registerLogs } from './commands/logs';
import { registerProvision } from './commands/provision';
import { registerKeys } from './commands/keys';
import { registerManagerPin } from './commands/manager-pin';
import { registerCashiers } from './commands/cashiers';
import { registerLeads } from './commands/leads';
import { registerMerchant } from './commands/merchant';
import { registerPayments } from './commands/payments';
import { registerQueue } from './commands/queue';
import { registerReport } from './commands/report';
import { registerStatus } from './commands/status';
import { registerTechnician } from './commands/technician';
import { createCliContext, type CliHost, type GlobalOptions } from './context';
import { CliError, EXIT, guardOutput, outputFailure, sayError, write } from './output';

export function buildProgram(host: CliHost = {}): Command {
  const program = new Command('posctl');
  program
    .description('Technician command line of the Counter POS terminal')
    .version(APP_VERSION)
    .option('--data-dir <dir>', 'the terminal data directory (default: $POS_DATA_DIR or the per-user default); it must exist')
    .option('--create', 'make the data directory named by --data-dir or POS_DATA_DIR when it does not exist yet')
    .showHelpAfterError()
    // Commander's own messages quote what was typed (an unknown option's value may be a card number).
    .configureOutput({ writeOut: (text) => write(text), writeErr: (text) => write(text, 'stderr') })
    .exitOverride();
  const ctx = createCliContext(() => program.opts<GlobalOptions>(), host);
  registerStatus(program, ctx);
  registerConfig(program, ctx);
  registerKeys(program, ctx);
  registerManagerPin(program, ctx);
  registerTechnician(program, ctx);
  registerCashiers(program, ctx);
  registerGateway(program, ctx);
  registerCatalogue(program, ctx);
  registerMerchant(program, ctx);
  registerLeads(program, ctx);
  registerParse(program, ctx);
  registerDevices(program, ctx);
  registerSim(program, ctx);
  registerPayments(program, ctx);
  registerQueue(program, ctx);
  registerJournal(program, ctx);
  registerReport(program, ctx);
  registerProvision(program, ctx);
  registerLogs(program, ctx);
  declareDescriptions(program);
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
  const program = buildProgram(host);
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
