import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinpadClient, type PadActivity } from '../../../native/pinpad/client';
import type { PinpadFrame } from '../../../native/pinpad/frame';
import { PinpadSession } from '../../../native/pinpad/session';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { memoryLinkPair } from '../../../native/transport/memory-link';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** The counter's client and a simulated pad (the customer swipes only when told), bytes and all. */
function padPair(onListenerError?: (e: unknown, event: string) => void) {
  const [padEnd, posEnd] = memoryLinkPair('pinpad');
  const sim = new PinpadSimulator((b) => padEnd.write(b), { autoSwipe: false, card: SAMPLE_CARDS.mastercard });
  padEnd.on('data', (d) => sim.receive(d));
  const received: string[] = [];
  sim.on('received', (f: PinpadFrame) => received.push(f.id));
  const session = new PinpadSession((b) => posEnd.write(b), { ackTimeoutMs: 500 });
  posEnd.on('data', (d) => session.receive(d));
  const client = new PinpadClient(session, () => new Date('2024-01-01T00:00:00Z'), onListenerError);
  closers.push(() => {
    client.release();
    session.close();
    sim.close();
  });
  return { sim, client, received };
}

describe('PinpadClient request order', () => {
  it('holds a status request until the card request before it has ended', async () => {
    const { sim, client, received } = padPair();
    const card = client.requestCard('Swipe Card');
    const status = client.status();
    await vi.waitFor(() => expect(sim.display).toBe('Swipe Card'));
    expect(client.busy).toBe(true);
    expect(received).toEqual(['23']);
    sim.customerSwipe();
    expect((await card).status).toBe('read');
    // Asked after the card request, the pad is ready again (a status mid-request would say busy).
    expect(await status).toEqual({ code: '00', ready: true });
    expect(received).toEqual(['23', '11']);
    expect(client.busy).toBe(false);
  });

  it('sends requests in call order: amount, question, message', async () => {
    const { sim, client, received } = padPair();
    const all = Promise.all([client.showAmount(1250), client.askYesNo('Pay 12.50?'), client.showMessage('Approved - thank you')]);
    const [, answer] = await all;
    expect(answer).toBe('yes');
    expect(received).toEqual(['13', '24', '70']);
    expect(sim.display).toBe('Approved - thank you');
  });

  it('lets cancel jump the queue: the request in progress ends cancelled, the next one then runs', async () => {
    const { sim, client, received } = padPair();
    const card = client.requestCard('Swipe Card');
    const status = client.status();
    await vi.waitFor(() => expect(sim.display).toBe('Swipe Card'));
    await client.cancel();
    expect(await card).toEqual({ status: 'cancelled' });
    expect(await status).toEqual({ code: '00', ready: true });
    expect(received).toEqual(['23', '15', '11']);
  });

  it('never sends a card request aborted before its turn', async () => {
    const { sim, client, received } = padPair();
    const first = client.requestCard('First');
    const abort = new AbortController();
    const second = client.requestCard('Second', 60_000, abort.signal);
    await vi.waitFor(() => expect(sim.display).toBe('First'));
    abort.abort();
    sim.customerSwipe();
    expect((await first).status).toBe('read');
    expect(await second).toEqual({ status: 'cancelled' });
    expect(received).toEqual(['23']);
  });

  it('refuses a bad amount at once instead of queueing it', async () => {
    const { client, received } = padPair();
    await expect(client.showAmount(-1)).rejects.toThrow(RangeError);
    expect(received).toEqual([]);
  });
});

describe('PinpadClient as the customer\'s screen', () => {
  it('shows a message with the screen update message (70.), as pad text', async () => {
    const { sim, client } = padPair();
    const activity: Array<[PadActivity, { prompt?: string }]> = [];
    client.on('activity', (a, extra) => activity.push([a, extra]));
    await client.showMessage('Declined\u0007: please see the cashier, thank you');
    expect(sim.display).toBe('Declined: please see the cashier');
    expect(activity).toEqual([['idle', { prompt: 'Declined: please see the cashier' }]]);
  });

  it('answers cancelled when the customer presses cancel on a yes/no question', async () => {
    // A pad that answers forms with "2" (cancelled), as the red key does.
    const [padEnd, posEnd] = memoryLinkPair('pinpad');
    const pad: PinpadSession = new PinpadSession((b) => padEnd.write(b));
    padEnd.on('data', (d) => pad.receive(d));
    pad.on('message', (f) => {
      if (f.id === '24') void pad.send('24', '2').catch(() => undefined);
    });
    const session = new PinpadSession((b) => posEnd.write(b));
    posEnd.on('data', (d) => session.receive(d));
    const client = new PinpadClient(session);
    closers.push(() => {
      session.close();
      pad.close();
    });
    expect(await client.askYesNo('Pay 12.50?')).toBe('cancelled');
  });
});

describe('PinpadClient listeners', () => {
  it('run each in its own try/catch: a throwing one ends neither the request nor the next listener', async () => {
    const errors: Array<[unknown, string]> = [];
    const { sim, client } = padPair((e, event) => errors.push([e, event]));
    const heard: PadActivity[] = [];
    client.on('activity', () => {
      throw new Error('bug in a listener');
    });
    client.on('activity', (a) => heard.push(a));
    await client.showAmount(599);
    const card = client.requestCard();
    await vi.waitFor(() => expect(sim.display).toBe('Swipe Card'));
    sim.customerSwipe();
    expect((await card).status).toBe('read');
    expect(heard).toEqual(['amount', 'card', 'idle']);
    expect(errors).toHaveLength(3);
    expect(errors[0]?.[1]).toBe('activity');
  });
});
