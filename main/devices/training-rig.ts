import type { CardRead } from '../../native/card/card-read';
import type { CheckRead } from '../../native/check/micr';
import { MagtekHidDecoder } from '../../native/protocol/magtek-hid';
import { MicrDecoder } from '../../native/protocol/micr-decoder';
import { SwipeDecoder } from '../../native/protocol/swipe-decoder';
import { StreamReader } from '../../native/readers/stream-reader';
import { SimulatedHid } from '../../native/sim/hid-sim';
import { micrBytes } from '../../native/sim/micr-sim';
import { msrHidReport, msrSerialBytes, wedgeKeys } from '../../native/sim/msr-sim';
import type { PadCardResult } from '../../native/pinpad/client';
import { PinpadSimulator } from '../../native/sim/pinpad-sim';
import { PrinterSimulator, type Printout } from '../../native/sim/printer-sim';
import { SAMPLE_CARDS, SAMPLE_CHECKS, type SampleCardName, type SampleCheckName } from '../../native/sim/sample-cards';
import { HidLink } from '../../native/transport/hid-link';
import type { ByteLink } from '../../native/transport/link';
import { memoryLinkPair } from '../../native/transport/memory-link';
import { WedgeDecoder } from '../../native/wedge/wedge-decoder';
import { PosError } from '../api/errors';
import type { DeviceRuntime, DeviceSink } from './device-runtime';
import type { DeviceEnvironment } from './build-device';
import type { PinpadDevice } from './pinpad-device';
import { PrinterDevice } from './printer-device';
import { ReaderDevice } from './reader-device';
import { PadCustomer, TrainingPinpadDevice } from './training-pinpad';
import { WedgeDevice } from './wedge-device';

export type SimVia = 'msr' | 'wedge' | 'hid' | 'pinpad';

export const TRAINING_IDS = {
  msr: 'training-msr',
  hid: 'training-hid',
  wedge: 'training-wedge',
  micr: 'training-micr',
  pinpad: 'training-pinpad',
  printer: 'training-printer',
} as const;

/**
 * Training mode's devices: a simulator on the far end of each in-process link, speaking the same
 * bytes as the hardware, and the real links, decoders and PIN pad client on the near end.
 */
export class TrainingRig {
  readonly devices: DeviceRuntime[];
  private readonly msrEnd: ByteLink;
  private readonly micrEnd: ByteLink;
  private readonly hid = new SimulatedHid({ vendorId: 0x0801, productId: 0x0002, path: 'training:hid', usagePage: 0xff00, product: 'Simulated HID swipe reader' });
  private readonly pad: PinpadSimulator;
  readonly pinpad: TrainingPinpadDevice;
  private readonly wedge: WedgeDevice;
  /** The receipt printer's far end: what came out of it, and its paper and cover (tests set them). */
  readonly printerSim: PrinterSimulator;
  readonly printer: PrinterDevice;
  private printed: { at: string; printout: Printout } | undefined;

  constructor(
    private readonly env: DeviceEnvironment,
    sink: DeviceSink,
    private readonly wedgeGapMs: () => number,
    /** True while a sale holds the simulated pad: the customer then swipes only when the trainer says so. */
    padHeld: () => boolean = () => false,
  ) {
    const [msrEnd, msrHost] = memoryLinkPair('simulated swipe reader');
    const [micrEnd, micrHost] = memoryLinkPair('simulated MICR reader');
    const [padEnd, padHost] = memoryLinkPair('simulated PIN pad');
    const [printerEnd, printerHost] = memoryLinkPair('simulated receipt printer');
    this.msrEnd = msrEnd;
    this.micrEnd = micrEnd;
    // The customer's questions wait for a trainee only while a page plays the customer.
    this.pad = new PinpadSimulator((b) => padEnd.write(b), { autoSwipe: () => !padHeld(), autoAnswer: () => !customer.played });
    const customer = new PadCustomer(this.pad, TRAINING_IDS.pinpad);
    padEnd.on('data', (d) => this.pad.receive(d));
    this.printerSim = new PrinterSimulator((b) => printerEnd.write(b));
    printerEnd.on('data', (d) => this.printerSim.receive(d));
    this.printerSim.on('printed', (printout) => (this.printed = { at: env.now().toISOString(), printout }));

    const sim = (id: string, name: string, kind: 'msr' | 'micr' | 'pinpad' | 'printer') => ({ id, name, kind, transport: 'simulator' as const, address: 'in-process', origin: 'training' as const });
    const msr = new ReaderDevice(sim(TRAINING_IDS.msr, 'Simulated swipe reader (serial)', 'msr'), new StreamReader<CardRead>(msrHost, new SwipeDecoder({ now: env.now })), sink, 'msr');
    const hidLink = new HidLink({ backend: this.hid, vendorId: 0x0801, productId: 0x0002, usagePage: 0xff00 });
    const hid = new ReaderDevice(sim(TRAINING_IDS.hid, 'Simulated swipe reader (USB HID)', 'msr'), new StreamReader<CardRead>(hidLink, new MagtekHidDecoder(undefined, env.now)), sink, 'hid');
    const micr = new ReaderDevice(sim(TRAINING_IDS.micr, 'Simulated check reader', 'micr'), new StreamReader<CheckRead>(micrHost, new MicrDecoder()), sink);
    this.pinpad = new TrainingPinpadDevice(sim(TRAINING_IDS.pinpad, 'Simulated PIN pad', 'pinpad'), padHost, sink, env.log, { ...env.pinpad, now: env.now }, customer);
    this.wedge = new WedgeDevice({ id: TRAINING_IDS.wedge, name: 'Simulated keyboard-wedge reader', origin: 'training' }, sink, () => true);
    this.printer = new PrinterDevice(sim(TRAINING_IDS.printer, 'Simulated receipt printer', 'printer'), printerHost, sink, env.log, { codePage: 'pc850', answers: true });
    this.devices = [msr, hid, this.wedge, micr, this.pinpad, this.printer];
  }

  /** A sample card swiped on one of the simulated readers; resolves with the device id once the bytes are on their way. */
  async swipe(card: SampleCardName, via: Exclude<SimVia, 'pinpad'>): Promise<string> {
    const sample = SAMPLE_CARDS[card];
    switch (via) {
      case 'msr':
        await this.msrEnd.write(msrSerialBytes(sample, 'cr'));
        return TRAINING_IDS.msr;
      case 'hid':
        if (!this.hid.report(msrHidReport(sample))) throw new Error('the simulated HID reader is not open yet');
        return TRAINING_IDS.hid;
      case 'wedge': {
        // The real wedge decoder, fed the key events a reader types (2 ms apart).
        const decoder = new WedgeDecoder({ maxGapMs: this.wedgeGapMs(), now: this.env.now });
        const keys = wedgeKeys(sample, { start: 0 });
        const out = keys.flatMap((k) => decoder.key(k).out);
        out.push(...decoder.tick((keys.at(-1)?.time ?? 0) + this.wedgeGapMs()));
        for (const o of out) {
          if (o.type === 'read') this.wedge.accept({ card: o.value });
          else if (o.type === 'error') this.wedge.accept({ error: o.error });
        }
        return TRAINING_IDS.wedge;
      }
    }
  }

  /** The counter asks the simulated pad for a card and the customer swipes `card` on it at once. */
  padRead(card: SampleCardName): Promise<PadCardResult> {
    this.pad.card = SAMPLE_CARDS[card];
    return this.pinpad.readCard('Swipe Card', 10_000);
  }

  /** The card the simulated customer swipes when the counter asks the pad for one (a device test). */
  choosePadCard(card: SampleCardName): void {
    this.pad.card = SAMPLE_CARDS[card];
  }

  /** The last receipt the simulated printer cut off, and when. */
  lastPrintout(): { at: string; printout: Printout } | undefined {
    return this.printed;
  }

  /**
   * The customer swipes `card` on the simulated pad, answering its card request: the one pending
   * there, or the sale's still on its way (within `withinMs`); false when the pad asks for none.
   */
  async customerSwipe(card: SampleCardName, withinMs: number): Promise<boolean> {
    return (await this.pad.askedForCard(withinMs)) && this.pad.customerSwipe(SAMPLE_CARDS[card]);
  }

  async check(check: SampleCheckName): Promise<string> {
    await this.micrEnd.write(micrBytes(SAMPLE_CHECKS[check], { framing: 'cr', symbols: 'magtek0000' }));
    return TRAINING_IDS.micr;
  }

  start(): void {
    for (const d of this.devices) d.start();
  }

  async stop(): Promise<void> {
    this.pad.close();
    await Promise.all(this.devices.map((d) => d.stop()));
  }
}

type PadLookup = { pinpad(id?: string): PinpadDevice | undefined };

/** The trainee at the simulated PIN pad (`devices.trainingPad`); FORBIDDEN when live, where no simulator runs. */
export function trainingPadCustomer(devices: PadLookup): PadCustomer {
  const pad = devices.pinpad(TRAINING_IDS.pinpad);
  if (!(pad instanceof TrainingPinpadDevice)) throw new PosError('FORBIDDEN', 'the simulated PIN pad exists only in training mode');
  return pad.customer;
}

/** A page's connection closed: it no longer plays the training pad's customer (nothing to do when live). */
export function trainingPadPageClosed(devices: PadLookup, connection: string): void {
  const pad = devices.pinpad(TRAINING_IDS.pinpad);
  if (pad instanceof TrainingPinpadDevice) pad.customer.leave(connection);
}
