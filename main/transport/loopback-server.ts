import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type * as Ws from 'ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { ClientFrame, WS_PATH, WS_SUBPROTOCOL, WS_TOKEN_PREFIX, type ServerFrame } from '../../preload/contract/wire';
import type { Dispatch } from '../api/dispatcher';
import type { EventBus } from '../events/bus';
import { BUSY_REPLY, ConnectionBudget, resolveLimits, type ConnectionLimits } from './connection-limits';
import { IdleSockets } from './idle-sockets';
import { contentSecurityPolicy, readStaticFile, SECURITY_HEADERS } from './static-files';

export interface LoopbackServerOptions {
  dispatch: Dispatch;
  bus: EventBus;
  log: Logger;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Defaults to 32 random bytes; tests may fix it. */
  token?: string;
  /** What one client may cost; defaults to DEFAULT_CONNECTION_LIMITS (tests lower them). */
  limits?: Partial<ConnectionLimits>;
  /** A page's connection closed (its manager session ends with it). */
  onConnectionClosed?: (connection: string) => void;
}

export interface LoopbackServer {
  readonly port: number;
  readonly origin: string;
  /** The address to open, token in the fragment (fragments are not sent to servers or logged). */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const MAX_FRAME = 1 << 20;

function sameToken(offered: string, expected: string): boolean {
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  // Closed once the answer is out, not when the client gets round to closing its side.
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
}

/** The call frame in a WebSocket message, or undefined when it is not one. */
function parseCall(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ClientFrame | undefined {
  if (isBinary) return undefined;
  try {
    const text = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data));
    const frame = ClientFrame.safeParse(JSON.parse(text.toString('utf8')));
    return frame.success ? frame.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The loopback transport of the contract for running without Electron: serves the built renderer
 * and a WebSocket at /api on 127.0.0.1 only. A connection needs the per-run token (offered as a
 * subprotocol), an Origin of this server, and a Host of this server (against DNS rebinding).
 */
export async function startLoopbackServer(options: LoopbackServerOptions): Promise<LoopbackServer> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const { log } = options;
  const limits = resolveLimits(options.limits);
  let port = options.port;
  const allowedHosts = (): Set<string> => new Set([`${HOST}:${port}`, `localhost:${port}`]);
  const allowedOrigins = (): Set<string> => new Set([...allowedHosts()].map((h) => `http://${h}`));

  const serveHttp = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    // No request here has a body. One announced (an oversized Content-Length, a slow drip) is not
    // waited for: the answer goes at once and the connection closes after it.
    if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) res.setHeader('Connection', 'close');
    if (!allowedHosts().has(req.headers.host ?? '')) {
      res.writeHead(421).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const file = await readStaticFile(options.staticDir, req.url ?? '/');
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Length': file.body.length,
      'Cache-Control': file.isDocument ? 'no-store' : 'no-cache',
      ...(file.isDocument ? { 'Content-Security-Policy': contentSecurityPolicy(`ws://${HOST}:${port} ws://localhost:${port}`) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };

  const server = createServer(
    // Node checks these every connectionsCheckingInterval (30 s by default): every second here.
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      serveHttp(req, res).catch((err: unknown) => {
        log.error({ err }, 'static file request failed');
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    },
  );
  // Until a socket is an authenticated WebSocket, silence closes it (idle-sockets.ts).
  const idle = new IdleSockets(limits.idleUnauthenticatedMs, () => log.debug('closed an idle connection that is not an authenticated page'));
  server.on('connection', (socket) => idle.add(socket));
  server.on('request', (req, res) => res.once('close', idle.busy(req.socket)));
  // ws is loaded by the first page that connects, not before the address is printed (synchronously:
  // the upgrade below must still complete in the turn that counted it).
  let wss: WebSocketServer | undefined;
  const webSockets = (): WebSocketServer =>
    (wss ??= new (createRequire(import.meta.url)('ws') as typeof Ws).WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME,
      handleProtocols: (protocols) => (protocols.has(WS_SUBPROTOCOL) ? WS_SUBPROTOCOL : false),
    }));
  const clients = new Map<WebSocket, ConnectionBudget>();

  const sendText = (ws: WebSocket, text: string): void => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(text);
    clients.get(ws)?.afterSend();
  };
  const send = (ws: WebSocket, frame: ServerFrame): void => sendText(ws, JSON.stringify(frame));

  let connections = 0;
  const accept = (ws: WebSocket, socket: Duplex): void => {
    idle.authenticated(socket);
    const budget = new ConnectionBudget(ws, socket, limits, log);
    // Each page connection is its own caller: a reload or a second tab starts as a cashier.
    const connection = `ws:${++connections}`;
    clients.set(ws, budget);
    ws.on('close', () => {
      clients.delete(ws);
      options.onConnectionClosed?.(connection);
    });
    ws.on('error', (err) => log.warn({ err }, 'websocket error'));
    ws.on('message', (data, isBinary) => {
      const frame = parseCall(data, isBinary);
      if (!frame) {
        send(ws, { t: 'refused', error: { code: 'BAD_INPUT', message: 'not a call frame of this contract' } });
        return;
      }
      const { id, method, input } = frame;
      if (!budget.tryStartCall()) {
        send(ws, { t: 'reply', id, reply: BUSY_REPLY });
        return;
      }
      void options
        .dispatch(method, input, { transport: 'ws', connection })
        .then((reply) => send(ws, { t: 'reply', id, reply }))
        .finally(() => budget.endCall());
    });
  };

  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== WS_PATH || !allowedHosts().has(req.headers.host ?? '')) {
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    if (!allowedOrigins().has(req.headers.origin ?? '')) {
      log.warn({ origin: req.headers.origin }, 'refused a connection from a foreign origin');
      refuseUpgrade(socket, 403, 'Forbidden');
      return;
    }
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const offeredToken = offered.find((p) => p.startsWith(WS_TOKEN_PREFIX))?.slice(WS_TOKEN_PREFIX.length) ?? '';
    if (!offered.includes(WS_SUBPROTOCOL) || !sameToken(offeredToken, token)) {
      log.warn('refused a connection with a missing or wrong token');
      refuseUpgrade(socket, 401, 'Unauthorized');
      return;
    }
    // Counted after the checks above, so strangers cannot use up the places. The upgrade below
    // completes synchronously, so the count cannot be overtaken by a second upgrade.
    if (clients.size >= limits.maxConnections) {
      log.warn({ open: clients.size, limit: limits.maxConnections }, 'refused a connection: too many open connections');
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return;
    }
    webSockets().handleUpgrade(req, socket, head, (ws) => accept(ws, socket));
  });

  const unsubscribe = options.bus.onAny((name, payload) => {
    const text = JSON.stringify({ t: 'event', name, payload } satisfies ServerFrame);
    for (const ws of [...clients.keys()]) sendText(ws, text);
  });

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, HOST, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('loopback server has no port');
  port = address.port;
  const origin = `http://${HOST}:${port}`;

  return {
    port,
    origin,
    url: `${origin}/#token=${token}`,
    token,
    close: () =>
      new Promise<void>((resolveClose) => {
        unsubscribe();
        for (const ws of clients.keys()) ws.terminate();
        wss?.close();
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
