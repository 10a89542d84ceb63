import { describe, expect, it } from 'vitest';
import { createPosClient } from '../../../preload/client';
import { PosCallError, type AppStatus } from '../../../preload/contract';
import { createWsBridge, type ConnectionState, type WebSocketLike } from '../../../preload/transports/ws-client';

/** A socket the test drives by hand: it records what the bridge sent and lets the test answer. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly protocols: string[]) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const status: AppStatus = { mode: 'live', version: '1', terminal: { name: 'L', language: 'en' }, receipts: { afterApproval: 'ask' }, gateway: { state: 'online', unencrypted: false }, devices: [], queue: { pending: 2, training: 0, needsLookup: 0, attention: 0, trainingNeedsLookup: 0, trainingAttention: 0 }, problems: [] };

function setup() {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const bridge = createWsBridge({
    url: 'ws://127.0.0.1:1/api',
    token: 'tok',
    createSocket: (_url, protocols) => {
      const s = new FakeSocket(protocols);
      sockets.push(s);
      return s;
    },
    onState: (s) => states.push(s),
    maxRetryDelayMs: 1,
  });
  return { bridge, sockets, states, client: createPosClient(bridge) };
}

describe('WebSocket bridge', () => {
  it('offers the subprotocol and the token, queues calls until open, matches replies by id', async () => {
    const { sockets, client } = setup();
    const s = sockets[0]!;
    expect(s.protocols).toEqual(['pos.v1', 'pos.token.tok']);
    const pending = client.call('app.status', {});
    expect(s.sent).toEqual([]);
    s.open();
    const frame = JSON.parse(s.sent[0]!) as { id: number; method: string };
    expect(frame).toMatchObject({ t: 'call', method: 'app.status', input: {} });
    s.receive('not json');
    s.receive({ t: 'reply', id: frame.id + 100, reply: { ok: true, value: null } });
    s.receive({ t: 'reply', id: frame.id, reply: { ok: true, value: status } });
    expect(await pending).toEqual(status);
  });

  it('throws a typed error for an error reply and for an output off the contract', async () => {
    const { sockets, client } = setup();
    const s = sockets[0]!;
    s.open();
    const a = client.call('app.status', {});
    s.receive({ t: 'reply', id: 1, reply: { ok: false, error: { code: 'BAD_INPUT', message: 'no' } } });
    await expect(a).rejects.toBeInstanceOf(PosCallError);
    const b = client.call('app.status', {});
    s.receive({ t: 'reply', id: 2, reply: { ok: true, value: { mode: 'demo' } } });
    await expect(b).rejects.toThrow();
  });

  it('delivers only events that match the contract', () => {
    const { sockets, client } = setup();
    const s = sockets[0]!;
    s.open();
    const seen: AppStatus[] = [];
    const off = client.on('status.changed', (p) => seen.push(p));
    s.receive({ t: 'event', name: 'status.changed', payload: status });
    s.receive({ t: 'event', name: 'status.changed', payload: { bogus: true } });
    s.receive({ t: 'event', name: 'other', payload: status });
    off();
    s.receive({ t: 'event', name: 'status.changed', payload: status });
    expect(seen).toEqual([status]);
  });

  it('is refused when the socket never opens, and answers calls UNAVAILABLE without retrying', async () => {
    const { sockets, states, client } = setup();
    sockets[0]!.drop();
    expect(states).toEqual(['refused']);
    await expect(client.call('app.status', {})).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(sockets).toHaveLength(1);
  });

  it('fails calls in flight when an open connection drops, then reconnects', async () => {
    const { sockets, states, client } = setup();
    sockets[0]!.open();
    const inflight = client.call('app.status', {});
    sockets[0]!.drop();
    await expect(inflight).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(states).toEqual(['open', 'lost']);
    await expect.poll(() => sockets.length).toBe(2);
    sockets[1]!.open();
    expect(states).toEqual(['open', 'lost', 'open']);
  });
});
