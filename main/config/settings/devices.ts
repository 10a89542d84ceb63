import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { MICR_SYMBOL_NAMES } from '../../../native/check/micr-symbols';
import { CODE_PAGE_NAMES } from '../../../native/protocol/code-pages';
import { SWIPE_FRAMINGS } from '../../../native/protocol/swipe-decoder';
import { plainText } from '../../../preload/contract/text';
import { boolSetting, intSetting, jsonSetting } from '../setting';

/** One card reader, check reader, PIN pad or receipt printer of the lane (built on first use, lazySchema). */
export const DeviceConfig = lazySchema(() =>
  z
    .strictObject({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'id: lower-case letters, digits and dashes, at most 32'),
      name: plainText(z.string().trim().min(1).max(40)),
      kind: z.enum(['msr', 'micr', 'pinpad', 'printer']),
      /** `usblp`: a USB printer-class device file (Linux /dev/usb/lp0), printers only. */
      transport: z.enum(['serial', 'hid', 'wedge', 'usblp']),
      /** Serial port (/dev/ttyUSB0, /dev/serial/by-id/…, COM3), a HID device path or a printer device file. */
      path: plainText(z.string().min(1).max(256)).optional(),
      /** USB vendor:product ids in hex, e.g. 0801:0002: finds the device wherever it is plugged. */
      usb: z.string().regex(/^[0-9a-fA-F]{4}:[0-9a-fA-F]{4}$/, 'usb: vendor:product in hex, e.g. 0801:0002').optional(),
      baud: z.number().int().min(300).max(921_600).optional(),
      framing: z.enum(SWIPE_FRAMINGS).optional(),
      symbols: z.enum(['auto', ...MICR_SYMBOL_NAMES]).optional(),
      /** Track field size of the HID report (110 for the 337-byte MagTek report). */
      hidTrackField: z.number().int().min(16).max(255).optional(),
      /**
       * Printers: the character table receipts are printed in (default pc850: every French letter).
       * Set, not asked of the printer: ESC/POS has no portable request for it (code-pages.ts).
       */
      codePage: z.enum(CODE_PAGE_NAMES).optional(),
      /** Raise DTR/RTS after opening (readers powered from the port). */
      modemLines: z.boolean().optional(),
      enabled: z.boolean().optional(),
    })
    .superRefine((d, ctx) => {
      const issue = (message: string): void => void ctx.addIssue({ code: 'custom', message: `${d.id}: ${message}` });
      if (d.transport === 'serial' && !d.path && !d.usb) issue('a serial device needs a path or usb ids');
      if (d.transport === 'hid' && !d.usb) issue('a HID device needs usb ids');
      if (d.transport === 'hid' && d.kind !== 'msr') issue('only swipe readers (msr) are supported over HID');
      if (d.transport === 'wedge' && d.kind !== 'msr') issue('only swipe readers (msr) can be keyboard wedges');
      if (d.framing === 'cr-per-track' && d.kind !== 'msr') issue('cr-per-track framing is for swipe readers');
      if (d.framing !== undefined && d.transport !== 'serial') issue('framing applies to serial devices');
      if (d.symbols !== undefined && d.kind !== 'micr') issue('symbols apply to MICR readers');
      if (d.transport === 'usblp' && d.kind !== 'printer') issue('only receipt printers use a USB printer port (usblp)');
      if (d.transport === 'usblp' && !d.path) issue('a USB printer port needs its device file as path, e.g. /dev/usb/lp0');
      if (d.transport === 'usblp' && d.usb) issue('a USB printer port is found by its path, not by usb ids');
      if (d.kind === 'printer' && d.transport !== 'serial' && d.transport !== 'usblp') issue('receipt printers connect over serial or usblp');
      if (d.codePage !== undefined && d.kind !== 'printer') issue('codePage applies to receipt printers');
    }),
);
export type DeviceConfig = z.infer<typeof DeviceConfig>;

const DeviceList = lazySchema(() =>
  z
    .array(DeviceConfig)
    .max(16)
    .refine((list) => new Set(list.map((d) => d.id)).size === list.length, 'device ids must be unique'),
);

export const deviceSettings = {
  'devices.list': jsonSetting({
    schema: DeviceList,
    default: [],
    description:
      'Card readers, MICR readers, PIN pads and receipt printers of this lane, as a JSON list of {id, name, kind: msr|micr|pinpad|printer, transport: serial|hid|wedge|usblp, path or usb, baud, framing, symbols, codePage: pc850 (default)|pc858|wpc1252|pc437}. See docs/devices.md.',
  }),
  'devices.autoDetect': boolSetting({
    default: true,
    description: 'Use a known USB HID swipe reader (MagTek) as soon as it is plugged in, when no HID reader is configured.',
  }),
  'devices.scanIntervalMs': intSetting({
    default: 3000,
    min: 0,
    max: 60_000,
    description: 'How often to look for plugged and unplugged USB devices (0: never).',
  }),
  'devices.wedge.maxGapMs': intSetting({
    default: 50,
    min: 5,
    max: 500,
    description: 'Longest pause between two keys of a keyboard-wedge swipe; slower keys are typing.',
  }),
  'devices.pinpad.ackTimeoutMs': intSetting({
    default: 3000,
    min: 200,
    max: 30_000,
    description: 'How long to wait for the PIN pad to acknowledge a message before sending it again.',
  }),
  'devices.pinpad.maxAttempts': intSetting({
    default: 3,
    min: 1,
    max: 10,
    description: 'Transmissions of one message to the PIN pad (NAKs and time-outs) before giving up.',
  }),
} as const;
