import type { Logger } from 'pino';
import type { CardRead } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import { MagtekHidDecoder } from '../../native/protocol/magtek-hid';
import { MicrDecoder } from '../../native/protocol/micr-decoder';
import { SwipeDecoder } from '../../native/protocol/swipe-decoder';
import { StreamReader } from '../../native/readers/stream-reader';
import { HidLink, type HidBackend } from '../../native/transport/hid-link';
import { SerialLink, type SerialPortFactory, type SerialPortInfo } from '../../native/transport/serial-link';
import { UsbPrinterLink } from '../../native/transport/usblp-link';
import type { DeviceConfig } from '../config/settings/devices';
import type { DeviceOrigin, DeviceRuntime, DeviceSink } from './device-runtime';
import { PinpadDevice } from './pinpad-device';
import { PrinterDevice } from './printer-device';
import { ReaderDevice } from './reader-device';
import { WedgeDevice } from './wedge-device';

/** What devices are built from; tests replace the OS parts. */
export interface DeviceEnvironment {
  hid: HidBackend;
  serialFactory?: SerialPortFactory;
  serialList?: () => Promise<SerialPortInfo[]>;
  now: () => Date;
  log: Logger;
  pinpad: { ackTimeoutMs: number; maxAttempts: number };
  wedgeCaptureActive: () => boolean;
  reconnect?: { initialBackoffMs?: number; maxBackoffMs?: number };
}

/** Factory baud rates: swipe and MICR readers 9600 (uncertain per model: configurable), PIN pads 19200, receipt printers 9600 (the self-test page says). */
const DEFAULT_BAUD = { msr: 9600, micr: 9600, pinpad: 19200, printer: 9600 } as const;

function usbIds(usb: string): { vendorId: number; productId: number } {
  const [v = '0', p = '0'] = usb.split(':');
  return { vendorId: parseInt(v, 16), productId: parseInt(p, 16) };
}

export function addressOf(config: DeviceConfig): string | undefined {
  return config.path ?? (config.usb ? `USB ${config.usb.toLowerCase()}` : config.transport === 'wedge' ? 'keyboard' : undefined);
}

export function buildDevice(config: DeviceConfig, env: DeviceEnvironment, sink: DeviceSink, origin: DeviceOrigin = 'settings'): DeviceRuntime {
  const descriptor = { id: config.id, name: config.name, kind: config.kind, transport: config.transport, address: addressOf(config), origin };
  if (config.transport === 'wedge') return new WedgeDevice(descriptor, sink, env.wedgeCaptureActive);
  if (config.transport === 'usblp') {
    const link = new UsbPrinterLink({ path: config.path ?? '', ...env.reconnect });
    return new PrinterDevice(descriptor, link, sink, env.log, { codePage: config.codePage ?? 'pc850', answers: false });
  }
  if (config.transport === 'hid') {
    const ids = usbIds(config.usb ?? '0000:0000');
    const link = new HidLink({ backend: env.hid, ...ids, ...(config.path ? { path: config.path } : {}), usagePage: 0xff00, ...env.reconnect });
    const decoder = new MagtekHidDecoder({ trackField: config.hidTrackField ?? 110 }, env.now);
    return new ReaderDevice(descriptor, new StreamReader<CardRead>(link, decoder), sink, 'hid');
  }
  const usb = config.usb ? config.usb.toLowerCase().split(':') : undefined;
  const link = new SerialLink({
    ...(config.path ? { path: config.path } : {}),
    ...(usb ? { usb: { vendorId: usb[0] ?? '', productId: usb[1] ?? '' } } : {}),
    baudRate: config.baud ?? DEFAULT_BAUD[config.kind],
    modemLines: config.modemLines ?? false,
    ...(env.serialFactory ? { factory: env.serialFactory } : {}),
    ...(env.serialList ? { list: env.serialList } : {}),
    ...env.reconnect,
  });
  if (config.kind === 'pinpad') return new PinpadDevice(descriptor, link, sink, env.log, { ...env.pinpad, now: env.now });
  if (config.kind === 'printer') return new PrinterDevice(descriptor, link, sink, env.log, { codePage: config.codePage ?? 'pc850', answers: true });
  if (config.kind === 'micr') {
    const framing = config.framing === 'cr-per-track' ? 'cr' : config.framing;
    const decoder = new MicrDecoder({ ...(framing ? { framing } : {}), symbols: config.symbols ?? 'auto' });
    return new ReaderDevice(descriptor, new StreamReader<CheckRead>(link, decoder), sink);
  }
  return new ReaderDevice(descriptor, new StreamReader<CardRead>(link, new SwipeDecoder({ framing: config.framing ?? 'cr', now: env.now })), sink, 'msr');
}
