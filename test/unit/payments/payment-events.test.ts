import { afterEach, describe, expect, it } from 'vitest';
import type { JournalStore } from '../../../main/payments/journal/journal';
import { canMove, EVENTS, eventMove, MOVES, PAYMENT_STATES, type PaymentState } from '../../../main/payments/states';
import { memoryJournal, newPayment } from '../../support/payments';

const AT = new Date('2030-03-01T12:00:00.000Z');

/** Every state reachable from `from` through MOVES (itself included). */
function reachable(from: PaymentState): Set<PaymentState> {
  const seen = new Set<PaymentState>([from]);
  for (const s of seen) for (const to of MOVES[s]) seen.add(to);
  return seen;
}

let journal: JournalStore | undefined;
afterEach(() => {
  journal?.close();
  journal = undefined;
});

describe('payment events', () => {
  it('start and end only in known states, each end reachable from some start', () => {
    for (const [name, e] of Object.entries(EVENTS)) {
      for (const s of [...e.from, ...e.to]) expect(PAYMENT_STATES, name).toContain(s);
      for (const to of e.to) expect(e.from.some((from) => reachable(from).has(to)), `${name} → ${to}`).toBe(true);
    }
  });

  it('give the move a call site asks for, with the event’s start and single end by default', () => {
    expect(eventMove('tender')).toEqual({ from: ['choosing', 'waiting'], path: ['waiting'] });
    expect(eventMove('send', { from: 'choosing', to: ['validated', 'journaled', 'sending'] })).toEqual({ from: ['choosing'], path: ['validated', 'journaled', 'sending'] });
  });

  it('refuse a start or an end the event does not have, and an end left out where the event has several', () => {
    expect(() => eventMove('tender', { from: 'validated' })).toThrow(RangeError);
    expect(() => eventMove('decision', { to: 'approved' })).toThrow(RangeError);
    expect(() => eventMove('answer', { from: 'sending' })).toThrow(RangeError);
  });

  it('are applied by the journal as transitions are, and refused there outside the table', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'waiting', AT);
    expect(journal.apply('r-1', 'read', AT, { last4: '1111' }).state).toBe('validated');
    expect(() => journal?.apply('r-1', 'claim', AT, {}, { from: 'validated', to: 'forwarding' })).toThrow(RangeError);
    expect(journal.apply('r-1', 'send', AT, {}, { from: 'validated', to: ['journaled', 'sending'] })).toMatchObject({ state: 'sending', last4: '1111' });
    expect(journal.apply('r-1', 'answer', AT, {}, { from: 'sending', to: 'approved', detail: 'answered' }).state).toBe('approved');
  });

  it('name every move the table allows but the ones no event makes', () => {
    const made = new Set<string>();
    for (const e of Object.values(EVENTS) as Array<{ from: readonly PaymentState[]; to: readonly PaymentState[] }>) {
      for (const from of e.from) for (const to of e.to) if (canMove(from, to)) made.add(`${from} → ${to}`);
    }
    const unnamed = PAYMENT_STATES.flatMap((from) => MOVES[from].map((to) => `${from} → ${to}`)).filter((m) => !made.has(m));
    // Steps inside a path (validated → journaled → sending) are named by the event that ends the path.
    expect(unnamed.sort()).toEqual(['choosing → validated', 'journaled → offline', 'journaled → sending', 'validated → journaled']);
  });
});
