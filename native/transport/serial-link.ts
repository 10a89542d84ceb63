import { spawn, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as Serialport from 'serialport';
import type { SerialPort } from 'serialport';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import type { ConnectFailure, Connection, ConnectionSink, ReconnectOptions } from './reconnecting-link';
import { ReconnectingLink } from './reconnecting-link';

/** The part of a serialport stream the link uses; `SerialPort` and `SerialPortMock` both fit. */
export interface SerialPortLike {
  open(cb: (err: Error | null) => void): void;
  close(cb?: (err: Error | null) => void): void;
  write(data: Buffer, cb?: (err: Error | null | undefined) => void): boolean;
  drain(cb?: (err: Error | null) => void): void;
  set(options: { dtr?: boolean; rts?: boolean }, cb?: (err: Error | null) => void): void;
  on(event: 'data', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (err?: Error | null) => void): this;
  on(event: 'error', listener: (err: Error) => void): this;
  readonly isOpen: boolean;
}

export type SerialPortFactory = (path: string, baudRate: number) => SerialPortLike;

/**
 * serialport and its native binding, loaded when a port is first opened or listed: a start that
 * opens no serial device (posctl, a training lane) does not pay for them.
 */
let serialport: typeof Serialport | undefined;
const loadSerialport = (): typeof Serialport => (serialport ??= createRequire(import.meta.url)('serialport') as typeof Serialport);

export const nodeSerialPort: SerialPortFactory = (path, baudRate): SerialPort => new (loadSerialport().SerialPort)({ path, baudRate, autoOpen: false });

/** A port found by SerialPort.list(). */
export interface SerialPortInfo {
  path: string;
  vendorId?: string | undefined;
  productId?: string | undefined;
  manufacturer?: string | undefined;
  serialNumber?: string | undefined;
}

const PortList = lazySchema(() => z.array(
  z.object({
    path: z.string(),
    vendorId: z.string().optional(),
    productId: z.string().optional(),
    manufacturer: z.string().optional(),
    serialNumber: z.string().optional(),
  }),
));

/** SerialPort.list(), checked at the edge (the binding's types do not reach this project). */
export async function listSerialPorts(): Promise<SerialPortInfo[]> {
  const ports: unknown = process.platform === 'linux' ? await linuxPorts() : await loadSerialport().SerialPort.list();
  return PortList.parse(ports);
}

type Spawn = typeof spawn;

/**
 * serialport's own Linux listing (`udevadm info -e`, what SerialPort.list() runs there), answered
 * only once udevadm has exited: serialport resolves as soon as its output ends, which left the
 * child running after a scan and a stop that waited for the scan. A listing that failed kills it.
 */
async function linuxPorts(): Promise<unknown> {
  const { linuxList } = createRequire(import.meta.url)('@serialport/bindings-cpp/dist/linux-list.js') as { linuxList: (spawnCmd: Spawn) => Promise<unknown> };
  const children: ChildProcess[] = [];
  const tracked = ((command: string, args: readonly string[]) => {
    const child = spawn(command, args);
    children.push(child);
    return child;
  }) as Spawn;
  try {
    return await linuxList(tracked);
  } finally {
    await Promise.all(children.map(ended));
  }
}

/** Resolves once the child has exited (killed first if it is still running). */
function ended(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Its output has ended (or the listing failed): nothing more is read from it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    timer.unref();
    child.once('exit', () => clearTimeout(timer));
  });
}

export interface SerialLinkOptions extends ReconnectOptions {
  /** A port path (/dev/ttyUSB0, COM3); or leave it out and give `usb` to find the port by USB ids. */
  path?: string;
  /** USB vendor and product id (hex, e.g. "0801" and "0003"): the port is looked up at each connect. */
  usb?: { vendorId: string; productId: string };
  baudRate?: number;
  /** Raise DTR and RTS after opening (some readers take power or "ready" from them). Optional: ptys and some adapters refuse it. */
  modemLines?: boolean;
  factory?: SerialPortFactory;
  list?: () => Promise<SerialPortInfo[]>;
  /**
   * How often to check that the device node is still the one opened (0: never). A USB adapter's
   * node disappears on unplug, and a pseudo-terminal's link is replaced when its far end restarts;
   * the OS does not always wake a pending read for either, so the link looks for itself.
   */
  presenceCheckMs?: number;
}

interface NodeIdentity {
  ino: number;
  rdev: number;
}

async function identify(path: string): Promise<NodeIdentity | undefined> {
  try {
    const s = await stat(path);
    return { ino: s.ino, rdev: s.rdev };
  } catch {
    return undefined;
  }
}

class NotPresent extends Error {}

/** Explains an open failure to the person at the lane. */
export function classifySerialError(error: unknown, path: string): ConnectFailure {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof NotPresent || code === 'ENOENT' || /no such file|cannot find|file not found/i.test(message)) {
    return { state: 'disconnected', detail: `${path} not found (unplugged?)` };
  }
  if (code === 'EACCES' || /permission denied|access denied|access is denied/i.test(message)) {
    return {
      state: 'error',
      detail: `permission denied on ${path}: add this user to the dialout group (sudo usermod -aG dialout $USER, then log in again) or install native/linux/99-counter-pos.rules`,
    };
  }
  if (/busy|cannot lock|locked/i.test(message)) return { state: 'error', detail: `${path} is in use by another program` };
  return { state: 'error', detail: `${path}: ${message.slice(0, 160)}` };
}

/** A serial port that reopens itself after an unplug (or a pseudo-terminal's far end going away). */
export class SerialLink extends ReconnectingLink {
  readonly label: string;
  private readonly factory: SerialPortFactory;
  private readonly list: () => Promise<SerialPortInfo[]>;

  constructor(private readonly options: SerialLinkOptions) {
    super(options);
    if (!options.path && !options.usb) throw new RangeError('a serial link needs a path or USB ids');
    this.label = options.path ?? `USB ${options.usb?.vendorId}:${options.usb?.productId}`;
    this.factory = options.factory ?? nodeSerialPort;
    this.list = options.list ?? listSerialPorts;
  }

  private async resolvePath(): Promise<string> {
    if (this.options.path) return this.options.path;
    const usb = this.options.usb;
    const ports = await this.list();
    const match = ports.find((p) => p.vendorId?.toLowerCase() === usb?.vendorId.toLowerCase() && p.productId?.toLowerCase() === usb?.productId.toLowerCase());
    if (!match) throw new NotPresent('no port with these USB ids');
    return match.path;
  }

  protected classify(error: unknown): ConnectFailure {
    return classifySerialError(error, this.label);
  }

  protected async connect(sink: ConnectionSink): Promise<Connection> {
    const path = await this.resolvePath();
    const port = this.factory(path, this.options.baudRate ?? 9600);
    await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
    let gone = false;
    let watchdog: ReturnType<typeof setInterval> | undefined;
    const lost = (reason: string): void => {
      if (gone) return;
      gone = true;
      clearInterval(watchdog);
      if (port.isOpen) port.close(() => undefined);
      sink.lost(reason);
    };
    port.on('data', (d) => sink.data(d));
    port.on('close', (err) => lost(err ? 'disconnected' : 'closed'));
    port.on('error', (err) => lost(err.message));
    // COM ports have no device node to look at.
    const every = this.options.presenceCheckMs ?? 500;
    const opened = every > 0 && process.platform !== 'win32' ? await identify(path) : undefined;
    if (opened) {
      watchdog = setInterval(() => {
        void identify(path).then((now) => {
          if (!now) lost('device went away');
          else if (now.ino !== opened.ino || now.rdev !== opened.rdev) lost('device was replaced');
        });
      }, every);
    }
    if (this.options.modemLines) {
      // Modem lines are optional: a pty or a three-wire adapter answers "Inappropriate ioctl".
      port.set({ dtr: true, rts: true }, () => undefined);
    }
    return {
      write: (bytes) =>
        new Promise<void>((resolve, reject) => {
          port.write(Buffer.from(bytes), (err) => (err ? reject(err) : port.drain((e) => (e ? reject(e) : resolve()))));
        }),
      close: () =>
        new Promise<void>((resolve) => {
          gone = true;
          clearInterval(watchdog);
          if (!port.isOpen) return resolve();
          port.close(() => resolve());
        }),
    };
  }
}
