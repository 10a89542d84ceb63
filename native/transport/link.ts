import type { EventEmitter } from 'node:events';

/**
 * A byte link to one device: serial port, HID device, or an in-process pair for simulators.
 * Links open themselves again after an unplug, with backoff, and report every state change.
 */
export type LinkState = 'connecting' | 'connected' | 'disconnected' | 'error' | 'closed';

export interface LinkStatus {
  readonly state: LinkState;
  /** Plain words for a technician ("permission denied on /dev/ttyUSB0: …"). Never device data. */
  readonly detail: string;
}

export interface LinkEvents {
  data: [Buffer];
  status: [LinkStatus];
}

export class LinkError extends Error {
  override name = 'LinkError';
  constructor(
    readonly code: 'NOT_CONNECTED' | 'WRITE_FAILED',
    message: string,
  ) {
    super(message);
  }
}

export interface ByteLink extends EventEmitter<LinkEvents> {
  readonly status: LinkStatus;
  /** Starts connecting (and keeps reconnecting until close). */
  open(): void;
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
