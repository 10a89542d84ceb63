import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDevice } from '../../../main/devices/build-device';
import type { DeviceSink } from '../../../main/devices/device-runtime';
import type { PrinterDevice } from '../../../main/devices/printer-device';
import type { DeviceConfig } from '../../../main/config/settings/devices';
import { encodeReceipt } from '../../../native/protocol/escpos';
import { EscPosDecoder } from '../../../native/sim/escpos-decoder';
import { PrinterSimulator } from '../../../native/sim/printer-sim';
import type { HidBackend } from '../../../native/transport/hid-link';
import type { ByteLink } from '../../../native/transport/link';
import { SerialLink } from '../../../native/transport/serial-link';
import { requireBuild, ROOT, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';
import { ptyPair, type PtyPair } from './socat';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function pair(): Promise<PtyPair> {
  const p = await ptyPair(tempDir('pos-printer-pty-'));
  cleanup.push(() => p.kill());
  return p;
}

const noHid: HidBackend = { devices: async () => [], open: () => Promise.reject(new Error('no HID here')) };
const sink: DeviceSink = { card: () => undefined, check: () => undefined, failure: () => undefined, pinpadActivity: () => undefined, pinpadAnswer: () => undefined, changed: () => undefined };

/** A printer as the device manager builds it from a devices.list entry. */
function printer(config: Omit<DeviceConfig, 'id' | 'name' | 'kind'>): PrinterDevice {
  const device = buildDevice(
    { id: 'front-printer', name: 'Front printer', kind: 'printer', ...config },
    { hid: noHid, now: () => new Date(), log: pino({ level: 'silent' }), pinpad: { ackTimeoutMs: 3000, maxAttempts: 3 }, wedgeCaptureActive: () => false, reconnect: { initialBackoffMs: 20, maxBackoffMs: 100 } },
    sink,
  ) as PrinterDevice;
  cleanup.push(() => device.stop());
  device.start();
  return device;
}

/** The other end of the pty: every byte that came out, and (optionally) a printer answering status requests. */
function farEnd(path: string, answer: boolean): { link: ByteLink; bytes: number[]; sim: PrinterSimulator } {
  const link = new SerialLink({ path, baudRate: 9600 });
  cleanup.push(() => link.close());
  const sim = new PrinterSimulator((b) => link.write(b));
  const bytes: number[] = [];
  link.on('data', (d) => {
    bytes.push(...d);
    if (answer) sim.receive(d);
  });
  link.open();
  return { link, bytes, sim };
}

const RECEIPT = ['          Corner Café', '', 'SALE', 'VISA            411111******1111', 'AMOUNT                           $12.34', '', 'CUSTOMER COPY'];

describe('receipt printer on a real pseudo-terminal pair (socat)', () => {
  it('prints a receipt over serial: status requests, then exactly the encoded job, then status again', async () => {
    const pty = await pair();
    const far = farEnd(pty.b, true);
    const device = printer({ transport: 'serial', path: pty.a });
    await vi.waitFor(() => expect(device.health().state).toBe('connected'));
    await vi.waitFor(() => expect(far.link.status.state).toBe('connected'));
    expect(await device.print(RECEIPT)).toEqual({ replaced: [], statusChecked: true });
    const job = encodeReceipt(RECEIPT).bytes;
    const status = [0x10, 0x04, 2, 0x10, 0x04, 4];
    await vi.waitFor(() => expect(far.bytes).toHaveLength(job.length + 2 * status.length));
    expect(Buffer.from(far.bytes)).toEqual(Buffer.concat([Buffer.from(status), job, Buffer.from(status)]));
    // What came out, read back by the strict decoder: the same lines, no fault.
    expect(far.sim.lastPrintout()).toEqual({ lines: RECEIPT.map((text) => ({ text, bold: false, centre: false })), errors: [], cut: true });
    const events = new EscPosDecoder().push(job);
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
  });

  it('reads paper out from the printer over serial and prints nothing', async () => {
    const pty = await pair();
    const far = farEnd(pty.b, true);
    far.sim.condition = { ...far.sim.condition, paperOut: true };
    const device = printer({ transport: 'serial', path: pty.a });
    await vi.waitFor(() => expect(far.link.status.state).toBe('connected'));
    await vi.waitFor(() => expect(device.health().state).toBe('connected'));
    await expect(device.print(RECEIPT)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(device.print(RECEIPT)).rejects.toThrow('out of paper');
    // Two attempts: each asked for the status and sent nothing else.
    expect(far.bytes).toEqual([0x10, 0x04, 2, 0x10, 0x04, 4, 0x10, 0x04, 2, 0x10, 0x04, 4]);
  });

  it('writes the job to a USB printer device file (usblp) as it is, with no status requests', async () => {
    const pty = await pair();
    const far = farEnd(pty.b, false);
    await vi.waitFor(() => expect(far.link.status.state).toBe('connected'));
    // The pty's device node stands for /dev/usb/lp0: a character device taking bytes.
    const device = printer({ transport: 'usblp', path: pty.a });
    await vi.waitFor(() => expect(device.health()).toMatchObject({ state: 'connected' }));
    expect(await device.print(RECEIPT)).toEqual({ replaced: [], statusChecked: false });
    const job = encodeReceipt(RECEIPT).bytes;
    await vi.waitFor(() => expect(far.bytes).toHaveLength(job.length));
    expect(Buffer.from(far.bytes)).toEqual(job);
    expect((await device.checkLink()).detail).toContain('cannot report paper or cover');
  });

  it('says a USB printer is unplugged, or that the path is not a printer, and notices the cable pulled', async () => {
    const dir = tempDir('pos-usblp-');
    const missing = printer({ transport: 'usblp', path: join(dir, 'lp9') });
    await vi.waitFor(() => expect(missing.health()).toEqual({ state: 'disconnected', detail: `${join(dir, 'lp9')} not found (unplugged or switched off?)` }));
    await expect(missing.print(RECEIPT)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(missing.print(RECEIPT)).rejects.toThrow('Front printer is not connected');
    writeFileSync(join(dir, 'file'), '');
    const file = printer({ transport: 'usblp', path: join(dir, 'file') });
    await vi.waitFor(() => expect(file.health().detail).toContain('is not a printer device file'));

    const pty = await pair();
    const device = printer({ transport: 'usblp', path: pty.a });
    await vi.waitFor(() => expect(device.health().state).toBe('connected'));
    await pty.kill();
    await vi.waitFor(() => expect(device.health().state).toBe('disconnected'));
    await pty.start();
    await vi.waitFor(() => expect(device.health().state).toBe('connected'));
  });
});

describe('posctl sim printer', () => {
  it('prints what a printer device sends it as text, answers its status requests, and ends after --count receipts', async () => {
    requireBuild();
    const pty = await pair();
    const sim = spawnNode([`${ROOT}bin/posctl.js`, 'sim', 'printer', '--port', pty.b, '--count', '1']);
    cleanup.push(async () => void (await sim.stop()));
    await sim.waitFor(/ready on/);
    const device = printer({ transport: 'serial', path: pty.a });
    await vi.waitFor(() => expect(device.health().state).toBe('connected'));
    expect(await device.print(RECEIPT)).toEqual({ replaced: [], statusChecked: true });
    expect(await sim.exited).toBe(0);
    await sim.closed;
    expect(sim.stdout()).toContain(['--- receipt 1 (cut) ---', ...RECEIPT].join('\n'));
    expect(sim.stderr()).toBe('');
  });
});
