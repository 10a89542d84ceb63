import type { PosBridge } from '../../../preload/bridge';
import { createPosClient, type PosClient } from '../../../preload/client';
import { WS_PATH } from '../../../preload/contract/wire';
import { createWsBridge, type ConnectionState, type WebSocketLike } from '../../../preload/transports/ws-client';

declare global {
  interface Window {
    /** Present in the Electron app (contextBridge); absent in a browser on the headless start. */
    pos?: PosBridge;
  }
}

const TOKEN_KEY = 'pos.token';

/** The token comes in the address fragment once; it is then kept for reloads of this tab only. */
function takeToken(): string {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export type Connection = ConnectionState | 'ipc';

export interface PosConnection {
  client: PosClient;
  initial: Connection;
  /** Calls back on every change of the transport's state. */
  watch(listener: (state: Connection) => void): void;
}

let current: PosConnection | undefined;

/**
 * Picks the transport: Electron IPC when the preload exposed it, the loopback WebSocket otherwise.
 * One connection per page: every store that calls this gets the same one.
 */
export function connect(): PosConnection {
  current ??= open();
  return current;
}

function open(): PosConnection {
  if (window.pos) {
    return { client: createPosClient(window.pos), initial: 'ipc', watch: () => undefined };
  }
  const listeners = new Set<(s: Connection) => void>();
  const bridge = createWsBridge({
    url: `ws://${window.location.host}${WS_PATH}`,
    token: takeToken(),
    // The browser's WebSocket has the shape the transport needs; its handler types are just narrower.
    createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as WebSocketLike,
    onState: (s) => listeners.forEach((l) => l(s)),
  });
  return { client: createPosClient(bridge), initial: bridge.state, watch: (l) => void listeners.add(l) };
}
