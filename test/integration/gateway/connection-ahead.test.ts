import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import { describe, expect, it, vi } from 'vitest';
import { createGatewayClient } from '../../../main/gateway/client';
import { NS } from '../../unit/gateway/fixtures';
import { tlsSimulatorForSuite } from './tls-helpers';

/** The connection opened at the tender, over real TCP and TLS (issue 23). */
const suite = tlsSimulatorForSuite(NS);
const sale = { Transaction_Type: '00', DollarAmount: '10.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D' };

/** A TCP relay that holds what clients send until opened: a handshake stays in flight as long as the test wants. */
async function gate(targetPort: number): Promise<{ port: number; connections(): number; open(): void; drop(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let opened = false;
  let count = 0;
  const server = net.createServer((client) => {
    count++;
    sockets.add(client);
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    sockets.add(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    const relay = (): void => void client.pipe(upstream);
    if (opened) relay();
    else {
      client.pause();
      held.push(relay);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => count,
    open: () => {
      opened = true;
      for (const relay of held.splice(0)) relay();
    },
    /** Closes every connection it carries now, as a gateway dropping idle ones; still listening. */
    drop: () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

describe('a connection ready when the card is', () => {
  it('awaits a handshake still in flight at the swipe instead of throwing it away (one connection, approved)', async () => {
    const g = await gate(suite.front.port);
    const client = await createGatewayClient({ url: `https://127.0.0.1:${g.port}/transaction/v14`, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 5000, timeoutMs: 5000, ca: suite.cert.cert });
    try {
      client.preconnect();
      await vi.waitFor(() => expect(g.connections()).toBe(1));
      // The swipe comes while the handshake is held up: the request waits for it.
      const outcome = client.send('SendAndCommit', sale);
      await new Promise((resolve) => setImmediate(resolve));
      g.open();
      expect(await outcome).toMatchObject({ kind: 'approved' });
      expect(g.connections()).toBe(1);
    } finally {
      client.close();
      await g.close();
    }
  });

  it('is renewed while the customer takes their time, and the request goes on one opened before it', async () => {
    const url = `https://127.0.0.1:${suite.front.port}/transaction/v14`;
    const client = await createGatewayClient({ url, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 5000, timeoutMs: 5000, ca: suite.cert.cert, aheadMaxAgeMs: 400, keepWarmMs: 0 });
    const before = suite.front.sni.length;
    try {
      client.preconnect();
      // Renewed at half its age: three connections opened while nobody swiped.
      await vi.waitFor(() => expect(suite.front.sni.length).toBeGreaterThanOrEqual(before + 3), { timeout: 10_000 });
      const sentAt = Date.now();
      expect(await client.send('SendAndCommit', sale as never)).toMatchObject({ kind: 'approved' });
      const acceptedAt = suite.front.acceptedAt.at(-1)!;
      expect(acceptedAt).toBeLessThanOrEqual(sentAt);
      expect(sentAt - acceptedAt).toBeLessThan(400);
    } finally {
      client.close();
    }
  });

  it('a prepared connection the gateway closed is replaced without the customer noticing, and the payment is sent once', async () => {
    const g = await gate(suite.front.port);
    g.open();
    const received = suite.sim.received().length;
    const client = await createGatewayClient({ url: `https://127.0.0.1:${g.port}/transaction/v14`, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 5000, timeoutMs: 5000, ca: suite.cert.cert, aheadMaxAgeMs: 60_000, keepWarmMs: 0 });
    try {
      const handshakes = suite.front.sni.length;
      client.preconnect();
      await vi.waitFor(() => expect(suite.front.sni.length).toBe(handshakes + 1));
      g.drop();
      // Replaced at once, and up before the swipe.
      await vi.waitFor(() => expect(suite.front.sni.length).toBe(handshakes + 2));
      expect(await client.send('SendAndCommit', sale as never)).toMatchObject({ kind: 'approved' });
      expect(g.connections()).toBe(2);
      expect(suite.sim.received().length).toBe(received + 1);
    } finally {
      client.close();
      await g.close();
    }
  });

  it("parses the gateway's CA once: the connections opened ahead and for requests build no secure context of their own", async () => {
    const client = await createGatewayClient({ url: `https://127.0.0.1:${suite.front.port}/transaction/v14`, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 5000, timeoutMs: 5000, ca: suite.cert.cert, keepWarmMs: 0 });
    const contexts = vi.spyOn(tls, 'createSecureContext');
    try {
      const handshakes = suite.front.sni.length;
      for (let i = 0; i < 3; i++) {
        client.preconnect();
        expect(await client.send('SendAndCommit', sale as never)).toMatchObject({ kind: 'approved' });
      }
      // Without a connection ready, the request opens its own (through the agent).
      expect(await client.send('SendAndCommit', sale as never)).toMatchObject({ kind: 'approved' });
      expect(suite.front.sni.length - handshakes).toBeGreaterThanOrEqual(4);
      expect(contexts).not.toHaveBeenCalled();
    } finally {
      contexts.mockRestore();
      client.close();
    }
  });
});
