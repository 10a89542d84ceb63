import { describe, expect, it, vi } from 'vitest';
import { createCore } from '../../../main/core';
import { createNodePlatform, type HostPrinter } from '../../../main/platform/platform';
import { SerialLink } from '../../../native/transport/serial-link';
import { PrinterSimulator } from '../../../native/sim/printer-sim';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';
import { ptyPair } from '../devices/socat';
import { atEnd, call, refused, saleId, swipeSale, type Lane } from '../payments/scenario-support';

/** The OS printers as a host offers them, recording each job (or failing as told). */
class RecordingHostPrinter implements HostPrinter {
  readonly jobs: Array<{ lines: readonly string[]; options: { printerName: string; title: string } }> = [];
  failWith: string | undefined;
  async printLines(lines: readonly string[], options: { printerName: string; title: string }): Promise<void> {
    if (this.failWith) throw new Error(this.failWith);
    this.jobs.push({ lines: [...lines], options });
  }
}

async function lane(hostPrinter?: HostPrinter): Promise<Lane> {
  const dataDir = tempDir('pos-receipts-');
  const log = memoryLog();
  const platform = createNodePlatform({ host: hostPrinter ? 'electron' : 'headless', dataDir, version: 'test' });
  const core = await createCore({ logDestination: log.stream, watchIntervalMs: 0 }, { ...platform, ...(hostPrinter ? { hostPrinter } : {}) });
  atEnd(() => core.close());
  core.settings.setMany([['terminal.name', 'Corner Café'], ['devices.scanIntervalMs', 0]]);
  await core.start();
  const events: Lane['events'] = [];
  core.bus.onAny((name, payload) => events.push({ name, payload }));
  return { core, dataDir, events, replies: [], log };
}

async function printout(l: Lane): Promise<string[] | undefined> {
  const list = await call(l, 'devices.list', {});
  return list.printout?.lines.map((x) => x.text);
}

describe('receipts.print', () => {
  it('prints on the training printer when the lane has no printer and the host no system printer', async () => {
    const l = await lane();
    const sale = await swipeSale(l, saleId('rcpt'), 12_34, 'visa');
    expect(await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({ printedOn: 'device', printer: 'Simulated receipt printer' });
    const receipt = await call(l, 'payments.receipt', { ref: sale.clientRef, copy: 'customer' });
    // What came out of the printer is the receipt on screen (the test page below shows the accents come back too).
    await vi.waitFor(async () => expect(await printout(l)).toEqual(receipt.lines));
    await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'merchant' });
    await vi.waitFor(async () => expect((await printout(l))?.at(-1)).toContain('MERCHANT COPY'));
    expect((await call(l, 'devices.list', {})).printout?.errors).toEqual([]);
  });

  it('goes to the system printer the host offers, by name, and says why it did not print', async () => {
    const host = new RecordingHostPrinter();
    const l = await lane(host);
    const sale = await swipeSale(l, saleId('sys'), 5_00, 'mastercard');
    expect(await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({ printedOn: 'system', printer: null });
    expect(host.jobs[0]?.options).toEqual({ printerName: '', title: `Receipt ${sale.clientRef} (customer copy)` });
    expect(host.jobs[0]?.lines).toEqual((await call(l, 'payments.receipt', { ref: sale.clientRef, copy: 'customer' })).lines);
    l.core.settings.set('receipts.systemPrinter', 'Front Desk');
    expect(await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'merchant' })).toEqual({ printedOn: 'system', printer: 'Front Desk' });
    expect(host.jobs[1]?.options.printerName).toBe('Front Desk');
    host.failWith = 'the printer Front Desk is offline';
    expect(await refused(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({
      code: 'UNAVAILABLE',
      message: 'The receipt did not print on the printer Front Desk: the printer Front Desk is offline',
    });
    // The training printer stayed out of it.
    expect(await printout(l)).toBeUndefined();
  });

  it('follows receipts.printer: browser, device, system', async () => {
    const host = new RecordingHostPrinter();
    const l = await lane(host);
    const sale = await swipeSale(l, saleId('choice'), 3_00, 'visa');
    const print = () => call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' });
    l.core.settings.set('receipts.printer', 'browser');
    expect(await print()).toEqual({ printedOn: 'browser', printer: null });
    l.core.settings.set('receipts.printer', 'device');
    expect(await print()).toEqual({ printedOn: 'device', printer: 'Simulated receipt printer' });
    l.core.settings.set('receipts.printer', 'system');
    expect(await print()).toEqual({ printedOn: 'system', printer: null });
    expect(host.jobs).toHaveLength(1);
    expect(() => l.core.settings.setFromText('receipts.printer', 'paper')).toThrow();
  });

  it('prints on the lane\'s ESC/POS printer before anything else, and says so in words when it cannot', async () => {
    const pty = await ptyPair(tempDir('pos-receipt-pty-'));
    atEnd(() => pty.kill());
    const far = new SerialLink({ path: pty.b });
    atEnd(() => far.close());
    const sim = new PrinterSimulator((b) => far.write(b));
    far.on('data', (d) => sim.receive(d));
    far.open();
    const host = new RecordingHostPrinter();
    const l = await lane(host);
    l.core.settings.set('devices.list', [{ id: 'front-printer', name: 'Front printer', kind: 'printer', transport: 'serial', path: pty.a }]);
    const sale = await swipeSale(l, saleId('lane'), 7_00, 'visa');
    await vi.waitFor(() => expect(l.core.status.current().devices).toEqual([{ id: 'front-printer', kind: 'printer', name: 'Front printer', state: 'connected', detail: `${pty.a} open` }]));
    await vi.waitFor(() => expect(far.status.state).toBe('connected'));
    expect(await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({ printedOn: 'device', printer: 'Front printer' });
    const receipt = await call(l, 'payments.receipt', { ref: sale.clientRef, copy: 'customer' });
    await vi.waitFor(() => expect(sim.lastPrintout()?.lines.map((x) => x.text)).toEqual(receipt.lines));
    expect(host.jobs).toEqual([]);

    sim.condition = { ...sim.condition, coverOpen: true };
    expect(await refused(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({
      code: 'UNAVAILABLE',
      message: 'Front printer stopped before printing: the printer cover is open: close it and try again',
    });
    // The status bar says it too.
    await vi.waitFor(() => expect(l.core.status.current().devices[0]).toMatchObject({ state: 'error', detail: 'the printer cover is open: close it and try again' }));
    sim.condition = { ...sim.condition, coverOpen: false };

    await pty.kill();
    await vi.waitFor(() => expect(l.core.status.current().devices[0]?.state).toBe('disconnected'));
    const unplugged = await refused(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' });
    expect(unplugged.code).toBe('UNAVAILABLE');
    expect(unplugged.message).toMatch(/^Front printer is not connected .*: check its cable and power$/);
    expect(host.jobs).toEqual([]);
  });

  it('answers BUSY while the printer prints another job, and NOT_FOUND for a payment it does not know', async () => {
    const l = await lane();
    const sale = await swipeSale(l, saleId('busy'), 1_00, 'visa');
    const claim = l.core.devices.claims.printer('the customer copy of another sale', 'training-printer');
    expect(await refused(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' })).toEqual({
      code: 'BUSY',
      message: 'Simulated receipt printer is printing the customer copy of another sale; try again once it is done',
    });
    claim.release();
    await call(l, 'receipts.print', { ref: sale.clientRef, copy: 'customer' });
    const unknown = await refused(l, 'receipts.print', { ref: 'NO-SUCH-REF-1', copy: 'customer' });
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toContain('not in the journal');
  });
});

describe('devices.test on a receipt printer', () => {
  it('prints a test page: lane, date, a 40-column ruler, and no payment', async () => {
    const l = await lane();
    await vi.waitFor(async () => expect((await call(l, 'devices.list', {})).devices.find((d) => d.id === 'training-printer')?.state).toBe('connected'));
    const result = await call(l, 'devices.test', { id: 'training-printer' });
    expect(result).toMatchObject({ id: 'training-printer', ok: true, detail: 'printed a test page on Simulated receipt printer; the printer reported paper and cover fine' });
    await vi.waitFor(async () => expect(await printout(l)).toBeDefined());
    const lines = (await printout(l)) ?? [];
    expect(lines[0]).toBe('Corner Café');
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines).toContain('1234567890'.repeat(4));
    expect(lines.at(-1)).toBe('Test page - no payment');
    const list = await call(l, 'devices.list', {});
    expect(list.printout?.lines[0]).toEqual({ text: 'Corner Café', bold: true, centre: true });
  });
});

describe('devices.test on the training PIN pad (issue 10 fix)', () => {
  it('swipes the card chosen for the test, not the last one sent', async () => {
    const l = await lane();
    await vi.waitFor(async () => expect((await call(l, 'devices.list', {})).devices.find((d) => d.id === 'training-pinpad')?.state).toBe('connected'));
    // A Visa went through the pad last...
    await call(l, 'devices.simulateSwipe', { card: 'visa', via: 'pinpad' });
    // ...and the trainer now tests the pad with an Amex chosen.
    const test = await call(l, 'devices.test', { id: 'training-pinpad', waitForReadMs: 5_000, card: 'amex' });
    expect(test).toMatchObject({ ok: true, read: { kind: 'card', card: { brand: 'amex', last4: '8431' } } });
    const again = await call(l, 'devices.test', { id: 'training-pinpad', waitForReadMs: 5_000, card: 'discover' });
    expect(again).toMatchObject({ ok: true, read: { kind: 'card', card: { brand: 'discover' } } });
  });
});
