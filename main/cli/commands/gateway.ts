import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { createGatewayClient, type GatewayRequest } from '../../gateway/client';
import { maskGatewayFields } from '../../gateway/mask';
import { describeOutcome, exitCodeOf, type GatewayOutcome } from '../../gateway/outcome';
import { isOperationName, OPERATION_NAMES, type OperationName } from '../../gateway/schema';
import { buildWsdl, checkAddress, checkNamespace, PLACEHOLDER_ADDRESS } from '../../gateway/wsdl';
import { startGatewaySimulator } from '../../training/gateway/server';
import type { CliContext } from '../context';
import { parseJsonText } from '../../config/json-text';
import { intArg } from '../input';
import { CliError, EXIT, printJson } from '../output';

function readRequestJson(text: string): unknown {
  const source = text === '-' ? readFileSync(0, 'utf8') : text.startsWith('@') ? readFileSync(text.slice(1), 'utf8') : text;
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
  endpoint: string;
  requestJson: string;
  namespace?: string;
  hmacKeyId?: string;
  hmacKey?: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
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
      if (!opts.address && !configured.url) process.stderr.write(`posctl: gateway.url is not set; the WSDL names ${PLACEHOLDER_ADDRESS}\n`);
      process.stdout.write(buildWsdl({ namespace, address }));
    });

  gateway
    .command('call')
    .description('send one request and print the typed, masked result (exit 0 approved, 1 declined/rejected, 2 error)')
    .argument('<operation>', OPERATION_NAMES.join(' | '))
    .requiredOption('--endpoint <url>', 'the service address, e.g. http://127.0.0.1:8014/transaction/v14')
    .requiredOption('--request-json <json>', 'the request fields as JSON (or @file, or - for standard input); GatewayID/Password default to the settings')
    .option('--namespace <ns>', 'WSDL target namespace (default: gateway.namespace)')
    .option('--hmac-key-id <id>', 'sign the request with this HMAC key id (needs --hmac-key)')
    .option('--hmac-key <key>', 'the HMAC key')
    .addOption(new Option('--timeout-ms <ms>', 'total time-out (default: gateway.timeoutMs)').argParser(intArg('--timeout-ms')))
    .addOption(new Option('--connect-timeout-ms <ms>', 'connect time-out (default: gateway.connectTimeoutMs)').argParser(intArg('--connect-timeout-ms')))
    .action(async (operation: string, opts: CallOptions) => {
      if (!isOperationName(operation)) throw new CliError(`unknown operation "${operation}"; use one of ${OPERATION_NAMES.join(', ')}`);
      if ((opts.hmacKeyId === undefined) !== (opts.hmacKey === undefined)) throw new CliError('--hmac-key-id and --hmac-key go together');
      const request = readRequestJson(opts.requestJson);
      if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new CliError('--request-json must be a JSON object of request fields');
      const settings = await ctx.withCore((core) => {
        const s = core.settings;
        return {
          namespace: s.get('gateway.namespace'),
          gatewayId: s.get('gateway.gatewayId'),
          password: s.isSet('gateway.password') ? (s.readSecret('gateway.password') ?? '') : '',
          timeoutMs: s.get('gateway.timeoutMs'),
          connectTimeoutMs: s.get('gateway.connectTimeoutMs'),
        };
      });
      const namespace = opts.namespace ?? settings.namespace;
      checked(checkNamespace(namespace) ?? checkAddress(opts.endpoint));
      const client = await createGatewayClient({
        url: opts.endpoint,
        namespace,
        gatewayId: settings.gatewayId,
        password: settings.password,
        timeoutMs: opts.timeoutMs ?? settings.timeoutMs,
        connectTimeoutMs: opts.connectTimeoutMs ?? settings.connectTimeoutMs,
        ...(opts.hmacKeyId !== undefined && opts.hmacKey !== undefined ? { hmac: { keyId: opts.hmacKeyId, key: opts.hmacKey } } : {}),
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
    .command('simulate')
    .description('run the training gateway simulator on 127.0.0.1 until Ctrl+C (SIGINT) or SIGTERM')
    .addOption(new Option('--port <n>', 'port to listen on (0: a free one)').argParser(intArg('--port')).default(0))
    .option('--namespace <ns>', 'WSDL target namespace (default: gateway.namespace)')
    .addOption(new Option('--duplicate-minutes <n>', 'reject repeats of the same card, type and amount within N minutes (code 63)').argParser(intArg('--duplicate-minutes')).default(0))
    .addOption(new Option('--response-style <style>', 'answer in multiRef form (as the real service) or inline').choices(['multiref', 'inline']).default('multiref'))
    .option('--hmac-key-id <id>', 'require requests signed with this key id (needs --hmac-key)')
    .option('--hmac-key <key>', 'the HMAC key')
    .action(async (opts: { port: number; namespace?: string; duplicateMinutes: number; responseStyle: 'multiref' | 'inline'; hmacKeyId?: string; hmacKey?: string }) => {
      if ((opts.hmacKeyId === undefined) !== (opts.hmacKey === undefined)) throw new CliError('--hmac-key-id and --hmac-key go together');
      if (opts.port > 65535) throw new CliError('--port must be at most 65535');
      const namespace = opts.namespace ?? (await ctx.withCore((core) => core.settings.get('gateway.namespace')));
      checked(checkNamespace(namespace));
      let simulator;
      try {
        simulator = await startGatewaySimulator({
          namespace,
          port: opts.port,
          duplicateWindowMinutes: opts.duplicateMinutes,
          responseStyle: opts.responseStyle,
          wsdl: (address) => buildWsdl({ namespace, address }),
          ...(opts.hmacKeyId !== undefined && opts.hmacKey !== undefined ? { hmac: { keyId: opts.hmacKeyId, key: opts.hmacKey } } : {}),
        });
      } catch (e) {
        throw new CliError(`cannot listen on 127.0.0.1:${opts.port} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
      }
      // Handlers first, then the line a supervisor waits for: a signal right after it is caught.
      const stopped = new Promise<string>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      });
      console.log(`gateway simulator listening on ${simulator.url} (namespace ${namespace}; WSDL at ${simulator.url}?wsdl)`);
      const signal = await stopped;
      await simulator.close();
      console.log(`gateway simulator stopped (${signal})`);
    });
}
