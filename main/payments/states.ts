import { EntryMethod as EntryMethodSchema, PaymentState as PaymentStateSchema, PaymentType as PaymentTypeSchema, Tender as TenderSchema } from '../../preload/contract/payments';

/**
 * The states of one payment, their named groups, the moves between them and the events that make
 * those moves: pure, no I/O. The journal's CHECK constraint is built from this list, main moves a
 * payment only through `journal.apply(ref, event, …)` (refused for an event not in `EVENTS`) and
 * `journal.transition` refuses any step not in `MOVES`, so a bug elsewhere cannot put a payment
 * where money could move twice.
 *
 * A payment is journaled from the moment it starts (no card data yet): every transition is
 * written first and published second, and a crash at any step leaves a row that recovery can
 * close safely (see `recoveryState`).
 *
 * The closed list is the contract's, so the renderer and the journal's CHECK share it.
 */
export const PAYMENT_STATES = PaymentStateSchema.options;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One sentence per state, as a screen or posctl can show it. */
export const STATE_WORDS: Readonly<Record<PaymentState, string>> = {
  choosing: 'Choose card or check.',
  waiting: 'Waiting for the card or check.',
  validated: 'Card or check read; confirming the amount.',
  journaled: 'Recorded; about to send.',
  sending: 'Sending to the gateway…',
  approved: 'Approved.',
  declined: 'Declined by the bank.',
  rejected: 'Rejected by the gateway.',
  offline: 'Stored offline: it will be sent when the gateway is back.',
  forwarding: 'Stored offline; being sent now.',
  'needs-lookup': 'Outcome unknown: a manager must look it up before anything is sent again.',
  failed: 'Not sent: no money moved.',
  cancelled: 'Cancelled: nothing was sent.',
  voided: 'Written off by a manager: it will not be sent.',
};

/*
 * Named groups of states. Code asks `GROUP.has(state)`; SQL gets `state IN (${sqlList(GROUP)})`, so
 * no list of states is spelled out anywhere else. Each group keeps the contract's order.
 */
const group = (member: (s: PaymentState) => boolean): ReadonlySet<PaymentState> => new Set(PAYMENT_STATES.filter(member));

/** Final: the payment's outcome is known for good; its sealed data is wiped and it never moves again. */
export const FINAL_STATES: ReadonlySet<PaymentState> = new Set(['approved', 'declined', 'rejected', 'failed', 'cancelled', 'voided']);
/** Open: not final. */
export const OPEN_STATES: ReadonlySet<PaymentState> = group((s) => !FINAL_STATES.has(s));
/** Stored: approved on the lane and kept (sealed) for the forwarder, waiting or being forwarded now: the offline queue. */
export const STORED_STATES: ReadonlySet<PaymentState> = new Set(['offline', 'forwarding']);
/** Standing: the money moved, at the gateway (approved) or on the lane (stored). */
export const STANDING_STATES: ReadonlySet<PaymentState> = group((s) => s === 'approved' || STORED_STATES.has(s));
/** Light: nothing sealed or sent yet; a move among these (or to cancelled) needs no wait for the disk (see `isLightPath`). */
export const LIGHT_STATES: ReadonlySet<PaymentState> = new Set(['choosing', 'waiting', 'validated']);
/** At the counter: before anything could have been sent (the light states, then journaled: sealed, about to send). */
export const AT_COUNTER_STATES: ReadonlySet<PaymentState> = group((s) => LIGHT_STATES.has(s) || s === 'journaled');
/** The same group as AT_COUNTER_STATES, by its earlier name. */
export const PRE_SEND_STATES = AT_COUNTER_STATES;
/** States a sale in progress (the register's) can be in: at the counter, or sending. */
export const IN_PROGRESS_STATES: ReadonlySet<PaymentState> = group((s) => AT_COUNTER_STATES.has(s) || s === 'sending');
/** In flight: what a process that stopped may leave behind, a sale in progress or a forward (see `recoveryState`). */
export const IN_FLIGHT_STATES: ReadonlySet<PaymentState> = group((s) => IN_PROGRESS_STATES.has(s) || s === 'forwarding');
/** Released: final with no money moved (declined, rejected, failed, cancelled, written off); a payment made from another holds nothing in these. */
export const RELEASED_STATES: ReadonlySet<PaymentState> = group((s) => FINAL_STATES.has(s) && !STANDING_STATES.has(s));
/** Unanswered: the gateway may have it and nobody knows its answer yet (sent from the counter or the queue, or waiting for a lookup). */
export const UNANSWERED_STATES: ReadonlySet<PaymentState> = group((s) => (IN_FLIGHT_STATES.has(s) && !AT_COUNTER_STATES.has(s)) || s === 'needs-lookup');

/** Totalled: what a day's totals count (money taken or waiting, and the answers that said no); the rest never reached an answer. */
export const TOTALLED_STATES: ReadonlySet<PaymentState> = group((s) => STANDING_STATES.has(s) || s === 'declined' || s === 'rejected');

/** A group (or any list of closed values) as the inside of a SQL `IN (…)`: `'offline', 'forwarding'`. */
export function sqlList(values: Iterable<string>): string {
  return [...values].map((v) => `'${v}'`).join(', ');
}

/**
 * A path a power cut may undo without loss: from and to light states, or a cancel of such a row
 * (recovery would cancel it anyway). The journal commits it without waiting for the disk when it
 * writes no sealed data (`isLightMove`).
 */
export function isLightPath(from: readonly PaymentState[], path: readonly PaymentState[]): boolean {
  if (!from.every((s) => LIGHT_STATES.has(s))) return false;
  return path.every((s, i) => LIGHT_STATES.has(s) || (s === 'cancelled' && i === path.length - 1));
}

/** The allowed moves. Anything else is a bug and is refused. */
export const MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  choosing: ['waiting', 'validated', 'cancelled'],
  waiting: ['validated', 'cancelled'],
  validated: ['journaled', 'cancelled', 'failed'],
  journaled: ['sending', 'offline', 'failed'],
  sending: ['approved', 'declined', 'rejected', 'offline', 'needs-lookup', 'failed'],
  approved: [],
  declined: [],
  rejected: [],
  offline: ['forwarding', 'needs-lookup'],
  forwarding: ['approved', 'declined', 'rejected', 'offline', 'needs-lookup', 'failed'],
  // A lookup that answers closes it; a manager may mark it not processed (queued again) or write it off.
  'needs-lookup': ['approved', 'declined', 'rejected', 'offline', 'voided', 'failed'],
  failed: [],
  cancelled: [],
  voided: [],
};

export function canMove(from: PaymentState, to: PaymentState): boolean {
  return MOVES[from].includes(to);
}

/**
 * The events that move a payment, each with the states it may start from and end in. The journal
 * applies them (`journal.apply`): every change of a payment's state in main names its event, and
 * the journal refuses an event from, or to, a state this table does not give it (and any single
 * step `MOVES` does not allow). A path may pass through states on the way (a sale read and sent in
 * one commit goes validated → journaled → sending); the table names where it starts and ends.
 */
export const EVENTS = {
  /** A tender is chosen: the sale waits for its card or check. */
  tender: { from: ['choosing', 'waiting'], to: ['waiting'] },
  /** The card or check is read, and the sale waits again (the customer's confirmation, check details). */
  read: { from: ['waiting'], to: ['validated'] },
  /** Cancelled at the counter, before anything was sealed or sent. */
  cancel: { from: [...LIGHT_STATES], to: ['cancelled'] },
  /** The request cannot be built from what was read, or a stored one cannot be read back: nothing was sent. */
  invalid: { from: [...LIGHT_STATES, 'forwarding'], to: ['failed'] },
  /** Sealed and stored offline without sending (the live gateway is known to be offline). */
  store: { from: [...LIGHT_STATES], to: ['offline'] },
  /** Sealed and sent to the gateway. */
  send: { from: [...LIGHT_STATES], to: ['sending'] },
  /** The terminal could not finish a sale it was making: where a crash would put it. */
  fault: { from: [...IN_PROGRESS_STATES], to: ['failed', 'needs-lookup'] },
  /** The gateway's answer to a sale, a forward or a lookup (see resolve-outcome.ts). */
  answer: { from: ['sending', 'forwarding', 'needs-lookup'], to: ['approved', 'declined', 'rejected', 'offline', 'needs-lookup', 'failed'] },
  /** A forwarder takes a stored payment to send, or a payment to look up (leased, state unchanged). */
  claim: { from: ['offline', 'needs-lookup'], to: ['forwarding', 'needs-lookup'] },
  /** A lookup waited too long: its sealed request is removed (state unchanged). */
  forget: { from: ['needs-lookup'], to: ['needs-lookup'] },
  /** A row a stopped process left in flight is closed (see `recoveryState`). */
  recover: { from: [...IN_FLIGHT_STATES], to: ['cancelled', 'failed', 'needs-lookup'] },
  /** A manager's decision on a payment whose outcome is unknown: send it again, or write it off. */
  decision: { from: ['needs-lookup'], to: ['offline', 'voided'] },
} as const satisfies Record<string, { from: readonly PaymentState[]; to: readonly PaymentState[] }>;
export type PaymentEvent = keyof typeof EVENTS;

/** Where a call site moves a payment with an event: from one of `from`, along `to` (one state, or a path). */
export interface EventMove {
  from?: PaymentState | readonly PaymentState[];
  to?: PaymentState | readonly PaymentState[];
}

/**
 * The move `event` makes, checked against EVENTS: `from` defaults to every state the event starts
 * from, `to` to the event's only end. Throws RangeError for a start or an end the event does not
 * have (each step of the path is checked against MOVES by the journal).
 */
export function eventMove(event: PaymentEvent, move: EventMove = {}): { from: readonly PaymentState[]; path: readonly PaymentState[] } {
  const e: { from: readonly PaymentState[]; to: readonly PaymentState[] } = EVENTS[event];
  const from = move.from === undefined ? e.from : typeof move.from === 'string' ? [move.from] : move.from;
  const path = move.to === undefined ? (e.to.length === 1 ? e.to : []) : typeof move.to === 'string' ? [move.to] : move.to;
  const start = from.find((s) => !e.from.includes(s));
  if (start !== undefined) throw new RangeError(`${event} does not move a payment from ${start}`);
  const end = path[path.length - 1];
  if (end === undefined) throw new RangeError(`${event} needs the state it moves a payment to (one of ${e.to.join(', ')})`);
  if (!e.to.includes(end)) throw new RangeError(`${event} does not move a payment to ${end}`);
  return { from, path };
}

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);
}

/**
 * Where a row left behind by a process that died goes: before sending, nothing left the machine
 * (cancelled if no card was read, failed otherwise); once sending or forwarding, the gateway may
 * have it, so it waits for a lookup. Queued and final rows stay as they are.
 */
export function recoveryState(state: PaymentState): PaymentState | undefined {
  switch (state) {
    case 'choosing':
    case 'waiting':
    case 'validated':
      return 'cancelled';
    case 'journaled':
      return 'failed';
    case 'sending':
    case 'forwarding':
      return 'needs-lookup';
    default:
      return undefined;
  }
}

/** Payment types as the register names them; `Transaction_Type` codes come from these and the entry. */
export const PAYMENT_TYPES = PaymentTypeSchema.options;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const TENDERS = TenderSchema.options;
export type Tender = (typeof TENDERS)[number];
export const ENTRY_METHODS = EntryMethodSchema.options;
export type EntryMethod = (typeof ENTRY_METHODS)[number];

/** Payments that move money back to the customer. */
export const MONEY_BACK: ReadonlySet<PaymentType> = new Set(['refund', 'void']);
