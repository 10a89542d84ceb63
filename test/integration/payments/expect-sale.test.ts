import net, { type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { parseSwipe } from '../../../native/card/card-read';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';
import { atEnd, call, liveGateway, liveSettings, saleId, saleReaches, sentCount, settled, startLane, type Lane } from './scenario-support';

/**
 * payments.expect (issue 23): the register's first digit of an amount has a live lane open its
 * gateway connection before the tender, and the sale's request goes on that connection.
 */

/** A TCP relay to `port` that counts the connections made through it. */
async function countingRelay(port: number): Promise<{ port: number; connections(): number }> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = net.createServer((client) => {
    count++;
    const upstream = net.connect({ host: '127.0.0.1', port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  );
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, connections: () => count };
}

/**
 * A live lane whose gateway is reached through a counting relay; nothing kept warm between sales, and
 * no renewal within a slow run (one is due at half of idleConnectionSeconds): every connection counted is one the test caused.
 */
async function liveLane(): Promise<{ lane: Lane; relay: { connections(): number }; live: Awaited<ReturnType<typeof liveGateway>> }> {
  const live = await liveGateway();
  const relay = await countingRelay(Number(new URL(live.url).port));
  const url = new URL(live.url);
  url.port = String(relay.port);
  const lane = await startLane({ settings: [...liveSettings(url.href), ['gateway.keepWarmSeconds', 0], ['gateway.idleConnectionSeconds', 300]] });
  return { lane, relay, live };
}

function swipeOnWedge(lane: Lane): void {
  const parsed = parseSwipe(swipeText(SAMPLE_CARDS.visa), { now: new Date() });
  if (!parsed.ok) throw new Error('the sample card did not parse');
  lane.core.devices.attachWedgeCapture().accept({ card: parsed.value });
}

describe('payments.expect: the connection opened at the first digit', () => {
  it('opens it before the tender on a live lane, and the sale goes on it: one connection in all, sent once', async () => {
    const { lane, relay, live } = await liveLane();
    expect(relay.connections()).toBe(0);
    expect(await call(lane, 'payments.expect', {})).toEqual({ preparing: true });
    await vi.waitFor(() => expect(relay.connections()).toBe(1), { timeout: 5_000, interval: 10 });

    const id = saleId('expect');
    const started = await call(lane, 'payments.start', { saleId: id, amountCents: 12_34, tender: 'card', cardEntry: 'reader' });
    await saleReaches(lane, id, (v) => v.waitingFor === 'card');
    swipeOnWedge(lane);
    expect(await settled(lane, id)).toMatchObject({ state: 'approved', mode: 'live' });
    // The tender found the connection the first digit opened: no second one was dialled for it.
    expect(relay.connections()).toBe(1);
    expect(sentCount(live, started.clientRef)).toBe(1);
  });

  it('answers false and dials nothing while a sale is in progress (its tender holds its own)', async () => {
    const { lane, relay } = await liveLane();
    const id = saleId('busy');
    await call(lane, 'payments.start', { saleId: id, amountCents: 5_00, tender: 'card', cardEntry: 'reader' });
    await vi.waitFor(() => expect(relay.connections()).toBe(1), { timeout: 5_000, interval: 10 });
    expect(await call(lane, 'payments.expect', {})).toEqual({ preparing: false });
    await call(lane, 'payments.cancel', { saleId: id });
    expect(relay.connections()).toBe(1);
  });

  it('answers false in training: the simulator is on this machine', async () => {
    const lane = await startLane();
    expect(lane.core.mode()).toBe('training');
    expect(await call(lane, 'payments.expect', {})).toEqual({ preparing: false });
  });

  it('refuses anything in its input', async () => {
    const lane = await startLane();
    const reply = await lane.core.dispatch('payments.expect', { url: 'https://elsewhere.example' }, { transport: 'test' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });
});
