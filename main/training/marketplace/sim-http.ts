import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP side of the training simulators (marketplace and merchant). Written apart from the
 * terminal's clients on purpose: its own reading of the Authorization header, its own HMAC
 * check, its own body parsing, so a client bug cannot hide behind shared code.
 */

export interface SimCredentials {
  apiKey: string;
  apiSecret: string;
  /** The algorithm this deployment signs with; a request naming another is refused. */
  algorithm: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { date?: string; authorization?: string; contentType?: string };
  body: unknown;
}

export interface SimReply {
  status: number;
  body?: unknown;
  contentType?: string;
  raw?: Buffer;
}

export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type SimHandler = (req: SimRequest) => SimReply | Promise<SimReply>;

export type SimRoute = [method: string, pattern: RegExp, handle: (m: RegExpMatchArray, req: SimRequest) => SimReply];

/** Answers a request under `base` from a route table: 404 for an unknown path, 405 for a known path asked with another method. */
export function routeRequest(routes: readonly SimRoute[], base: string, req: SimRequest, before?: (path: string) => SimReply | undefined): SimReply {
  if (!req.path.startsWith(`${base}/`)) return failure(404, 1040, 'Not found', req.path);
  const path = req.path.slice(base.length);
  const early = before?.(path);
  if (early) return early;
  let wrongMethod = false;
  for (const [method, pattern, handle] of routes) {
    const m = path.match(pattern);
    if (!m) continue;
    if (method === req.method) return handle(m, req);
    wrongMethod = true;
  }
  return wrongMethod ? failure(405, 1041, 'Method not allowed', `${req.method} ${path}`) : failure(404, 1040, 'Not found', path);
}

/** The failure body both interfaces use. */
export function failure(status: number, code: number, message: string, additional = ''): SimReply {
  return { status, body: { code, 'additional message': additional, message } };
}

const DIGESTS: Record<string, string> = { 'hmac-sha1': 'sha1', 'hmac-sha256': 'sha256', 'hmac-sha384': 'sha384', 'hmac-sha512': 'sha512' };

/** `hmac username="k",algorithm="a",headers="date",signature="s"` → its parameters; undefined if it is not that shape. */
export function readAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  const m = /^hmac\s+(.+)$/i.exec(header.trim());
  if (!m?.[1]) return undefined;
  const params: Record<string, string> = {};
  const re = /\s*([A-Za-z]+)="([^"]*)"\s*(?:,|$)/y;
  let consumed = 0;
  let part: RegExpExecArray | null;
  while ((part = re.exec(m[1])) !== null) {
    params[part[1]!.toLowerCase()] = part[2]!;
    consumed = re.lastIndex;
  }
  return consumed === m[1].length ? params : undefined;
}

export interface VerifyOptions {
  credentials: SimCredentials;
  now: () => Date;
  maxSkewMs: number;
}

/** Checks the date and Authorization headers of one request; a reply to send back when they fail. */
export function verifySignature(dateHeader: string | undefined, authorization: string | undefined, o: VerifyOptions): SimReply | undefined {
  if (!dateHeader) return failure(401, 1001, 'Authentication failed', 'the date header is missing');
  const when = Date.parse(dateHeader);
  if (Number.isNaN(when) || !/GMT$/.test(dateHeader)) return failure(401, 1001, 'Authentication failed', 'the date header is not an RFC 1123 date');
  if (Math.abs(o.now().getTime() - when) > o.maxSkewMs) return failure(401, 1002, 'Authentication failed', 'the date header is too far from the server clock');
  const params = readAuthorization(authorization);
  if (!params) return failure(401, 1001, 'Authentication failed', 'the Authorization header is missing or not an hmac header');
  if (params.username !== o.credentials.apiKey) return failure(401, 1001, 'Authentication failed', 'unknown API key');
  if ((params.algorithm ?? '').toLowerCase() !== o.credentials.algorithm) return failure(401, 1001, 'Authentication failed', 'this key signs with another algorithm');
  if ((params.headers ?? '').toLowerCase() !== 'date') return failure(401, 1001, 'Authentication failed', 'the signature must cover the date header');
  const digest = DIGESTS[o.credentials.algorithm];
  if (!digest) return failure(401, 1001, 'Authentication failed', 'unsupported algorithm');
  const expected = createHmac(digest, o.credentials.apiSecret).update(`date: ${dateHeader}`).digest();
  const given = Buffer.from(params.signature ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return failure(401, 1001, 'Authentication failed', 'signature mismatch');
  return undefined;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface SimServerOptions {
  credentials: SimCredentials;
  handler: SimHandler;
  now?: (() => Date) | undefined;
  maxSkewMs?: number | undefined;
  port?: number | undefined;
  /** Paths served without a signature (public images). */
  isPublic?: (path: string) => boolean;
}

/** A failure a test asks for: the next `times` requests matching `match` get it. */
export interface Fault {
  match: RegExp;
  times: number;
  /** Answer this status and body instead of the real answer. */
  reply?: SimReply;
  /** Never answer (until the server closes): the client's time-out is what ends the request. */
  hang?: boolean;
  /** Act on the request first, then answer `reply` (an answer lost on the way back). */
  afterHandling?: boolean;
}

export interface SimServer {
  readonly url: string;
  readonly port: number;
  /** Every request received, in order (tests assert paths, methods, headers and bodies). */
  readonly requests: RecordedRequest[];
  inject(fault: Fault): void;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that checks signatures, reads JSON bodies and answers JSON. */
export async function startSimServer(o: SimServerOptions): Promise<SimServer> {
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const now = o.now ?? (() => new Date());
  const send = (res: ServerResponse, reply: SimReply): void => {
    const payload = reply.raw ?? Buffer.from(reply.body === undefined ? '' : JSON.stringify(reply.body));
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json; charset=utf-8', 'content-length': payload.length });
    res.end(payload);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const raw = await readBody(req, 1024 * 1024);
      let body: unknown;
      const contentType = req.headers['content-type'];
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: {
          ...(typeof req.headers.date === 'string' ? { date: req.headers.date } : {}),
          ...(typeof req.headers.authorization === 'string' ? { authorization: req.headers.authorization } : {}),
          ...(contentType ? { contentType } : {}),
        },
        body: undefined,
      };
      requests.push(recorded);
      if (requests.length > 2000) requests.splice(0, requests.length - 2000);
      if (raw === undefined) return send(res, failure(413, 1011, 'Request too large'));
      if (!o.isPublic?.(url.pathname)) {
        const refused = verifySignature(req.headers.date, req.headers.authorization, { credentials: o.credentials, now, maxSkewMs: o.maxSkewMs ?? 5 * 60_000 });
        if (refused) return send(res, refused);
      }
      if (raw.length > 0) {
        if (!/^application\/json\b/i.test(contentType ?? '')) return send(res, failure(415, 1012, 'Unsupported media type', 'send JSON with Content-Type: application/json'));
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return send(res, failure(400, 1010, 'Malformed request', 'the body is not JSON'));
        }
        recorded.body = body;
      }
      const fault = faults.find((f) => f.times > 0 && f.match.test(`${method} ${url.pathname}`));
      if (fault) {
        fault.times--;
        if (fault.hang) return;
        if (fault.afterHandling) await o.handler({ method, path: url.pathname, query: url.searchParams, body });
        if (fault.reply) return send(res, fault.reply);
      }
      send(res, await o.handler({ method, path: url.pathname, query: url.searchParams, body }));
    })().catch((e: unknown) => {
      if (!res.headersSent) send(res, failure(500, 1500, 'Internal simulator error', e instanceof Error ? e.message : ''));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    inject: (fault) => void faults.push({ ...fault }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A small deterministic generator (mulberry32), so the seeded data is the same on every lane and run. */
export function seededRandom(seed: number): { next(): number; int(min: number, max: number): number; pick<T>(list: readonly T[]): T; chance(p: number): boolean } {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (list) => list[int(0, list.length - 1)] as (typeof list)[number], chance: (p) => next() < p };
}
