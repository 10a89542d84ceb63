import type { Logger } from 'pino';
import type { TrainingPadInput, TrainingPadState } from '../../preload/contract';
import type { PinpadSimulator } from '../../native/sim/pinpad-sim';
import type { ByteLink } from '../../native/transport/link';
import type { DeviceDescriptor, DeviceSink } from './device-runtime';
import { PinpadDevice, type PinpadDeviceOptions } from './pinpad-device';

const KEYS = { yes: 'Y', no: 'N' } as const;

/**
 * The customer's side of the training PIN pad, played by a trainee: what the pad shows, and its
 * keys. While at least one page plays the customer (its Training panel open), the pad's
 * questions wait for a key; with nobody there they are answered yes at once, as tests, posctl
 * and a trainee who never opened the panel expect. Pages are named by their connection.
 */
export class PadCustomer {
  private readonly pages = new Set<string>();

  constructor(
    private readonly pad: PinpadSimulator,
    private readonly deviceId: string,
  ) {}

  /** True while a page plays the customer. */
  get played(): boolean {
    return this.pages.size > 0;
  }

  state(): TrainingPadState {
    const s = this.pad.screen();
    return {
      deviceId: this.deviceId,
      online: s.online,
      display: s.display.slice(0, 40),
      amountCents: s.amountCents ?? null,
      waitingFor: s.waitingFor ?? 'nothing',
      customer: this.played ? 'trainee' : 'automatic',
    };
  }

  /** One call of `devices.trainingPad` from `page`. A key with nothing to answer does nothing, as on a real pad. */
  act(input: TrainingPadInput, page: string): TrainingPadState {
    if (input.action === 'customer') {
      if (input.by === 'trainee') this.pages.add(page);
      else this.leave(page);
    } else if (input.action === 'press') {
      if (input.key === 'cancel') this.pad.customerCancel();
      else this.pad.customerKey(KEYS[input.key]);
    }
    return this.state();
  }

  /**
   * The page no longer plays the customer (its panel closed, or the page went away). A question
   * left waiting for it is answered as with nobody there, so a sale is never left hanging.
   */
  leave(page: string): void {
    this.pages.delete(page);
    if (!this.played) this.pad.customerKey();
  }
}

/** The training rig's PIN pad: the real counter-side device, with the simulated customer at the far end of its link. */
export class TrainingPinpadDevice extends PinpadDevice {
  constructor(
    descriptor: DeviceDescriptor,
    link: ByteLink,
    sink: DeviceSink,
    log: Logger,
    options: PinpadDeviceOptions,
    readonly customer: PadCustomer,
  ) {
    super(descriptor, link, sink, log, options);
  }
}
