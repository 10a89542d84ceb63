import WebSocket from 'ws';

/** Opens a raw WebSocket and resolves with how the handshake ended: 'open' (then closed again) or the HTTP status of the refusal. */
export function handshake(url: string, protocols: string[], headers: Record<string, string>): Promise<string | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
}
