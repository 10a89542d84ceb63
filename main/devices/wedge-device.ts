import type { CardRead } from '../../native/card/card-read';
import type { ReadError } from '../../native/read-error';
import { DeviceIdentity, type DeviceDescriptor, type DeviceHealth, type DeviceRuntime, type DeviceSink } from './device-runtime';

export const WEDGE_NEEDS_APP =
  'keyboard-wedge readers work only in the desktop app: in a browser the swipe would type into the page. Use the desktop app, or switch the reader to serial or HID mode.';

/**
 * A keyboard-wedge reader. It has no link of its own: the desktop app's window captures its keys
 * (main/electron/wedge-capture.ts) and hands decoded swipes here.
 */
export class WedgeDevice extends DeviceIdentity<'msr', 'wedge'> implements DeviceRuntime {
  constructor(
    descriptor: Pick<DeviceDescriptor, 'id' | 'name' | 'origin'>,
    private readonly sink: DeviceSink,
    private readonly captureActive: () => boolean,
  ) {
    super({ ...descriptor, kind: 'msr', transport: 'wedge', address: 'keyboard' });
  }

  health(): DeviceHealth {
    return this.captureActive() ? { state: 'connected', detail: 'listening for swipes in the app window' } : { state: 'error', detail: WEDGE_NEEDS_APP };
  }

  start(): void {}

  async stop(): Promise<void> {}

  async checkLink(): Promise<{ ok: boolean; detail: string }> {
    const h = this.health();
    return { ok: h.state === 'connected', detail: h.detail ?? h.state };
  }

  accept(result: { card: CardRead } | { error: ReadError }): void {
    if ('card' in result) this.sink.card(this, result.card, 'wedge');
    else this.sink.failure(this, result.error);
  }
}
