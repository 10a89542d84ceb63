import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { GatewayEngine, type EngineOptions, type Stored } from './engine';
import { readRequest, SimFault } from './request-reader';
import { faultEnvelope, resultEnvelope, type ResponseStyle } from './response-writer';
import { simOperations } from './contract';

/**
 * The training gateway: a strict, realistic SOAP v14 server on 127.0.0.1, used in training mode
 * (in-process, reached by the real client over real HTTP), by `posctl gateway simulate` and by the
 * tests, which can also inject faults into the next exchanges.
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
  close(): Promise<void>;
}

const RETAINED = 50;

function verifySignature(req: IncomingMessage, body: Buffer, path: string, hmac: { keyId: string; key: string }): string | undefined {
  const auth = String(req.headers.authorization ?? '');
  const m = /^GGE4_API ([^:\s]+):(\S+)$/.exec(auth);
  if (!m) return 'missing or malformed Authorization header';
  if (m[1] !== hmac.keyId) return 'unknown key id';
  const digest = createHash('sha1').update(body).digest('hex');
  if (String(req.headers['x-gge4-content-sha1'] ?? '') !== digest) return 'X-GGe4-Content-SHA1 does not match the body';
  const date = String(req.headers['x-gge4-date'] ?? '');
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(date)) return 'X-GGe4-Date missing or not ISO-8601 UTC';
  const message = ['POST', String(req.headers['content-type'] ?? ''), digest, date, path].join('\n');
  const expected = createHmac('sha1', hmac.key).update(message).digest();
  const given = Buffer.from(m[2] ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature does not match';
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
    const fault = faults.shift();
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

  const server = http.createServer((req, res) => {
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
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  serviceUrl = `http://127.0.0.1:${port}${path}`;

  return {
    url: serviceUrl,
    port,
    namespace,
    engine,
    inject: (...f) => faults.push(...f),
    setResponseStyle: (s) => (style = s),
    received: () => [...log],
    stored: () => engine.stored(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
