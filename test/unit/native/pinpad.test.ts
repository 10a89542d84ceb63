import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACK, NAK } from '../../../native/protocol/bytes';
import { PinpadClient } from '../../../native/pinpad/client';
import { encodePinpadFrame, PinpadDecoder, type PinpadEvent } from '../../../native/pinpad/frame';
import { FS_CHAR } from '../../../native/pinpad/messages';
import { PinpadError, PinpadSession } from '../../../native/pinpad/session';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { memoryLinkPair } from '../../../native/transport/memory-link';

afterEach(() => {
  vi.useRealTimers();
});

describe('PIN pad framing (reference vectors)', () => {
  it.each([
    ['00', '0000', 0x2d],
    ['01', '00000000', 0x2c],
    ['13', '599', 0x1a],
    ['23', 'Swipe Card', 0x60],
    ['10', '', 0x2c],
  ] as const)('%s.%s → LRC 0x%s', (id, data, lrc) => {
    const frame = encodePinpadFrame(id, data);
    expect(frame[0]).toBe(0x02);
    expect(frame[frame.length - 2]).toBe(0x03);
    expect(frame[frame.length - 1]).toBe(lrc);
    expect(frame.subarray(1, -2).toString()).toBe(`${id}.${data}`);
  });

  it('decodes frames, ACK, NAK and EOT byte by byte, flags bad LRCs and noise', () => {
    const good = encodePinpadFrame('23', `0${FS_CHAR}%B4111^X^3012?`);
    const bad = Buffer.from(encodePinpadFrame('13', '100'));
    bad[bad.length - 1] = 0;
    const bytes = Buffer.concat([Buffer.from('zz'), Buffer.from([ACK, NAK, 0x04]), bad, good, Buffer.from([0x02]), Buffer.from('junk'), Buffer.from([0x03, 0x00])]);
    const d = new PinpadDecoder();
    const events: PinpadEvent[] = [];
    for (const b of bytes) events.push(...d.push(Uint8Array.of(b)));
    expect(events.map((e) => e.type)).toEqual(['noise', 'ack', 'nak', 'eot', 'bad-lrc', 'frame', 'bad-lrc']);
    expect(events[5]).toEqual({ type: 'frame', frame: { id: '23', data: `0${FS_CHAR}%B4111^X^3012?` } });
  });

  it('reads the rest of a frame too long to keep as data: no ACK, NAK or EOT from inside it or its LRC; the pad\'s next ACK and frame still come through', () => {
    const data = Buffer.alloc(40, 0x41);
    data[10] = ACK;
    data[20] = 0x04;
    // Its LRC is a NAK byte.
    const long = Buffer.concat([Buffer.from([0x02]), data, Buffer.from([0x03, NAK])]);
    const d = new PinpadDecoder(16);
    const events = d.push(Buffer.concat([long, Buffer.from([ACK]), encodePinpadFrame('13', '1')]));
    expect(events.map((e) => e.type)).toEqual(['overflow', 'ack', 'frame']);
    // A frame start inside the skipped frame starts over there.
    expect(new PinpadDecoder(16).push(Buffer.concat([Buffer.from([0x02]), data.subarray(0, 30), encodePinpadFrame('13', '2')])).map((e) => e.type)).toEqual(['overflow', 'frame']);
  });

  it('accepts SI/SO framing (VeriFone-style pads)', () => {
    const frame = encodePinpadFrame('11', '', 'si');
    expect(frame[0]).toBe(0x0f);
    expect(new PinpadDecoder().push(frame)).toEqual([{ type: 'frame', frame: { id: '11', data: '' } }]);
  });

  it('refuses ids that are not two digits and control bytes in data', () => {
    expect(() => encodePinpadFrame('1', '')).toThrow(RangeError);
    expect(() => encodePinpadFrame('13', '\x03')).toThrow(RangeError);
  });
});

/** A scripted far end: records frames, answers each with the next byte of `answers`. */
function scriptedPeer(answers: number[]) {
  const written: Buffer[] = [];
  const session = new PinpadSession(
    (bytes) => {
      written.push(bytes);
      const a = answers.shift();
      if (a !== undefined) queueMicrotask(() => session.receive(Uint8Array.of(a)));
    },
    { ackTimeoutMs: 100 },
  );
  return { session, written };
}

describe('PIN pad ACK/NAK link', () => {
  it('resends on NAK and resolves on the ACK', async () => {
    const { session, written } = scriptedPeer([NAK, NAK, ACK]);
    await session.send('13', '599');
    expect(written).toHaveLength(3);
    expect(new Set(written.map((b) => b.toString('hex'))).size).toBe(1);
  });
  it('gives up after 3 NAKs', async () => {
    const { session, written } = scriptedPeer([NAK, NAK, NAK, ACK]);
    await expect(session.send('13', '599')).rejects.toMatchObject({ code: 'NAK_LIMIT' });
    expect(written).toHaveLength(3);
  });
  it('resends after an ACK time-out and gives up after 3 silent tries', async () => {
    vi.useFakeTimers();
    const { session, written } = scriptedPeer([]);
    const sent = session.send('11');
    const outcome = sent.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(written).toHaveLength(3);
    expect(await outcome).toBeInstanceOf(PinpadError);
    expect(await outcome).toMatchObject({ code: 'NO_ACK' });
  });
  it('ACKs good frames, NAKs bad ones, and sends one frame at a time', async () => {
    const written: Buffer[] = [];
    const session = new PinpadSession((b) => void written.push(b));
    const got: string[] = [];
    session.on('message', (f) => got.push(f.id));
    const bad = Buffer.from(encodePinpadFrame('24', '0Y'));
    bad[bad.length - 1] = 0;
    session.receive(Buffer.concat([bad, encodePinpadFrame('24', '0Y')]));
    expect(written.map((b) => b[0])).toEqual([NAK, ACK]);
    expect(got).toEqual(['24']);
    written.length = 0;
    const a = session.send('01', '00000000');
    const b = session.send('13', '100');
    await Promise.resolve();
    expect(written).toHaveLength(1);
    session.receive(Uint8Array.of(ACK));
    await a;
    await Promise.resolve();
    expect(written).toHaveLength(2);
    session.receive(Uint8Array.of(ACK));
    await b;
  });
  it('fails the frame in flight when the link drops', async () => {
    const session = new PinpadSession(() => undefined);
    const p = session.send('01', '00000000');
    session.linkDown();
    await expect(p).rejects.toMatchObject({ code: 'LINK_DOWN' });
  });
});

/** The counter and a simulated pad on an in-process link, bytes and all. */
function padPair(options: ConstructorParameters<typeof PinpadSimulator>[1] = {}) {
  const [padEnd, posEnd] = memoryLinkPair('pinpad');
  const sim = new PinpadSimulator((b) => padEnd.write(b), options);
  padEnd.on('data', (d) => sim.receive(d));
  const session = new PinpadSession((b) => posEnd.write(b), { ackTimeoutMs: 500 });
  posEnd.on('data', (d) => session.receive(d));
  const client = new PinpadClient(session, () => new Date('2024-01-01T00:00:00Z'));
  return { sim, client, session };
}

describe('PIN pad dialogue with the simulator', () => {
  it('goes online, shows the amount, reads a card swiped on the pad and asks yes/no', async () => {
    const { sim, client } = padPair({ card: SAMPLE_CARDS.mastercard, answer: 'N' });
    const activity: string[] = [];
    client.on('activity', (a) => activity.push(a));
    await client.online();
    expect(sim.online).toBe(true);
    await client.showAmount(599);
    expect(sim.display).toBe('Total 5.99');
    expect(await client.status()).toEqual({ code: '00', ready: true });
    const result = await client.requestCard('Swipe Card');
    expect(result.status).toBe('read');
    if (result.status === 'read') expect(result.card.masked().masked).toBe('545454******5454');
    expect(await client.askYesNo('Cashback?')).toBe('no');
    await client.offline();
    expect(sim.online).toBe(false);
    expect(activity).toEqual(['idle', 'amount', 'card', 'idle', 'form', 'idle', 'offline']);
  });
  it('passes a bad read and a licence swiped on the pad as typed errors', async () => {
    const { client } = padPair({ card: SAMPLE_CARDS['bad-read'] });
    expect(await client.requestCard()).toMatchObject({ status: 'error', error: { code: 'BAD_READ' } });
    const other = padPair({ card: SAMPLE_CARDS.licence });
    expect(await other.client.requestCard()).toMatchObject({ status: 'error', error: { code: 'NOT_BANK_CARD' } });
  });
  it('recovers from corrupted frames from the pad by NAK and resend', async () => {
    const { client, session } = padPair({ corruptFrames: 2 });
    const problems: string[] = [];
    session.on('problem', (p) => problems.push(p));
    expect(await client.status()).toMatchObject({ ready: true });
    expect(problems.filter((p) => p.includes('bad LRC'))).toHaveLength(2);
  });
  it('ends a pending card request on cancel, and on the customer\'s cancel key', async () => {
    const { sim, client } = padPair({ autoSwipe: false });
    const pending = client.requestCard('Swipe Card');
    await vi.waitFor(() => expect(sim.display).toBe('Swipe Card'));
    await client.cancel();
    expect(await pending).toEqual({ status: 'cancelled' });
    const again = client.requestCard('Swipe Card');
    await vi.waitFor(() => expect(sim.display).toBe('Swipe Card'));
    sim.customerCancel();
    expect(await again).toEqual({ status: 'cancelled' });
  });
  it('times out a request the customer never answers', async () => {
    const { client } = padPair({ autoSwipe: false });
    expect(await client.requestCard('Swipe Card', 50)).toEqual({ status: 'timeout' });
  });
  it('takes a swipe made before the card request arrived once it does; not during a question, nor when none comes', async () => {
    const { sim, client } = padPair({ autoSwipe: false, autoAnswer: false });
    // The hand first, then the counter's request: the swipe answers it.
    const asked = sim.askedForCard(5_000);
    const read = client.requestCard('Swipe Card');
    expect(await asked).toBe(true);
    expect(sim.customerSwipe()).toBe(true);
    expect(await read).toMatchObject({ status: 'read' });
    // No request within the wait: refused, after the wait only.
    expect(await sim.askedForCard(20)).toBe(false);
    // The pad asks a question: a swipe is refused at once, not after the wait.
    const question = client.askYesNo('Total $5.99 OK?');
    await vi.waitFor(() => expect(sim.screen().waitingFor).toBe('answer'));
    const started = Date.now();
    expect(await sim.askedForCard(60_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(sim.customerKey('Y')).toBe(true);
    expect(await question).toBe('yes');
  });
});
