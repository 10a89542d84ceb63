import { performance } from 'node:perf_hooks';
import type { Client as SoapClientClass } from 'soap/lib/client';
import type { WSDL } from 'soap/lib/wsdl';
import { checkOperation, isAnswerReading, readAnswer, type AnswerReading } from './answer-reader';
import { requestSchema } from './codec';
import { operationXml, TYPES_PREFIX } from './envelope';
import { GatewayHttpTransport, GatewayTransportError, type ExchangeRecord, type HttpTransportOptions } from './http-transport';
import { faultOutcome, httpErrorOutcome, outcomeOfResult, unreadable, type GatewayOutcome } from './outcome';
import { plainHttpThroughProxy } from './route';
import { checkTransactionIssues, transactionIssues, type RuleIssue } from './rules';
import { OPERATION_NAMES, OPERATIONS, type OperationName, type RequestOf, type ResultOf } from './schema';
import { buildWsdl, checkAddress, checkNamespace, namespacesOf, PLACEHOLDER_ADDRESS, type GatewayNamespaces } from './wsdl';
import { xmlAttr } from './xml-text';

/** A request as callers build it: the client adds GatewayID and Password from its configuration. */
export type GatewayRequest<O extends OperationName> = Omit<RequestOf<O>, 'GatewayID' | 'Password'> & { GatewayID?: string; Password?: string };

export interface GatewayClientOptions extends HttpTransportOptions {
  /** The service address ({base_url}); its path ends in /v14. */
  url: string;
  /** The WSDL target namespace ({wsdl_namespace}), ending with a slash. */
  namespace: string;
  gatewayId: string;
  password: string;
  /** Replaces the HTTP layer (tests that check envelope bytes without a network). */
  httpClient?: SoapHttpClient;
  /** Called after every exchange that reached the network (for the terminal's gateway status). */
  onExchange?: (info: ExchangeInfo) => void;
}

export interface ExchangeInfo {
  operation: OperationName;
  kind: GatewayOutcome<unknown>['kind'];
  /** Whether an answer came back from the gateway (any answer, even a fault). */
  answered: boolean;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  ms: number;
}

export interface GatewayClient {
  readonly url: string;
  readonly namespaces: GatewayNamespaces;
  send<O extends OperationName>(op: O, request: GatewayRequest<O>): Promise<GatewayOutcome<ResultOf<O>>>;
  sendAndCommit(request: GatewayRequest<'SendAndCommit'>): Promise<GatewayOutcome<ResultOf<'SendAndCommit'>>>;
  sendAndCommitCheck(request: GatewayRequest<'SendAndCommitCheck'>): Promise<GatewayOutcome<ResultOf<'SendAndCommitCheck'>>>;
  transactionInfo(request: GatewayRequest<'TransactionInfo'>): Promise<GatewayOutcome<ResultOf<'TransactionInfo'>>>;
  checkTransactionInfo(request: GatewayRequest<'CheckTransactionInfo'>): Promise<GatewayOutcome<ResultOf<'CheckTransactionInfo'>>>;
  /** Opens the connection for the next request ahead of time (while the customer swipes). */
  preconnect(): void;
  /** The sale that called preconnect has ended (whether or not it sent): stop holding a connection for it. */
  releaseHold(): void;
  /** A payment is being rung up, its tender to come: a connection is opened now and kept ready a short while. */
  expectSale(): void;
  /** The last exchange's request (headers and bytes) and answer, for tests and diagnostics. Contains secrets: never log it. */
  lastExchange(): ExchangeRecord | undefined;
  close(): void;
}

/** The shape of soap's `httpClient` hook, as GatewayHttpTransport implements it. */
export type SoapHttpClient = Pick<GatewayHttpTransport, 'request'>;

type SoapCallback = (err: unknown, result: unknown) => void;
type SoapMethod = (args: unknown, callback: SoapCallback, options: unknown) => void;
interface SoapWsdlInternals {
  objectToRpcXML: (name: string, params: unknown) => string;
  xmlToObject: (xml: unknown) => { Body: Record<string, AnswerReading> };
  xmlnsInEnvelope: string;
  onReady(cb: (err?: Error) => void): void;
}

/**
 * Parsed WSDLs by namespace: parsing is the costly part of creating a client. The address in the
 * WSDL does not matter (the client is given its endpoint), so a simulator on a new port or another
 * gateway URL reuses the parse.
 */
const wsdlCache = new Map<string, Promise<WSDL>>();

/**
 * The two parts of the `soap` package the client uses (its Client and WSDL; not the server or the
 * WS-Security layer its main module loads too), loaded when the first client is made: they and
 * their HTTP stack (axios, which the client never uses: requests go through GatewayHttpTransport)
 * cost a start that makes no gateway call (posctl status, a training start) about a tenth of a second.
 */
interface SoapParts {
  Client: typeof SoapClientClass;
  WSDL: typeof WSDL;
}
let soapParts: Promise<SoapParts> | undefined;
const loadSoap = (): Promise<SoapParts> =>
  (soapParts ??= Promise.all([import('soap/lib/client.js'), import('soap/lib/wsdl/index.js')]).then(([client, wsdl]) => ({ Client: client.Client, WSDL: wsdl.WSDL })));

/**
 * What soap's Client receives from `xmlToObject`. Its `finish` looks the Body up by the called
 * operation's name (`{op}Response`); the reader does not know which operation was called, so every
 * name carries the same reading and the client checks the operation itself.
 */
function soapObjectOf(reading: AnswerReading): { Body: Record<string, AnswerReading> } {
  const body: Record<string, AnswerReading> = {};
  for (const op of OPERATION_NAMES) body[`${op}Response`] = reading;
  return { Body: body };
}

/**
 * The `soap` package parses the WSDL and runs the exchange, but it would put the operation element
 * in the WSDL target namespace instead of `{ns}Request` and add no xsi:type to the part
 * (reference: known pitfalls), and its answer parsing reads any boolean text other than true/1 as
 * false and keeps one of two repeated fields. So the body is written by envelope.ts, byte for byte
 * (the envelope declares only the types prefix the part's xsi:type uses), and answers are read by
 * answer-reader.ts from the same tables; soap hands its reading to the client as the result.
 */
function prepareWsdl(namespace: string): Promise<WSDL> {
  const key = namespace;
  let pending = wsdlCache.get(key);
  if (!pending) {
    const ns = namespacesOf(namespace);
    pending = loadSoap().then(({ WSDL }) => new Promise<WSDL>((resolve, reject) => {
      const wsdl = new WSDL(buildWsdl({ namespace, address: PLACEHOLDER_ADDRESS }), PLACEHOLDER_ADDRESS, {});
      const internals = wsdl as unknown as SoapWsdlInternals;
      internals.onReady((err) => {
        if (err) return reject(err);
        internals.objectToRpcXML = (name, params) => operationXml(name as OperationName, params as RequestOf<OperationName>, ns);
        internals.xmlnsInEnvelope = `xmlns:${TYPES_PREFIX}="${xmlAttr(ns.types)}"`;
        // Never throws: soap would otherwise try the body as JSON and hand back the HTTP response.
        internals.xmlToObject = (xml) => soapObjectOf(readAnswer(typeof xml === 'string' ? xml : '', ns));
        resolve(wsdl);
      });
    }));
    pending.catch(() => wsdlCache.delete(key));
    wsdlCache.set(key, pending);
  }
  return pending;
}

export function validateRequest<O extends OperationName>(op: O, request: unknown, now: Date): { request: RequestOf<O> } | { issues: RuleIssue[] } {
  const type = OPERATIONS[op].input;
  const parsed = requestSchema(type).safeParse(request);
  if (!parsed.success) {
    return { issues: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || '(request)', message: i.message })) };
  }
  const issues = type === 'Transaction' ? transactionIssues(parsed.data, now) : checkTransactionIssues(parsed.data, now);
  if (issues.length > 0) return { issues };
  return { request: parsed.data as RequestOf<O> };
}

export async function createGatewayClient(options: GatewayClientOptions): Promise<GatewayClient> {
  const namespaces = namespacesOf(options.namespace);
  const problem = checkNamespace(options.namespace) ?? checkAddress(options.url) ?? plainHttpThroughProxy(options.url, options.proxy);
  if (problem) throw new Error(problem);
  const wsdl = await prepareWsdl(options.namespace);
  const { Client: SoapClient } = await loadSoap();
  const transport = options.httpClient ? undefined : new GatewayHttpTransport(options);
  const soap = new SoapClient(wsdl, options.url, { httpClient: (options.httpClient ?? transport) as never });
  const methods = soap as unknown as Record<OperationName, SoapMethod>;
  const now = options.now ?? (() => new Date());
  let last: ExchangeRecord | undefined;

  function call(op: OperationName, request: unknown, exchange: ExchangeRecord): Promise<{ err: unknown; result: unknown }> {
    return new Promise((resolve) => {
      methods[op].call(soap, request, (err, result) => resolve({ err, result }), { exchange });
    });
  }

  async function send<O extends OperationName>(op: O, request: GatewayRequest<O>): Promise<GatewayOutcome<ResultOf<O>>> {
    const started = performance.now();
    const full = { ...request, GatewayID: request.GatewayID ?? options.gatewayId, Password: request.Password ?? options.password };
    // Credentials first, in spec order: the envelope follows the table, not the object's key order.
    const checked = validateRequest(op, full, now());
    if ('issues' in checked) {
      return { kind: 'invalid', issues: checked.issues, message: checked.issues.map((i) => `${i.field}: ${i.message}`).join('; '), retry: 'fix-request' };
    }
    const exchange: ExchangeRecord = { sent: false };
    last = exchange;
    const { err, result } = await call(op, checked.request, exchange);
    const outcome = echoChecked(op, checked.request, interpret(op, err, result, exchange));
    options.onExchange?.({
      operation: op,
      kind: outcome.kind,
      answered: exchange.status !== undefined,
      ...(exchange.status !== undefined ? { status: exchange.status } : {}),
      ms: performance.now() - started,
    });
    return outcome;
  }

  /**
   * A result echoes every request field (the spec: the output type extends the input): one whose
   * reference or transaction type is not this request's is about another payment, so what it says
   * is not taken for this one (unknown: looked up first). A lookup's answer carries the original's
   * fields instead; forwarder.ts checks its reference.
   */
  function echoChecked<O extends OperationName>(op: O, request: RequestOf<O>, outcome: GatewayOutcome<ResultOf<O>>): GatewayOutcome<ResultOf<O>> {
    if (op === 'TransactionInfo' || op === 'CheckTransactionInfo' || !('result' in outcome)) return outcome;
    const sent = request as Record<string, unknown>;
    const got = outcome.result as Record<string, unknown>;
    for (const field of ['Reference_No', 'Transaction_Type']) {
      const mine = typeof sent[field] === 'string' ? sent[field].trim() : '';
      const theirs = typeof got[field] === 'string' ? got[field].trim() : '';
      if (mine !== '' && theirs !== '' && mine !== theirs) return unreadable(`its ${field} is not this request's: it is about another payment`);
    }
    return outcome;
  }

  function interpret<O extends OperationName>(op: O, err: unknown, result: unknown, exchange: ExchangeRecord): GatewayOutcome<ResultOf<O>> {
    if (err instanceof GatewayTransportError) {
      return err.phase === 'not-sent'
        ? { kind: 'not-sent', reason: err.reason as never, message: err.message, retry: 'safe' }
        : { kind: 'unknown', reason: err.reason as never, message: err.message, retry: 'lookup-first' };
    }
    const status = exchange.status ?? 0;
    const reading = isAnswerReading(result) ? checkOperation(op, result) : undefined;
    if (reading?.kind === 'fault') {
      const { kind: _kind, ...fault } = reading;
      return faultOutcome(fault);
    }
    if (status < 200 || status > 299) return httpErrorOutcome(status, exchange.statusText ?? '');
    if (!reading) return unreadable(err ? 'the SOAP layer failed on it' : 'the SOAP layer gave no reading of it');
    if (reading.kind === 'malformed') return unreadable(reading.message);
    return outcomeOfResult(reading.result as ResultOf<'SendAndCommit'>) as GatewayOutcome<ResultOf<O>>;
  }

  return {
    url: options.url,
    namespaces,
    send,
    sendAndCommit: (r) => send('SendAndCommit', r),
    sendAndCommitCheck: (r) => send('SendAndCommitCheck', r),
    transactionInfo: (r) => send('TransactionInfo', r),
    checkTransactionInfo: (r) => send('CheckTransactionInfo', r),
    lastExchange: () => last,
    preconnect: () => transport?.preconnect(options.url),
    releaseHold: () => transport?.releaseHold(),
    expectSale: () => transport?.expectSale(options.url),
    close: () => transport?.close(),
  };
}
