import type { HidDeviceInfo } from '../transport/hid-link';
import type { SerialPortInfo } from '../transport/serial-link';
import { hex4, matchKnown, type KnownKind } from './known-devices';

/** A device found on the machine, whether or not the terminal is configured to use it. */
export interface DiscoveredDevice {
  transport: 'serial' | 'hid' | 'wedge';
  /** Serial port path or HID path. */
  path: string;
  /** "0801:0002" */
  usb: string | undefined;
  vendor: string | undefined;
  model: string | undefined;
  kind: KnownKind | undefined;
  /** Whether the ids are in the table of known payment devices. */
  known: boolean;
}

export interface DiscoverySources {
  serial(): Promise<SerialPortInfo[]>;
  hid(): Promise<HidDeviceInfo[]>;
}

/**
 * Lists serial ports and HID devices and names the payment devices among them. Either source may
 * fail (no HID library, no permission): what the other found is still returned.
 */
export async function discoverDevices(sources: DiscoverySources): Promise<{ devices: DiscoveredDevice[]; problems: string[] }> {
  const problems: string[] = [];
  const devices: DiscoveredDevice[] = [];
  const [serial, hid] = await Promise.allSettled([sources.serial(), sources.hid()]);
  if (serial.status === 'fulfilled') {
    for (const p of serial.value) {
      const vid = p.vendorId ? parseInt(p.vendorId, 16) : NaN;
      const pid = p.productId ? parseInt(p.productId, 16) : NaN;
      const known = Number.isNaN(vid) ? undefined : matchKnown(vid, Number.isNaN(pid) ? -1 : pid, 'serial');
      devices.push({
        transport: 'serial',
        path: p.path,
        usb: Number.isNaN(vid) || Number.isNaN(pid) ? undefined : `${hex4(vid)}:${hex4(pid)}`,
        vendor: known?.vendor ?? p.manufacturer,
        model: known?.model,
        kind: known?.kind,
        known: known !== undefined,
      });
    }
  } else problems.push(`serial ports could not be listed: ${reason(serial.reason)}`);
  if (hid.status === 'fulfilled') {
    const seen = new Set<string>();
    for (const d of hid.value) {
      const known = matchKnown(d.vendorId, d.productId, 'hid');
      // Only payment devices: every keyboard and mouse is a HID device too.
      if (!known || !d.path || seen.has(d.path)) continue;
      seen.add(d.path);
      devices.push({
        transport: known.transport,
        path: d.path,
        usb: `${hex4(d.vendorId)}:${hex4(d.productId)}`,
        vendor: known.vendor,
        model: known.model,
        kind: known.kind,
        known: true,
      });
    }
  } else problems.push(`HID devices could not be listed: ${reason(hid.reason)}`);
  return { devices, problems };
}

function reason(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 160);
}
