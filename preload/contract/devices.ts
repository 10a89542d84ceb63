import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DeviceKind, DeviceState } from './app';

/**
 * Contract entries of the devices domain: card readers, MICR check readers and PIN pads. Every
 * payload that describes a card or a check is masked, and the schemas check the masks: a full
 * card number, track data or a full account number cannot pass them.
 */

export const CardBrand = lazySchema(() => z.enum(['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'maestro', 'unknown']));

export const MaskedCard = lazySchema(() => z.strictObject({
  brand: CardBrand,
  /** Empty for numbers shorter than 13 digits (then only the last 4 show). */
  first6: z.string().regex(/^(\d{6})?$/),
  last4: z.string().regex(/^\d{4}$/),
  /** First 6, stars, last 4: 411111******1111. */
  masked: z.string().regex(/^(\d{6})?\*+\d{4}$/),
  name: z.string().max(40).optional(),
  /** YYYY-MM, or null when the stripe holds no usable expiry. */
  expiry: z.string().regex(/^\d{4}-\d{2}$/).nullable(),
  expired: z.boolean(),
  /** A chip card was swiped (service code 2xx/6xx). */
  chip: z.boolean(),
  tracks: z.array(z.union([z.literal(1), z.literal(2)])),
  warnings: z.array(z.string().max(60)),
}));
export type MaskedCard = z.infer<typeof MaskedCard>;

export const MaskedCheck = lazySchema(() => z.strictObject({
  /** The bank's routing number (public); Canada in electronic form 0YYYXXXXX. */
  routing: z.string().regex(/^\d{9}$/),
  country: z.enum(['US', 'CA']),
  accountLast4: z.string().regex(/^\d{0,4}$/),
  accountMasked: z.string().regex(/^\*+\d{0,4}$/),
  checkNumber: z.string().regex(/^\d{1,15}$/).optional(),
  amountCents: z.number().int().nonnegative().optional(),
  business: z.boolean(),
  readerStatus: z.string().regex(/^\d\d$/).optional(),
  warnings: z.array(z.string().max(60)),
  unreadable: z.record(z.string(), z.array(z.number().int().nonnegative())),
}));
export type MaskedCheck = z.infer<typeof MaskedCheck>;

/** `usblp`: a USB printer-class device file (Linux /dev/usb/lpN). */
export const DeviceTransport = lazySchema(() => z.enum(['serial', 'hid', 'wedge', 'usblp', 'simulator']));
export type DeviceTransport = z.infer<typeof DeviceTransport>;

export const DeviceInfo = lazySchema(() => z.object({
  id: z.string(),
  kind: DeviceKind,
  name: z.string(),
  state: DeviceState,
  detail: z.string().optional(),
  transport: DeviceTransport,
  /** Port path or USB ids. */
  address: z.string().optional(),
  /** `settings`: from devices.list; `detected`: a known reader plugged in; `training`: a built-in simulator. */
  origin: z.enum(['settings', 'detected', 'training']),
  reads: z.number().int().nonnegative(),
  lastReadAt: z.string().optional(),
}));
export type DeviceInfo = z.infer<typeof DeviceInfo>;

export const DiscoveredDevice = lazySchema(() => z.object({
  transport: z.enum(['serial', 'hid', 'wedge']),
  path: z.string(),
  usb: z.string().optional(),
  vendor: z.string().optional(),
  model: z.string().optional(),
  kind: DeviceKind.optional(),
  known: z.boolean(),
  /** A configured or detected device uses it. */
  inUse: z.boolean(),
}));
export type DiscoveredDevice = z.infer<typeof DiscoveredDevice>;

/** Simulated cards and checks of training mode (the simulators' sample names). */
export const SimCard = lazySchema(() => z.enum(['visa', 'mastercard', 'amex', 'discover', 'chip', 'expired', 'prepaid', 'licence', 'bad-read']));
export type SimCard = z.infer<typeof SimCard>;
export const SimCheck = lazySchema(() => z.enum(['personal', 'business', 'canadian', 'unreadable']));
export type SimCheck = z.infer<typeof SimCheck>;
/** Which path a simulated swipe takes: the serial reader's bytes, a keyboard wedge's keys, a HID report, or the PIN pad dialogue. */
export const SimVia = lazySchema(() => z.enum(['msr', 'wedge', 'hid', 'pinpad']));
export type SimVia = z.infer<typeof SimVia>;

const Sample = lazySchema(() => z.object({ name: z.string(), description: z.string() }));

/** What a receipt printer (the training one) printed: its lines as they came out, and any fault in its bytes. */
export const Printout = lazySchema(() => z.strictObject({
  deviceId: z.string(),
  at: z.string(),
  lines: z.array(z.strictObject({ text: z.string().max(64), bold: z.boolean(), centre: z.boolean() })).max(500),
  /** The bytes' faults in words (an unknown command, a control byte): empty for a clean receipt. */
  errors: z.array(z.string().max(200)).max(50),
}));
export type Printout = z.infer<typeof Printout>;

export const DeviceList = lazySchema(() => z.object({
  devices: z.array(DeviceInfo),
  discovered: z.array(DiscoveredDevice),
  /** Whether keyboard-wedge swipes can be captured here (only in the desktop app). */
  wedgeCapture: z.boolean(),
  training: z.boolean(),
  samples: z.object({ cards: z.array(Sample), checks: z.array(Sample) }),
  problems: z.array(z.string()),
  /** Training mode: the last receipt the simulated printer cut off, if any. */
  printout: Printout.optional(),
}));
export type DeviceList = z.infer<typeof DeviceList>;

export const DeviceRead = lazySchema(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), card: MaskedCard }),
  z.object({ kind: z.literal('check'), check: MaskedCheck }),
]));

export const DeviceTestResult = lazySchema(() => z.object({
  id: z.string(),
  ok: z.boolean(),
  /** What was checked and what came of it, in words for the technician. */
  detail: z.string(),
  elapsedMs: z.number().int().nonnegative(),
  read: DeviceRead.optional(),
}));
export type DeviceTestResult = z.infer<typeof DeviceTestResult>;

/**
 * The training PIN pad as its customer sees it: its screen (the counter's own words: "Total 12.34",
 * "Swipe Card", "Total $12.34 OK?", "APPROVED"), the amount it was sent, and what it waits for.
 * `customer`: whether the pad's questions wait for a trainee (a page plays the customer) or are
 * answered yes at once.
 */
export const TrainingPadState = lazySchema(() => z.strictObject({
  deviceId: z.string(),
  online: z.boolean(),
  display: z.string().max(40),
  amountCents: z.number().int().nonnegative().nullable(),
  waitingFor: z.enum(['nothing', 'card', 'answer']),
  customer: z.enum(['automatic', 'trainee']),
}));
export type TrainingPadState = z.infer<typeof TrainingPadState>;

/** `read`: changes nothing; `customer`: this page plays the customer, or leaves it; `press`: a key on the pad. */
export const TrainingPadInput = lazySchema(() => z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('read') }),
  z.strictObject({ action: z.literal('customer'), by: z.enum(['automatic', 'trainee']) }),
  z.strictObject({ action: z.literal('press'), key: z.enum(['yes', 'no', 'cancel']) }),
]));
export type TrainingPadInput = z.infer<typeof TrainingPadInput>;

export const deviceMethods = {
  'devices.list': { input: lazySchema(() => z.strictObject({})), output: DeviceList },
  /**
   * Checks the link (PIN pads: a status round trip); with waitForReadMs, also waits for a swipe or
   * check. A receipt printer prints a test page. `card`: the sample the simulated customer swipes on
   * the training PIN pad (ignored for every other device).
   */
  'devices.test': {
    input: lazySchema(() => z.strictObject({ id: z.string().min(1).max(64), waitForReadMs: z.number().int().min(0).max(60_000).default(0), card: SimCard.optional() })),
    output: DeviceTestResult,
  },
  /** Training mode only (FORBIDDEN when live): a simulated reader swipes a sample card through the real decoders. */
  'devices.simulateSwipe': {
    input: lazySchema(() => z.strictObject({ card: SimCard.default('visa'), via: SimVia.default('msr') })),
    output: lazySchema(() => z.object({ deviceId: z.string() })),
  },
  /**
   * Training mode only (FORBIDDEN when live): the simulated PIN pad's screen, and the trainee at it.
   * While a page plays the customer, the pad's questions ("Total $12.34 OK?") wait for its Yes, No
   * or Cancel; a swipe on it is `devices.simulateSwipe` via pinpad.
   */
  'devices.trainingPad': { input: TrainingPadInput, output: TrainingPadState },
  /** Training mode only (FORBIDDEN when live): the simulated MICR reader reads a sample check. */
  'devices.simulateCheck': {
    input: lazySchema(() => z.strictObject({ check: SimCheck.default('personal') })),
    output: lazySchema(() => z.object({ deviceId: z.string() })),
  },
} as const;

const ReadSource = lazySchema(() => z.enum(['msr', 'wedge', 'hid', 'pinpad']));

export const deviceEvents = {
  'card.read': lazySchema(() => z.strictObject({ deviceId: z.string(), source: ReadSource, simulated: z.boolean(), at: z.string(), card: MaskedCard })),
  'check.read': lazySchema(() => z.strictObject({ deviceId: z.string(), simulated: z.boolean(), at: z.string(), check: MaskedCheck })),
  /** A swipe or check that produced no usable data: the message says what to do. */
  'device.readFailed': lazySchema(() => z.strictObject({
    deviceId: z.string(),
    kind: DeviceKind,
    code: z.string().max(40),
    message: z.string().max(300),
    at: z.string(),
  })),
  'pinpad.activity': lazySchema(() => z.strictObject({
    deviceId: z.string(),
    activity: z.enum(['offline', 'idle', 'amount', 'card', 'form']),
    amountCents: z.number().int().nonnegative().optional(),
    prompt: z.string().max(40).optional(),
  })),
  'pinpad.answer': lazySchema(() => z.strictObject({ deviceId: z.string(), answer: z.enum(['yes', 'no', 'cancelled', 'timeout']) })),
} as const;
