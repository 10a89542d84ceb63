import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { ConnectFailure, Connection, ConnectionSink, ReconnectOptions } from './reconnecting-link';
import { ReconnectingLink } from './reconnecting-link';

/**
 * A USB printer-class device as Linux's usblp driver shows it: a character device file
 * (/dev/usb/lp0) that takes the printer's bytes. Write only: the file says nothing about paper or
 * cover, so the link can report only present (connected) or gone (unplugged). Windows and macOS
 * have no such file; there a USB receipt printer is reached through the virtual COM port its
 * vendor's driver creates (transport serial) or through the system printer.
 */
export interface UsbPrinterLinkOptions extends ReconnectOptions {
  path: string;
  /** How often to check the device file is still the one opened (default 500 ms; 0: never). */
  presenceCheckMs?: number;
  /** The platform, for tests (default process.platform). */
  platform?: NodeJS.Platform;
}

class NotPresent extends Error {}
class NotADevice extends Error {}
class WrongPlatform extends Error {}

export function classifyUsbPrinterError(error: unknown, path: string): ConnectFailure {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof WrongPlatform) return { state: 'error', detail: error.message };
  if (error instanceof NotADevice) return { state: 'error', detail: `${path} is not a printer device file (expected a character device such as /dev/usb/lp0)` };
  if (error instanceof NotPresent || code === 'ENOENT' || code === 'ENODEV' || code === 'ENXIO') return { state: 'disconnected', detail: `${path} not found (unplugged or switched off?)` };
  if (code === 'EACCES' || code === 'EPERM') {
    return { state: 'error', detail: `permission denied on ${path}: add this user to the lp group (sudo usermod -aG lp $USER, then log in again)` };
  }
  if (code === 'EBUSY') return { state: 'error', detail: `${path} is in use by another program (a print spooler such as CUPS?)` };
  const message = error instanceof Error ? error.message : String(error);
  return { state: 'error', detail: `${path}: ${message.slice(0, 160)}` };
}

export class UsbPrinterLink extends ReconnectingLink {
  readonly label: string;

  constructor(private readonly options: UsbPrinterLinkOptions) {
    super(options);
    this.label = options.path;
  }

  protected classify(error: unknown): ConnectFailure {
    return classifyUsbPrinterError(error, this.label);
  }

  protected async connect(sink: ConnectionSink): Promise<Connection> {
    const platform = this.options.platform ?? process.platform;
    if (platform !== 'linux') {
      throw new WrongPlatform(`USB printer device files exist on Linux only: on this system use the printer's virtual COM port (transport serial) or the system printer (receipts.printer system)`);
    }
    const path = this.options.path;
    const before = await stat(path).catch((e: unknown) => {
      throw (e as { code?: unknown }).code === 'ENOENT' ? new NotPresent() : e;
    });
    if (!before.isCharacterDevice()) throw new NotADevice();
    // Write only, and never O_CREAT: a missing device must not become a regular file in /dev.
    const handle: FileHandle = await open(path, constants.O_WRONLY | constants.O_NOCTTY);
    let gone = false;
    let watchdog: ReturnType<typeof setInterval> | undefined;
    const lost = (reason: string): void => {
      if (gone) return;
      gone = true;
      clearInterval(watchdog);
      void handle.close().catch(() => undefined);
      sink.lost(reason);
    };
    const every = this.options.presenceCheckMs ?? 500;
    if (every > 0) {
      watchdog = setInterval(() => {
        void stat(path).then(
          (now) => {
            if (now.ino !== before.ino || now.rdev !== before.rdev) lost('device was replaced');
          },
          () => lost('device went away'),
        );
      }, every);
    }
    return {
      write: async (bytes) => {
        try {
          // The driver returns once the printer took the bytes: this is the drain.
          let done = 0;
          while (done < bytes.length) {
            const { bytesWritten } = await handle.write(bytes, done, bytes.length - done);
            done += bytesWritten;
          }
        } catch (e) {
          const code = (e as { code?: unknown }).code;
          if (code === 'ENODEV' || code === 'EIO' || code === 'ENOENT') lost('device went away');
          throw e;
        }
      },
      close: async () => {
        gone = true;
        clearInterval(watchdog);
        await handle.close().catch(() => undefined);
      },
    };
  }
}
