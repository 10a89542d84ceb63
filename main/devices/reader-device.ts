import type { CardRead, CardSource } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { StreamReader } from '../../native/readers/stream-reader';
import { DeviceIdentity, healthOf, type DeviceDescriptor, type DeviceHealth, type DeviceRuntime, type DeviceSink } from './device-runtime';

/** A swipe reader (serial or HID) or a MICR reader: a link, a decoder, and the sink for what they read. */
export class ReaderDevice extends DeviceIdentity implements DeviceRuntime {
  constructor(
    descriptor: DeviceDescriptor,
    private readonly reader: StreamReader<CardRead> | StreamReader<CheckRead>,
    sink: DeviceSink,
    source: CardSource = 'msr',
  ) {
    super(descriptor);
    if (descriptor.kind === 'micr') (reader as StreamReader<CheckRead>).on('read', (check) => sink.check(this, check));
    else (reader as StreamReader<CardRead>).on('read', (card) => sink.card(this, card, source));
    reader.on('failure', (error) => sink.failure(this, error));
    reader.on('status', () => sink.changed(this));
  }

  health(): DeviceHealth {
    return healthOf(this.reader.status);
  }

  start(): void {
    this.reader.start();
  }

  stop(): Promise<void> {
    return this.reader.stop();
  }

  async checkLink(): Promise<{ ok: boolean; detail: string }> {
    const h = this.health();
    return h.state === 'connected'
      ? { ok: true, detail: `link open (${this.address ?? this.transport})` }
      : { ok: false, detail: h.detail ?? h.state };
  }
}
