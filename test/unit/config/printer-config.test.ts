import { describe, expect, it } from 'vitest';
import { DeviceConfig } from '../../../main/config/settings/devices';
import { receiptSettings } from '../../../main/config/settings/receipts';

const refusal = (value: unknown): string => {
  const r = DeviceConfig.safeParse(value);
  return r.success ? '' : r.error.issues.map((i) => i.message).join('; ');
};

describe('receipt printers in devices.list', () => {
  it('takes a printer on a serial port, by USB ids, or on a USB printer file, with a character table', () => {
    for (const ok of [
      { id: 'p1', name: 'Printer', kind: 'printer', transport: 'serial', path: '/dev/ttyACM0', baud: 38400 },
      { id: 'p2', name: 'Printer', kind: 'printer', transport: 'serial', usb: '04b8:0e28', codePage: 'pc858' },
      { id: 'p3', name: 'Printer', kind: 'printer', transport: 'usblp', path: '/dev/usb/lp0', codePage: 'pc437' },
    ]) {
      expect(refusal(ok)).toBe('');
    }
  });

  it('refuses what cannot work, naming the device and the rule', () => {
    expect(refusal({ id: 'a', name: 'A', kind: 'printer', transport: 'hid', usb: '04b8:0e28' })).toContain('a: receipt printers connect over serial or usblp');
    expect(refusal({ id: 'b', name: 'B', kind: 'msr', transport: 'usblp', path: '/dev/usb/lp0' })).toContain('b: only receipt printers use a USB printer port (usblp)');
    expect(refusal({ id: 'c', name: 'C', kind: 'printer', transport: 'usblp' })).toContain('c: a USB printer port needs its device file as path');
    expect(refusal({ id: 'd', name: 'D', kind: 'printer', transport: 'usblp', path: '/dev/usb/lp0', usb: '04b8:0e28' })).toContain('d: a USB printer port is found by its path');
    expect(refusal({ id: 'e', name: 'E', kind: 'msr', transport: 'serial', path: '/dev/ttyS0', codePage: 'pc850' })).toContain('e: codePage applies to receipt printers');
    expect(refusal({ id: 'f', name: 'F', kind: 'printer', transport: 'wedge' })).toContain('f: receipt printers connect over serial or usblp');
    expect(refusal({ id: 'g', name: 'G', kind: 'printer', transport: 'serial', path: '/dev/ttyS0', codePage: 'utf8' })).not.toBe('');
  });
});

describe('receipt settings', () => {
  it('choose where receipts print (manager), and name a system printer without control characters', () => {
    expect(receiptSettings['receipts.printer'].default).toBe('auto');
    expect(receiptSettings['receipts.printer'].access).toBe('manager');
    expect(receiptSettings['receipts.printer'].schema.safeParse('paper').success).toBe(false);
    expect(receiptSettings['receipts.systemPrinter'].access).toBe('manager');
    expect(receiptSettings['receipts.systemPrinter'].schema.safeParse('Front Desk (HP LaserJet)').success).toBe(true);
    expect(receiptSettings['receipts.systemPrinter'].schema.safeParse('bad\nname').success).toBe(false);
  });
});
