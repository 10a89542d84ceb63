import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net, { type Socket } from 'node:net';
import tls, { TLSSocket } from 'node:tls';
import { errorCodeOf } from '../error-code';
import { ConnectionAhead, type AheadTarget } from './connection-ahead';
import { signatureHeaders, signingDate, type HmacCredentials } from './hmac';
import type { NotSentReason, UnknownReason } from './outcome';
import { plainHttpThroughProxy } from './route';

/**
 * The HTTP layer under the `soap` client (its `httpClient` hook). Written on node:http rather than
 * soap's default so that it can tell the two failures that matter apart: a request that never
 * left (safe to retry) from one that was sent and got no usable answer (outcome unknown). It also
 * signs the exact body bytes (HMAC), keeps TLS verification on, tunnels https through a proxy
 * (and never sends plain http to one), limits the answer's size and refuses answers carrying a DTD.
 */
export interface HttpTransportOptions {
  /** Until the TCP (and TLS) connection is up. */
  connectTimeoutMs: number;
  /** The whole exchange, from the first byte out to the last byte in. */
  timeoutMs: number;
  /**
   * http://host:port of an HTTP proxy. Only https targets go through it, tunnelled with CONNECT (TLS
   * end to end); a plain-http target with a proxy is refused, never forwarded (see ./route.ts).
   */
  proxy?: string;
  /** Basic credentials for the proxy (its own settings; never inside the proxy URL). */
  proxyCredentials?: { user: string; password: string };
  hmac?: HmacCredentials;
  /** Extra trusted CA certificates (PEM) for a private gateway; verification always stays on. */
  ca?: string;
  maxResponseBytes?: number;
  now?: () => Date;
  /** A connection opened ahead and unused this long is replaced (gateway.idleConnectionSeconds; default 10 s). */
  aheadMaxAgeMs?: number;
  /** After a request, how long a connection is kept ready for the next sale (gateway.keepWarmSeconds; default 120 s). */
  keepWarmMs?: number;
}

export const DEFAULT_AHEAD_MAX_AGE_MS = 10_000;
export const DEFAULT_KEEP_WARM_MS = 120_000;

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export class GatewayTransportError extends Error {
  override name = 'GatewayTransportError';
  constructor(
    readonly phase: 'not-sent' | 'unknown',
    readonly reason: NotSentReason | UnknownReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What one exchange did, for the caller that owns it (passed through soap's per-call options). */
export interface ExchangeRecord {
  sent: boolean;
  status?: number;
  statusText?: string;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  responseBody?: string;
}

export interface HttpResponseLike {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  data: string;
}

type Callback = (error: unknown, res?: HttpResponseLike, body?: string) => void;

const TLS_CODE = /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;


class ProxyError extends Error {
  override name = 'ProxyError';
}

export class GatewayHttpTransport {
  private readonly ahead: ConnectionAhead;
  private readonly httpAgent = new http.Agent({ keepAlive: false });
  private readonly httpsAgent: https.Agent;
  private readonly trust: { secureContext?: tls.SecureContext };
  private readonly proxy: URL | undefined;

  constructor(private readonly deps: HttpTransportOptions) {
    // One connection per request, on purpose. On a reused keep-alive socket, a reset that comes
    // before any answer cannot tell "the server closed the idle socket first" (nothing sent) from
    // "the server died while processing" (outcome unknown), so every gateway restart would leave a
    // sale in doubt. On a fresh connection, an established connection means the bytes went out.
    // The gateway's CA (gateway.caFile) parsed once: given as `ca`, every connection would build
    // its own secure context and certificate store again (~0.7 ms of CPU each).
    this.trust = deps.ca ? { secureContext: tls.createSecureContext({ ca: deps.ca }) } : {};
    this.httpsAgent = new https.Agent({ keepAlive: false, ...this.trust });
    this.proxy = deps.proxy ? new URL(deps.proxy) : undefined;
    this.ahead = new ConnectionAhead({ maxAgeMs: deps.aheadMaxAgeMs ?? DEFAULT_AHEAD_MAX_AGE_MS, keepWarmMs: deps.keepWarmMs ?? DEFAULT_KEEP_WARM_MS });
  }

  close(): void {
    this.ahead.close();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * A sale is at the counter: the TCP (and TLS) connection for its request is opened now and kept
   * ready however long the customer takes (./connection-ahead.ts), so the handshakes happen while
   * the customer swipes or confirms, not after. Still one connection per request. Not through a
   * proxy (the tunnel would have to be held open too).
   */
  preconnect(url: string): void {
    const target = this.aheadTarget(url);
    if (target) this.ahead.hold(target);
  }

  /**
   * A payment is being rung up, its tender still to come: a connection is opened now and kept
   * ready a short while (ConnectionAhead.expect), so even a swipe right after the tender on a
   * slow link finds its handshakes over. Same conditions as preconnect.
   */
  expectSale(url: string): void {
    const target = this.aheadTarget(url);
    if (target) this.ahead.expect(target);
  }

  /** The connection-ahead target of `url`; none through a proxy (the tunnel would have to be held open too) or for another scheme. */
  private aheadTarget(url: string): AheadTarget | undefined {
    if (this.proxy) return undefined;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return undefined;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
    const https_ = target.protocol === 'https:';
    const host = target.hostname;
    const port = portOf(target);
    const trust = this.trust;
    return {
      key: targetKey(target),
      open: () =>
        https_
          ? { socket: tls.connect({ host, port, ...serverName(host), rejectUnauthorized: true, ALPNProtocols: ['http/1.1'], ...trust }), readyEvent: 'secureConnect' }
          : { socket: net.connect({ host, port }), readyEvent: 'connect' },
    };
  }

  /** The sale that called preconnect has ended: a connection is kept only for the warm window. */
  releaseHold(): void {
    this.ahead.release();
  }

  /** soap's IHttpClient.request: POST `data` to `url`, call back with the answer whatever its status. */
  request(url: string, data: string, callback: Callback, exheaders?: Record<string, unknown>, exoptions?: { exchange?: ExchangeRecord }): undefined {
    const record: ExchangeRecord = exoptions?.exchange ?? { sent: false };
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      callback(new GatewayTransportError('not-sent', 'bad-address', 'the gateway address is not an http(s) URL'));
      return undefined;
    }
    // Nothing leaves in clear through a proxy: checked before a byte is written or signed.
    const refused = this.proxy ? plainHttpThroughProxy(url, this.proxy.href) : undefined;
    if (refused) {
      callback(new GatewayTransportError('not-sent', 'proxy', `${refused}; nothing was sent`));
      return undefined;
    }
    const body = Buffer.from(data, 'utf8');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(exheaders ?? {})) if (typeof v === 'string' || typeof v === 'number') headers[k] = String(v);
    headers['Content-Length'] = String(body.length);
    if (this.deps.hmac) {
      const contentType = headers['Content-Type'] ?? 'text/xml; charset=utf-8';
      headers['Content-Type'] = contentType;
      const date = signingDate((this.deps.now ?? (() => new Date()))());
      Object.assign(headers, signatureHeaders(this.deps.hmac, { method: 'POST', contentType, body, date, path: target.pathname }));
    }
    record.requestHeaders = headers;
    record.requestBody = data;
    this.exchange(target, body, headers, record, callback);
    return undefined;
  }

  private exchange(target: URL, body: Buffer, headers: Record<string, string>, record: ExchangeRecord, callback: Callback): void {
    const { connectTimeoutMs, timeoutMs } = this.deps;
    const limit = this.deps.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    let connected = false;
    let settled = false;
    let req: ClientRequest | undefined;
    let tunnel: ClientRequest | undefined;
    const where = `${target.hostname}:${portOf(target)}`;

    const finish = (error: GatewayTransportError | null, res?: HttpResponseLike): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      if (error) {
        req?.destroy();
        tunnel?.destroy();
        callback(error);
      } else if (res) {
        callback(null, res, res.data);
      }
      // After the answer is handed on: the next connection is for later.
      this.ahead.exchangeDone(connected);
    };
    const fail = (reasonNotSent: NotSentReason, reasonUnknown: UnknownReason, message: string, cause?: unknown): void => {
      finish(
        connected
          ? new GatewayTransportError('unknown', reasonUnknown, `${message}; the request was sent, so its outcome is unknown`, { cause })
          : new GatewayTransportError('not-sent', reasonNotSent, `${message}; nothing was sent`, { cause }),
      );
    };
    const markConnected = (): void => {
      connected = true;
      record.sent = true;
      clearTimeout(connectTimer);
    };

    const connectTimer = setTimeout(() => {
      if (!connected) fail('connect-timeout', 'timeout', `no connection to the gateway at ${where} within ${connectTimeoutMs} ms`);
    }, connectTimeoutMs);
    const totalTimer = setTimeout(() => fail('timeout', 'timeout', `no answer from the gateway within ${timeoutMs} ms`), timeoutMs);

    const onError = (err: unknown): void => {
      const code = errorCodeOf(err);
      if (connected) return fail('connect-failed', 'connection-lost', `the connection to the gateway was lost (${code || 'closed'})`, err);
      if (err instanceof ProxyError) return fail('proxy', 'connection-lost', err.message, err);
      if (TLS_CODE.test(code)) return fail('tls', 'connection-lost', `the gateway's TLS certificate was not accepted (${code})`, err);
      fail('connect-failed', 'connection-lost', `could not connect to the gateway at ${where} (${code || (err as Error).message})`, err);
    };

    const onResponse = (res: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) fail('connect-failed', 'response-too-large', `the gateway's answer exceeds ${limit} bytes`);
        else chunks.push(chunk);
      });
      res.on('error', onError);
      res.on('close', () => {
        if (!res.complete) fail('connect-failed', 'connection-lost', 'the connection closed in the middle of the answer');
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        // SOAP forbids a DTD in a message; refusing it here means no entity is ever expanded.
        if (/<!DOCTYPE|<!ENTITY/i.test(text)) return fail('connect-failed', 'unsafe-xml', 'the gateway answer carries a DTD, which SOAP forbids; refused');
        record.status = res.statusCode ?? 0;
        record.statusText = res.statusMessage ?? '';
        record.responseBody = text;
        finish(null, { status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, data: text });
      });
    };

    const path = `${target.pathname}${target.search}`;
    const https_ = target.protocol === 'https:';
    const port = portOf(target);
    const send = (request: ClientRequest): void => {
      req = request;
      request.on('socket', (socket: Socket) => {
        if (request.reusedSocket || established.has(socket)) return markConnected();
        socket.once(socket instanceof TLSSocket ? 'secureConnect' : 'connect', markConnected);
      });
      request.on('error', onError);
      request.on('response', onResponse);
      request.end(body);
    };
    if (this.proxy) {
      // Only https reaches here with a proxy (request() refused the rest): CONNECT, then TLS verified inside.
      return send(
        https.request({
          host: target.hostname,
          port,
          path,
          method: 'POST',
          headers,
          // No agent at all (not `false`, which would make Node create one): createConnection is used.
          createConnection: (_opts: unknown, oncreate: (err: Error | null, socket?: Socket) => void) => {
            tunnel = this.openTunnel(target, port, oncreate);
            return undefined;
          },
        } as https.RequestOptions),
      );
    }
    const direct = (ahead: Socket | undefined): ClientRequest => {
      if (ahead) established.add(ahead);
      return (https_ ? https : http).request({
        host: target.hostname,
        port,
        path,
        method: 'POST',
        headers,
        ...(ahead ? { createConnection: () => ahead } : { agent: https_ ? this.httpsAgent : this.httpAgent }),
        ...(https_ ? { ...serverName(target.hostname), rejectUnauthorized: true } : {}),
      } as https.RequestOptions);
    };
    const ahead = this.ahead.take(targetKey(target));
    if (!(ahead instanceof Promise)) return send(direct(ahead));
    // A handshake in flight at the swipe is awaited (the connect timer still runs); if it fails,
    // the request opens its own connection: nothing was sent on it.
    void ahead.then((socket) => {
      if (settled) return socket?.destroy();
      send(direct(socket));
    });
  }

  private proxyAuth(): Record<string, string> {
    const c = this.deps.proxyCredentials;
    if (!c) return {};
    return { 'Proxy-Authorization': `Basic ${Buffer.from(`${c.user}:${c.password}`).toString('base64')}` };
  }

  /** CONNECT host:port through the proxy, then TLS (verified) inside the tunnel. */
  private openTunnel(target: URL, port: number, oncreate: (err: Error | null, socket?: Socket) => void): ClientRequest {
    const proxy = this.proxy as URL;
    const authority = `${target.hostname}:${port}`;
    const connect = http.request({
      host: proxy.hostname,
      port: Number(proxy.port || 80),
      method: 'CONNECT',
      path: authority,
      headers: { Host: authority, ...this.proxyAuth() },
      agent: false,
    });
    connect.once('connect', (res: IncomingMessage, socket: Socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        oncreate(new ProxyError(`the proxy refused the tunnel to the gateway (HTTP ${res.statusCode ?? 0})`));
        return;
      }
      const secure = tls.connect({ socket, host: target.hostname, ...serverName(target.hostname), rejectUnauthorized: true, ...this.trust });
      secure.once('secureConnect', () => {
        established.add(secure);
        oncreate(null, secure);
      });
      secure.once('error', (err: Error) => oncreate(err));
    });
    connect.once('error', (err) => oncreate(new ProxyError(`could not reach the proxy ${proxy.host} (${errorCodeOf(err) || err.message})`)));
    connect.end();
    return connect;
  }
}

/**
 * SNI names a host, never an address (RFC 6066; Node warns and will ignore it): a gateway reached
 * by IP address is verified against the address in its certificate without SNI.
 */
export function serverName(hostname: string): { servername?: string } {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) === 0 ? { servername: hostname } : {};
}

function portOf(target: URL): number {
  return Number(target.port || (target.protocol === 'https:' ? 443 : 80));
}

function targetKey(target: URL): string {
  return `${target.protocol}//${target.hostname}:${portOf(target)}`;
}

/** Sockets handed over already connected (TLS through a proxy tunnel, or opened ahead). */
const established = new WeakSet<Socket>();
