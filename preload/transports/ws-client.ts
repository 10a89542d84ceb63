import type { PosBridge } from '../bridge';
import { ServerFrame, WS_SUBPROTOCOL, WS_TOKEN_PREFIX, type ClientFrame } from '../contract/wire';
import type { Reply } from '../contract/errors';

/** The part of the WebSocket API this transport uses: the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type WebSocketFactory = (url: string, protocols: string[]) => WebSocketLike;

/**
 * `refused`: the socket never opened (wrong or stale token, or no terminal at that address);
 * `lost`: it was open and dropped; the bridge keeps trying to reconnect.
 */
export type ConnectionState = 'connecting' | 'open' | 'lost' | 'refused';

export interface WsBridgeOptions {
  url: string;
  token: string;
  createSocket: WebSocketFactory;
  onState?: (state: ConnectionState) => void;
  /** Upper bound of the reconnect back-off. */
  maxRetryDelayMs?: number;
}

export interface WsBridge extends PosBridge {
  close(): void;
  readonly state: ConnectionState;
}

const OPEN = 1;

function unavailable(message: string): Reply {
  return { ok: false, error: { code: 'UNAVAILABLE', message } };
}

/** The loopback WebSocket transport of the contract, for running without Electron. */
export function createWsBridge(options: WsBridgeOptions): WsBridge {
  const protocols = [WS_SUBPROTOCOL, WS_TOKEN_PREFIX + options.token];
  const maxDelay = options.maxRetryDelayMs ?? 5000;
  const pending = new Map<number, (reply: unknown) => void>();
  const queued: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let everOpened = false;
  let closedByUser = false;
  let retryDelay = 250;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let state: ConnectionState = 'connecting';
  let socket: WebSocketLike;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };

  const failPending = (message: string): void => {
    for (const resolve of pending.values()) resolve(unavailable(message));
    pending.clear();
    queued.length = 0;
  };

  const onFrame = (data: unknown): void => {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const frame = ServerFrame.safeParse(json);
    if (!frame.success) return;
    const f = frame.data;
    if (f.t === 'reply') {
      const resolve = pending.get(f.id);
      pending.delete(f.id);
      resolve?.(f.reply);
    } else if (f.t === 'event') {
      for (const listener of listeners.get(f.name) ?? []) listener(f.payload);
    }
  };

  const connect = (): void => {
    socket = options.createSocket(options.url, protocols);
    socket.onopen = () => {
      everOpened = true;
      retryDelay = 250;
      setState('open');
      for (const frame of queued.splice(0)) socket.send(frame);
    };
    socket.onmessage = (ev) => onFrame(ev.data);
    socket.onerror = () => {
      /* the close event that follows carries the consequence */
    };
    socket.onclose = () => {
      failPending('The connection to the terminal core was lost.');
      if (closedByUser) return;
      setState(everOpened ? 'lost' : 'refused');
      if (!everOpened) return; // a refused token does not become valid by retrying
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, maxDelay);
    };
  };

  connect();

  return {
    get state() {
      return state;
    },
    invoke(method, input) {
      if (state === 'refused') {
        return Promise.resolve(unavailable('The terminal core refused this page: open the address the terminal printed.'));
      }
      const id = nextId++;
      const frame: ClientFrame = { t: 'call', id, method, input };
      const text = JSON.stringify(frame);
      return new Promise((resolve) => {
        pending.set(id, resolve);
        if (socket.readyState === OPEN) socket.send(text);
        else queued.push(text);
      });
    },
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    close() {
      closedByUser = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket.close(1000, 'closed');
      failPending('The connection was closed.');
    },
  };
}
