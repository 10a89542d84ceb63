import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type Socket } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll } from 'vitest';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { tempDirForSuite } from '../../support/tmp';

/** A throw-away self-signed certificate for 127.0.0.1 (openssl from the system). */
export function selfSignedCert(dir: string): { key: string; cert: string } {
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
}

export interface Closable {
  port: number;
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<Closable> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        close: () => new Promise<void>((done) => {
          server.close(() => done());
          for (const s of sockets) s.destroy();
        }),
      });
    });
  });
}

/** HTTPS in front of an HTTP service (the simulator), so the client's TLS path is real. */
/**
 * An HTTPS front for the simulator; `sni` lists the name each TLS client asked for (false: none),
 * `acceptedAt` when the connection carrying each request was accepted (Date.now()).
 */
export async function tlsFront(cert: { key: string; cert: string }, backendPort: number): Promise<TlsFront> {
  const sni: Array<string | false> = [];
  const acceptedAt: number[] = [];
  const accepted = new WeakMap<Socket, number>();
  const server = https.createServer(cert, (req, res) => {
    acceptedAt.push(accepted.get(req.socket) ?? Number.NaN);
    const upstream = http.request({ host: '127.0.0.1', port: backendPort, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    accepted.set(socket, Date.now());
    sni.push(socket.servername ?? false);
  });
  return { ...(await listen(server)), sni, acceptedAt };
}

/** Accepts TCP connections and never says a word: a TLS handshake to it never completes. */
export function silentServer(): Promise<Closable> {
  return listen(net.createServer(() => undefined));
}

/**
 * A minimal HTTP proxy: CONNECT tunnels (or refuses them with `refuse`), and forwards absolute-URI
 * requests as any proxy would. Records what it saw: the request lines, the Proxy-Authorization
 * headers, and every byte it relayed either way (`relayed()`), so a test can prove what a proxy
 * could read.
 */
export function proxyServer(options: { refuse?: number } = {}): Promise<Closable & { seen: string[]; auth: string[]; relayed(): Buffer }> {
  const seen: string[] = [];
  const auth: string[] = [];
  const chunks: Buffer[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    auth.push(String(req.headers['proxy-authorization'] ?? ''));
    chunks.push(Buffer.from(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${req.rawHeaders.join('\r\n')}\r\n\r\n`));
    req.on('data', (c: Buffer) => chunks.push(c));
    const target = new URL(req.url ?? '');
    const upstream = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.on('data', (c: Buffer) => chunks.push(c));
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    auth.push(String(req.headers['proxy-authorization'] ?? ''));
    if (options.refuse) {
      client.end(`HTTP/1.1 ${options.refuse} Forbidden\r\n\r\n`);
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) {
        chunks.push(head);
        upstream.write(head);
      }
      client.on('data', (c: Buffer) => chunks.push(c));
      upstream.on('data', (c: Buffer) => chunks.push(c));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return listen(server).then((c) => ({ ...c, seen, auth, relayed: () => Buffer.concat(chunks) }));
}

export type TlsFront = Closable & { sni: Array<string | false>; acceptedAt: number[] };

/**
 * The strict simulator (credentials GW1/pw) behind an HTTPS front with a throw-away certificate,
 * for one suite: started before its tests, stopped after. Read the fields inside tests.
 */
export function tlsSimulatorForSuite(namespace: string): { sim: GatewaySimulator; front: TlsFront; cert: { key: string; cert: string } } {
  const dir = tempDirForSuite('pos-gw-tls-');
  const suite = {} as { sim: GatewaySimulator; front: TlsFront; cert: { key: string; cert: string } };
  beforeAll(async () => {
    suite.sim = await startGatewaySimulator({ namespace, credentials: { gatewayId: 'GW1', password: 'pw' } });
    suite.cert = selfSignedCert(dir.dir);
    suite.front = await tlsFront(suite.cert, suite.sim.port);
  });
  afterAll(async () => {
    await suite.front.close();
    await suite.sim.close();
    dir.remove();
  });
  return suite;
}
