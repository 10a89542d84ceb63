import { PosError } from '../api/errors';
import { formatDollars } from '../config/setting';
import type { JournalRow } from './journal/row';
import { RELEASED_STATES, UNANSWERED_STATES, type PaymentType } from './states';

/**
 * What is left of an approved payment for a void, a refund or a completion made from it, and the
 * amount the new one may claim: pure, so the journal can run it inside the IMMEDIATE transaction
 * that writes the new row (`JournalStore.createFrom`). A payment made from another holds its amount
 * from the moment its row exists until it is known not to have moved money, so two processes
 * asking at once can never both be given the same money:
 * - one void per payment, in flight or done; never after money already went back (a refund) or
 *   was captured (a completion), which the void would not undo;
 * - refunds never add up past what the original paid;
 * - one completion per pre-authorization, never above what it authorized.
 */

/**
 * A row as the rule reads it. `voided`: a void of this row itself was approved or stored offline
 * (a refund or completion undone since), so it holds nothing any more.
 */
export type ClaimRow = Pick<JournalRow, 'clientRef' | 'type' | 'state' | 'requestedCents' | 'approvedCents'> & { voided?: boolean };

export interface ClaimAsk {
  type: PaymentType;
  /** Cents asked; 0 takes what is left (a refund or a completion). A void always takes the whole payment. */
  cents: number;
}

/** Operations made from an earlier payment, and what each may be made from. */
const MADE_FROM: Partial<Record<PaymentType, readonly PaymentType[]>> = {
  completion: ['preauth'],
  void: ['sale', 'preauth', 'completion', 'refund'],
  refund: ['sale', 'completion'],
};

const VERB: Record<string, string> = { void: 'voided', refund: 'refunded', completion: 'completed' };

const dollars = (cents: number): string => `$${formatDollars(cents)}`;

/** What a payment made from another holds of it: what it moved, or may be moving. */
export function heldCents(row: ClaimRow): number {
  if (released(row)) return 0;
  if (row.state === 'approved') return row.approvedCents ?? row.requestedCents;
  return row.requestedCents;
}

/** Known not to hold money: it never moved any, or a void of its own undid it. */
function released(row: ClaimRow): boolean {
  return RELEASED_STATES.has(row.state) || row.voided === true;
}

/** What an approved payment moved (a partial approval moved less than asked). */
function paidOf(row: ClaimRow): number {
  return row.approvedCents ?? row.requestedCents;
}

/**
 * The cents this operation claims of `original`, given every payment already made from it
 * (`made`, as they are in the journal now). Throws PosError, in words for the cashier, when it
 * may not be made: CONFLICT for the payment's standing, BAD_INPUT for an amount.
 */
export function claimCents(original: ClaimRow, made: readonly ClaimRow[], ask: ClaimAsk): number {
  const ref = original.clientRef;
  const allowed = MADE_FROM[ask.type];
  if (!allowed) throw new PosError('BAD_INPUT', `a ${ask.type} is not made from an earlier payment`);
  if (original.state !== 'approved') throw new PosError('CONFLICT', `payment ${ref} is ${original.state}: only an approved payment can be ${VERB[ask.type] ?? ask.type}`);
  if (!allowed.includes(original.type)) throw new PosError('BAD_INPUT', `a ${ask.type} cannot be made from a ${original.type}`);
  const holding = made.filter((m) => !released(m));
  const voids = holding.filter((m) => m.type === 'void');
  const done = voids.find((m) => m.state === 'approved' || m.state === 'offline');
  if (done) throw new PosError('CONFLICT', `payment ${ref} is already voided (${done.clientRef})`);
  const voiding = voids[0];
  if (voiding) throw new PosError('CONFLICT', `payment ${ref} is already being voided (${voiding.clientRef} is ${voiding.state}): wait for its answer`);
  const paid = paidOf(original);
  if (ask.type === 'void') {
    const moved = holding[0];
    if (moved) {
      const what = moved.type === 'refund' ? `${dollars(sumHeld(holding, 'refund'))} of it refunded` : `${dollars(sumHeld(holding, moved.type))} of it ${VERB[moved.type] ?? moved.type}`;
      throw new PosError('CONFLICT', `payment ${ref} has ${what} (${moved.clientRef}): a void would not undo that; void ${moved.clientRef} first, or refund what is left`);
    }
    return paid;
  }
  if (ask.type === 'completion') {
    const completion = holding.find((m) => m.type === 'completion');
    if (completion) throw new PosError('CONFLICT', `pre-authorization ${ref} is already ${completion.state === 'approved' ? 'completed' : 'being completed'} (${completion.clientRef}, ${dollars(heldCents(completion))})`);
    if (ask.cents > paid) throw new PosError('BAD_INPUT', `a completion of ${dollars(ask.cents)} is above the ${dollars(paid)} pre-authorized by ${ref}`);
    return ask.cents === 0 ? paid : ask.cents;
  }
  // A refund: what the original paid less every refund that holds part of it.
  const refunds = holding.filter((m) => m.type === 'refund');
  const refunded = sumHeld(refunds, 'refund');
  const left = Math.max(0, paid - refunded);
  const pending = refunds.some((m) => m.state !== 'approved');
  const already = `${dollars(refunded)} of ${dollars(paid)} already refunded${pending ? ' or being refunded' : ''}`;
  if (left === 0) throw new PosError('BAD_INPUT', `${already}: nothing is left to refund of payment ${ref}`);
  if (ask.cents > left) throw new PosError('BAD_INPUT', `${already}: only ${dollars(left)} is left to refund of payment ${ref}`);
  // A refund whose answer is not known may have moved its money: it is settled first.
  const unanswered = refunds.find((m) => UNANSWERED_STATES.has(m.state));
  if (unanswered) throw new PosError('CONFLICT', `a refund of payment ${ref} (${unanswered.clientRef}) is ${unanswered.state}: settle it first`);
  return ask.cents === 0 ? left : ask.cents;
}

function sumHeld(rows: readonly ClaimRow[], type: PaymentType): number {
  return rows.filter((r) => r.type === type).reduce((sum, r) => sum + heldCents(r), 0);
}
