import type { Logger } from 'pino';
import type { CheckRead } from '../../native/check/micr';
import { CardBrand, type CheckDetails, type Mode, type SaleView } from '../../preload/contract';
import { PosError } from '../api/errors';
import type { KeyedCard } from '../gateway/builders';
import { centsToDollarAmount } from '../gateway/money';
import { redactText } from '../log/redact';
import type { SealOnce } from '../store/sealing';
import { JournalConflictError, type JournalRow, type JournalStore, type MoveGuard, type RowPatch } from './journal/journal';
import { offlineDecision, type OfflineDecision } from './policy';
import { claimCents } from './claim-rule';
import { buildCall, sealContext, type CardSource, type SealedPayload } from './requests';
import { resolveOutcome } from './resolve-outcome';
import { FINAL_STATES, IN_PROGRESS_STATES, STATE_WORDS, type EntryMethod, type PaymentEvent, type PaymentState, type PaymentType, type Tender } from './states';
import { originalOf } from './original-view';
import { paidCents, saleViewOfRow } from './views';
import { SaleCapture } from './capture';
import { cardFacts } from './card-facts';
import type { GatewayLease, SaleDevices, SalePolicy } from './ports';

/** The offline limits refused a store inside its commit (another process stored meanwhile). */
class OfflineRefused extends Error {
  override name = 'OfflineRefused';
}

/** The least a sale waits while a card is typed in at the counter (see Sale.waitMs). */
export const KEYED_WAIT_MS = 180_000;

export interface SaleDeps {
  journal: JournalStore;
  gateway: GatewayLease;
  /** A seal with its key agreement done ahead; throws when there is no key to seal with. */
  prepareSeal: () => SealOnce;
  devices: SaleDevices | undefined;
  policy: SalePolicy;
  owner: string;
  cashier?: string;
  now: () => Date;
  log: Logger;
  /** Every transition, after it is journaled. */
  changed(view: SaleView): void;
}

export interface SaleStart {
  saleId: string;
  clientRef: string;
  type: PaymentType;
  amountCents: number;
  tender?: Tender;
  cardEntry?: 'reader' | 'pinpad' | 'any' | 'keyed';
  original?: JournalRow;
  authorizationNum?: string;
  splitTenderId?: string;
  surchargeCents?: number;
  taxCents?: number;
  check?: CheckDetails;
  /** Who approved it, when it needed a manager (see override.ts). */
  approvedBy?: string;
}

type Waiting = SaleView['waitingFor'];
/** Beyond the wait, how long a row stays leased to this process before recovery may take it. */
export const LEASE_MARGIN_MS = 120_000;

/**
 * One payment from its start to its outcome, driven in main. Each step is a journal transition
 * first and a `sale.changed` second. Card data lives only in this object's memory (and sealed in
 * the journal row once validated); the view it publishes is masked.
 */
export class Sale {
  private row: JournalRow;
  private waitingFor: Waiting = null;
  private problem: string | null = null;
  private card: { source: CardSource; deviceId: string | null; entry: EntryMethod } | undefined;
  /** The card as the screens show it (masked), kept once the card itself is forgotten. */
  private cardView: SaleView['card'] = null;
  private checkRead: CheckRead | undefined;
  private details: CheckDetails | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The sale's devices: the readers and the PIN pad it holds while it waits, and the pad the customer confirms on. */
  private readonly capture: SaleCapture;
  /** Prepared while the customer swipes, so sealing the request costs microseconds (see prepareSeal). */
  private sealer: SealOnce | undefined;
  /**
   * The card's columns when no one must confirm the amount: journaled with the sealing commit
   * (waiting → validated → journaled in one transaction) rather than in a commit of their own.
   */
  private validatedPatch: RowPatch | undefined;
  private keyedApprovedBy: string | undefined;
  private settled!: (view: SaleView) => void;
  /** finish() has run: the sale's end is journaled and what it held is given back. */
  private ended = false;
  /** Resolves with the sale's last view once it no longer waits for anyone at the counter. */
  readonly done: Promise<SaleView>;

  constructor(
    private readonly deps: SaleDeps,
    readonly start: SaleStart,
  ) {
    this.done = new Promise((resolve) => (this.settled = resolve));
    this.capture = new SaleCapture({ devices: deps.devices, owner: deps.owner, log: deps.log, cardWaitMs: deps.policy.cardWaitMs });
    const at = deps.now();
    // A sale that starts with its tender (the register's one-tap tenders, posctl) is created waiting, in one commit.
    const waiting = start.tender !== undefined && !start.original;
    const payment = {
      clientRef: start.clientRef,
      saleId: start.saleId,
      type: start.type,
      tender: start.tender ?? 'card',
      ...(start.surchargeCents !== undefined ? { surchargeCents: start.surchargeCents } : {}),
      ...(start.taxCents !== undefined ? { taxCents: start.taxCents } : {}),
      ...(deps.cashier ? { cashier: deps.cashier } : {}),
      ...(start.approvedBy ? { approvedBy: start.approvedBy } : {}),
      ...(start.splitTenderId ? { splitTenderId: start.splitTenderId } : {}),
      owner: deps.owner,
      leaseUntil: this.leaseUntil(deps.policy.cardWaitMs),
    } as const;
    const original = start.original;
    // An operation on an earlier payment claims its amount in the transaction that checks what is left.
    this.row = original
      ? deps.journal.createFrom(payment, original.id, (current, made) => claimCents(current, made, { type: start.type, cents: start.amountCents }), 'choosing', at)
      : deps.journal.create({ ...payment, requestedCents: start.type === 'verify' ? 0 : start.amountCents }, waiting ? ['choosing', 'waiting'] : 'choosing', at);
    this.details = start.check;
    this.waitingFor = 'tender';
  }

  /** The journal this sale writes to (its mode's, taken at its start). */
  get journal(): JournalStore {
    return this.deps.journal;
  }

  get saleId(): string {
    return this.start.saleId;
  }

  get state(): PaymentState {
    return this.row.state;
  }

  get mode(): Mode {
    return this.row.mode;
  }

  isFinished(): boolean {
    return !IN_PROGRESS_STATES.has(this.row.state);
  }

  view(): SaleView {
    const base = saleViewOfRow(this.row, this.start.original?.clientRef ?? null, originalOf(this.start.original));
    const check = this.checkRead?.masked();
    return {
      ...base,
      tender: this.start.tender ?? (this.row.state === 'choosing' ? null : this.row.tender),
      words: this.problem && !this.isFinished() ? `${STATE_WORDS[this.row.state]} ${this.problem}` : base.words,
      waitingFor: this.isFinished() ? null : this.waitingFor,
      // A note on an approval (a chip card swiped) stays for the cashier; a read problem ends with the wait.
      problem: !this.isFinished() || this.row.state === 'approved' || this.row.state === 'offline' ? this.problem : null,
      final: this.isFinished(),
      card: this.cardView ?? this.cardOfRow(),
      check: check ? { routing: check.routing, accountMasked: check.accountMasked, business: check.business, warnings: check.warnings, ...(check.checkNumber ? { checkNumber: check.checkNumber } : {}) } : null,
    };
  }

  /** The masked card as journaled (the card itself is forgotten once the request is sealed). */
  private cardOfRow(): SaleView['card'] {
    const r = this.row;
    if (r.tender !== 'card' || !r.masked || !r.last4 || !/^\d{4}$/.test(r.last4)) return null;
    const brand = CardBrand.options.find((b) => b === r.brand) ?? 'unknown';
    return { brand, masked: r.masked, last4: r.last4, expiry: null, chip: false, ...(r.cardholderName ? { name: r.cardholderName.slice(0, 40) } : {}) };
  }

  /** Begins: a tagged operation goes straight to the gateway; otherwise the sale waits for its tender. */
  begin(): void {
    if (this.start.tender && !this.start.original) return this.waitFor(this.start.tender, this.start.cardEntry);
    this.deps.changed(this.view());
    if (this.start.original) {
      void this.submit('tagged');
    }
  }

  chooseTender(tender: Tender, cardEntry?: SaleStart['cardEntry']): void {
    if (this.row.state !== 'choosing' && this.row.state !== 'waiting') throw this.tooLate('choose a tender');
    if (tender === 'check' && this.start.type !== 'sale') throw new PosError('BAD_INPUT', `a check cannot pay a ${this.start.type}`);
    this.clearWaits();
    this.start.tender = tender;
    this.move('tender', { tender, leaseUntil: this.leaseUntil(this.waitMs(cardEntry)) });
    this.waitFor(tender, cardEntry);
  }

  /**
   * How long the sale waits for its card: payments.cardWaitSeconds, or at least KEYED_WAIT_MS while
   * the cashier types one (a number, an expiry, a code, a name, then the manager's PIN).
   */
  private waitMs(cardEntry: SaleStart['cardEntry']): number {
    const wait = this.deps.policy.cardWaitMs;
    return cardEntry === 'keyed' ? Math.max(wait, KEYED_WAIT_MS) : wait;
  }

  /** The row is waiting for `tender`: claims the readers and the pad, and gets the request's way ready. */
  private waitFor(tender: Tender, cardEntry: SaleStart['cardEntry']): void {
    if (tender === 'check' && this.start.type !== 'sale') throw new PosError('BAD_INPUT', `a check cannot pay a ${this.start.type}`);
    this.capture.begin();
    this.deps.gateway.preconnect();
    this.sealer ??= this.prepareSealer();
    if (tender === 'card') this.journal.prepareCardSale();
    const waitMs = this.waitMs(cardEntry);
    this.timer = setTimeout(() => this.cancelQuietly(`nothing was read within ${Math.round(waitMs / 1000)} s`), waitMs);
    this.timer.unref?.();
    if (tender === 'check') return this.waitForCheck();
    this.waitingFor = 'card';
    const entry = cardEntry ?? (this.deps.policy.cardEntry === 'both' ? 'any' : this.deps.policy.cardEntry);
    if (entry === 'keyed') return this.publish();
    const reads = {
      card: (source: CardSource, how: EntryMethod, deviceId: string) => this.acceptCard(source, how, deviceId),
      problem: (message: string) => this.readProblem(message),
    };
    if (entry === 'reader' || entry === 'any') this.capture.readers((meta) => (meta.source === 'pinpad' ? 'pad' : 'swipe'), reads);
    const padAsks =
      (entry === 'pinpad' || entry === 'any') &&
      this.capture.padCard(this.row.requestedCents, { ...reads, stillWaiting: () => this.row.state === 'waiting' && this.start.tender === 'card', ended: (why) => this.cancelQuietly(why) });
    if (this.capture.hasDevices && entry === 'pinpad' && !padAsks) {
      // No PIN pad to swipe on: the counter's reader takes the card rather than nobody.
      this.capture.readers(() => 'swipe', reads);
      this.problem = 'The PIN pad is not connected: swipe on the counter reader.';
    }
    this.publish();
  }

  /** A card read by a device, or given on the command line (posctl sale --swipe). */
  acceptCard(source: CardSource, entry: EntryMethod, deviceId: string | null): void {
    if (this.row.state !== 'waiting' || this.start.tender !== 'card') return;
    if (source.kind === 'read') {
      const card = source.card;
      if (card.expired) return this.readProblem('the card has expired: ask for another card');
      if (card.chip && this.deps.policy.chipSwipe === 'refuse') {
        return this.readProblem('a chip card was swiped: this terminal has no chip reader and the store refuses chip fallback; ask for another card');
      }
    }
    this.card = { source, deviceId, entry };
    this.problem = source.kind === 'read' && source.card.chip && this.deps.policy.chipSwipe === 'warn' ? 'A chip card was swiped (fallback): check the card and the signature.' : null;
    const facts = cardFacts(source);
    this.cardView = facts.view;
    this.validate({
      // The customer now has the pad's question: the lease covers that wait too.
      leaseUntil: this.leaseUntil(this.deps.policy.cardWaitMs),
      entry,
      deviceId,
      ...facts.columns,
      // The first approval stays (a refund approved at its start, then keyed).
      ...(source.kind === 'keyed' && this.keyedApprovedBy && !this.row.approvedBy ? { approvedBy: this.keyedApprovedBy } : {}),
    }, this.customerConfirms());
    void this.confirmThenSubmit();
  }

  /** Whether the customer confirms the amount on the PIN pad before it is sent. */
  private customerConfirms(): boolean {
    return this.capture.pad !== undefined && this.deps.policy.confirmOnPinpad && this.start.type !== 'verify';
  }

  /**
   * The card or check is read: journaled now when the sale waits again (the customer's
   * confirmation, check details), otherwise kept to go with the sealing commit.
   */
  private validate(patch: RowPatch, waitsAgain: boolean): void {
    if (waitsAgain) this.move('read', patch);
    else this.validatedPatch = patch;
  }

  /** A card typed in, with who approved it (a keyed card needs the manager). */
  acceptKeyed(card: KeyedCard, approvedBy?: string): void {
    if (this.row.state === 'choosing') this.chooseTender('card', 'keyed');
    this.keyedApprovedBy = approvedBy;
    this.acceptCard({ kind: 'keyed', card }, 'keyed', null);
  }

  acceptCheck(check: CheckRead, deviceId: string | null): void {
    if (this.row.state !== 'waiting' || this.start.tender !== 'check') return;
    const unreadable = Object.values(check.unreadable).some((at) => at.length > 0);
    if (unreadable) return this.readProblem('part of the MICR line could not be read: run the check through again');
    this.checkRead = check;
    this.clearTimer();
    const m = check.masked();
    this.validate(
      { leaseUntil: this.leaseUntil(this.deps.policy.cardWaitMs), entry: 'micr', deviceId, masked: m.accountMasked, last4: m.accountLast4 || null, routing: check.routing, checkNumber: check.checkNumber ?? null, brand: 'check' },
      !this.details,
    );
    if (this.details) void this.submit('check');
    else {
      this.waitingFor = 'check-details';
      this.publish();
    }
  }

  checkDetails(details: CheckDetails): void {
    if (this.start.tender !== 'check' || !IN_PROGRESS_STATES.has(this.row.state)) throw this.tooLate('take check details');
    this.details = details;
    if (this.row.state === 'validated' && this.waitingFor === 'check-details') void this.submit('check');
    else this.publish();
  }

  /** Cancels before anything was sent; refused (CONFLICT) once the request may be on its way. */
  cancel(why = 'cancelled at the counter'): SaleView {
    if (this.isFinished()) return this.view();
    if (this.row.state === 'journaled' || this.row.state === 'sending') throw this.tooLate('be cancelled');
    this.clearWaits();
    this.row = this.deps.journal.apply(this.start.clientRef, 'cancel', this.deps.now(), { message: why });
    this.finish();
    return this.view();
  }

  private waitForCheck(): void {
    this.waitingFor = 'check';
    this.capture.checkReaders({ check: (check, deviceId) => this.acceptCheck(check, deviceId), problem: (message) => this.readProblem(message) });
    this.publish();
  }

  private async confirmThenSubmit(): Promise<void> {
    this.stopWaitingForCard();
    const pad = this.capture.pad;
    if (pad && this.customerConfirms()) {
      this.waitingFor = 'customer-confirm';
      this.publish();
      const answer = await pad.askYesNo(`Total $${centsToDollarAmount(this.row.requestedCents)} OK?`, this.deps.policy.cardWaitMs).catch(() => 'timeout' as const);
      if (this.row.state !== 'validated') return;
      if (answer !== 'yes') return void this.cancelQuietly(answer === 'timeout' ? 'the customer did not confirm the amount in time' : 'the customer did not accept the amount on the PIN pad');
    }
    await this.submit(this.start.tender === 'check' ? 'check' : 'card');
  }

  private async submit(kind: 'card' | 'check' | 'tagged'): Promise<void> {
    this.clearTimer();
    this.waitingFor = 'gateway';
    const { deps, start } = this;
    let payload: SealedPayload;
    try {
      const call = buildCall(
        {
          type: start.type,
          tender: kind === 'check' ? 'check' : 'card',
          cents: this.row.requestedCents,
          clientRef: start.clientRef,
          partialApproval: deps.policy.partialApproval && !start.splitTenderId,
          ...(this.card ? { card: this.card.source } : {}),
          ...(this.checkRead && this.details ? { check: { read: this.checkRead, details: this.details } } : {}),
          ...(start.original ? { original: start.original } : {}),
          ...(start.authorizationNum ? { authorizationNum: start.authorizationNum } : {}),
          ...(start.splitTenderId ? { splitTenderId: start.splitTenderId } : {}),
          ...(deps.cashier ? { cashier: deps.cashier } : {}),
          ...(start.surchargeCents ? { surchargeCents: start.surchargeCents } : {}),
          ...(start.taxCents ? { taxCents: start.taxCents } : {}),
        },
        deps.gateway.builderContext(),
      );
      payload = { v: 1, operation: call.operation as SealedPayload['operation'], request: call.request, partialApproval: (call.request as Record<string, unknown>).PartialRedemption === true };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.moveTo('invalid', [...this.toValidated(), 'failed'], { ...this.takeValidatedPatch(), message, outcomeKind: 'invalid' });
      return this.finish();
    }
    // Card data forgotten here: from now on only the sealed copy exists, until the final answer.
    this.card = undefined;
    try {
      await this.send(kind, payload);
    } catch (err) {
      // A disk that refuses a write, a gateway layer that throws: the row goes where a crash would put it.
      deps.log.error({ err, ref: start.clientRef }, 'the sale could not be completed');
      // Its end was journaled and the sale ended; only telling the screens of it failed (finish()
      // gave everything back): ending it again would fail the same way, with nobody to catch it.
      if (this.ended) return;
      const to: PaymentState[] = this.row.state === 'sending' ? ['needs-lookup'] : [...this.toValidated(), 'failed'];
      const message = redactText(`the terminal could not complete this payment (${err instanceof Error ? err.message : String(err)})`, 'data');
      if (!this.isFinished()) this.moveTo('fault', to, { ...this.takeValidatedPatch(), message, owner: null, leaseUntil: null });
      this.finish();
    }
  }

  private async send(kind: 'card' | 'check' | 'tagged', payload: SealedPayload): Promise<void> {
    const { deps, start } = this;
    // Without a key to seal with (a lost key keeps the terminal in training) nothing can be stored to forward later.
    let sealed: Buffer | null = null;
    try {
      const sealer = this.sealer ?? deps.prepareSeal();
      this.sealer = undefined;
      sealed = sealer(JSON.stringify(payload), sealContext(start.clientRef));
    } catch (err) {
      deps.log.warn({ err }, 'the payment cannot be sealed: it will not be stored offline');
    }
    const offline = (): OfflineDecision =>
      sealed ? offlineDecision(deps.policy.offline, this.candidate(), deps.journal.queueSummary()) : { allowed: false, reason: 'the terminal key is not available to seal it' };
    const columns: RowPatch = {
      ...this.takeValidatedPatch(),
      sealed,
      transactionType: typeof payload.request.Transaction_Type === 'string' ? payload.request.Transaction_Type : null,
      leaseUntil: this.leaseUntil(0),
      ...(kind === 'tagged' && start.original
        ? { entry: 'tagged', masked: start.original.masked, brand: start.original.brand, last4: start.original.last4, cardholderName: start.original.cardholderName }
        : {}),
    };
    // The limits checked again inside the storing commit, against the queue as it is then: another
    // process (a second register, posctl) storing at the same moment cannot both pass them.
    let refusedOffline: string | undefined;
    const withinLimits: MoveGuard = () => {
      const decision = offline();
      if (!decision.allowed) throw new OfflineRefused((refusedOffline = decision.reason));
    };
    const prefix = this.toValidated();
    if (deps.gateway.knownOffline()) {
      if (offline().allowed && this.storeMove('store', [...prefix, 'journaled', 'offline'], { ...columns, storedOffline: true, outcomeKind: 'not-sent', message: 'stored offline: the gateway is offline' }, withinLimits)) {
        return this.finish();
      }
    }
    // Durable first, then the request is built: building it during the sync was measured slower here (docs/payments.md, Durability).
    this.moveTo('send', [...prefix, 'journaled', 'sending'], { ...columns, attemptsIncrement: true });
    // Another process closed the row meanwhile (a recovery): nothing may be sent for it.
    if (this.row.state !== 'sending') return this.finish();
    const answer = deps.gateway.send(payload.operation, payload.request);
    // Journaled first, published once the request is on its way: the screens' work never delays it.
    let told = false;
    const tell = (): void => {
      if (told || this.isFinished()) return;
      told = true;
      this.publish();
    };
    setImmediate(tell);
    const outcome = await answer;
    tell();
    const resolve = (decision?: OfflineDecision) =>
      resolveOutcome(outcome, {
        path: 'sale',
        requestedCents: this.row.requestedCents,
        partialAllowed: payload.partialApproval,
        ...(outcome.kind === 'not-sent' ? { offline: decision ?? offline() } : {}),
      });
    const resolution = resolve();
    if (resolution.state === 'offline') {
      if (!this.storeMove('answer', ['offline'], resolution.patch, withinLimits)) {
        const refused = resolve({ allowed: false, reason: refusedOffline ?? 'the offline limits were reached meanwhile' });
        this.moveTo('answer', [refused.state], refused.patch);
      }
      return this.finish();
    }
    const partial = resolution.state === 'approved' && (resolution.patch.approvedCents ?? this.row.requestedCents) < this.row.requestedCents;
    this.moveTo('answer', [resolution.state], { ...resolution.patch, ...(partial && !start.splitTenderId ? { splitTenderId: start.clientRef } : {}) });
    this.finish();
  }


  private candidate(): { type: PaymentType; tender: Tender; entry: EntryMethod | null; cents: number } {
    return { type: this.start.type, tender: this.row.tender, entry: this.validatedPatch?.entry ?? this.row.entry, cents: this.row.requestedCents };
  }

  /** The `validated` step still to journal before the request's (a tagged operation's, or a read not journaled apart). */
  private toValidated(): PaymentState[] {
    return this.row.state === 'choosing' || this.row.state === 'waiting' ? ['validated'] : [];
  }

  /** The card's columns while they are not journaled yet (the row still waiting). */
  private takeValidatedPatch(): RowPatch {
    return this.toValidated().length > 0 ? (this.validatedPatch ?? {}) : {};
  }

  /** Null when there is no key to seal with: the sale still goes live, it only cannot be stored offline. */
  private prepareSealer(): SealOnce | undefined {
    try {
      return this.deps.prepareSeal();
    } catch {
      return undefined;
    }
  }

  /** The end: published first (the cashier hears at once), then the pad's last word and the devices and gateway given back. */
  private finish(): void {
    this.ended = true;
    this.clearWaits();
    const view = this.view();
    try {
      this.deps.changed(view);
    } finally {
      // Whatever became of the telling, the PIN pad and the gateway are given back and the sale is
      // over: one that kept its gateway lease would hold up every sale after it at this counter.
      this.capture.end(this.row.state === 'approved' || this.row.state === 'offline' ? 'APPROVED' : this.row.state === 'cancelled' ? 'CANCELLED' : 'NOT APPROVED');
      this.deps.gateway.release();
      this.settled(view);
    }
  }

  /**
   * A cancel nobody asked for at the counter (the wait ran out, the customer refused the amount on
   * the PIN pad), from a timer or a promise with nobody to hand an error to: thrown, it would stop
   * the app. One that came too late (the sale moved on) is dropped; one the journal refuses (a full
   * or failing disk) leaves the sale waiting, its problem saying so, for the cashier to cancel once
   * the disk takes it.
   */
  private cancelQuietly(why: string): void {
    try {
      this.cancel(why);
    } catch (err) {
      if (err instanceof PosError) return;
      this.deps.log.error({ err, ref: this.start.clientRef }, 'the sale could not be cancelled');
      if (this.isFinished()) return;
      try {
        this.readProblem(redactText(`${why}, but the sale could not be cancelled (${err instanceof Error ? err.message : String(err)}): cancel it`, 'data'));
      } catch (tellErr) {
        this.deps.log.error({ err: tellErr, ref: this.start.clientRef }, 'the screens could not be told');
      }
    }
  }

  private readProblem(message: string): void {
    this.problem = message;
    this.publish();
  }

  private stopWaitingForCard(): void {
    this.clearTimer();
    // The reader won: the card request still showing on the pad ends (the pad stays ours to confirm on).
    this.capture.cardRead(this.card?.entry === 'pad');
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private clearWaits(): void {
    this.clearTimer();
    this.capture.endWait(this.row.state === 'waiting');
  }

  /** Journals an event from any of its start states to its one end (states.ts EVENTS), and publishes. */
  private move(event: PaymentEvent, patch: RowPatch = {}): void {
    this.row = this.deps.journal.apply(this.start.clientRef, event, this.deps.now(), patch);
    this.publish();
  }

  /** Journals an event from the row's state along `path`, which the caller publishes itself (finish(), or once the request is on its way). */
  private moveTo(event: PaymentEvent, path: PaymentState[], patch: RowPatch, guard?: MoveGuard): void {
    try {
      this.row = this.deps.journal.apply(this.start.clientRef, event, this.deps.now(), patch, { from: this.row.state, to: path, ...(guard ? { guard } : {}) });
    } catch (e) {
      if (!(e instanceof JournalConflictError)) throw e;
      // Another process (a recovery) closed the row: show what the journal says.
      this.row = this.deps.journal.get(this.start.clientRef) ?? this.row;
    }
  }

  /** A move that stores the payment offline, `withinLimits` checked inside its commit; false (nothing written) when they refuse it. */
  private storeMove(event: PaymentEvent, path: PaymentState[], patch: RowPatch, withinLimits: MoveGuard): boolean {
    try {
      this.moveTo(event, path, patch, withinLimits);
      return true;
    } catch (e) {
      if (e instanceof OfflineRefused) return false;
      throw e;
    }
  }

  private publish(): void {
    this.deps.changed(this.view());
  }

  private leaseUntil(waitMs: number): string {
    return new Date(this.deps.now().getTime() + waitMs + LEASE_MARGIN_MS).toISOString();
  }

  private tooLate(what: string): PosError {
    return new PosError('CONFLICT', `sale ${this.saleId} is ${this.row.state}: it can no longer ${what}`);
  }

  /** What the sale paid (approved, or stored offline). */
  paid(): number {
    return paidCents(this.row);
  }

  isFinal(): boolean {
    return FINAL_STATES.has(this.row.state);
  }
}
