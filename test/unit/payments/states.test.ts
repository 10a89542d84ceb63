import { hostname } from 'node:os';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PadAnswer } from '../../../native/pinpad/client';
import { ownerGone, recoverAbandoned } from '../../../main/payments/recovery';
import { Sale } from '../../../main/payments/sale';
import type { GatewayLease, SaleDevices, SalePinpad, SalePolicy } from '../../../main/payments/ports';
import { canMove, FINAL_STATES, MOVES, PAYMENT_STATES, recoveryState, STATE_WORDS, type PaymentState } from '../../../main/payments/states';
import { JournalConflictError, type JournalStore } from '../../../main/payments/journal/journal';
import { memoryJournal, newPayment, OUTCOMES, sampleCard } from '../../support/payments';

const AT = new Date('2030-03-01T12:00:00.000Z');
const pairs = PAYMENT_STATES.flatMap((from) => PAYMENT_STATES.filter((to) => to !== from).map((to) => [from, to] as const));

let journal: JournalStore;
afterEach(() => {
  journal?.close();
  vi.useRealTimers();
});

function eventsOf(ref: string): Array<{ from: string | null; to: string }> {
  return journal.db
    .prepare(`SELECT from_state AS "from", to_state AS "to" FROM journal_event e JOIN journal j ON j.id = e.payment_id WHERE j.client_ref = ? ORDER BY e.id`)
    .all(ref) as Array<{ from: string | null; to: string }>;
}

describe('payment states', () => {
  it('has one sentence for every state', () => {
    expect(Object.keys(STATE_WORDS).sort()).toEqual([...PAYMENT_STATES].sort());
    for (const s of PAYMENT_STATES) expect(STATE_WORDS[s]).toMatch(/^[A-Z].*[.…]$/);
  });

  it('lets no move out of a final state', () => {
    for (const s of FINAL_STATES) expect(MOVES[s]).toEqual([]);
  });

  it('names only known states in its table of moves', () => {
    for (const to of Object.values(MOVES).flat()) expect(PAYMENT_STATES).toContain(to);
  });

  it.each(pairs.filter(([from, to]) => canMove(from, to)))('journal.transition allows %s → %s', (from, to) => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), from, AT);
    expect(journal.transition('r-1', from, to, AT).state).toBe(to);
    expect(eventsOf('r-1')).toEqual([{ from: null, to: from }, { from, to }]);
  });

  it('journal.transition refuses every move not in the table, and leaves the row as it was', () => {
    journal = memoryJournal();
    const refused = pairs.filter(([from, to]) => !canMove(from, to));
    expect(refused.length).toBe(PAYMENT_STATES.length * (PAYMENT_STATES.length - 1) - Object.values(MOVES).flat().length);
    for (const [i, [from, to]] of refused.entries()) {
      const ref = `r-${i}`;
      journal.create(newPayment(ref), from, AT);
      expect(() => journal.transition(ref, from, to, AT), `${from} → ${to}`).toThrow(RangeError);
      expect(journal.get(ref)?.state).toBe(from);
      expect(eventsOf(ref)).toHaveLength(1);
    }
  });

  it('refuses a move from a state the row is no longer in (another process moved it first)', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'offline', AT);
    journal.transition('r-1', 'offline', 'forwarding', AT);
    expect(() => journal.transition('r-1', 'offline', 'forwarding', AT)).toThrow(JournalConflictError);
    expect(() => journal.transition('nope', 'offline', 'forwarding', AT)).toThrow(JournalConflictError);
  });

  it('walks a path one allowed step at a time, recording each, or not at all', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'validated', AT);
    expect(journal.transition('r-1', 'validated', ['journaled', 'sending'], AT).state).toBe('sending');
    expect(eventsOf('r-1').map((e) => e.to)).toEqual(['validated', 'journaled', 'sending']);

    journal.create(newPayment('r-2'), 'validated', AT);
    expect(() => journal.transition('r-2', 'validated', ['journaled', 'approved'], AT)).toThrow(RangeError);
    expect(journal.get('r-2')?.state).toBe('validated');
    expect(eventsOf('r-2')).toHaveLength(1);
  });

  it('a final state wipes the sealed data, ends the lease and records when it finished', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'validated', AT);
    journal.transition('r-1', 'validated', ['journaled', 'sending'], AT, { sealed: Buffer.from('sealed request'), owner: 'me', leaseUntil: '2030-03-01T12:05:00.000Z' });
    expect(journal.get('r-1')).toMatchObject({ hasSealed: true, owner: 'me' });
    const row = journal.transition('r-1', 'sending', 'approved', AT);
    expect(row).toMatchObject({ hasSealed: false, owner: null, leaseUntil: null, finishedAt: AT.toISOString() });
    expect(journal.sealed('r-1')).toBeUndefined();
  });

  it('a final state wipes the sealed data even when the patch carries some', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'sending', AT);
    const row = journal.transition('r-1', 'sending', 'approved', AT, { sealed: Buffer.from('sealed request') });
    expect(row.hasSealed).toBe(false);
  });

  it('the CHECK constraint refuses a state outside the list', () => {
    journal = memoryJournal();
    journal.create(newPayment('r-1'), 'choosing', AT);
    expect(() => journal.db.prepare(`UPDATE journal SET state = 'settled' WHERE client_ref = 'r-1'`).run()).toThrow(/CHECK constraint/);
  });
});

describe('recovery of rows a stopped process left behind', () => {
  const expected: Record<PaymentState, PaymentState | undefined> = {
    choosing: 'cancelled',
    waiting: 'cancelled',
    validated: 'cancelled',
    journaled: 'failed',
    sending: 'needs-lookup',
    forwarding: 'needs-lookup',
    approved: undefined,
    declined: undefined,
    rejected: undefined,
    offline: undefined,
    'needs-lookup': undefined,
    failed: undefined,
    cancelled: undefined,
    voided: undefined,
  };

  it.each(PAYMENT_STATES)('recoveryState(%s)', (state) => {
    const to = recoveryState(state);
    expect(to).toBe(expected[state]);
    // Every recovery is a move the table allows.
    if (to) expect(canMove(state, to)).toBe(true);
  });

  it('ownerGone: no owner, an expired lease, or a dead process on this host; never itself or a live one', () => {
    const now = new Date('2030-03-01T12:00:00.000Z');
    const later = '2030-03-01T12:10:00.000Z';
    const earlier = '2030-03-01T11:50:00.000Z';
    expect(ownerGone(null, 'me', now, later)).toBe(true);
    expect(ownerGone('me', 'me', now, earlier)).toBe(false);
    expect(ownerGone('till-7/123/abcd', 'me', now, earlier)).toBe(true);
    expect(ownerGone('till-7/123/abcd', 'me', now, later)).toBe(false);
    expect(ownerGone(`${hostname()}/${process.pid}/other-nonce`, 'me', now, later)).toBe(true);
    expect(ownerGone(`${hostname()}/${process.ppid}/abcd`, 'me', now, later)).toBe(false);
    // A live process on this host keeps its row even after its lease ran out (a slow customer).
    expect(ownerGone(`${hostname()}/${process.ppid}/abcd`, 'me', now, earlier)).toBe(false);
    // A pid above any pid_max is never alive.
    expect(ownerGone(`${hostname()}/99999999/abcd`, 'me', now, later)).toBe(true);
    expect(ownerGone(`${hostname()}/not-a-pid/abcd`, 'me', now, later)).toBe(false);
  });

  it('recoverAbandoned closes the in-flight rows of a gone owner and leaves live ones, queued and final ones alone', () => {
    journal = memoryJournal();
    const now = new Date('2030-03-01T12:00:00.000Z');
    const gone = { owner: 'till-7/1/dead', leaseUntil: '2030-03-01T11:00:00.000Z' };
    const alive = { owner: 'till-7/2/alive', leaseUntil: '2030-03-01T13:00:00.000Z' };
    for (const state of PAYMENT_STATES) {
      journal.create({ ...newPayment(`gone-${state}`), ...gone }, state, AT);
      journal.create({ ...newPayment(`alive-${state}`), ...alive }, state, AT);
    }
    const moved = recoverAbandoned(journal, 'me', now);
    expect(moved.map((r) => r.clientRef).sort()).toEqual(PAYMENT_STATES.filter((s) => recoveryState(s)).map((s) => `gone-${s}`).sort());
    for (const state of PAYMENT_STATES) {
      expect(journal.get(`gone-${state}`)?.state).toBe(recoveryState(state) ?? state);
      expect(journal.get(`alive-${state}`)?.state).toBe(state);
    }
    expect(journal.get('gone-sending')?.message).toMatch(/look it up before sending it again/);
    expect(recoverAbandoned(journal, 'me', now)).toEqual([]);
  });

  it('a sale whose row another process recovered while the customer confirmed does not send it', async () => {
    vi.useFakeTimers();
    journal = memoryJournal();
    let now = new Date('2030-03-01T12:00:00.000Z');
    const sent: unknown[] = [];
    const gateway: GatewayLease = {
      mode: 'live',
      send: async (_op, request) => {
        sent.push(request);
        return OUTCOMES.approved;
      },
      builderContext: () => ({ keyedEcommerceFlag: 'R', now }),
      knownOffline: () => false,
      preconnect: () => undefined,
      release: () => undefined,
    };
    let answer: (a: PadAnswer) => void = () => undefined;
    const pad: SalePinpad = {
      id: 'pad-1',
      showAmount: async () => undefined,
      // The card comes 250 s into the 300 s wait.
      readCard: async () => {
        now = new Date(now.getTime() + 250_000);
        return { status: 'read', card: sampleCard('visa') };
      },
      askYesNo: () => new Promise<PadAnswer>((resolve) => (answer = resolve)),
      cancelPrompt: async () => undefined,
      showMessage: async () => undefined,
    };
    const devices: SaleDevices = { claimReads: () => ({ release: () => undefined }), claimPinpad: () => ({ pad, release: () => undefined }) };
    const policy: SalePolicy = {
      chipSwipe: 'warn',
      cardEntry: 'both',
      confirmOnPinpad: true,
      partialApproval: true,
      cardWaitMs: 300_000,
      offline: { enabled: false, maxAmountCents: 1, maxTotalCents: 1, maxCount: 1, maxAgeHours: 1, types: [], checks: false, keyed: false },
    };
    const sale = new Sale(
      { journal, gateway, prepareSeal: () => (plain) => Buffer.from(plain), devices, policy, owner: `${hostname()}/${process.pid}/sale`, now: () => now, log: pino({ level: 'silent' }), changed: () => undefined },
      { saleId: 'sale-0001', clientRef: 'L-1', type: 'sale', amountCents: 1_000, tender: 'card' },
    );
    sale.begin();
    await vi.waitFor(() => expect(journal.get('L-1')?.state).toBe('validated'));
    // The customer takes 3 of the 5 minutes allowed to confirm: the row's lease (taken when the
    // wait began: 300 s + 120 s) runs out, and another process (posctl queue forward) recovers
    // it. Nothing was sent, so it is cancelled.
    now = new Date(now.getTime() + 180_000);
    expect(recoverAbandoned(journal, 'till-2/1/posctl', now).map((r) => r.state)).toEqual(['cancelled']);
    answer('yes');
    await sale.done;
    expect(journal.get('L-1')?.state).toBe('cancelled');
    // The journal says "nothing was sent": the gateway must not have it.
    expect(sent).toEqual([]);
  });
});
