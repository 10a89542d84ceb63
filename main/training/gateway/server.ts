import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TrainingFaultInput, TrainingFaultState } from '../../../preload/contract';
import { GatewayEngine, type EngineOptions, type Stored } from './engine';
import { readRequest, SimFault } from './request-reader';
import { faultEnvelope, resultEnvelope, type ResponseStyle } from './response-writer';
import { simOperations } from './contract';
import { verifySignature } from './signature';

/**
 * The training gateway: a strict, realistic SOAP v14 server on 127.0.0.1, used in training mode
 * (in-process, reached by the real client over real HTTP), by `posctl gateway simulate` and by the
 * tests, which can also inject faults into the next exchanges. The training fault kept in the
 * engine's store (possibly set by another process) applies after injected faults: `unreachable`
 * when syncFaults() runs before a request, the others when a request arrives.
 */
export interface SimulatorOptions extends EngineOptions {
  /** WSDL target namespace, ending with a slash. */
  namespace: string;
  /** 0 (default): a free port. */
  port?: number;
  /** Path of the service (default /transaction/v14). */
  path?: string;
  /** When set, requests must carry these credentials (HTTP 401 otherwise). */
  credentials?: { gatewayId: string; password: string };
  /** When set, requests must be signed with this key (HTTP 401 otherwise). */
  hmac?: { keyId: string; key: string };
  responseStyle?: ResponseStyle;
  /** Served at `<path>?wsdl` when given: the WSDL for the simulator's own address. */
  wsdl?: (address: string) => string;
  maxRequestBytes?: number;
  /** Keep the bodies of received requests for received() (tests). Off in training mode: a real card swiped there stays out of memory. */
  keepBodies?: boolean;
}

export type Fault =
  /** Process, then wait before answering (a slow gateway; the client's time-out fires). */
  | { kind: 'delay'; ms: number }
  /** Close the connection on receipt, before processing: nothing happened at the gateway. */
  | { kind: 'drop-before' }
  /** Process (and store) the transaction, then close the connection without answering. */
  | { kind: 'drop-after' }
  | { kind: 'http-500' }
  | { kind: 'http-status'; status: number }
  | { kind: 'soap-fault'; code?: 'Client' | 'Server'; message?: string; errorNumber?: number }
  /** Process, then answer with XML that is cut off. */
  | { kind: 'malformed' };

export interface ReceivedRequest {
  operation?: string;
  soapAction?: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status: number;
}

export interface GatewaySimulator {
  readonly url: string;
  readonly port: number;
  readonly namespace: string;
  readonly engine: GatewayEngine;
  /** Faults for the next exchanges, in order, one per request. */
  inject(...faults: Fault[]): void;
  setResponseStyle(style: ResponseStyle): void;
  /** Requests received, newest last (bodies include test card data: tests only). */
  received(): ReceivedRequest[];
  stored(): Stored[];
  /** How many processed requests (lookups aside) carried each Reference_No. */
  referenceCounts(): Map<string, number>;
  /** The training fault now set in the store. */
  fault(): TrainingFaultState;
  setFault(input: TrainingFaultInput): TrainingFaultState;
  /**
   * Reads the training fault before a request is sent (a cheap read; call it before each one):
   * `unreachable` takes one count and stops listening, so that connection is refused; otherwise
   * the simulator listens again on the same port.
   */
  syncFaults(): Promise<void>;
  /** Stops listening, ends open connections and closes the engine's store. */
  close(): Promise<void>;
}

const RETAINED = 50;
/** `slow` without a delay: longer than the longest gateway.timeoutMs (120 s), so any client gives up first. */
export const SLOW_DEFAULT_MS = 125_000;

/** The server-side form of a training fault taken from the store. */
function injected(fault: TrainingFaultState | undefined): Fault | undefined {
  if (fault?.kind === 'slow') return { kind: 'delay', ms: fault.delayMs ?? SLOW_DEFAULT_MS };
  if (fault?.kind === 'http-500' || fault?.kind === 'drop-after') return { kind: fault.kind };
  return undefined;
}

export async function startGatewaySimulator(options: SimulatorOptions): Promise<GatewaySimulator> {
  const namespace = options.namespace;
  const path = options.path ?? '/transaction/v14';
  const maxBytes = options.maxRequestBytes ?? 2 * 1024 * 1024;
  const engine = new GatewayEngine(options);
  const faults: Fault[] = [];
  const log: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let style: ResponseStyle = options.responseStyle ?? 'multiref';
  let serviceUrl = '';

  const send = (res: ServerResponse, status: number, body: string, type = 'text/xml; charset=utf-8'): void => {
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };
  const sendFault = (res: ServerResponse, fault: { code: string; message: string; errorNumber?: number }): void =>
    send(res, 500, faultEnvelope(namespace, fault));

  function handle(req: IncomingMessage, res: ServerResponse, body: Buffer, entry: ReceivedRequest): void {
    const fault = faults.shift() ?? injected(engine.store.takeFault('request'));
    if (fault?.kind === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'http-500') return send(res, 500, 'Internal Server Error', 'text/plain');
    if (fault?.kind === 'http-status') return send(res, fault.status, `HTTP ${fault.status}`, 'text/plain');
    if (fault?.kind === 'soap-fault') {
      return sendFault(res, { code: fault.code ?? 'Server', message: fault.message ?? 'Injected fault', ...(fault.errorNumber !== undefined ? { errorNumber: fault.errorNumber } : {}) });
    }
    if (options.hmac) {
      const why = verifySignature(req, body, path, options.hmac);
      if (why) return send(res, 401, `Unauthorized: ${why}`, 'text/plain');
    }
    const contentType = String(req.headers['content-type'] ?? '');
    if (!/^text\/xml\b/i.test(contentType)) return sendFault(res, { code: 'Client', message: 'Content-Type must be text/xml for SOAP 1.1' });
    const soapAction = req.headers.soapaction === undefined ? undefined : String(req.headers.soapaction);
    let request;
    try {
      request = readRequest(body.toString('utf8'), { namespace, soapAction });
    } catch (e) {
      if (e instanceof SimFault) return sendFault(res, { code: e.faultCode, message: e.message, ...(e.errorNumber !== undefined ? { errorNumber: e.errorNumber } : {}) });
      throw e;
    }
    entry.operation = request.operation;
    const creds = options.credentials;
    if (creds && (request.fields.GatewayID !== creds.gatewayId || request.fields.Password !== creds.password)) {
      return send(res, 401, 'Unauthorized: invalid GatewayID or password', 'text/plain');
    }
    const result = engine.process(request.operation, request.fields);
    const op = simOperations[request.operation];
    const xml = resultEnvelope({ namespace, operation: request.operation, resultType: op?.output ?? '', result, style });
    if (fault?.kind === 'drop-after') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'malformed') return send(res, 200, xml.slice(0, Math.floor(xml.length / 2)));
    if (fault?.kind === 'delay') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, 200, xml);
      }, fault.ms);
      timers.add(timer);
      return;
    }
    send(res, 200, xml);
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== path) return send(res, 404, 'Not Found', 'text/plain');
    if (req.method === 'GET' && options.wsdl && url.search.toLowerCase() === '?wsdl') return send(res, 200, options.wsdl(serviceUrl));
    if (req.method !== 'POST') return send(res, 405, 'Method Not Allowed', 'text/plain');
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => {
      if (tooLarge) return send(res, 413, 'Request Entity Too Large', 'text/plain');
      const body = Buffer.concat(chunks);
      const entry: ReceivedRequest = {
        soapAction: req.headers.soapaction === undefined ? undefined : String(req.headers.soapaction),
        headers: { ...req.headers },
        body: options.keepBodies === false ? '' : body.toString('utf8'),
        status: 0,
      };
      log.push(entry);
      if (log.length > RETAINED) log.shift();
      res.on('finish', () => (entry.status = res.statusCode));
      try {
        handle(req, res, body, entry);
      } catch (e) {
        sendFault(res, { code: 'Server', message: `simulator error: ${(e as Error).message}` });
      }
    });
  };
  /** A fresh server each time: after an `unreachable` fault the simulator listens again on the same port. */
  const listen = async (at: number): Promise<http.Server> => {
    const s = http.createServer(onRequest);
    s.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(at, '127.0.0.1', () => resolve());
    });
    return s;
  };
  let server: http.Server | undefined;
  try {
    server = await listen(options.port ?? 0);
  } catch (e) {
    engine.store.close();
    throw e;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serviceUrl = `http://127.0.0.1:${port}${path}`;
  let closed = false;
  let syncing = Promise.resolve();
  const sync = async (): Promise<void> => {
    if (closed) return;
    if (engine.store.takeFault('connect')) {
      // Closing the listener refuses the next connection: the client's outcome is not-sent.
      server?.close();
      server = undefined;
    } else if (!server) {
      // Should the port be taken meanwhile, the next sync tries again.
      const again = await listen(port).catch(() => undefined);
      if (closed) again?.close();
      else server = again;
    }
  };

  return {
    url: serviceUrl,
    port,
    namespace,
    engine,
    inject: (...f) => faults.push(...f),
    setResponseStyle: (s) => (style = s),
    received: () => [...log],
    stored: () => engine.stored(),
    referenceCounts: () => engine.referenceCounts(),
    fault: () => engine.store.fault(),
    setFault: (input) => engine.store.setFault(input),
    syncFaults() {
      // One at a time, in call order; a failed read fails its caller, not the syncs after it.
      const next = syncing.then(sync);
      syncing = next.catch(() => undefined);
      return next;
    },
    async close() {
      if (closed) return;
      closed = true;
      await syncing;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const last = server;
      server = undefined;
      const stopped = new Promise<void>((resolve) => (last ? last.close(() => resolve()) : resolve()));
      for (const s of sockets) s.destroy();
      await stopped;
      engine.store.close();
    },
  };
}
