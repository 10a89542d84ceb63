import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRuntime, DeviceSink } from '../../../main/devices/device-runtime';
import { DeviceTests } from '../../../main/devices/device-test';
import { PinpadDevice } from '../../../main/devices/pinpad-device';
import { DeviceClaims } from '../../../main/devices/claims';
import type { PinpadFrame } from '../../../native/pinpad/frame';
import { PinpadSimulator } from '../../../native/sim/pinpad-sim';
import { memoryLinkPair } from '../../../native/transport/memory-link';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Records what the device hands its sink, as the device manager would receive it. */
function recordingSink(): DeviceSink & { cards: string[] } {
  const cards: string[] = [];
  return {
    cards,
    card: (_d: DeviceRuntime, card) => void cards.push(card.masked().masked),
    check: () => undefined,
    failure: () => undefined,
    pinpadActivity: () => undefined,
    pinpadAnswer: () => undefined,
    changed: () => undefined,
  };
}

/** A PIN pad device on an in-process link to a simulated pad whose customer swipes only when told. */
async function padRig() {
  const [padEnd, posEnd] = memoryLinkPair('pinpad');
  const sim = new PinpadSimulator((b) => padEnd.write(b), { autoSwipe: false });
  padEnd.on('data', (d) => sim.receive(d));
  const received: PinpadFrame[] = [];
  sim.on('received', (f) => received.push(f));
  const sink = recordingSink();
  const descriptor = { id: 'pad', name: 'PIN pad', kind: 'pinpad' as const, transport: 'serial' as const, address: 'COM4', origin: 'settings' as const };
  const device = new PinpadDevice(descriptor, posEnd, sink, pino({ level: 'silent' }), { ackTimeoutMs: 500, maxAttempts: 3, now: () => new Date('2024-01-01T00:00:00Z') });
  device.start();
  stops.push(async () => {
    sim.close();
    await device.stop();
  });
  await vi.waitFor(() => expect(device.health().state).toBe('connected'));
  const claims = new DeviceClaims({ pinpad: () => device, printerFor: () => { throw new Error('no printer in this rig'); } }, () => undefined);
  const tests = new DeviceTests(claims);
  return { sim, device, claims, tests, received, sink };
}

describe('device tests of a PIN pad', () => {
  it('end when a sale claims the pad: the card request is cancelled on the pad and the one queued never sent', async () => {
    const { sim, device, claims, tests, received } = await padRig();
    const first = tests.run(device, 60_000);
    const second = tests.run(device, 60_000);
    await vi.waitFor(() => expect(sim.display).toBe('Test: swipe a card'));
    claims.claimPad('sale 1', device.id);
    for (const r of await Promise.all([first, second])) {
      expect(r).toMatchObject({ id: 'pad', ok: false });
      expect(r.detail).toContain('a sale took over the PIN pad (sale 1)');
    }
    // The soft reset travels after the answers: the pad leaves the prompt, and no second card request follows.
    await vi.waitFor(() => expect(sim.display).toBe('Welcome'));
    expect(received.map((f) => f.id).filter((id) => id === '23' || id === '15')).toEqual(['23', '15']);
  });

  it('answer BUSY while the pad is claimed, and read the card when it is not', async () => {
    const { sim, device, claims, tests, sink } = await padRig();
    const release = claims.claimPad('sale 1', device.id);
    await expect(tests.run(device, 5000)).rejects.toMatchObject({ code: 'BUSY' });
    release();
    const test = tests.run(device, 5000);
    await vi.waitFor(() => expect(sim.display).toBe('Test: swipe a card'));
    sim.customerSwipe();
    expect(await test).toMatchObject({ ok: true, read: { kind: 'card', card: { masked: '411111******1111' } } });
    // The sink hears the answer (counted and logged by the manager, printed by posctl's watch).
    expect(sink.cards).toEqual(['411111******1111']);
  });
});
