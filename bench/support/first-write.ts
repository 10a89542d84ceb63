/**
 * When an HTTP request's first bytes were handed to the kernel: the moment its socket's first
 * write returned (on loopback the bytes are then in the peer's receive buffer; over TLS that one
 * call encrypts and writes them). A proxy in the bench's own process stamps them only once its
 * event loop gets to them, after whatever the sale does next on the same thread (a garbage
 * collection, the published view): later by up to several ms at times, which is not the
 * terminal's way to the wire. Bench only: Node's ClientRequest.prototype.onSocket is wrapped once
 * in the bench's process, nothing in the product.
 *
 * (Node 20 publishes `http.client.request.start` once the request is finished, after its socket
 * was given and its bytes written: a hook set from that message never sees the first write.)
 */
import { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';

type WriteGeneric = (this: Socket, ...args: unknown[]) => unknown;
type Writable = Socket & { _writeGeneric?: WriteGeneric };

/** One request's first write, watched from before the request exists. */
export interface RequestWrite {
  /** performance.now() when the first write of the next request's bytes returned; undefined until then. */
  readonly at: number | undefined;
  /** Stops watching (a sale that ended before sending); a stamp already taken stays. */
  stop(): void;
}

interface Watch {
  at: number | undefined;
  then: (() => void) | undefined;
}

let waiting: Watch | undefined;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = ClientRequest.prototype as unknown as { onSocket: (this: ClientRequest, socket: Socket, err?: Error) => void };
  const { onSocket } = proto;
  proto.onSocket = function (this: ClientRequest, socket: Socket, err?: Error): void {
    const watch = waiting;
    if (watch && socket) {
      waiting = undefined;
      stampFirstWrite(socket, watch);
    }
    onSocket.call(this, socket, err);
  };
}

const handshaking = (socket: Socket): boolean => 'getProtocol' in socket && (socket as TLSSocket).getProtocol() === 'unknown';

function stampFirstWrite(socket: Writable, watch: Watch): void {
  const own = Object.prototype.hasOwnProperty.call(socket, '_writeGeneric');
  const write = socket._writeGeneric;
  if (typeof write !== 'function') return;
  const stamp = (): void => {
    watch.at ??= performance.now();
    watch.then?.();
  };
  socket._writeGeneric = function (this: Socket, ...args: unknown[]): unknown {
    // Still connecting: Node calls the write again once connected; that one is timed.
    if (this.connecting) return write.apply(this, args);
    const result = write.apply(this, args);
    if (own) socket._writeGeneric = write;
    else delete socket._writeGeneric;
    // A TLS handshake still going on holds the bytes until it ends.
    if (handshaking(this)) this.once('secureConnect', stamp);
    else stamp();
    return result;
  };
}

/**
 * Watches the next HTTP request this process makes; `then` runs right after its stamp is taken
 * (outside the timed span).
 */
export function watchNextRequestWrite(then?: () => void): RequestWrite {
  install();
  const watch: Watch = { at: undefined, then };
  waiting = watch;
  return {
    get at() {
      return watch.at;
    },
    stop() {
      if (waiting === watch) waiting = undefined;
      watch.then = undefined;
    },
  };
}
