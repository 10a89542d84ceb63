import { hostname } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recoverAbandoned } from '../../../main/payments/recovery';
import { resolveOutcome, type Resolution } from '../../../main/payments/resolve-outcome';
import { canMove, FINAL_STATES, MOVES, PAYMENT_STATES, recoveryState, type PaymentState } from '../../../main/payments/states';
import { JournalConflictError, type JournalRow, type JournalStore } from '../../../main/payments/journal/journal';
import { memoryJournal, newPayment, OUTCOME_NAMES, OUTCOMES, type OutcomeName } from '../../support/payments';

/**
 * Random histories applied to a real journal (SQLite in memory): sales and their outcomes,
 * forwarder claims, lookups, crashes (the next process recovers what a dead owner left: a pid
 * that no longer runs, or a lease that ran out), the manager's decisions, and moves that must be
 * refused. Whatever the history: no row leaves a final state, no row is lost, no row is sent
 * again after it may have reached the gateway unless a manager marked it not processed, and no
 * final row keeps sealed data.
 */
type Op =
  | { t: 'sale'; cents: number; outcome: OutcomeName; offline: boolean; until: 'choosing' | 'waiting' | 'validated' | 'journaled' | 'sending' | 'answer' }
  | { t: 'forward'; outcome: OutcomeName; hold: boolean }
  | { t: 'start'; cents: number }
  | { t: 'step'; pick: number }
  | { t: 'cancel'; pick: number }
  | { t: 'send'; pick: number }
  | { t: 'answer'; pick: number; outcome: OutcomeName; offline: boolean }
  | { t: 'claim' }
  | { t: 'answer-forward'; pick: number; outcome: OutcomeName }
  | { t: 'lookup'; outcome: OutcomeName }
  | { t: 'decide'; pick: number; action: 'not-processed' | 'write-off' | 'enter-tag' }
  | { t: 'crash'; later: boolean }
  | { t: 'recover-early' }
  | { t: 'wait'; minutes: number }
  | { t: 'illegal'; pick: number; to: PaymentState }
  | { t: 'stale'; pick: number; from: PaymentState };

/** Above any pid_max: no process has it. */
const DEAD_PID = 90_000_000;
const pick = fc.nat(1_000);
const outcome = fc.constantFrom(...OUTCOME_NAMES);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('sale' as const),
      cents: fc.integer({ min: 0, max: 9_999_999 }),
      outcome,
      offline: fc.boolean(),
      until: fc.constantFrom('choosing' as const, 'waiting' as const, 'validated' as const, 'journaled' as const, 'sending' as const, 'answer' as const, 'answer' as const, 'answer' as const),
    }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('forward' as const), outcome, hold: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('start' as const), cents: fc.integer({ min: 0, max: 9_999_999 }) }) },
  { weight: 6, arbitrary: fc.record({ t: fc.constant('step' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('send' as const), pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('answer' as const), pick, outcome, offline: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('claim' as const) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('answer-forward' as const), pick, outcome }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('lookup' as const), outcome }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('decide' as const), pick, action: fc.constantFrom('not-processed' as const, 'write-off' as const, 'enter-tag' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('crash' as const), later: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('recover-early' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('illegal' as const), pick, to: fc.constantFrom(...PAYMENT_STATES) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('stale' as const), pick, from: fc.constantFrom(...PAYMENT_STATES) }) },
);

/** What the model knows of a row beyond its state. */
interface Model {
  /** The final state once the journal reached one: it must never change. */
  final?: PaymentState;
  /** Attempts that may have reached the gateway (not-sent attempts do not count). */
  sends: number;
  /** The last attempt may have reached the gateway, and no manager has said otherwise since. */
  maybeSent: boolean;
  /** Manager decisions "not processed: send again". */
  resets: number;
}

class History {
  readonly journal: JournalStore = memoryJournal();
  readonly model = new Map<string, Model>();
  private now = new Date('2030-03-01T09:00:00.000Z');
  private generation = 0;
  private created = 0;
  private readonly log: string[] = [];

  /**
   * Even generations run on another host (only an expired lease tells they are gone); odd ones on
   * this host with a pid that no longer runs (gone at once, as after a kill).
   */
  private get owner(): string {
    return this.generation % 2 === 0 ? `till-9/${1000 + this.generation}/p` : `${hostname()}/${DEAD_PID + this.generation}/p`;
  }

  /** Whether a recovering process (not the owner) finds the row's owner gone. */
  private gone(row: JournalRow): boolean {
    if (!row.owner || (row.leaseUntil !== null && row.leaseUntil <= this.now.toISOString())) return true;
    const [host, pid] = row.owner.split('/');
    return host === hostname() && Number(pid) >= DEAD_PID;
  }

  /** Recovery by another process now: exactly the in-flight rows of gone owners move, where recoveryState says. */
  private recover(self: string): void {
    const before = this.rows(PAYMENT_STATES);
    recoverAbandoned(this.journal, self, this.now);
    for (const r of before) {
      const to = this.gone(r) ? (recoveryState(r.state) ?? r.state) : r.state;
      expect(this.journal.get(r.clientRef)?.state, `${r.clientRef} (${r.state}, ${r.owner} until ${r.leaseUntil})`).toBe(to);
    }
  }

  private at(minutes: number): string {
    return new Date(this.now.getTime() + minutes * 60_000).toISOString();
  }

  private rows(states: readonly PaymentState[]): JournalRow[] {
    return this.journal.search({ states, limit: 1000 }).reverse();
  }

  private chosen(states: readonly PaymentState[], n: number): JournalRow | undefined {
    const rows = this.rows(states);
    return rows.length > 0 ? rows[n % rows.length] : undefined;
  }

  /** An attempt leaves for the gateway: allowed only if nothing before it may have reached it. */
  private attempt(ref: string): void {
    const m = this.model.get(ref);
    if (!m) throw new Error(`no model for ${ref}`);
    expect(m.maybeSent, `${ref} is sent again although an earlier attempt may have reached the gateway\n${this.log.join('\n')}`).toBe(false);
    m.maybeSent = true;
    m.sends++;
  }

  private answered(ref: string, name: OutcomeName): void {
    const m = this.model.get(ref);
    if (m && OUTCOMES[name].kind === 'not-sent') {
      m.maybeSent = false;
      m.sends--;
    }
  }

  private apply(row: JournalRow, r: Resolution, extra: Partial<Resolution['patch']> = {}): void {
    this.journal.transition(row.clientRef, row.state, r.state, this.now, { ...r.patch, ...extra });
  }

  private start(cents: number): string {
    const ref = `r-${this.created++}`;
    this.journal.create({ ...newPayment(ref, cents, this.owner), leaseUntil: this.at(2) }, 'choosing', this.now);
    this.model.set(ref, { sends: 0, maybeSent: false, resets: 0 });
    return ref;
  }

  /** choosing → waiting → validated → journaled (sealed), one step. */
  private step(row: JournalRow): void {
    const next = { choosing: 'waiting', waiting: 'validated', validated: 'journaled' } as const;
    const to = next[row.state as keyof typeof next];
    this.journal.transition(row.clientRef, row.state, to, this.now, to === 'journaled' ? { sealed: Buffer.from(`sealed ${row.clientRef}`), leaseUntil: this.at(2) } : {});
  }

  private send(row: JournalRow): void {
    this.journal.transition(row.clientRef, 'journaled', 'sending', this.now, { attemptsIncrement: true, leaseUntil: this.at(2) });
    this.attempt(row.clientRef);
  }

  private answer(row: JournalRow, name: OutcomeName, offlineAllowed: boolean): void {
    const offline = offlineAllowed ? { allowed: true as const } : { allowed: false as const, reason: 'offline payments are turned off for this store' };
    this.apply(row, resolveOutcome(OUTCOMES[name], { path: 'sale', requestedCents: row.requestedCents, partialAllowed: true, offline }));
    this.answered(row.clientRef, name);
  }

  private claim(): JournalRow | undefined {
    const due = this.rows(['offline']).filter((r) => r.nextAttemptAt === null || r.nextAttemptAt <= this.now.toISOString());
    const row = this.journal.claimNext(this.owner, this.at(3), this.now);
    // The oldest due stored payment, or none when none is due.
    expect(row?.clientRef).toBe(due[0]?.clientRef);
    if (row) {
      expect(row).toMatchObject({ state: 'forwarding', owner: this.owner });
      this.attempt(row.clientRef);
    }
    return row;
  }

  private answerForward(row: JournalRow, name: OutcomeName): void {
    const r = resolveOutcome(OUTCOMES[name], { path: 'forward', requestedCents: row.requestedCents, partialAllowed: true, retryAt: this.at(10) });
    this.apply(row, r, r.state === 'offline' ? {} : { owner: null, leaseUntil: null });
    this.answered(row.clientRef, name);
  }

  private get(ref: string): JournalRow {
    const row = this.journal.get(ref);
    if (!row) throw new Error(`${ref} is gone`);
    return row;
  }

  run(o: Op): void {
    this.now = new Date(this.now.getTime() + 1_000);
    this.log.push(JSON.stringify(o));
    const j = this.journal;
    switch (o.t) {
      case 'sale': {
        // One payment driven from its start to where this history stops it (or to its answer).
        const ref = this.start(o.cents);
        for (const stage of ['choosing', 'waiting', 'validated'] as const) {
          if (o.until === stage) break;
          this.step(this.get(ref));
        }
        if (o.until === 'choosing' || o.until === 'waiting' || o.until === 'validated' || o.until === 'journaled') break;
        this.send(this.get(ref));
        if (o.until === 'answer') this.answer(this.get(ref), o.outcome, o.offline);
        break;
      }
      case 'forward': {
        const row = this.claim();
        if (row && !o.hold) this.answerForward(this.get(row.clientRef), o.outcome);
        break;
      }
      case 'start':
        this.start(o.cents);
        break;
      case 'step': {
        const row = this.chosen(['choosing', 'waiting', 'validated'], o.pick);
        if (row) this.step(row);
        break;
      }
      case 'cancel': {
        const row = this.chosen(['choosing', 'waiting', 'validated'], o.pick);
        if (row) j.transition(row.clientRef, row.state, 'cancelled', this.now, { message: 'cancelled at the counter' });
        break;
      }
      case 'send': {
        const row = this.chosen(['journaled'], o.pick);
        if (row) this.send(row);
        break;
      }
      case 'answer': {
        const row = this.chosen(['sending'], o.pick);
        if (row) this.answer(row, o.outcome, o.offline);
        break;
      }
      case 'claim':
        this.claim();
        break;
      case 'answer-forward': {
        const row = this.chosen(['forwarding'], o.pick);
        if (row) this.answerForward(row, o.outcome);
        break;
      }
      case 'lookup': {
        const row = j.claimLookup(this.owner, this.at(3), this.now);
        if (!row) break;
        expect(row.state).toBe('needs-lookup');
        expect(row.tag).not.toBeNull();
        // A lookup asks about the payment; it sends no payment.
        const r = resolveOutcome(OUTCOMES[o.outcome], { path: 'lookup', requestedCents: row.requestedCents, partialAllowed: true });
        this.apply(row, r, r.state === 'needs-lookup' ? { owner: null, leaseUntil: null, nextAttemptAt: this.at(1) } : { owner: null, leaseUntil: null });
        break;
      }
      case 'decide': {
        const row = this.chosen(['needs-lookup'], o.pick);
        if (!row) break;
        const decided = { decidedBy: 'manager' };
        if (o.action === 'enter-tag') j.update(row.clientRef, 'needs-lookup', { ...decided, tag: '106625200', nextAttemptAt: null }, this.now, 'tag entered by manager');
        else if (o.action === 'write-off') j.transition(row.clientRef, 'needs-lookup', 'voided', this.now, { ...decided, decision: 'written off' });
        else if (row.hasSealed) {
          j.transition(row.clientRef, 'needs-lookup', 'offline', this.now, { ...decided, decision: 'not processed: send again', nextAttemptAt: null, owner: null, leaseUntil: null });
          const m = this.model.get(row.clientRef);
          if (m) {
            m.maybeSent = false;
            m.resets++;
          }
        }
        break;
      }
      case 'crash': {
        // The process dies; the next one starts at once, or a day later when every lease has run out.
        this.generation++;
        if (o.later) this.now = new Date(this.now.getTime() + 86_400_000);
        this.recover(this.owner);
        break;
      }
      case 'recover-early':
        // Another process looks while this one runs: it takes only what belongs to gone owners.
        this.recover('till-2/1/other');
        break;
      case 'wait':
        this.now = new Date(this.now.getTime() + o.minutes * 60_000);
        break;
      case 'illegal': {
        const row = this.chosen(PAYMENT_STATES, o.pick);
        if (!row || o.to === row.state || canMove(row.state, o.to)) break;
        expect(() => j.transition(row.clientRef, row.state, o.to, this.now)).toThrow(RangeError);
        break;
      }
      case 'stale': {
        const row = this.chosen(PAYMENT_STATES, o.pick);
        if (!row || o.from === row.state) break;
        expect(() => j.transition(row.clientRef, o.from, MOVES[o.from][0] ?? o.from, this.now)).toThrow(JournalConflictError);
        break;
      }
    }
    this.check();
  }

  check(): void {
    const rows = this.rows(PAYMENT_STATES);
    const where = `after:\n${this.log.join('\n')}`;
    // (b) no row lost, none invented.
    expect(rows.map((r) => r.clientRef).sort(), where).toEqual([...this.model.keys()].sort());
    for (const row of rows) {
      const m = this.model.get(row.clientRef) as Model;
      // (a) a final state is for good.
      if (m.final) expect(row.state, `${row.clientRef} left ${m.final} ${where}`).toBe(m.final);
      else if (FINAL_STATES.has(row.state)) m.final = row.state;
      // (d) no sealed data, no owner on a final row.
      if (FINAL_STATES.has(row.state)) expect(row, `${row.clientRef} ${where}`).toMatchObject({ hasSealed: false, owner: null, leaseUntil: null });
      // (c) sent twice only through a manager's "not processed".
      expect(m.sends, `${row.clientRef} sent ${m.sends} times with ${m.resets} resets ${where}`).toBeLessThanOrEqual(1 + m.resets);
      // A queued payment is one the forwarder may send: it must not be one that may have reached the gateway.
      if (row.state === 'offline') expect(m.maybeSent, `${row.clientRef} queued again after it may have been sent ${where}`).toBe(false);
    }
    const sealedFinal = this.journal.db
      .prepare(`SELECT count(*) FROM journal WHERE sealed IS NOT NULL AND state IN (${[...FINAL_STATES].map((s) => `'${s}'`).join(', ')})`)
      .pluck()
      .get();
    expect(sealedFinal, where).toBe(0);
  }

  /** Every recorded transition is an allowed move, and each row's events chain up to its state. */
  checkEvents(): void {
    const events = this.journal.db
      .prepare(`SELECT j.client_ref AS ref, j.state, e.from_state AS "from", e.to_state AS "to" FROM journal_event e JOIN journal j ON j.id = e.payment_id ORDER BY e.id`)
      .all() as Array<{ ref: string; state: PaymentState; from: PaymentState | null; to: PaymentState }>;
    const last = new Map<string, PaymentState>();
    for (const e of events) {
      expect(e.from).toBe(last.get(e.ref) ?? null);
      if (e.from !== null && e.from !== e.to) expect(canMove(e.from, e.to), `${e.ref}: ${e.from} → ${e.to}`).toBe(true);
      last.set(e.ref, e.to);
    }
    for (const row of this.rows(PAYMENT_STATES)) expect(last.get(row.clientRef)).toBe(row.state);
  }

  close(): void {
    this.journal.close();
  }
}

describe('the payment state machine on a real journal, under random histories', () => {
  it('never leaves a final state, loses a row, sends twice without a manager, or keeps sealed data on a final row', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 150, size: 'max' }), (ops) => {
        const h = new History();
        try {
          for (const o of ops) h.run(o);
          h.checkEvents();
        } finally {
          h.close();
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('reaches every state in its histories (the generator is not stuck in a corner)', () => {
    const seen = new Set<PaymentState>();
    fc.assert(
      fc.property(fc.array(op, { minLength: 60, maxLength: 120, size: 'max' }), (ops) => {
        const h = new History();
        try {
          for (const o of ops) {
            h.run(o);
            for (const r of h.journal.search({ limit: 1000 })) seen.add(r.state);
          }
        } finally {
          h.close();
        }
      }),
      { numRuns: 30, seed: 424_242 },
    );
    expect([...seen].sort()).toEqual([...PAYMENT_STATES].sort());
  }, 60_000);
});
