import { EventEmitter } from 'node:events';
import type { HidBackend, HidDeviceInfo, HidHandle } from '../transport/hid-link';

/**
 * A HID backend with one simulated reader plugged in: `report()` delivers an input report as the
 * device would. Training mode and tests put it behind the real HID link and decoder.
 */
export class SimulatedHid implements HidBackend {
  private handle: (EventEmitter & HidHandle) | undefined;
  plugged = true;

  constructor(readonly info: HidDeviceInfo = { vendorId: 0x0801, productId: 0x0002, path: 'sim:hid', usagePage: 0xff00, product: 'Simulated swipe reader' }) {}

  async devices(): Promise<HidDeviceInfo[]> {
    return this.plugged ? [this.info] : [];
  }

  async open(path: string): Promise<HidHandle> {
    if (!this.plugged || path !== this.info.path) throw new Error(`cannot open device with path ${path}`);
    const handle = Object.assign(new EventEmitter(), {
      close: () => {
        if (this.handle === handle) this.handle = undefined;
      },
    });
    this.handle = handle;
    return handle;
  }

  /** Delivers one input report; false when no link has the device open. */
  report(bytes: Buffer): boolean {
    if (!this.handle) return false;
    this.handle.emit('data', bytes);
    return true;
  }

  unplug(): void {
    this.plugged = false;
    this.handle?.emit('error', new Error('could not read from HID device'));
  }
}
