import type { PaymentStanding } from '../../preload/contract';
import type { MadeRow } from './journal/queries';
import { heldCents } from './claim-rule';
import { STANDING_STATES } from './states';
import { UNTOUCHED } from './views';

/**
 * Where payments stand after what was made from them since: voided, refunded so far, completed
 * so far. Pure, from the rows `JournalQueries.madeFrom` gives for a page.
 *
 * An operation counts once it moved money or was stored offline (approved on the lane, it will
 * be sent): the standing states of states.ts (approved, offline, forwarding). Its amount is the
 * claim rule's (`heldCents`: what an approval moved, or what a stored one asked), so History and
 * the claim rule add the same cents.
 * Unlike the claim rule, which also holds what is still in flight, standing says what is done.
 * A refund or completion that was itself voided no longer counts.
 */

/** The standing of every payment something counted was made from, by id (absent: untouched). */
export function standingsOf(made: readonly MadeRow[]): Map<number, PaymentStanding> {
  const counted = made.filter((m) => m.originalId !== null && STANDING_STATES.has(m.state));
  const voided = new Set(counted.filter((m) => m.type === 'void').map((m) => m.originalId));
  const out = new Map<number, PaymentStanding>();
  const of = (id: number): PaymentStanding => {
    let s = out.get(id);
    if (!s) out.set(id, (s = { ...UNTOUCHED }));
    return s;
  };
  for (const m of counted) {
    if (m.originalId === null) continue;
    const s = of(m.originalId);
    if (m.type === 'void') s.voided = true;
    else if (voided.has(m.id)) continue;
    else if (m.type === 'refund') s.refundedCents += heldCents(m);
    else if (m.type === 'completion') s.completedCents += heldCents(m);
  }
  return out;
}
