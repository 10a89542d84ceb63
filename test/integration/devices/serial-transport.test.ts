import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardRead } from '../../../native/card/card-read';
import type { CheckRead } from '../../../native/check/micr';
import { PinpadClient } from '../../../native/pinpad/client';
import { PinpadSession } from '../../../native/pinpad/session';
import { MicrDecoder } from '../../../native/protocol/micr-decoder';
import { SwipeDecoder, type SwipeFraming } from '../../../native/protocol/swipe-decoder';
import type { Framing } from '../../../native/protocol/framing';
import { StreamReader } from '../../../native/readers/stream-reader';
import { micrBytes } from '../../../native/sim/micr-sim';
import { msrSerialBytes } from '../../../native/sim/msr-sim';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { SAMPLE_CARDS, SAMPLE_CHECKS } from '../../../native/sim/sample-cards';
import type { ByteLink, LinkState } from '../../../native/transport/link';
import { SerialLink } from '../../../native/transport/serial-link';
import { tempDir } from '../../support/tmp';
import { ptyPair, type PtyPair } from './socat';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function pair(): Promise<PtyPair> {
  const p = await ptyPair(tempDir('pos-pty-'));
  cleanup.push(() => p.kill());
  return p;
}

function open(path: string, baudRate = 9600): SerialLink {
  const link = new SerialLink({ path, baudRate });
  cleanup.push(() => link.close());
  link.open();
  return link;
}

function connected(link: ByteLink): Promise<void> {
  if (link.status.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const on = (s: { state: LinkState }): void => {
      if (s.state !== 'connected') return;
      link.off('status', on);
      resolve();
    };
    link.on('status', on);
  });
}

function collect<T>(reader: StreamReader<T>): { reads: T[]; failures: string[] } {
  const reads: T[] = [];
  const failures: string[] = [];
  reader.on('read', (r) => reads.push(r));
  reader.on('failure', (e) => failures.push(e.code));
  return { reads, failures };
}

describe('serial transport over a real pty pair (socat)', () => {
  it.each<SwipeFraming>(['cr', 'crlf', 'stx-etx', 'stx-etx-lrc', 'cr-per-track'])('reads swipes from a simulated reader (%s framing)', async (framing) => {
    const pty = await pair();
    const reader = new StreamReader<CardRead>(open(pty.a), new SwipeDecoder({ framing }));
    const got = collect(reader);
    reader.start();
    const sim = open(pty.b);
    await Promise.all([connected(reader.link), connected(sim)]);
    for (const card of [SAMPLE_CARDS.visa, SAMPLE_CARDS.amex, SAMPLE_CARDS.licence, SAMPLE_CARDS.discover]) await sim.write(msrSerialBytes(card, framing));
    await vi.waitFor(() => expect(got.reads.length + got.failures.length).toBe(4));
    expect(got.reads.map((c) => c.pan.masked)).toEqual(['411111******1111', '371449*****8431', '601100******9424']);
    expect(got.failures).toEqual(['NOT_BANK_CARD']);
  });

  it.each<[Framing, 'magtek0000' | 'unicode' | 'dcb' | 'toad']>([
    ['cr', 'magtek0000'],
    ['crlf', 'unicode'],
    ['stx-etx', 'dcb'],
    ['stx-etx-lrc', 'toad'],
  ])('reads MICR lines from a simulated check reader (%s, %s)', async (framing, symbols) => {
    const pty = await pair();
    const reader = new StreamReader<CheckRead>(open(pty.a), new MicrDecoder({ framing, symbols }));
    const got = collect(reader);
    reader.start();
    const sim = open(pty.b);
    await Promise.all([connected(reader.link), connected(sim)]);
    for (const check of [SAMPLE_CHECKS.personal, SAMPLE_CHECKS.business, SAMPLE_CHECKS.canadian, SAMPLE_CHECKS.unreadable]) {
      await sim.write(micrBytes(check, { framing, symbols }));
    }
    await vi.waitFor(() => expect(got.reads.length + got.failures.length).toBe(4));
    expect(got.reads.map((c) => [c.routing, c.checkNumber, c.account.masked])).toEqual([
      ['011000015', '1001', '*****6789'],
      ['121181976', '5678', '******3210'],
      ['000112345', '42', '***4567'],
    ]);
    expect(got.failures).toEqual(['UNREADABLE']);
  });

  it('carries a whole PIN pad dialogue, with NAKs and resends, between the counter and a simulated pad', async () => {
    const pty = await pair();
    const posLink = open(pty.a, 19200);
    const padLink = open(pty.b, 19200);
    await Promise.all([connected(posLink), connected(padLink)]);
    const pad = new PinpadSimulator((b) => padLink.write(b), { card: SAMPLE_CARDS.chip, answer: 'Y', corruptFrames: 1 });
    padLink.on('data', (d) => pad.receive(d));
    const session = new PinpadSession((b) => posLink.write(b), { ackTimeoutMs: 1000 });
    posLink.on('data', (d) => session.receive(d));
    const problems: string[] = [];
    session.on('problem', (p) => problems.push(p));
    const client = new PinpadClient(session);
    cleanup.push(async () => pad.close());

    await client.online();
    expect(pad.online).toBe(true);
    await client.showAmount(1234);
    expect(pad.display).toBe('Total 12.34');
    expect(await client.status()).toEqual({ code: '00', ready: true });
    expect(problems).toEqual(['frame with a bad LRC (answered NAK)']);
    const result = await client.requestCard('Swipe Card');
    expect(result.status === 'read' && result.card.masked()).toMatchObject({ chip: true, last4: '1881' });
    expect(await client.askYesNo('Cashback?')).toBe('yes');
    await client.reset();
    await client.offline();
    expect(pad.online).toBe(false);
  });

  it('reconnects within 2 s after the far end is killed and restarted, and loses no frame sent after reconnection', async () => {
    const pty = await pair();
    const link = new SerialLink({ path: pty.a });
    cleanup.push(() => link.close());
    const reader = new StreamReader<CardRead>(link, new SwipeDecoder());
    const got = collect(reader);
    const states: LinkState[] = [];
    link.on('status', (s) => states.push(s.state));
    reader.start();
    // The simulator's end is a reconnecting link too: it comes back with the new pty by itself.
    const sim = open(pty.b);
    await Promise.all([connected(link), connected(sim)]);
    await sim.write(msrSerialBytes(SAMPLE_CARDS.visa));
    await vi.waitFor(() => expect(got.reads).toHaveLength(1));

    for (let round = 0; round < 2; round++) {
      // Pull the cable in the middle of a swipe: half a frame is on the wire.
      await sim.write(msrSerialBytes(SAMPLE_CARDS.mastercard).subarray(0, 25));
      await vi.waitFor(() => expect(link.status.state === 'connected' ? 0 : 1).toBe(0));
      await pty.kill();
      await vi.waitFor(() => expect(link.status.state).not.toBe('connected'));

      await pty.start();
      const plugged = Date.now();
      await connected(link);
      expect(Date.now() - plugged).toBeLessThan(2000);
      await connected(sim);
      const before = got.reads.length;
      const cards = [SAMPLE_CARDS.discover, SAMPLE_CARDS.amex, SAMPLE_CARDS.visa, SAMPLE_CARDS.mastercard, SAMPLE_CARDS.chip];
      for (const card of cards) await sim.write(msrSerialBytes(card));
      await vi.waitFor(() => expect(got.reads.length - before).toBe(cards.length));
      expect(got.reads.slice(before).map((c) => c.pan.masked.slice(-4))).toEqual(['9424', '8431', '1111', '5454', '1881']);
    }
    // The half swipe was dropped as truncated, never glued to the next one.
    expect(got.failures.filter((f) => f !== 'TRUNCATED')).toEqual([]);
    expect(states).toContain('disconnected');
  });
});
