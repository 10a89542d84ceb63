/**
 * Loopback plumbing for the payments benchmarks: a TCP proxy that adds network latency, a TLS
 * terminator in front of the (http-only) gateway simulator, and a proxy that timestamps the first
 * request byte of each connection. All on 127.0.0.1, all closed by their `close()`.
 *
 * The kernels these run on have no netem (see shared/reference/testing-here.md): latency is added
 * in userspace, chunk by chunk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

function listen(server: Server): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const s of sockets) s.destroy();
          }),
      });
    });
  });
}

/** A failing side destroys the other; a closing one ends it, after what was written to it has gone out. */
function tie(a: Socket, b: Socket): void {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.on('close', () => b.end());
  b.on('close', () => a.end());
}

/**
 * Forwards `from` to `to`, each chunk `delayMs` later, in order; the first chunk waits
 * `firstExtraMs` more. Timers count whole milliseconds against a clock cached per loop turn, so
 * the timer wakes the queue up to 2 ms early and the rest is waited out turn by turn
 * (setImmediate): each leg is `delayMs` to within tens of microseconds, not 0-1 ms more at random.
 * One queue per direction: with a timer per chunk, an end (or a chunk) scheduled a fraction of a
 * millisecond later but with a shorter delay could fire first, and a FIN overtaking the answer
 * read as a connection lost after the request was sent.
 */
function delayedPipe(from: Socket, to: Socket, delayMs: number, firstExtraMs: number): void {
  const queue: Array<{ at: number; act: () => void }> = [];
  let releaseAt = 0;
  let first = true;
  let waiting = false;
  const wait = (): void => {
    waiting = true;
    const left = queue[0]!.at - performance.now();
    if (left > 2) setTimeout(drain, left - 2);
    else setImmediate(drain);
  };
  const drain = (): void => {
    waiting = false;
    while (queue.length > 0 && queue[0]!.at <= performance.now()) queue.shift()!.act();
    if (queue.length > 0) wait();
  };
  const later = (act: () => void, extraMs = 0): void => {
    releaseAt = Math.max(performance.now() + delayMs + extraMs, releaseAt);
    queue.push({ at: releaseAt, act });
    if (!waiting) wait();
  };
  from.on('data', (chunk: Buffer) => {
    later(() => {
      if (!to.destroyed) to.write(chunk);
    }, first ? firstExtraMs : 0);
    first = false;
  });
  from.on('end', () => later(() => to.end()));
  // What is still held goes out first; then the other side closes too.
  from.on('close', () => later(() => to.end()));
  from.on('error', () => later(() => to.destroy()));
}

export interface LatencyProxy extends Listening {
  readonly oneWayMs: number;
  /** Connections accepted so far. */
  connections(): number;
}

/**
 * A TCP proxy that holds every chunk `oneWayMs` in each direction (a round trip of 2 × oneWayMs).
 * Its accept is instant, so the TCP handshake would cost nothing: the client's first bytes are
 * held one more round trip to stand for it. Through it, a fresh HTTPS request costs about three
 * round trips (TCP, TLS 1.3, the request) and one on a connection opened beforehand.
 */
export async function startLatencyProxy(options: { targetPort: number; oneWayMs: number; targetHost?: string }): Promise<LatencyProxy> {
  const { oneWayMs } = options;
  let count = 0;
  const server = net.createServer((client) => {
    count++;
    client.setNoDelay(true);
    const upstream = net.connect({ host: options.targetHost ?? '127.0.0.1', port: options.targetPort });
    upstream.setNoDelay(true);
    delayedPipe(client, upstream, oneWayMs, 2 * oneWayMs);
    delayedPipe(upstream, client, oneWayMs, 0);
  });
  const l = await listen(server);
  return { ...l, oneWayMs, connections: () => count };
}

/** A throw-away self-signed certificate for 127.0.0.1 and localhost, or undefined without openssl. */
export function selfSignedCert(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'pos-bench-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1',
        '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * TLS in front of a plain TCP service (the simulator): each TLS connection is decrypted and piped,
 * byte for byte, to a fresh connection to `backendPort`. The client's whole TLS path is real.
 */
export function startTlsTerminator(cert: { key: string; cert: string }, backendPort: number): Promise<Listening> {
  const server = tls.createServer({ key: cert.key, cert: cert.cert }, (secure) => {
    secure.setNoDelay(true);
    const upstream = net.connect({ host: '127.0.0.1', port: backendPort });
    upstream.setNoDelay(true);
    tie(secure, upstream);
    secure.pipe(upstream);
    upstream.pipe(secure);
  });
  return listen(server);
}

export interface FirstByteProxy extends Listening {
  /** performance.now() when the first byte of each connection's data arrived, in arrival order. */
  readonly stamps: number[];
}

/**
 * A TCP proxy in front of `targetPort` that timestamps the first data byte of each connection (not
 * the connection itself: a connection opened ahead of its request counts when the request comes).
 * It runs in the caller's process, so stamps share the caller's clock; a busy event loop can only
 * make them later.
 */
export async function startFirstByteProxy(targetPort: number): Promise<FirstByteProxy> {
  const stamps: number[] = [];
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    upstream.setNoDelay(true);
    tie(client, upstream);
    client.once('data', () => stamps.push(performance.now()));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const l = await listen(server);
  return { ...l, stamps };
}
