import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import type { AppStatus, EventName } from '../../../preload/contract';
import { micrBytes } from '../../../native/sim/micr-sim';
import { msrSerialBytes } from '../../../native/sim/msr-sim';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { SAMPLE_CARDS, SAMPLE_CHECKS } from '../../../native/sim/sample-cards';
import { SerialLink } from '../../../native/transport/serial-link';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';
import { ptyPair, type PtyPair } from './socat';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function pair(dir: string, name: string): Promise<PtyPair> {
  const p = await ptyPair(dir, name);
  cleanup.push(() => p.kill());
  return p;
}

function simEnd(path: string): SerialLink {
  const link = new SerialLink({ path });
  cleanup.push(() => link.close());
  link.open();
  return link;
}

describe('the device manager on real ptys', () => {
  it('runs configured serial devices: swipes and checks reach the bus, a PIN pad answers its caller; unplugs show in app.status', async () => {
    const dir = tempDir('pos-dm-');
    const msr = await pair(dir, 'msr');
    const micr = await pair(dir, 'micr');
    const pad = await pair(dir, 'pad');
    const log = memoryLog();
    const core: Core = await createCore({ logDestination: log.stream, logLevel: 'debug', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: dir, version: 't' }));
    cleanup.push(() => core.close());
    core.settings.setMany([
      ['devices.scanIntervalMs', 0],
      // The pad's end opens after the counter's: its first "online" goes unanswered and is resent.
      ['devices.pinpad.ackTimeoutMs', 300],
      [
        'devices.list',
        [
          { id: 'front', name: 'Front reader', kind: 'msr', transport: 'serial', path: msr.a, framing: 'stx-etx' },
          { id: 'checks', name: 'Check reader', kind: 'micr', transport: 'serial', path: micr.a, symbols: 'unicode', framing: 'crlf' },
          { id: 'pad', name: 'PIN pad', kind: 'pinpad', transport: 'serial', path: pad.a },
        ],
      ],
    ]);
    const events: Array<{ name: EventName; payload: unknown }> = [];
    core.bus.onAny((name, payload) => events.push({ name, payload }));
    await core.start();
    await vi.waitFor(() => expect(core.status.current().devices.map((d) => d.state)).toEqual(['connected', 'connected', 'connecting']));
    expect(core.status.current().devices[2]?.detail).toContain('waiting for the PIN pad to answer');

    const msrSim = simEnd(msr.b);
    const micrSim = simEnd(micr.b);
    const padLink = simEnd(pad.b);
    const padSim = new PinpadSimulator((b) => padLink.write(b), { card: SAMPLE_CARDS.discover });
    padLink.on('data', (d) => padSim.receive(d));
    await vi.waitFor(() => expect([msrSim, micrSim, padLink].map((l) => l.status.state)).toEqual(['connected', 'connected', 'connected']));

    await msrSim.write(msrSerialBytes(SAMPLE_CARDS.visa, 'stx-etx'));
    await micrSim.write(micrBytes(SAMPLE_CHECKS.personal, { symbols: 'unicode', framing: 'crlf' }));
    const padDevice = core.devices.pinpad('pad');
    expect(padDevice).toBeDefined();
    await vi.waitFor(() => expect(padSim.online).toBe(true), { timeout: 3000 });
    await vi.waitFor(() => expect(core.status.current().devices[2]?.state).toBe('connected'));
    const fromPad = await padDevice?.readCard('Swipe Card', 5000);
    expect(fromPad?.status === 'read' && fromPad.card.masked().masked).toBe('601100******9424');
    expect(await padDevice?.askYesNo('Cashback?', 5000)).toBe('yes');

    await vi.waitFor(() => expect(events.filter((e) => e.name === 'card.read' || e.name === 'check.read')).toHaveLength(2));
    expect(events.find((e) => e.name === 'card.read' && (e.payload as { deviceId: string }).deviceId === 'front')?.payload).toMatchObject({ source: 'msr', simulated: false, card: { masked: '411111******1111' } });
    // The card swiped on the pad answered readCard's caller only: no broadcast of it.
    expect(events.some((e) => e.name === 'card.read' && (e.payload as { deviceId: string }).deviceId === 'pad')).toBe(false);
    expect(events.find((e) => e.name === 'check.read')?.payload).toMatchObject({ deviceId: 'checks', check: { routing: '011000015', accountMasked: '*****6789' } });
    expect(events.filter((e) => e.name === 'pinpad.activity').map((e) => (e.payload as { activity: string }).activity)).toEqual(expect.arrayContaining(['idle', 'card', 'form']));
    expect(events.find((e) => e.name === 'pinpad.answer')?.payload).toEqual({ deviceId: 'pad', answer: 'yes' });

    // Pull the swipe reader's cable: app.status follows, through status.changed.
    await msr.kill();
    await vi.waitFor(() => expect(core.status.current().devices[0]?.state).toBe('disconnected'), { timeout: 3000 });
    const changed = events.filter((e) => e.name === 'status.changed').map((e) => (e.payload as AppStatus).devices[0]?.state);
    expect(changed).toContain('disconnected');
    await msr.start();
    await vi.waitFor(() => expect(core.status.current().devices[0]?.state).toBe('connected'), { timeout: 3000 });
    await vi.waitFor(() => expect(msrSim.status.state).toBe('connected'));
    await msrSim.write(msrSerialBytes(SAMPLE_CARDS.amex, 'stx-etx'));
    await vi.waitFor(() => expect(events.filter((e) => e.name === 'card.read')).toHaveLength(2));

    const test = await core.dispatch('devices.test', { id: 'pad' }, { transport: 'test' });
    expect(test).toMatchObject({ ok: true, value: { ok: true } });

    padSim.close();
    await core.close();
    cleanup.pop();
    const everything = JSON.stringify(events) + log.text();
    for (const secret of ['4111111111111111', '371449635398431', '6011000990139424', '123456789U', SAMPLE_CARDS.visa.tracks[1] ?? '§']) {
      expect(everything).not.toContain(secret);
    }
    expect(log.text()).toContain('card read');
  });
});
