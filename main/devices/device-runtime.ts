import type { DeviceKind, DeviceState, DeviceTransport } from '../../preload/contract';
import type { CardRead, CardSource } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import type { PadActivity, PadAnswer } from '../../native/pinpad/client';
import type { ReadError } from '../../native/read-error';
import type { LinkStatus } from '../../native/transport/link';

export type DeviceOrigin = 'settings' | 'detected' | 'training';

export interface DeviceDescriptor {
  readonly id: string;
  readonly name: string;
  readonly kind: DeviceKind;
  readonly transport: DeviceTransport;
  readonly address?: string;
  readonly origin: DeviceOrigin;
}

export interface DeviceHealth {
  state: DeviceState;
  detail?: string;
}

/** Where a device's results go: the device manager, which counts, logs and publishes them. */
export interface DeviceSink {
  card(device: DeviceRuntime, card: CardRead, source: CardSource): void;
  check(device: DeviceRuntime, check: CheckRead): void;
  failure(device: DeviceRuntime, error: ReadError): void;
  pinpadActivity(device: DeviceRuntime, activity: PadActivity, extra: { amountCents?: number; prompt?: string }): void;
  pinpadAnswer(device: DeviceRuntime, answer: PadAnswer): void;
  /** The device's health changed. */
  changed(device: DeviceRuntime): void;
}

/** One device the manager runs: a configured reader, a detected one, or a training simulator. */
export interface DeviceRuntime extends DeviceDescriptor {
  health(): DeviceHealth;
  start(): void;
  stop(): Promise<void>;
  /** Checks the link (and for a PIN pad, a status round trip). */
  checkLink(): Promise<{ ok: boolean; detail: string }>;
}

/**
 * Who a device is, as every device class holds it: its descriptor's fields. A class that is always
 * one kind (a PIN pad, a printer) or one transport (a wedge) names it in its type parameters and
 * passes it to the constructor.
 */
export abstract class DeviceIdentity<K extends DeviceKind = DeviceKind, T extends DeviceTransport = DeviceTransport> {
  readonly id: string;
  readonly name: string;
  readonly kind: K;
  readonly transport: T;
  readonly address: string | undefined;
  readonly origin: DeviceOrigin;

  protected constructor(descriptor: DeviceDescriptor & { kind: K; transport: T }) {
    ({ id: this.id, name: this.name, kind: this.kind, transport: this.transport, address: this.address, origin: this.origin } = descriptor);
  }
}

export function healthOf(status: LinkStatus): DeviceHealth {
  switch (status.state) {
    case 'connected':
      return { state: 'connected', detail: status.detail };
    case 'connecting':
      return { state: 'connecting', detail: status.detail };
    case 'error':
      return { state: 'error', detail: status.detail };
    case 'disconnected':
    case 'closed':
      return { state: 'disconnected', detail: status.detail };
  }
}
