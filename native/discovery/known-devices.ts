/**
 * USB vendor and product ids of payment devices the terminal recognises when they are plugged
 * in. `productId` undefined matches any product of the vendor.
 */
export type KnownKind = 'msr' | 'micr' | 'pinpad';

export interface KnownDevice {
  vendorId: number;
  productId?: number;
  vendor: string;
  model: string;
  kind: KnownKind | undefined;
  transport: 'hid' | 'serial' | 'wedge';
}

export const KNOWN_DEVICES: readonly KnownDevice[] = [
  { vendorId: 0x0801, productId: 0x0002, vendor: 'MagTek', model: 'swipe reader (HID)', kind: 'msr', transport: 'hid' },
  { vendorId: 0x0801, productId: 0x0011, vendor: 'MagTek', model: 'swipe reader (HID)', kind: 'msr', transport: 'hid' },
  { vendorId: 0x0801, productId: 0x0001, vendor: 'MagTek', model: 'swipe reader (keyboard emulation)', kind: 'msr', transport: 'wedge' },
  { vendorId: 0x0801, vendor: 'MagTek', model: 'serial device (swipe or MICR reader)', kind: undefined, transport: 'serial' },
  { vendorId: 0x0acd, vendor: 'ID TECH', model: 'swipe reader', kind: 'msr', transport: 'hid' },
  { vendorId: 0x0acd, vendor: 'ID TECH', model: 'serial swipe reader', kind: 'msr', transport: 'serial' },
  { vendorId: 0x0b00, vendor: 'Ingenico', model: 'PIN pad', kind: 'pinpad', transport: 'serial' },
  { vendorId: 0x11ca, vendor: 'VeriFone', model: 'PIN pad', kind: 'pinpad', transport: 'serial' },
];

export function matchKnown(vendorId: number, productId: number, transport: 'hid' | 'serial'): KnownDevice | undefined {
  const candidates = KNOWN_DEVICES.filter((k) => k.vendorId === vendorId && (k.transport === transport || (transport === 'hid' && k.transport === 'wedge')));
  return candidates.find((k) => k.productId === productId) ?? candidates.find((k) => k.productId === undefined);
}

export const hex4 = (n: number): string => n.toString(16).padStart(4, '0');
