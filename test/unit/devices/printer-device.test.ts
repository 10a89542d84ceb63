import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceRuntime, DeviceSink } from '../../../main/devices/device-runtime';
import { PrinterDevice, type PrinterDeviceOptions } from '../../../main/devices/printer-device';
import { PrinterSimulator } from '../../../native/sim/printer-sim';
import { memoryLinkPair } from '../../../native/transport/memory-link';

const sink = (changed: DeviceRuntime[] = []): DeviceSink => ({
  card: () => undefined,
  check: () => undefined,
  failure: () => undefined,
  pinpadActivity: () => undefined,
  pinpadAnswer: () => undefined,
  changed: (d) => void changed.push(d),
});

const descriptor = { id: 'front-printer', name: 'Front printer', kind: 'printer' as const, transport: 'serial' as const, address: '/dev/ttyUSB1', origin: 'settings' as const };

afterEach(() => {
  vi.useRealTimers();
});

/** A printer device on one end of an in-process link, and on the other a simulated printer (or a mute one). */
function rig(options: Partial<PrinterDeviceOptions> & { mute?: boolean } = {}) {
  const [far, near] = memoryLinkPair('printer');
  const sim = new PrinterSimulator((b) => far.write(b));
  const received: number[] = [];
  far.on('data', (d) => {
    received.push(...d);
    if (!options.mute) sim.receive(d);
  });
  const device = new PrinterDevice(descriptor, near, sink(), pino({ level: 'silent' }), { codePage: 'pc850', answers: true, ...options });
  device.start();
  return { device, sim, received, far };
}

describe('receipt printer device', () => {
  it('reads the printer\'s status, prints, and reads it again', async () => {
    const { device, sim, received } = rig();
    const done = await device.print(['Hello', 'Café']);
    expect(done).toEqual({ replaced: [], statusChecked: true });
    await vi.waitFor(() => expect(sim.lastPrintout()?.lines.map((l) => l.text)).toEqual(['Hello', 'Café']));
    // DLE EOT 2, DLE EOT 4, the job, DLE EOT 2, DLE EOT 4.
    expect(Buffer.from(received.slice(0, 6)).toString('hex')).toBe('100402100404');
    expect(Buffer.from(received.slice(-6)).toString('hex')).toBe('100402100404');
    expect((await device.checkLink()).detail).toBe('printer ready');
  });

  it('refuses to print when the printer is out of paper or open, in words, and shows the fault', async () => {
    const { device, sim } = rig();
    sim.condition = { ...sim.condition, paperOut: true };
    await expect(device.print(['lost'])).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'Front printer stopped before printing: the printer is out of paper: load a new roll and try again' });
    expect(device.health()).toEqual({ state: 'error', detail: 'the printer is out of paper: load a new roll and try again' });
    sim.condition = { ...sim.condition, paperOut: false, coverOpen: true };
    expect(await device.checkLink()).toEqual({ ok: false, detail: 'the printer cover is open: close it and try again' });
    sim.condition = { ...sim.condition, coverOpen: false };
    await device.print(['found']);
    expect(device.health().state).toBe('connected');
    await vi.waitFor(() => expect(sim.lastPrintout()?.lines.map((l) => l.text)).toEqual(['found']));
  });

  it('says the receipt may be incomplete when the paper runs out during the job', async () => {
    const { device, sim, far } = rig();
    far.on('data', (d) => {
      // The roll ends as the cut arrives.
      if (d.includes(0x56)) sim.condition = { ...sim.condition, paperOut: true };
    });
    await expect(device.print(['a', 'b'])).rejects.toThrow('stopped while printing; the receipt may be incomplete');
  });

  it('prints without status from a printer that does not answer, waiting for it only once per connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { device, received } = rig({ mute: true, statusTimeoutMs: 800 });
    const first = device.print(['one']);
    await vi.advanceTimersByTimeAsync(800);
    expect(await first).toEqual({ replaced: [], statusChecked: false });
    // No second wait: this resolves with the timers standing still.
    expect(await device.print(['two'])).toEqual({ replaced: [], statusChecked: false });
    expect(received.filter((b) => b === 0x10)).toHaveLength(1);
    expect((await device.checkLink()).detail).toContain('did not answer a status request');
  });

  it('sends no status request on a link that carries no answers (a USB printer file)', async () => {
    const { device, received, sim } = rig({ answers: false });
    expect(await device.print(['only the job'])).toEqual({ replaced: [], statusChecked: false });
    await vi.waitFor(() => expect(sim.lastPrintout()).toBeDefined());
    expect(received[0]).toBe(0x1b);
    expect(received.includes(0x10)).toBe(false);
  });

  it('reports characters it printed as "?"', async () => {
    const { device } = rig();
    expect((await device.print(['price 5 ¥ and 東'])).replaced).toEqual(['東']);
  });

  it('refuses when its link is down, saying what to check', async () => {
    const { device } = rig();
    await device.stop();
    await expect(device.print(['x'])).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(device.print(['x'])).rejects.toThrow('Front printer is not connected');
  });

  it('gives up on a printer that does not take the bytes, with words', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const [, near] = memoryLinkPair('stuck');
    // A link whose write never finishes, like a USB printer holding the job while out of paper.
    near.write = () => new Promise<void>(() => undefined);
    const device = new PrinterDevice(descriptor, near, sink(), pino({ level: 'silent' }), { codePage: 'pc850', answers: false, writeTimeoutMs: 5000 });
    const job = device.print(['x']);
    const refused = expect(job).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Front printer did not take the receipt within 5 s: check it is switched on, has paper and its cover is shut' });
    await vi.advanceTimersByTimeAsync(5000);
    await refused;
  });
});
