import type { Logger } from 'pino';
import type { DeviceInfo, DeviceList, DeviceStatus, DeviceTestResult, Mode, SimCard, SimCheck, SimVia } from '../../preload/contract';
import type { CardRead } from '../../native/card/card-read';
import { discoverDevices, type DiscoveredDevice as FoundDevice } from '../../native/discovery/discover';
import type { ReadError } from '../../native/read-error';
import { SAMPLE_CARDS, SAMPLE_CHECKS } from '../../native/sim/sample-cards';
import { nodeHidBackend, type HidBackend } from '../../native/transport/hid-link';
import { listSerialPorts, type SerialPortFactory, type SerialPortInfo } from '../../native/transport/serial-link';
import { PosError } from '../api/errors';
import type { DeviceConfig } from '../config/settings/devices';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import type { Service } from '../service';
import { addressOf, buildDevice, type DeviceEnvironment } from './build-device';
import type { DeviceRuntime, DeviceSink } from './device-runtime';
import { DeviceTests } from './device-test';
import { readRouting, type ShownReads } from './read-routing';
import { PinpadDevice } from './pinpad-device';
import { PrinterDevice } from './printer-device';
import { testPageLines } from './printer-test-page';
import { DeviceClaims } from './claims';
import { TrainingRig } from './training-rig';
import { WedgeDevice } from './wedge-device';


export interface DeviceManagerOptions {
  settings: SettingsStore;
  bus: EventBus;
  log: Logger;
  mode: () => Mode;
  /** Recompute app.status (emits status.changed when it moved). */
  refresh: () => void;
  now?: () => Date;
  hid?: HidBackend;
  serialFactory?: SerialPortFactory;
  serialList?: () => Promise<SerialPortInfo[]>;
  reconnect?: { initialBackoffMs?: number; maxBackoffMs?: number };
}

/** What the desktop app's key capture hands decoded wedge swipes to. */
export interface WedgeSink {
  maxGapMs(): number;
  accept(result: { card: CardRead } | { error: ReadError }): void;
}

/**
 * How long the simulated customer's swipe on a held pad waits for the sale's card request: it
 * comes within milliseconds over the in-process link, or the sale is not asking the pad for a card.
 */
const PAD_ASK_WAIT_MS = 2000;

interface Running {
  runtime: DeviceRuntime;
  key: string;
  reads: number;
  lastReadAt?: string;
}

/**
 * The device registry service: builds devices from the `devices.*` settings (and, in training
 * mode, the simulators), keeps them connected, finds known readers that get plugged in, and hands
 * what they read to `claims` (devices/claims.ts: the owner of a claim, a sale, or the unclaimed
 * listeners); an unclaimed read is also published, masked, as `card.read`, `check.read` and
 * `device.readFailed` for the Devices screen. `pinpad.*` is always published.
 */
export class DeviceManager implements Service {
  readonly name = 'devices';
  private readonly running = new Map<string, Running>();
  private rig: TrainingRig | undefined;
  private found: FoundDevice[] = [];
  private problems: string[] = [];
  private scanned = false;
  private scanning: Promise<void> | undefined;
  private scanTimer: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private wedgeCapture = false;
  private unsubscribe: (() => void) | undefined;
  private readonly env: DeviceEnvironment;
  private readonly now: () => Date;
  private readonly sink: DeviceSink;
  private readonly shown: ShownReads;
  /** Who holds each device: reads, PIN pad, printer, test waits (one job on a printer at a time, so two receipts never interleave). */
  readonly claims: DeviceClaims;
  private readonly tests: DeviceTests;

  constructor(private readonly deps: DeviceManagerOptions) {
    this.now = deps.now ?? (() => new Date());
    this.env = {
      hid: deps.hid ?? nodeHidBackend(),
      now: this.now,
      log: deps.log,
      pinpad: { ackTimeoutMs: deps.settings.get('devices.pinpad.ackTimeoutMs'), maxAttempts: deps.settings.get('devices.pinpad.maxAttempts') },
      wedgeCaptureActive: () => this.wedgeCapture,
      ...(deps.serialFactory ? { serialFactory: deps.serialFactory } : {}),
      ...(deps.serialList ? { serialList: deps.serialList } : {}),
      ...(deps.reconnect ? { reconnect: deps.reconnect } : {}),
    };
    this.claims = new DeviceClaims(
      { pinpad: (id) => this.pinpad(id), printerFor: (id) => this.printerFor(id) },
      (err, owner, handler) => this.deps.log.error({ err, owner, handler }, 'a read claim handler threw; the read is still counted'),
      (err, event) => this.deps.log.error({ err, event }, 'a device event listener threw; the others still ran'),
    );
    this.tests = new DeviceTests(this.claims);
    const routing = readRouting({ claims: this.claims, bus: deps.bus, log: deps.log, now: this.now, counted: (device, at) => this.counted(device, at), refresh: deps.refresh });
    this.sink = routing.sink;
    this.shown = routing.shown;
  }

  async start(): Promise<void> {
    this.started = true;
    this.unsubscribe = this.deps.settings.onChange(() => this.reconcile());
    this.reconcile();
    const every = this.deps.settings.get('devices.scanIntervalMs');
    if (every > 0) {
      this.scanTimer = setInterval(() => void this.scan(), every);
      this.scanTimer.unref();
    }
  }

  /**
   * The first look for plugged-in readers, right after start(): a service of its own, so a start
   * that answers first (core StartOptions.defer, the headless start) lists the ports after its
   * address is out. Listing loads the serial and HID modules and runs udevadm: some 10 ms of a
   * start here (issue 23). It is not awaited, as the periodic scans are not; devices.list waits for it.
   */
  readonly firstScan: Service = {
    name: 'devices.firstScan',
    start: async () => {
      if (this.started && this.deps.settings.get('devices.scanIntervalMs') > 0) void this.scan();
    },
    stop: async () => undefined,
  };

  async stop(): Promise<void> {
    this.started = false;
    this.unsubscribe?.();
    clearInterval(this.scanTimer);
    await this.scanning;
    const all = [...this.running.values()].map((r) => r.runtime.stop());
    this.running.clear();
    if (this.rig) all.push(this.rig.stop());
    this.rig = undefined;
    await Promise.allSettled(all);
  }

  /** The lane's devices for app.status: configured and detected ones (simulators are listed by devices.list only). */
  statuses(): DeviceStatus[] {
    const out: DeviceStatus[] = [];
    for (const config of this.configured()) {
      if (config.enabled === false) {
        out.push({ id: config.id, kind: config.kind, name: config.name, state: 'disabled' });
        continue;
      }
      const r = this.running.get(config.id);
      if (!r) {
        out.push({ id: config.id, kind: config.kind, name: config.name, state: 'disconnected', detail: 'not open in this process' });
        continue;
      }
      out.push({ id: config.id, kind: config.kind, name: config.name, ...r.runtime.health() });
    }
    for (const r of this.running.values()) {
      if (r.runtime.origin === 'detected') out.push({ id: r.runtime.id, kind: r.runtime.kind, name: r.runtime.name, ...r.runtime.health() });
    }
    return out;
  }

  /** Everything the Devices screen and `posctl devices list` show. */
  async list(): Promise<DeviceList> {
    if (!this.scanned) await this.scan();
    const devices: DeviceInfo[] = [];
    const seen = new Set<string>();
    for (const r of this.all()) {
      seen.add(r.runtime.id);
      devices.push(this.info(r));
    }
    for (const config of this.configured()) {
      if (seen.has(config.id)) continue;
      const address = addressOf(config);
      devices.push({
        id: config.id,
        kind: config.kind,
        name: config.name,
        state: config.enabled === false ? 'disabled' : 'disconnected',
        ...(config.enabled === false ? {} : { detail: 'not open in this process' }),
        transport: config.transport,
        ...(address ? { address } : {}),
        origin: 'settings',
        reads: 0,
      });
    }
    const used = new Set(devices.map((d) => d.address?.toLowerCase()));
    return {
      devices,
      discovered: this.found.map((d) => ({
        transport: d.transport,
        path: d.path,
        ...(d.usb ? { usb: d.usb } : {}),
        ...(d.vendor ? { vendor: d.vendor } : {}),
        ...(d.model ? { model: d.model } : {}),
        ...(d.kind ? { kind: d.kind } : {}),
        known: d.known,
        inUse: used.has(d.path.toLowerCase()) || (d.usb !== undefined && used.has(`usb ${d.usb}`)),
      })),
      wedgeCapture: this.wedgeCapture,
      training: this.deps.mode() === 'training',
      samples: {
        cards: Object.values(SAMPLE_CARDS).map(({ name, description }) => ({ name, description })),
        checks: Object.values(SAMPLE_CHECKS).map(({ name, description }) => ({ name, description })),
      },
      problems: [...this.problems],
      ...this.printout(),
    };
  }

  /** Training: what the simulated printer cut off last, for the Devices screen. */
  private printout(): { printout?: DeviceList['printout'] } {
    const last = this.deps.mode() === 'training' ? this.rig?.lastPrintout() : undefined;
    if (!last || !this.rig) return {};
    const { printout } = last;
    return {
      printout: {
        deviceId: this.rig.printer.id,
        at: last.at,
        lines: printout.lines.slice(0, 500).map((l) => ({ text: l.text.slice(0, 64), bold: l.bold, centre: l.centre })),
        errors: printout.errors.slice(0, 50).map((e) => e.slice(0, 200)),
      },
    };
  }

  /**
   * "Test this device": the link (a PIN pad answers a status request), then optionally a read (BUSY
   * while a sale holds the device); a receipt printer prints a test page. `card`: the sample the
   * simulated customer swipes on the training PIN pad (the one chosen on the Devices screen).
   */
  async test(id: string, waitForReadMs: number, card?: SimCard): Promise<DeviceTestResult> {
    const r = this.all().find((x) => x.runtime.id === id);
    if (!r) {
      const configured = this.configured().find((c) => c.id === id);
      if (configured) throw new PosError('UNAVAILABLE', `${configured.name} is not open: ${configured.enabled === false ? 'it is disabled' : 'the terminal app is not running here'}`);
      throw new PosError('NOT_FOUND', `no device with id "${id}"`);
    }
    if (r.runtime instanceof PrinterDevice) return this.printTestPage(r.runtime);
    if (card !== undefined && this.rig && r.runtime === this.rig.pinpad) this.rig.choosePadCard(card);
    return this.tests.run(r.runtime, waitForReadMs);
  }

  private async printTestPage(device: PrinterDevice): Promise<DeviceTestResult> {
    const started = Date.now();
    const claim = this.claims.printer('a test page', device.id);
    const result = (ok: boolean, detail: string): DeviceTestResult => ({ id: device.id, ok, detail, elapsedMs: Math.max(0, Date.now() - started) });
    try {
      const done = await claim.device.print(testPageLines(this.deps.settings.get('terminal.name'), this.now()));
      const status = done.statusChecked ? 'the printer reported paper and cover fine' : 'check the paper: this printer does not report its status';
      return result(true, `printed a test page on ${device.name}; ${status}`);
    } catch (e) {
      if (e instanceof PosError) return result(false, e.message);
      throw e;
    } finally {
      claim.release();
    }
  }

  /**
   * The receipt printer: the lane's (the first enabled one in devices.list) or, in training mode
   * without one, the simulated printer. Undefined when there is none in this process.
   */
  printer(): PrinterDevice | undefined {
    for (const r of this.running.values()) if (r.runtime instanceof PrinterDevice) return r.runtime;
    return this.rig?.printer;
  }

  /** The lane's configured and enabled receipt printer (the first), open in this process or not. */
  configuredPrinter(): { id: string; name: string } | undefined {
    const c = this.configured().find((d) => d.kind === 'printer' && d.enabled !== false);
    return c ? { id: c.id, name: c.name } : undefined;
  }

  /** Training mode's simulated receipt printer, while the simulators run. */
  simulatedPrinter(): PrinterDevice | undefined {
    return this.deps.mode() === 'training' ? this.rig?.printer : undefined;
  }

  /** The printer `id` (or the lane's receipt printer), refused in words when there is none. */
  private printerFor(id?: string): PrinterDevice {
    const device = id === undefined ? this.printer() : this.all().find((r) => r.runtime.id === id)?.runtime;
    if (!(device instanceof PrinterDevice)) throw new PosError('UNAVAILABLE', id === undefined ? 'no receipt printer is open on this lane' : `${id} is not a receipt printer`);
    return device;
  }

  /** The customer's hand, not a consumer: the swipe goes where a real one would (to a sale that claims it). */
  async simulateSwipe(card: SimCard, via: SimVia): Promise<{ deviceId: string }> {
    const rig = this.trainingRig();
    try {
      return { deviceId: via === 'pinpad' ? await this.simulatePadSwipe(rig, card) : await rig.swipe(card, via) };
    } catch (e) {
      if (e instanceof PosError) throw e;
      throw new PosError('UNAVAILABLE', `the simulated swipe did not go through: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * On a pad a sale holds, the customer swipes on the request pending there. On a free pad the
   * counter asks for a card as a real pad needs, and the Devices screen is shown it: nobody else
   * asked for it.
   */
  private async simulatePadSwipe(rig: TrainingRig, card: SimCard): Promise<string> {
    const pad = rig.pinpad;
    const owner = this.claims.ownerOf(pad);
    if (owner !== undefined) {
      // The sale's card request may still be on its way to the pad (the page shows the button as the sale starts).
      if (!(await rig.customerSwipe(card, PAD_ASK_WAIT_MS))) throw new PosError('BUSY', `the simulated PIN pad is held by ${owner} and is not asking for a card; swipe once it asks`);
      return pad.id;
    }
    const result = await rig.padRead(card);
    if (result.status === 'cancelled' || result.status === 'timeout') throw new Error(`the simulated PIN pad ended the card request: ${result.status}`);
    if (result.status === 'read') this.shown.card(pad, result.card, 'pinpad');
    else this.shown.failure(pad, result.error);
    return pad.id;
  }

  async simulateCheck(check: SimCheck): Promise<{ deviceId: string }> {
    return { deviceId: await this.trainingRig().check(check) };
  }

  /** The PIN pad the payments layer drives: the configured one, else (training) the simulated one. */
  pinpad(id?: string): PinpadDevice | undefined {
    for (const r of this.all()) if (r.runtime instanceof PinpadDevice && (id === undefined || r.runtime.id === id)) return r.runtime;
    return undefined;
  }

  /** Called by the desktop app once its window captures keyboard-wedge swipes. */
  attachWedgeCapture(): WedgeSink {
    this.wedgeCapture = true;
    this.deps.refresh();
    return {
      maxGapMs: () => this.deps.settings.get('devices.wedge.maxGapMs'),
      accept: (result) => this.wedgeDevice().accept(result),
    };
  }

  private wedgeDevice(): WedgeDevice {
    for (const r of this.running.values()) if (r.runtime instanceof WedgeDevice) return r.runtime;
    // No wedge reader configured: swipes are still captured (card data must not land in a field)
    // and published from an implicit device.
    const device = new WedgeDevice({ id: 'keyboard-wedge', name: 'Keyboard-wedge reader', origin: 'detected' }, this.sink, () => this.wedgeCapture);
    this.running.set(device.id, { runtime: device, key: 'implicit', reads: 0 });
    this.deps.refresh();
    return device;
  }

  private trainingRig(): TrainingRig {
    if (this.deps.mode() !== 'training') throw new PosError('FORBIDDEN', 'simulated devices exist only in training mode');
    if (!this.rig) throw new PosError('UNAVAILABLE', 'the training simulators are not running in this process');
    return this.rig;
  }

  private configured(): DeviceConfig[] {
    return this.deps.settings.get('devices.list');
  }

  private all(): Running[] {
    const out = [...this.running.values()];
    if (this.rig) for (const runtime of this.rig.devices) out.push(this.trainingEntry(runtime));
    return out;
  }

  private readonly trainingStats = new Map<string, Running>();
  private trainingEntry(runtime: DeviceRuntime): Running {
    let r = this.trainingStats.get(runtime.id);
    if (!r || r.runtime !== runtime) this.trainingStats.set(runtime.id, (r = { runtime, key: 'training', reads: 0 }));
    return r;
  }

  private entry(device: DeviceRuntime): Running {
    return this.running.get(device.id) ?? this.trainingEntry(device);
  }

  private info(r: Running): DeviceInfo {
    const d = r.runtime;
    return {
      id: d.id,
      kind: d.kind,
      name: d.name,
      ...d.health(),
      transport: d.transport,
      ...(d.address ? { address: d.address } : {}),
      origin: d.origin,
      reads: r.reads,
      ...(r.lastReadAt ? { lastReadAt: r.lastReadAt } : {}),
    };
  }

  /** Brings the running devices in line with the settings, the detected readers and the mode. */
  private reconcile(): void {
    if (!this.started) return;
    this.env.pinpad = { ackTimeoutMs: this.deps.settings.get('devices.pinpad.ackTimeoutMs'), maxAttempts: this.deps.settings.get('devices.pinpad.maxAttempts') };
    const desired = new Map<string, { config: DeviceConfig; origin: 'settings' | 'detected' }>();
    const configured = this.configured();
    for (const config of configured) if (config.enabled !== false) desired.set(config.id, { config, origin: 'settings' });
    if (this.deps.settings.get('devices.autoDetect') && !configured.some((c) => c.transport === 'hid')) {
      for (const d of this.found) {
        // The known-device table (native/discovery) says which HID devices are swipe readers.
        if (d.transport !== 'hid' || d.kind !== 'msr' || !d.usb) continue;
        const id = `usb-${d.usb.replace(':', '-')}`;
        if (!desired.has(id)) desired.set(id, { config: { id, name: `${d.vendor ?? 'USB'} swipe reader`, kind: 'msr', transport: 'hid', usb: d.usb }, origin: 'detected' });
      }
    }
    // The implicit wedge reader stands in only while no wedge reader is configured.
    const wedgeConfigured = [...desired.values()].some((d) => d.config.transport === 'wedge');
    for (const [id, r] of this.running) {
      if (r.key === 'implicit' && !wedgeConfigured) continue;
      const want = desired.get(id);
      if (!want || this.keyOf(want.config) !== r.key) {
        this.running.delete(id);
        void r.runtime.stop().catch((e: unknown) => this.deps.log.warn({ device: id, err: e }, 'device did not close cleanly'));
      }
    }
    for (const [id, { config, origin }] of desired) {
      if (this.running.has(id)) continue;
      const runtime = buildDevice(config, this.env, this.sink, origin);
      this.running.set(id, { runtime, key: this.keyOf(config), reads: 0 });
      runtime.start();
      this.deps.log.info({ device: id, kind: config.kind, transport: config.transport, address: addressOf(config) }, 'device opened');
    }
    const training = this.deps.mode() === 'training';
    if (training && !this.rig) {
      this.rig = new TrainingRig(
        this.env,
        this.sink,
        () => this.deps.settings.get('devices.wedge.maxGapMs'),
        () => this.rig !== undefined && this.claims.ownerOf(this.rig.pinpad) !== undefined,
      );
      this.rig.start();
    } else if (!training && this.rig) {
      const rig = this.rig;
      this.rig = undefined;
      void rig.stop();
    }
    this.deps.refresh();
  }

  private keyOf(config: DeviceConfig): string {
    return JSON.stringify([config, config.kind === 'pinpad' ? this.env.pinpad : null]);
  }

  private async scan(): Promise<void> {
    if (this.scanning) return this.scanning;
    this.scanning = (async () => {
      try {
        const result = await discoverDevices({ serial: this.deps.serialList ?? listSerialPorts, hid: () => this.env.hid.devices() });
        const before = JSON.stringify(this.found);
        this.found = result.devices;
        this.problems = result.problems;
        this.scanned = true;
        if (JSON.stringify(this.found) !== before) {
          this.deps.log.info({ found: this.found.filter((d) => d.known).map((d) => `${d.vendor ?? '?'} ${d.usb ?? ''} ${d.path}`) }, 'devices plugged in changed');
          this.reconcile();
        }
      } catch (e) {
        this.deps.log.warn({ err: e }, 'device scan failed');
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private counted(device: DeviceRuntime, at: string): void {
    const r = this.entry(device);
    r.reads++;
    r.lastReadAt = at;
  }
}
