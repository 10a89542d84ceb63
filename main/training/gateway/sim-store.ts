import type { TrainingFaultInput, TrainingFaultState } from '../../../preload/contract';
import type { SimRecord } from './contract';

/**
 * Where the simulated gateway keeps what must outlive one request: processed transactions (for
 * lookups and tagged follow-ups), the tag counter, how often each Reference_No was seen, and the
 * training fault. Two implementations: in memory (tests, `posctl gateway simulate`) and a SQLite
 * file shared by every process of a terminal in training mode (sqlite-sim-store.ts).
 */

export interface Stored {
  tag: string;
  authNum: string;
  type: string;
  check: boolean;
  /** The amount approved (for a partial approval, less than the amount requested). */
  cents: number;
  /** SHA-256 of the card number or check account: the simulator keeps no full PAN. */
  cardKey: string;
  brand: string;
  at: Date;
  approved: boolean;
  /** The full result as answered (card number already masked). */
  result: SimRecord;
  completedCents: number;
  refundedCents: number;
  voided: boolean;
  /** A completion or refund: the tag of the transaction it was made from, so voiding it gives that amount back. */
  originalTag: string | null;
}

/** What tagged completions, voids and refunds change. */
export type StoredState = Pick<Stored, 'completedCents' | 'refundedCents' | 'voided'>;

/** `connect`: checked before a request is sent (unreachable); `request`: on receipt (the other kinds). */
export type FaultStage = 'connect' | 'request';

export interface SimStore {
  /** Runs fn as one unit of work; in SQLite an IMMEDIATE transaction, so processes sharing the file never interleave inside it. */
  atomically<T>(fn: () => T): T;
  /** The next transaction tag, at least `floor`; a store never hands out the same tag twice. */
  allocateTag(floor: number): number;
  get(tag: string): Stored | undefined;
  /** An approved card transaction by authorization number and card digest (non-tagged voids and completions). */
  findApproved(authNum: string, cardKey: string): Stored | undefined;
  /** Whether an approved transaction of this type, card and amount happened at or after `since`. */
  hasApproved(type: string, cardKey: string, cents: number, since: Date): boolean;
  insert(stored: Stored): void;
  update(tag: string, state: StoredState): void;
  countReference(reference: string): void;
  referenceCounts(): Map<string, number>;
  /** Every stored transaction, oldest first. */
  all(): Stored[];
  fault(): TrainingFaultState;
  setFault(input: TrainingFaultInput): TrainingFaultState;
  /** The fault that applies now at this stage, counted down by one (cleared when it reaches zero). */
  takeFault(stage: FaultStage): TrainingFaultState | undefined;
  close(): void;
}

export const NO_FAULT: TrainingFaultState = { kind: 'none', remaining: null };

/** The state a fault input sets: `none` clears, a count limits it, delayMs only for slow; no kind keeps `current`. */
export function faultOf(input: TrainingFaultInput, current: TrainingFaultState): TrainingFaultState {
  if (input.kind === undefined) return current;
  if (input.kind === 'none') return NO_FAULT;
  return { kind: input.kind, remaining: input.count ?? null, ...(input.kind === 'slow' && input.delayMs !== undefined ? { delayMs: input.delayMs } : {}) };
}

export function stageOf(fault: TrainingFaultState): FaultStage | undefined {
  if (fault.kind === 'none') return undefined;
  return fault.kind === 'unreachable' ? 'connect' : 'request';
}

/** After one application: one fewer remaining, or none left. */
export function countedDown(fault: TrainingFaultState): TrainingFaultState {
  if (fault.remaining === null) return fault;
  return fault.remaining <= 1 ? NO_FAULT : { ...fault, remaining: fault.remaining - 1 };
}

/** The in-memory store: lost when the process ends. */
export function memorySimStore(): SimStore {
  const history = new Map<string, Stored>();
  const references = new Map<string, number>();
  let nextTag = 0;
  let fault = NO_FAULT;
  return {
    atomically: (fn) => fn(),
    allocateTag(floor) {
      const tag = Math.max(nextTag, floor);
      nextTag = tag + 1;
      return tag;
    },
    get: (tag) => history.get(tag),
    findApproved: (authNum, cardKey) => [...history.values()].find((s) => !s.check && s.approved && s.authNum === authNum && s.cardKey === cardKey),
    hasApproved: (type, cardKey, cents, since) =>
      [...history.values()].some((s) => s.approved && s.type === type && s.cents === cents && s.at.getTime() >= since.getTime() && s.cardKey === cardKey),
    insert: (stored) => void history.set(stored.tag, stored),
    update(tag, state) {
      const s = history.get(tag);
      if (s) history.set(tag, { ...s, ...state });
    },
    countReference: (reference) => void references.set(reference, (references.get(reference) ?? 0) + 1),
    referenceCounts: () => new Map(references),
    all: () => [...history.values()],
    fault: () => fault,
    setFault: (input) => (fault = faultOf(input, fault)),
    takeFault(stage) {
      if (stageOf(fault) !== stage) return undefined;
      const taken = fault;
      fault = countedDown(fault);
      return taken;
    },
    close: () => undefined,
  };
}
