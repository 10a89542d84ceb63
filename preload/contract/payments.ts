import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { Mode } from './app';
import { CardBrand } from './devices';
import { ManagerPin } from './manager';
import { plainText } from './text';

/**
 * Contract entries of payments: the sale in progress (driven in main, watched here), the offline
 * queue and the journal. Card data crosses only masked (first 6 / last 4 at most, checked by the
 * schemas); track data, CVD and full account numbers never leave main. Sale methods are
 * idempotent by `saleId`, which the caller makes (a page that lost its connection asks
 * `payments.current` and carries on).
 */

export const PaymentState = lazySchema(() => z.enum([
  'choosing', 'waiting', 'validated', 'journaled', 'sending', 'approved', 'declined', 'rejected',
  'offline', 'forwarding', 'needs-lookup', 'failed', 'cancelled', 'voided',
]));
export type PaymentState = z.infer<typeof PaymentState>;
export const PaymentType = lazySchema(() => z.enum(['sale', 'preauth', 'completion', 'refund', 'void', 'verify']));
export type PaymentType = z.infer<typeof PaymentType>;
export const Tender = lazySchema(() => z.enum(['card', 'check']));
export type Tender = z.infer<typeof Tender>;
export const EntryMethod = lazySchema(() => z.enum(['swipe', 'pad', 'keyed', 'micr', 'tagged']));
/** Where the card comes from: the counter's reader, the PIN pad, whichever first, or typed in. */
export const CardEntry = lazySchema(() => z.enum(['reader', 'pinpad', 'any', 'keyed']));
export type CardEntry = z.infer<typeof CardEntry>;

const Cents = lazySchema(() => z.number().int().min(0).max(9_999_999));
const SaleId = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a sale id is 8 to 64 letters, digits, - or _'));
const ClientRef = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]{4,64}$/));
/** A masked card (411111******1111) or account (****6789): never more than first 6 and last 4. */
const Masked = lazySchema(() => z.string().regex(/^((\d{6})?\*+\d{4}|\*+\d{0,4})$/));

export const SaleCard = lazySchema(() => z.strictObject({
  brand: CardBrand,
  masked: Masked,
  last4: z.string().regex(/^\d{4}$/),
  name: z.string().max(40).optional(),
  expiry: z.string().regex(/^\d{4}-\d{2}$/).nullable(),
  chip: z.boolean(),
}));
export const SaleCheck = lazySchema(() => z.strictObject({
  routing: z.string().regex(/^\d{9}$/),
  accountMasked: z.string().regex(/^\*+\d{0,4}$/),
  checkNumber: z.string().regex(/^\d{1,15}$/).optional(),
  business: z.boolean(),
  warnings: z.array(z.string().max(60)),
}));

export const SaleOutcome = lazySchema(() => z.strictObject({
  kind: z.string().max(20),
  gatewayCode: z.string().max(8).optional(),
  bankCode: z.string().max(8).optional(),
  message: z.string().max(400),
  authorizationNum: z.string().max(20).optional(),
  tag: z.string().max(20).optional(),
}));

/** The payment a void, refund or completion acts on: its type and amounts. */
export const SaleOriginal = lazySchema(() => z.strictObject({
  type: PaymentType,
  requestedCents: Cents,
  approvedCents: Cents.nullable(),
}));
export type SaleOriginal = z.infer<typeof SaleOriginal>;

/**
 * Where a payment stands after the operations made on it since (approved or stored offline ones):
 * voided, refunded so far, completed so far. History shows "Refunded $5.00 of $19.99" from it.
 */
export const PaymentStanding = lazySchema(() => z.strictObject({
  voided: z.boolean(),
  refundedCents: Cents,
  completedCents: Cents,
}));
export type PaymentStanding = z.infer<typeof PaymentStanding>;

/** What the sale waits for now, so a screen knows which control to show. */
export const SaleWaitingFor = lazySchema(() => z.enum(['tender', 'card', 'check', 'check-details', 'customer-confirm', 'gateway']));

export const SaleView = lazySchema(() => z.strictObject({
  saleId: SaleId,
  clientRef: ClientRef,
  mode: Mode,
  type: PaymentType,
  tender: Tender.nullable(),
  state: PaymentState,
  /** One sentence for the cashier about where the sale is. */
  words: z.string().max(300),
  waitingFor: SaleWaitingFor.nullable(),
  /** The last thing that went wrong while waiting (a bad swipe, a chip card warning), in words. */
  problem: z.string().max(300).nullable(),
  amountCents: Cents,
  approvedCents: Cents.nullable(),
  /** Left to pay by another tender after a partial approval (split tender). */
  balanceDueCents: Cents,
  splitTenderId: z.string().max(64).nullable(),
  entry: EntryMethod.nullable(),
  card: SaleCard.nullable(),
  check: SaleCheck.nullable(),
  outcome: SaleOutcome.nullable(),
  originalRef: ClientRef.nullable(),
  /**
   * A void, refund or completion: the payment it acts on, so the result can name both
   * ("Completed $45.00 of a $50.00 pre-auth"). Null for a payment that acts on none.
   */
  original: SaleOriginal.nullable(),
  final: z.boolean(),
  startedAt: z.string(),
  updatedAt: z.string(),
}));
export type SaleView = z.infer<typeof SaleView>;

export const CheckDetails = lazySchema(() => z.strictObject({
  checkType: z.enum(['personal', 'corporate']),
  customerName: plainText(z.string().trim().max(30)).optional(),
  /** 0 driver's licence, 1 SSN, 2 tax ID, 3 military ID (the gateway's CustomerIDType). */
  idType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** For a driver's licence: the state's two letters first (IL123456). */
  id: z.string().trim().regex(/^[A-Za-z0-9 -]{1,30}$/).optional(),
}));
export type CheckDetails = z.infer<typeof CheckDetails>;

/**
 * Whether the card's security code (CVD) is sent, and if not why: the gateway's CVD_Presence_Ind
 * (present 1, illegible 2, not-available 9 "not on the card", not-provided 0 "not sent": the
 * customer is not there to read it).
 */
export const CvdPresence = lazySchema(() => z.enum(['present', 'illegible', 'not-available', 'not-provided']));
export type CvdPresence = z.infer<typeof CvdPresence>;

/**
 * A card typed in at the Register (payments.keyed): input only, it never comes back (the sale
 * shows it masked). A CVD goes with presence `present` and only with it.
 */
export const KeyedCardInput = lazySchema(() => z
  .strictObject({
    pan: z.string().regex(/^[\d -]{12,23}$/, 'a card number is 12 to 19 digits'),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(0).max(2099),
    cardholderName: plainText(z.string().trim().min(1).max(30)),
    cvd: z.string().regex(/^\d{3,4}$/, 'a security code is 3 or 4 digits').optional(),
    /** Absent: present with a CVD, not-provided without (as before this field). */
    cvdPresence: CvdPresence.optional(),
    zipCode: z.string().trim().max(10).optional(),
  })
  .superRefine((card, ctx) => {
    if (card.cvd !== undefined && card.cvdPresence !== undefined && card.cvdPresence !== 'present') {
      ctx.addIssue({ code: 'custom', path: ['cvdPresence'], message: 'a security code is sent: its presence is "present"' });
    }
    if (card.cvd === undefined && card.cvdPresence === 'present') {
      ctx.addIssue({ code: 'custom', path: ['cvd'], message: 'the security code is marked present: type it' });
    }
  }));
export type KeyedCardInput = z.infer<typeof KeyedCardInput>;

export const StartSale = lazySchema(() => z.strictObject({
  saleId: SaleId,
  type: PaymentType.default('sale'),
  amountCents: Cents,
  tender: Tender.optional(),
  cardEntry: CardEntry.optional(),
  /** Completion, void or refund of an earlier payment (its client reference): a tagged operation. */
  originalRef: ClientRef.optional(),
  /** 02 completion or 13 void without a tag: the authorization number of the original. */
  authorizationNum: z.string().trim().regex(/^[A-Za-z0-9]{1,12}$/).optional(),
  /** The sale whose partial approval left the balance this tender pays. */
  splitOf: SaleId.optional(),
  surchargeCents: Cents.optional(),
  taxCents: Cents.optional(),
  check: CheckDetails.optional(),
  /** The manager's approval, asked for at that moment, when the payment needs one (refund, void, a large amount). */
  managerPin: ManagerPin.optional(),
}));
export type StartSale = z.input<typeof StartSale>;

export const PaymentRow = lazySchema(() => z.strictObject({
  id: z.number().int(),
  clientRef: ClientRef,
  saleId: z.string(),
  mode: Mode,
  type: PaymentType,
  tender: Tender,
  state: PaymentState,
  words: z.string(),
  transactionType: z.string().nullable(),
  requestedCents: Cents,
  approvedCents: Cents.nullable(),
  surchargeCents: Cents.nullable(),
  taxCents: Cents.nullable(),
  masked: Masked.nullable(),
  brand: z.string().nullable(),
  last4: z.string().regex(/^\d{0,4}$/).nullable(),
  routing: z.string().regex(/^\d{9}$/).nullable(),
  checkNumber: z.string().nullable(),
  cardholderName: z.string().max(40).nullable(),
  entry: EntryMethod.nullable(),
  deviceId: z.string().nullable(),
  cashier: z.string().nullable(),
  /** Who approved a payment that needed a manager (a refund, a void, a keyed card, a large amount). */
  approvedBy: z.string().nullable(),
  outcomeKind: z.string().nullable(),
  gatewayCode: z.string().nullable(),
  bankCode: z.string().nullable(),
  message: z.string().nullable(),
  tag: z.string().nullable(),
  authorizationNum: z.string().nullable(),
  sequenceNo: z.string().nullable(),
  retrievalRef: z.string().nullable(),
  splitTenderId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  storedOffline: z.boolean(),
  attention: z.boolean(),
  /** Stored offline longer than offline.maxAgeHours (still forwarded; the manager should know). */
  expired: z.boolean(),
  /**
   * Its sealed request (the card or check data) is still on the lane, so it could be sent again as
   * it was; gone once it was answered, a tag was entered, or offline.maxAgeHours passed.
   */
  cardDataKept: z.boolean(),
  originalRef: z.string().nullable(),
  standing: PaymentStanding,
  decidedBy: z.string().nullable(),
  decision: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
}));
export type PaymentRow = z.infer<typeof PaymentRow>;

/** A receipt as lines of at most 40 characters: the screens and a printer share it. */
export const Receipt = lazySchema(() => z.strictObject({
  clientRef: ClientRef,
  copy: z.enum(['customer', 'merchant']),
  /** `gateway`: the gateway's own receipt text; `terminal`: composed here (offline approvals, declines). */
  source: z.enum(['gateway', 'terminal']),
  lines: z.array(z.string().max(40)),
}));
export type Receipt = z.infer<typeof Receipt>;

export const QueueMode = lazySchema(() => z.strictObject({
  count: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  oldestAt: z.string().nullable(),
  needsLookup: z.number().int().nonnegative(),
  attention: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
}));
export const QueueStatus = lazySchema(() => z.strictObject({
  /** The terminal's current mode; `live` counts always, even while the terminal shows training. */
  mode: Mode,
  live: QueueMode,
  training: QueueMode,
  paused: z.boolean(),
  forwarding: z.boolean(),
  /** When the forwarder tries next (ISO), while payments wait. */
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().max(300).nullable(),
  limits: z.strictObject({
    enabled: z.boolean(),
    maxAmountCents: z.number().int(),
    maxTotalCents: z.number().int(),
    maxCount: z.number().int(),
    maxAgeHours: z.number().int(),
  }),
}));
export type QueueStatus = z.infer<typeof QueueStatus>;

const ModeInput = lazySchema(() => Mode.optional());
const Ref = lazySchema(() => z.strictObject({ ref: ClientRef, mode: ModeInput }));

export const JournalSearch = lazySchema(() => z.strictObject({
  mode: ModeInput,
  since: z.string().datetime({ offset: true }).optional(),
  until: z.string().datetime({ offset: true }).optional(),
  type: PaymentType.optional(),
  tender: Tender.optional(),
  states: z.array(PaymentState).max(14).optional(),
  last4: z.string().regex(/^\d{4}$/).optional(),
  amountCents: Cents.optional(),
  reference: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  attention: z.boolean().optional(),
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(1000).default(100),
}));
export type JournalSearch = z.input<typeof JournalSearch>;

export const TotalsLine = lazySchema(() => z.strictObject({
  tender: Tender,
  type: PaymentType,
  /** `declined`: the bank said no; `rejected`: the gateway refused the request (never reached the bank), kept apart. */
  bucket: z.enum(['approved', 'offline', 'declined', 'rejected']),
  count: z.number().int().nonnegative(),
  cents: z.number().int().nonnegative(),
}));
export const DailyTotals = lazySchema(() => z.strictObject({
  mode: Mode,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  lines: z.array(TotalsLine),
  /** Sales, pre-authorizations, completions and verifications approved, in cents. */
  approvedCents: z.number().int(),
  /** Refunds approved, less the refunds voided since (on a day a refund of an earlier day is voided it can be negative). */
  refundedCents: z.number().int(),
  /** Approved voids of sales and completions (a voided refund is taken off refundedCents instead; a voided pre-auth moved nothing). */
  voidedCents: z.number().int(),
  offlineOutstandingCents: z.number().int(),
  /** approved − refunded − voided. */
  netCents: z.number().int(),
}));
export type DailyTotals = z.infer<typeof DailyTotals>;

/** Who decided, as typed: recorded on the payment and printed by posctl and the screens, so never a control character. */
const DecidedBy = lazySchema(() => plainText(z.string().trim().min(1).max(40)));

export const QueueAction = lazySchema(() => z.discriminatedUnion('action', [
  /** The manager read the tag (and authorization number) from the gateway's report: look it up. */
  z.strictObject({ action: z.literal('lookup'), ref: ClientRef, tag: z.string().trim().regex(/^\d{1,20}$/), authorizationNum: plainText(z.string().trim().max(12)).optional(), decidedBy: DecidedBy }),
  /** Not in the gateway's report: it may be sent again (same reference). */
  z.strictObject({ action: z.literal('not-processed'), ref: ClientRef, decidedBy: DecidedBy }),
  /** Give it up: not sent again (if the gateway has it after all, void it there). */
  z.strictObject({ action: z.literal('write-off'), ref: ClientRef, decidedBy: DecidedBy }),
  /** The merchant dealt with a payment declined after forwarding. */
  z.strictObject({ action: z.literal('acknowledge'), ref: ClientRef, decidedBy: DecidedBy }),
]));
export type QueueAction = z.infer<typeof QueueAction>;

export const ForwardResult = lazySchema(() => z.strictObject({
  attempted: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  declined: z.number().int().nonnegative(),
  needsLookup: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Still waiting (the gateway is unreachable, or the queue is paused). */
  remaining: z.number().int().nonnegative(),
  stoppedBecause: z.string().max(300).nullable(),
}));
export type ForwardResult = z.infer<typeof ForwardResult>;

export const paymentMethods = {
  /**
   * The cashier is ringing up a payment (the register sends it at an amount's first digit): on a
   * live lane the gateway's connection is opened now, before the tender. `preparing`: whether one is.
   */
  'payments.expect': { input: lazySchema(() => z.strictObject({})), output: lazySchema(() => z.strictObject({ preparing: z.boolean() })) },
  /** Starts a sale (or returns the one with this saleId). */
  'payments.start': { input: StartSale, output: SaleView },
  'payments.tender': { input: lazySchema(() => z.strictObject({ saleId: SaleId, tender: Tender, cardEntry: CardEntry.optional() })), output: SaleView },
  /** A card typed in by the cashier (its own path: needs the cardholder name; the CVD is sent, then forgotten). */
  /** A keyed card needs the manager's approval: an unlocked page, or `managerPin` given now. */
  'payments.keyed': { input: lazySchema(() => z.strictObject({ saleId: SaleId, card: KeyedCardInput, managerPin: ManagerPin.optional() })), output: SaleView },
  'payments.checkDetails': { input: lazySchema(() => z.strictObject({ saleId: SaleId, details: CheckDetails })), output: SaleView },
  'payments.cancel': { input: lazySchema(() => z.strictObject({ saleId: SaleId })), output: SaleView },
  'payments.get': { input: lazySchema(() => z.strictObject({ saleId: SaleId })), output: SaleView },
  /** The sale in progress on this terminal, if any (also the last one that ended less than a minute ago). */
  'payments.current': { input: lazySchema(() => z.strictObject({})), output: lazySchema(() => SaleView.nullable()) },
  'payments.receipt': { input: lazySchema(() => Ref.extend({ copy: z.enum(['customer', 'merchant']).default('customer') })), output: Receipt },
  'queue.status': { input: lazySchema(() => z.strictObject({})), output: QueueStatus },
  'queue.list': {
    input: lazySchema(() => z.strictObject({ mode: ModeInput, list: z.enum(['offline', 'needs-lookup', 'attention']).default('offline') })),
    output: lazySchema(() => z.array(PaymentRow)),
  },
  'queue.forward': { input: lazySchema(() => z.strictObject({})), output: ForwardResult },
  'queue.pause': { input: lazySchema(() => z.strictObject({})), output: QueueStatus },
  'queue.resume': { input: lazySchema(() => z.strictObject({})), output: QueueStatus },
  'queue.resolve': { input: QueueAction, output: PaymentRow },
  'journal.search': { input: JournalSearch, output: lazySchema(() => z.strictObject({ rows: z.array(PaymentRow), nextBeforeId: z.number().int().nullable() })) },
  'journal.get': {
    input: Ref,
    output: lazySchema(() => z.strictObject({
      payment: PaymentRow,
      related: z.array(PaymentRow),
      events: z.array(z.strictObject({ from: PaymentState.nullable(), to: PaymentState, at: z.string(), detail: z.string().nullable() })),
    })),
  },
  'journal.totals': { input: lazySchema(() => z.strictObject({ mode: ModeInput, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() })), output: DailyTotals },
  'journal.exportCsv': { input: lazySchema(() => JournalSearch.omit({ beforeId: true, limit: true })), output: lazySchema(() => z.strictObject({ filename: z.string(), csv: z.string(), rows: z.number().int() })) },
  /**
   * The desktop app: the same CSV as exportCsv, saved where the manager chooses in the OS save
   * dialog. `saved` false when the dialog was closed; UNAVAILABLE, in words, on a host without one.
   */
  'journal.saveCsv': { input: lazySchema(() => JournalSearch.omit({ beforeId: true, limit: true })), output: lazySchema(() => z.strictObject({ saved: z.boolean(), path: z.string().nullable(), rows: z.number().int() })) },
} as const;

export const paymentEvents = {
  'sale.changed': SaleView,
  'queue.changed': QueueStatus,
} as const;
