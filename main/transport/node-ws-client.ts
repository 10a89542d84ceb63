import WebSocket from 'ws';
import type { WebSocketFactory, WebSocketLike } from '../../preload/transports/ws-client';

/**
 * The loopback transport from Node (benchmarks, tests, tools): the `ws` client, sending the
 * Origin a browser on the served page would send.
 */
export function nodeSocketFactory(origin: string): WebSocketFactory {
  return (url, protocols) => new WebSocket(url, protocols, { origin }) as unknown as WebSocketLike;
}
