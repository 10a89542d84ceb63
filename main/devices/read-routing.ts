import type { Logger } from 'pino';
import type { CardRead, CardSource } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { ReadError } from '../../native/read-error';
import type { EventBus } from '../events/bus';
import type { DeviceClaims, ReadMeta } from './claims';
import type { DeviceRuntime, DeviceSink } from './device-runtime';

export interface ReadRoutingDeps {
  claims: DeviceClaims;
  bus: EventBus;
  log: Logger;
  now: () => Date;
  /** Counts a read on the device's line of the Devices screen. */
  counted: (device: DeviceRuntime, at: string) => void;
  /** Recompute app.status (a device's state moved). */
  refresh: () => void;
}

function metaOf(device: DeviceRuntime, now: () => Date): ReadMeta {
  // Only readers and PIN pads hand in reads.
  if (device.kind === 'printer') throw new TypeError(`${device.id} is a receipt printer: it reads nothing`);
  return { deviceId: device.id, kind: device.kind, simulated: device.origin === 'training', at: now().toISOString() };
}

/**
 * Where every device's reads go (the sink each device is built with). Every read is counted and
 * logged, masked. A PIN pad's card answers whoever asked for it (readCard), so it is not routed; a
 * claimed kind goes to its owner alone; the rest to the unclaimed listeners (in full, in process)
 * and, masked, to the contract events for the Devices screen. The PIN pad's screen and answers are
 * always published.
 */
export function readRouting(d: ReadRoutingDeps): { sink: DeviceSink; shown: ShownReads } {
  const shown = shownReads(d);
  const card = (device: DeviceRuntime, read: CardRead, source: CardSource): void => {
    const meta = metaOf(device, d.now);
    d.counted(device, meta.at);
    d.log.info({ device: device.id, source, brand: read.brand, last4: read.masked().last4, simulated: meta.simulated, claimedBy: d.claims.ownerOf(device) }, 'card read');
    if (device.kind === 'pinpad' || d.claims.card(read, { ...meta, source })) return;
    shown.cardToScreen(device, read, source, meta);
  };
  const check = (device: DeviceRuntime, read: CheckRead): void => {
    const meta = metaOf(device, d.now);
    d.counted(device, meta.at);
    d.log.info({ device: device.id, routing: read.routing, last4: read.masked().accountLast4, simulated: meta.simulated, claimedBy: d.claims.ownerOf(device) }, 'check read');
    if (d.claims.check(read, meta)) return;
    d.bus.emit('check.read', { deviceId: device.id, simulated: meta.simulated, at: meta.at, check: read.masked() });
  };
  const failure = (device: DeviceRuntime, error: ReadError): void => {
    const meta = metaOf(device, d.now);
    if (error.code === 'NOISE') {
      // Line noise is not a read: worth a debug line, not a message to the cashier.
      d.log.debug({ device: device.id }, 'noise on the line ignored');
      return;
    }
    d.log.info({ device: device.id, code: error.code, claimedBy: d.claims.ownerOf(device) }, 'read failed');
    if (device.kind === 'pinpad' || d.claims.failure(error, meta)) return;
    shown.failureToScreen(device, error, meta);
  };
  const sink: DeviceSink = {
    card,
    check,
    failure,
    pinpadActivity: (device, activity, extra) => d.bus.emit('pinpad.activity', { deviceId: device.id, activity, ...extra }),
    pinpadAnswer: (device, answer) => d.bus.emit('pinpad.answer', { deviceId: device.id, answer }),
    changed: () => d.refresh(),
  };
  return { sink, shown };
}

/** Publishing a read no one claimed: to the Devices screen (masked) only, or to the unclaimed listeners too. */
export interface ShownReads {
  cardToScreen(device: DeviceRuntime, read: CardRead, source: CardSource, meta: ReadMeta): void;
  failureToScreen(device: DeviceRuntime, error: ReadError, meta: ReadMeta): void;
  /** A read nobody asked for (the simulated customer on a free PIN pad): the unclaimed listeners hear it too, then the screen. */
  card(device: DeviceRuntime, read: CardRead, source: CardSource): void;
  failure(device: DeviceRuntime, error: ReadError): void;
}

function shownReads(d: ReadRoutingDeps): ShownReads {
  const shown: ShownReads = {
    cardToScreen: (device, read, source, meta) => d.bus.emit('card.read', { deviceId: device.id, source, simulated: meta.simulated, at: meta.at, card: read.masked() }),
    failureToScreen: (device, error, meta) => d.bus.emit('device.readFailed', { deviceId: device.id, kind: device.kind, code: error.code, message: error.message, at: meta.at }),
    card(device, read, source) {
      const meta = metaOf(device, d.now);
      d.claims.unclaimed.emit('card', read, { ...meta, source });
      shown.cardToScreen(device, read, source, meta);
    },
    failure(device, error) {
      const meta = metaOf(device, d.now);
      d.claims.unclaimed.emit('readFailed', error, meta);
      shown.failureToScreen(device, error, meta);
    },
  };
  return shown;
}
