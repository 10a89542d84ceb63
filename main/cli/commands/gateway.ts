import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { createGatewayClient, type GatewayRequest } from '../../gateway/client';
import { maskGatewayFields } from '../../gateway/mask';
import { describeOutcome, exitCodeOf, type GatewayOutcome } from '../../gateway/outcome';
import { isOperationName, OPERATION_NAMES, type OperationName } from '../../gateway/schema';
import { buildWsdl, checkAddress, checkNamespace, PLACEHOLDER_ADDRESS } from '../../gateway/wsdl';
import { TrainingFaultKind } from '../../../preload/contract';
import { describeTrainingFault } from '../../training/gateway/fault-words';
import type { CliContext } from '../context';
import { contractCall } from '../contract-call';
import { parseJsonText } from '../../config/json-text';
import { ownWords } from '../../log/redact';
import { intArg, readStdin } from '../input';
import { CliError, EXIT, onStop, printJson, say, write } from '../output';

/** --request-json as given: inline JSON, @file, or - (standard input, already read into `stdin`). */
function readRequestJson(text: string, stdin: string | undefined): unknown {
  const source = text === '-' ? (stdin ?? '') : text.startsWith('@') ? readFileSync(text.slice(1), 'utf8') : text;
  try {
    return parseJsonText(source, '--request-json');
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

function checked(problem: string | undefined): void {
  if (problem) throw new CliError(problem);
}

/** The printed form of an outcome: the kind and its codes, and the result masked. */
export function outcomeJson(operation: OperationName, outcome: GatewayOutcome<unknown>): Record<string, unknown> {
  const { kind, ...rest } = outcome as GatewayOutcome<unknown> & Record<string, unknown>;
  return { operation, outcome: kind, summary: describeOutcome(outcome), ...maskGatewayFields(rest) };
}

interface CallOptions {
  endpoint?: string;
  requestJson: string;
  namespace?: string;
  gatewayId?: string;
  password?: string;
  hmacKeyId?: string;
  hmacKey?: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
}

/** A secret option takes only "-": its value is read from standard input, never from the command line. */
function stdinOnly(name: string): (value: string) => string {
  return (value) => {
    if (value !== '-') {
      throw new CliError(`${name} takes its value from standard input, never from the command line (it would stay in the shell history and the process list): give ${name} - and type or pipe it`);
    }
    return value;
  };
}

/**
 * What `gateway call` sends with: the stored credentials (and HMAC key) only when the endpoint is
 * exactly gateway.url; for any other address the technician gives them. Secrets asked for with
 * "-" are read from standard input, one per line, in the order password, HMAC key.
 */
export interface CallCredentials {
  gatewayId: string;
  password: string;
  hmac?: { keyId: string; key: string };
}

export function callCredentials(
  opts: Pick<CallOptions, 'gatewayId' | 'password' | 'hmacKeyId' | 'hmacKey'>,
  stdinSecrets: string[],
  stored: { use: boolean; gatewayId: string; password: () => string; hmac: () => { keyId: string; key: string } | undefined },
  endpoint: string,
): CallCredentials {
  const lines = [...stdinSecrets];
  const password = opts.password !== undefined ? lines.shift() : undefined;
  const hmacKey = opts.hmacKey !== undefined ? lines.shift() : undefined;
  if ((opts.password !== undefined && !password) || (opts.hmacKey !== undefined && !hmacKey)) {
    throw new CliError('standard input ended before every secret asked for with "-" was given (one per line: password, then HMAC key)');
  }
  if (!stored.use && (opts.gatewayId === undefined || password === undefined)) {
    throw new CliError(`the stored gateway credentials are sent only to gateway.url; for ${endpoint} give them: --gateway-id ID --password - (the password on standard input)`);
  }
  const storedHmac = stored.use && hmacKey === undefined ? stored.hmac() : undefined;
  const hmac = opts.hmacKeyId !== undefined && hmacKey !== undefined ? { keyId: opts.hmacKeyId, key: hmacKey } : storedHmac;
  return {
    gatewayId: opts.gatewayId ?? stored.gatewayId,
    password: password ?? stored.password(),
    ...(hmac ? { hmac } : {}),
  };
}

export function registerGateway(program: Command, ctx: CliContext): void {
  const gateway = program.command('gateway').description('the SOAP v14 gateway: WSDL, single calls, the training simulator');

  gateway
    .command('wsdl')
    .description('print the WSDL for the configured namespace and address')
    .option('--namespace <ns>', 'WSDL target namespace (default: gateway.namespace)')
    .option('--address <url>', 'service address (default: gateway.url)')
    .action(async (opts: { namespace?: string; address?: string }) => {
      const configured = await ctx.withCore((core) => ({ namespace: core.settings.get('gateway.namespace'), url: core.settings.get('gateway.url') }));
      const namespace = opts.namespace ?? configured.namespace;
      const address = opts.address ?? (configured.url || PLACEHOLDER_ADDRESS);
      checked(checkNamespace(namespace) ?? checkAddress(address));
      if (!opts.address && !configured.url) write(`posctl: gateway.url is not set; the WSDL names ${PLACEHOLDER_ADDRESS}\n`, 'stderr');
      write(buildWsdl({ namespace, address }));
    });

  gateway
    .command('call')
    .description('send one request and print the typed, masked result (exit 0 approved, 1 declined/rejected, 2 error)')
    .argument('<operation>', OPERATION_NAMES.join(' | '))
    .option('--endpoint <url>', 'the service address (default: gateway.url); the stored credentials go only to gateway.url')
    .requiredOption('--request-json <json>', 'the request fields as JSON (or @file, or - for standard input), without GatewayID/Password')
    .option('--gateway-id <id>', 'GatewayID to send (needed for any endpoint other than gateway.url)')
    .addOption(new Option('--password <->', 'read the gateway password from standard input (needed for any endpoint other than gateway.url)').argParser(stdinOnly('--password')))
    .option('--namespace <ns>', 'WSDL target namespace (default: gateway.namespace)')
    .option('--hmac-key-id <id>', 'sign the request with this HMAC key id (needs --hmac-key -)')
    .addOption(new Option('--hmac-key <->', 'read the HMAC key from standard input (after the password, when both are asked for)').argParser(stdinOnly('--hmac-key')))
    .addOption(new Option('--timeout-ms <ms>', 'total time-out (default: gateway.timeoutMs)').argParser(intArg('--timeout-ms')))
    .addOption(new Option('--connect-timeout-ms <ms>', 'connect time-out (default: gateway.connectTimeoutMs)').argParser(intArg('--connect-timeout-ms')))
    .action(async (operation: string, opts: CallOptions) => {
      if (!isOperationName(operation)) throw new CliError(`unknown operation "${operation}"; use one of ${OPERATION_NAMES.join(', ')}`);
      if ((opts.hmacKeyId === undefined) !== (opts.hmacKey === undefined)) throw new CliError('--hmac-key-id and --hmac-key - go together');
      const secretsOnStdin = opts.password !== undefined || opts.hmacKey !== undefined;
      if (secretsOnStdin && opts.requestJson === '-') throw new CliError('standard input carries the secrets here: give --request-json inline or as @file');
      const stdin = secretsOnStdin || opts.requestJson === '-' ? await readStdin() : undefined;
      const request = readRequestJson(opts.requestJson, opts.requestJson === '-' ? stdin : undefined);
      if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new CliError('--request-json must be a JSON object of request fields');
      if ('Password' in request) throw new CliError(ownWords`--request-json must not carry Password: give it with --password - (standard input), or call gateway.url with the stored one`);
      const result = await ctx.withCore((core) => {
        const s = core.settings;
        const endpoint = opts.endpoint ?? s.get('gateway.url');
        if (!endpoint) throw new CliError('gateway.url is not set: give --endpoint URL');
        const use = s.get('gateway.url') !== '' && endpoint === s.get('gateway.url');
        const hmacKeyId = s.get('gateway.hmacKeyId');
        const credentials = callCredentials(opts, secretsOnStdin && stdin !== undefined ? stdin.split(/\r?\n/) : [], {
          use,
          gatewayId: s.get('gateway.gatewayId'),
          password: () => (s.isSet('gateway.password') ? (s.readSecret('gateway.password') ?? '') : ''),
          hmac: () => (hmacKeyId && s.isSet('gateway.hmacKey') ? { keyId: hmacKeyId, key: s.readSecret('gateway.hmacKey') ?? '' } : undefined),
        }, endpoint);
        return {
          endpoint,
          credentials,
          namespace: opts.namespace ?? s.get('gateway.namespace'),
          timeoutMs: opts.timeoutMs ?? s.get('gateway.timeoutMs'),
          connectTimeoutMs: opts.connectTimeoutMs ?? s.get('gateway.connectTimeoutMs'),
        };
      });
      checked(checkNamespace(result.namespace) ?? checkAddress(result.endpoint));
      const client = await createGatewayClient({
        url: result.endpoint,
        namespace: result.namespace,
        gatewayId: result.credentials.gatewayId,
        password: result.credentials.password,
        timeoutMs: result.timeoutMs,
        connectTimeoutMs: result.connectTimeoutMs,
        ...(result.credentials.hmac ? { hmac: result.credentials.hmac } : {}),
      });
      let outcome: GatewayOutcome<unknown>;
      try {
        outcome = await client.send(operation, request as GatewayRequest<typeof operation>);
      } finally {
        client.close();
      }
      printJson(outcomeJson(operation, outcome));
      const code = exitCodeOf(outcome);
      if (code !== EXIT.OK) throw new CliError(describeOutcome(outcome), code);
    });

  gateway
    .command('training-fault')
    .description("training mode only: make the training gateway (the app's and posctl's) misbehave for the next N requests, or until cleared with none")
    .argument('<kind>', TrainingFaultKind.options.join(' | '))
    .addOption(new Option('--count <n>', 'apply to the next N requests only (1 to 1000); default: until cleared').argParser(intArg('--count', 1)))
    .addOption(new Option('--delay-ms <ms>', 'slow only: how long each answer waits (default: longer than any time-out)').argParser(intArg('--delay-ms')))
    .option('--json', 'print JSON')
    .action(async (kind: string, opts: { count?: number; delayMs?: number; json?: boolean }) => {
      const parsed = TrainingFaultKind.safeParse(kind);
      if (!parsed.success) throw new CliError(`unknown training fault "${kind}"; use one of ${TrainingFaultKind.options.join(', ')}`);
      // Written to the training gateway's file through the contract: the app's simulator reads it before its next request.
      const input = { kind: parsed.data, ...(opts.count !== undefined ? { count: opts.count } : {}), ...(opts.delayMs !== undefined ? { delayMs: opts.delayMs } : {}) };
      const state = await ctx.withCore((core) => contractCall(core, 'gateway.trainingFault', input));
      if (opts.json) printJson(state);
      else say(describeTrainingFault(state));
    });

  gateway
    .command('simulate')
    .description('run the training gateway simulator on 127.0.0.1 until Ctrl+C (SIGINT) or SIGTERM')
    .addOption(new Option('--port <n>', 'port to listen on (0: a free one)').argParser(intArg('--port')).default(0))
    .option('--namespace <ns>', 'WSDL target namespace (default: gateway.namespace)')
    .addOption(new Option('--duplicate-minutes <n>', 'reject repeats of the same card, type and amount within N minutes (code 63)').argParser(intArg('--duplicate-minutes')).default(0))
    .addOption(new Option('--response-style <style>', 'answer in multiRef form (as the real service) or inline').choices(['multiref', 'inline']).default('multiref'))
    .option('--hmac-key-id <id>', 'require requests signed with this key id (needs --hmac-key -)')
    .addOption(new Option('--hmac-key <->', 'read the HMAC key from standard input').argParser(stdinOnly('--hmac-key')))
    .action(async (opts: { port: number; namespace?: string; duplicateMinutes: number; responseStyle: 'multiref' | 'inline'; hmacKeyId?: string; hmacKey?: string }) => {
      if ((opts.hmacKeyId === undefined) !== (opts.hmacKey === undefined)) throw new CliError('--hmac-key-id and --hmac-key - go together');
      const hmacKey = opts.hmacKey !== undefined ? (await readStdin()).split(/\r?\n/)[0] : undefined;
      if (opts.hmacKey !== undefined && !hmacKey) throw new CliError('--hmac-key -: no key on standard input');
      if (opts.port > 65535) throw new CliError('--port must be at most 65535');
      const namespace = opts.namespace ?? (await ctx.withCore((core) => core.settings.get('gateway.namespace')));
      checked(checkNamespace(namespace));
      let simulator;
      try {
        // Loaded here, not by every posctl command: its request reader, XML parser and tables.
        const { startGatewaySimulator } = await import('../../training/gateway/server');
        simulator = await startGatewaySimulator({
          namespace,
          port: opts.port,
          duplicateWindowMinutes: opts.duplicateMinutes,
          responseStyle: opts.responseStyle,
          wsdl: (address) => buildWsdl({ namespace, address }),
          ...(opts.hmacKeyId !== undefined && hmacKey ? { hmac: { keyId: opts.hmacKeyId, key: hmacKey } } : {}),
        });
      } catch (e) {
        throw new CliError(`cannot listen on 127.0.0.1:${opts.port} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      // Handlers first, then the line a supervisor waits for: a signal right after it is caught.
      const stopped = new Promise<string>((resolve) => onStop(resolve));
      say(`gateway simulator listening on ${simulator.url} (namespace ${namespace}; WSDL at ${simulator.url}?wsdl)`);
      const signal = await stopped;
      await simulator.close();
      say(`gateway simulator stopped (${signal})`);
    });
}
