import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { SwipeDecoder } from '../../../native/protocol/swipe-decoder';
import type { CardRead } from '../../../native/card/card-read';
import { MagtekHidDecoder } from '../../../native/protocol/magtek-hid';
import { StreamReader } from '../../../native/readers/stream-reader';
import { msrHidReport, msrSerialBytes } from '../../../native/sim/msr-sim';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { Backoff } from '../../../native/transport/backoff';
import { HidLink, type HidBackend, type HidDeviceInfo, type HidHandle } from '../../../native/transport/hid-link';
import type { LinkState } from '../../../native/transport/link';
import { memoryLinkPair } from '../../../native/transport/memory-link';
import { classifySerialError, SerialLink, type SerialPortLike } from '../../../native/transport/serial-link';

/** Serial ports as the OS shows them: tests plug and unplug paths and push bytes from the device. */
class FakeSerial {
  present = new Set<string>();
  ports: FakePort[] = [];
  factory = (path: string): SerialPortLike => {
    const port = new FakePort(path, this);
    this.ports.push(port);
    return port;
  };
  last(): FakePort | undefined {
    return this.ports.at(-1);
  }
}

class FakePort extends EventEmitter implements SerialPortLike {
  isOpen = false;
  written = '';
  constructor(
    readonly path: string,
    private readonly os: FakeSerial,
  ) {
    super();
  }
  open(cb: (err: Error | null) => void) {
    setImmediate(() => {
      if (!this.os.present.has(this.path)) return cb(new Error(`Error: No such file or directory, cannot open ${this.path}`));
      this.isOpen = true;
      cb(null);
    });
  }
  close(cb?: (err: Error | null) => void) {
    this.isOpen = false;
    cb?.(null);
  }
  write(data: Buffer, cb?: (err: Error | null | undefined) => void) {
    this.written += data.toString();
    cb?.(null);
    return true;
  }
  drain(cb?: (err: Error | null) => void) {
    cb?.(null);
  }
  set(_o: object, cb?: (err: Error | null) => void) {
    cb?.(new Error('Inappropriate ioctl for device'));
  }
  unplug() {
    this.os.present.delete(this.path);
    this.isOpen = false;
    this.emit('close', new Error('disconnected'));
  }
}

function states(link: { on(e: 'status', l: (s: { state: LinkState }) => void): unknown }): LinkState[] {
  const seen: LinkState[] = [];
  link.on('status', (s) => seen.push(s.state));
  return seen;
}

describe('backoff', () => {
  it('doubles up to the cap and starts over after a success', () => {
    const b = new Backoff(100, 1000);
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([100, 200, 400, 800, 1000, 1000]);
    b.reset();
    expect(b.next()).toBe(100);
  });
});

describe('serial link (fake ports)', () => {
  it('opens, delivers bytes, writes, and reopens after an unplug', async () => {
    const os = new FakeSerial();
    os.present.add('/dev/fake0');
    const link = new SerialLink({ path: '/dev/fake0', factory: os.factory, initialBackoffMs: 5, maxBackoffMs: 20, modemLines: true });
    const seen = states(link);
    const data: string[] = [];
    link.on('data', (d) => data.push(d.toString()));
    link.open();
    await vi.waitFor(() => expect(link.status.state).toBe('connected'));
    os.last()?.emit('data', Buffer.from('hello'));
    expect(data.join('')).toBe('hello');
    await link.write(Buffer.from('ping'));
    expect(os.last()?.written).toBe('ping');

    // Unplug: the port disappears, the link retries until it is back.
    os.last()?.unplug();
    expect(link.status.state).toBe('disconnected');
    await expect(link.write(Buffer.from('x'))).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
    // A retry while the port is absent reports it, and the link stays down.
    await vi.waitFor(() => expect(link.status.detail).toContain('not found'));
    expect(link.status.state).toBe('disconnected');
    os.present.add('/dev/fake0');
    await vi.waitFor(() => expect(link.status.state).toBe('connected'));
    expect(os.ports.length).toBeGreaterThanOrEqual(3);
    await link.close();
    expect(seen[0]).toBe('connecting');
    expect(seen).toContain('disconnected');
    expect(seen.at(-1)).toBe('closed');
  });

  it('finds a port by USB ids at each connect', async () => {
    const os = new FakeSerial();
    os.present.add('/dev/fake7');
    const link = new SerialLink({
      usb: { vendorId: '0B00', productId: '0061' },
      factory: os.factory,
      list: async () => [{ path: '/dev/fake7', vendorId: '0b00', productId: '0061' }],
    });
    link.open();
    await vi.waitFor(() => expect(link.status.state).toBe('connected'));
    await link.close();
    expect(os.last()?.path).toBe('/dev/fake7');
    const absent = new SerialLink({ usb: { vendorId: '0b00', productId: '0061' }, factory: os.factory, list: async () => [] });
    absent.open();
    await vi.waitFor(() => expect(absent.status.detail).toContain('not found'));
    expect(absent.status.state).toBe('disconnected');
    await absent.close();
  });

  it('explains permission and missing-port failures', () => {
    const denied = classifySerialError(new Error('Error: Permission denied, cannot open /dev/ttyUSB0'), '/dev/ttyUSB0');
    expect(denied.state).toBe('error');
    expect(denied.detail).toMatch(/permission denied on \/dev\/ttyUSB0.*dialout/);
    expect(classifySerialError(Object.assign(new Error('open failed'), { code: 'EACCES' }), 'COM3').detail).toContain('dialout');
    expect(classifySerialError(new Error('Error: No such file or directory, cannot open /dev/ttyUSB9'), '/dev/ttyUSB9')).toMatchObject({ state: 'disconnected' });
    expect(classifySerialError(new Error('Error Resource temporarily unavailable Cannot lock port'), 'COM3').detail).toContain('in use');
  });
});

/** A fake HID backend: tests plug and unplug devices and push input reports. */
class FakeHid implements HidBackend {
  plugged: HidDeviceInfo[] = [];
  handles: Array<EventEmitter & HidHandle> = [];
  async devices() {
    return [...this.plugged];
  }
  async open(path: string) {
    if (!this.plugged.some((d) => d.path === path)) throw new Error('cannot open device with path ' + path);
    const h = Object.assign(new EventEmitter(), { close: vi.fn() });
    this.handles.push(h);
    return h;
  }
  report(bytes: Buffer) {
    this.handles.at(-1)?.emit('data', bytes);
  }
  unplug() {
    this.plugged = [];
    this.handles.at(-1)?.emit('error', new Error('could not read from HID device'));
  }
}

describe('HID link with a fake device', () => {
  it('reads swipe reports, survives an unplug and finds the reader again', async () => {
    const hid = new FakeHid();
    const reader = { vendorId: 0x0801, productId: 0x0002, path: '/dev/hidraw3', usagePage: 0xff00 };
    hid.plugged = [{ vendorId: 0x046d, productId: 0xc31c, path: '/dev/hidraw0' }, reader];
    const link = new HidLink({ backend: hid, vendorId: 0x0801, productId: 0x0002, usagePage: 0xff00, initialBackoffMs: 5, maxBackoffMs: 10 });
    const r = new StreamReader<CardRead>(link, new MagtekHidDecoder());
    const cards: string[] = [];
    r.on('read', (c) => cards.push(c.masked().masked));
    r.start();
    await vi.waitFor(() => expect(link.status.state).toBe('connected'));
    hid.report(msrHidReport(SAMPLE_CARDS.visa));
    expect(cards).toEqual(['411111******1111']);
    hid.unplug();
    expect(link.status.state).toBe('disconnected');
    await vi.waitFor(() => expect(link.status.detail).toContain('not plugged in'));
    expect(link.status.state).toBe('disconnected');
    hid.plugged = [reader];
    await vi.waitFor(() => expect(link.status.state).toBe('connected'));
    hid.report(msrHidReport(SAMPLE_CARDS.discover));
    expect(cards).toEqual(['411111******1111', '601100******9424']);
    await r.stop();
  });
});

describe('stream reader', () => {
  it('decodes what the link delivers and starts clean after a drop', async () => {
    const [device, host] = memoryLinkPair();
    const reader = new StreamReader<CardRead>(host, new SwipeDecoder());
    const got: string[] = [];
    const failures: string[] = [];
    reader.on('read', (c) => got.push(c.masked().last4));
    reader.on('failure', (e) => failures.push(e.code));
    const bytes = msrSerialBytes(SAMPLE_CARDS.visa);
    await device.write(bytes.subarray(0, 10));
    await new Promise((res) => setImmediate(res));
    host.emit('status', { state: 'disconnected', detail: 'test' });
    await device.write(bytes);
    await vi.waitFor(() => expect(got).toEqual(['1111']));
    expect(failures).toEqual(['TRUNCATED']);
    await reader.stop();
    await expect(device.write(bytes)).rejects.toMatchObject({ code: 'NOT_CONNECTED' });
  });
});
