import type { ConnectFailure, Connection, ConnectionSink, ReconnectOptions } from './reconnecting-link';
import { ReconnectingLink } from './reconnecting-link';
import { hex4 } from '../discovery/known-devices';

export interface HidDeviceInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  usagePage?: number | undefined;
  product?: string | undefined;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
}

/** An open HID device: input reports arrive as `data`; an unplug surfaces as `error`. */
export interface HidHandle {
  on(event: 'data', listener: (report: Buffer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(): Promise<void> | void;
}

/** Where HID devices come from: node-hid in the app, a fake that emits report buffers in tests. */
export interface HidBackend {
  devices(): Promise<HidDeviceInfo[]>;
  open(path: string): Promise<HidHandle>;
}

interface NodeHidModule {
  devicesAsync(): Promise<HidDeviceInfo[]>;
  HIDAsync: { open(path: string): Promise<HidHandle> };
}

/** node-hid, loaded on first use so a missing native build reports a clear error instead of stopping the app. */
export function nodeHidBackend(): HidBackend {
  let mod: Promise<NodeHidModule> | undefined;
  const load = (): Promise<NodeHidModule> => (mod ??= import('node-hid') as unknown as Promise<NodeHidModule>);
  return {
    devices: async () => (await load()).devicesAsync(),
    open: async (path) => (await load()).HIDAsync.open(path),
  };
}

export interface HidLinkOptions extends ReconnectOptions {
  backend: HidBackend;
  vendorId: number;
  productId: number;
  /** A specific device path (when two identical readers are plugged); otherwise the first match. */
  path?: string;
  /** Vendor usage page of the swipe interface (MagTek: 0xFF00); devices reporting another page are skipped. */
  usagePage?: number;
}

class NotPresent extends Error {}

/** A USB HID reader that is found again by vendor/product id after an unplug. */
export class HidLink extends ReconnectingLink {
  readonly label: string;

  constructor(private readonly options: HidLinkOptions) {
    super(options);
    this.label = `HID ${hex4(options.vendorId)}:${hex4(options.productId)}`;
  }

  protected classify(error: unknown): ConnectFailure {
    if (error instanceof NotPresent) return { state: 'disconnected', detail: `${this.label} not plugged in` };
    const message = error instanceof Error ? error.message : String(error);
    if (/permission|access denied|cannot open device/i.test(message)) {
      return { state: 'error', detail: `cannot open ${this.label}: install native/linux/99-counter-pos.rules (udev) and replug the reader` };
    }
    return { state: 'error', detail: `${this.label}: ${message.slice(0, 160)}` };
  }

  protected async connect(sink: ConnectionSink): Promise<Connection> {
    const o = this.options;
    const found = (await o.backend.devices()).find(
      (d) =>
        d.vendorId === o.vendorId &&
        d.productId === o.productId &&
        (o.path === undefined || d.path === o.path) &&
        (o.usagePage === undefined || d.usagePage === undefined || d.usagePage === o.usagePage),
    );
    if (!found?.path) throw new NotPresent();
    const handle = await o.backend.open(found.path);
    let gone = false;
    handle.on('data', (report) => sink.data(report));
    handle.on('error', (e) => {
      if (gone) return;
      gone = true;
      sink.lost(e.message || 'device error');
      void Promise.resolve(handle.close()).catch(() => undefined);
    });
    return {
      // Swipe readers take commands as feature reports; nothing here writes input reports.
      write: () => Promise.reject(new Error('writing to a HID reader is not supported')),
      close: async () => {
        gone = true;
        await handle.close();
      },
    };
  }
}
