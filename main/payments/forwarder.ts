import type { Logger } from 'pino';
import type { ForwardResult } from '../../preload/contract';
import { checkLookup, transactionLookup } from '../gateway/builders';
import { JournalConflictError, type JournalRow, type JournalStore } from './journal/journal';
import type { PauseState } from './journal/queries';
import { backoffMs, type Backoff } from '../backoff';
import { recoverAbandoned } from './recovery';
import { SealedPayload, sealContext } from './requests';
import { resolveOutcome, type Resolution } from './resolve-outcome';
import type { GatewayLease } from './ports';
import type { PaymentEvent } from './states';

/**
 * Sends stored payments to the gateway, oldest first, and looks up those whose tag a manager
 * entered. One serial loop per process; across processes (the app and posctl) each row is claimed
 * with a lease in an IMMEDIATE transaction, so no two hosts send the same row. A stored payment
 * is sent exactly as sealed, with its client reference. Outcomes map through resolveOutcome:
 * not-sent waits with capped, jittered back-off and stops the round (the gateway is unreachable);
 * unknown waits for a lookup; declines after forwarding go to the "needs attention" list.
 */
export interface ForwarderDeps {
  /** The journal and gateway of the terminal's current mode, taken afresh for each round. */
  open(): Promise<{ journal: JournalStore; gateway: GatewayLease } | undefined>;
  /**
   * The current mode's journal if it exists, without the gateway: a round with nothing due ends
   * there, so an idle lane never builds a gateway client (or starts training's simulator) for it.
   */
  peek?(): JournalStore | undefined;
  unseal: (blob: Buffer, context: string) => Buffer;
  owner: string;
  now: () => Date;
  log: Logger;
  /** Something in the queue changed (queue.changed). */
  changed(): void;
  random?: () => number;
  /** Back-off after an unreachable gateway: base and cap in ms. */
  backoff?: Backoff;
  /** How long a claim holds a row beyond the gateway's time-out. */
  leaseMs?: number;
}

/** The forwarder's back-off after an unreachable gateway: 5 s doubling to 5 min (main/backoff.ts). */
export const FORWARDER_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 300_000 };
/** While paused, how often a sleeping forwarder looks whether another process (posctl) resumed it. */
const PAUSE_RECHECK_MS = 15_000;
/**
 * During a round, queue.changed at most this often (and always at its end): a screen sees the
 * count fall smoothly, and a drain of thousands does not rebuild the status for every row.
 */
export const ROUND_CHANGED_EVERY_MS = 250;

export class Forwarder {
  /** The pause of a forwarder without a persisted one (usePersistedPause not called). */
  private paused = false;
  /** The journal of the terminal's current mode, holding the persisted pause (write: open it if it does not exist yet). */
  private control: ((write: boolean) => JournalStore | undefined) | undefined;
  private running: Promise<ForwardResult> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private closing = false;
  private lastChangedAt = 0;
  /** A person asked for a round: the back-off is lifted before the next claim. */
  private asked = false;
  lastError: string | null = null;
  nextAttemptAt: string | null = null;

  constructor(private readonly deps: ForwarderDeps) {}

  /** Paused in this process, or (persisted) by any process on the journal of the current mode. Cheap: one indexed read. */
  get isPaused(): boolean {
    return this.pauseState().paused;
  }

  pauseState(): PauseState {
    if (this.paused) return { paused: true, by: null, at: null };
    return this.control ? (this.control(false)?.pauseState() ?? { paused: false, by: null, at: null }) : { paused: false, by: null, at: null };
  }

  /** Keeps the pause in the journal of the current mode from now on (the core wires this). */
  usePersistedPause(journal: (write: boolean) => JournalStore | undefined): void {
    this.control = journal;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  start(): void {
    this.stopped = false;
    this.closing = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Stops forwarding after the payment being sent now; persisted (every process honours it) when usePersistedPause was called. */
  pause(by?: string): void {
    const journal = this.control?.(true);
    if (journal) journal.setPause(true, by ?? null, this.deps.now());
    else this.paused = true;
    this.deps.log.info({ by: by ?? null }, 'forwarding paused');
    clearTimeout(this.timer);
    this.deps.changed();
  }

  resume(by?: string): void {
    this.paused = false;
    const journal = this.control?.(false);
    if (journal) journal.setPause(false, null, this.deps.now());
    this.deps.log.info({ by: by ?? null }, 'forwarding resumed');
    this.deps.changed();
    this.wake();
  }

  /** The round's own journal decides: a pause written there by another process stops this one too. */
  private pausedIn(journal: JournalStore): boolean {
    return this.paused || journal.pauseState().paused;
  }

  /** Runs a round soon (the gateway answered again, a payment was stored, a manager decided). */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    if (this.paused) return;
    if (this.isPaused) return this.recheckPause();
    this.timer = setTimeout(() => void this.forwardNow().catch((err: unknown) => this.deps.log.error({ err }, 'forwarding round failed')), 0);
    this.timer.unref?.();
  }

  /**
   * One round now: every due payment, until the queue is empty or the gateway is unreachable.
   * `asked`: a person asked (posctl queue forward, "Forward now"): payments waiting out a back-off
   * are tried now too, once each.
   */
  forwardNow(options: { asked?: boolean } = {}): Promise<ForwardResult> {
    if (options.asked) this.asked = true;
    if (!this.running) this.running = this.round().finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<ForwardResult> {
    const result: ForwardResult = { attempted: 0, approved: 0, declined: 0, needsLookup: 0, failed: 0, remaining: 0, stoppedBecause: null };
    let recovered: JournalStore | undefined;
    if (!this.asked && this.deps.peek) {
      const journal = this.deps.peek();
      if (!journal) return result;
      this.recover(journal);
      recovered = journal;
      if (this.nothingDue(journal)) return { ...result, remaining: journal.countQueued() };
    }
    let opened: { journal: JournalStore; gateway: GatewayLease } | undefined;
    try {
      opened = await this.deps.open();
    } catch (err) {
      this.lastError = err instanceof Error ? err.message : String(err);
    }
    if (!opened) return { ...result, stoppedBecause: this.lastError ?? 'the terminal cannot forward now (no gateway for this mode)' };
    const { journal, gateway } = opened;
    try {
      // Once per round: not again when the look ahead already did it in this journal.
      if (journal !== recovered) this.recover(journal);
      while (!this.pausedIn(journal) && !this.closing) {
        if (this.asked) {
          this.asked = false;
          // Each is tried once: a failure sets a new back-off, in the future, so it is not claimed again this round.
          if (journal.makeDueNow() > 0) this.deps.log.info('forward now: payments waiting out a back-off are due');
        }
        const lease = new Date(this.deps.now().getTime() + (this.deps.leaseMs ?? 180_000)).toISOString();
        const row = journal.claimNext(this.deps.owner, lease, this.deps.now()) ?? journal.claimLookup(this.deps.owner, lease, this.deps.now());
        if (!row) break;
        result.attempted++;
        this.roundChanged(result.attempted === 1);
        const state = row.state === 'forwarding' ? await this.forward(journal, gateway, row) : await this.lookup(journal, gateway, row);
        this.roundChanged(false);
        if (state === 'approved') result.approved++;
        else if (state === 'declined' || state === 'rejected') result.declined++;
        else if (state === 'needs-lookup') result.needsLookup++;
        else if (state === 'failed') result.failed++;
        else if (state === 'offline') {
          result.stoppedBecause = this.lastError;
          break;
        }
      }
    } finally {
      gateway.release();
      if (result.attempted > 0) this.deps.changed();
    }
    if (this.pausedIn(journal)) result.stoppedBecause = 'forwarding is paused';
    result.remaining = journal.countQueued();
    this.schedule(journal);
    return result;
  }

  /** Rows another process left mid-send are put back (recovery.ts). */
  private recover(journal: JournalStore): void {
    if (recoverAbandoned(journal, this.deps.owner, this.deps.now()).length > 0) this.deps.changed();
  }

  /** Nothing to send now in `journal`: the next wake is set and no gateway is leased. */
  private nothingDue(journal: JournalStore): boolean {
    const next = journal.nextDueAt();
    if (next !== null && new Date(next).getTime() <= this.deps.now().getTime()) return false;
    this.schedule(journal);
    return true;
  }

  /** queue.changed during a round: at once for its first row, then at most every ROUND_CHANGED_EVERY_MS. */
  private roundChanged(first: boolean): void {
    const now = Date.now();
    if (!first && now - this.lastChangedAt < ROUND_CHANGED_EVERY_MS) return;
    this.lastChangedAt = now;
    this.deps.changed();
  }

  /** Sends one claimed stored payment. */
  private async forward(journal: JournalStore, gateway: GatewayLease, row: JournalRow): Promise<string> {
    const blob = journal.sealed(row.clientRef);
    let payload: SealedPayload | undefined;
    try {
      const parsed = blob ? SealedPayload.safeParse(JSON.parse(this.deps.unseal(blob, sealContext(row.clientRef)).toString('utf8'))) : undefined;
      payload = parsed?.success ? parsed.data : undefined;
    } catch (err) {
      this.deps.log.error({ err, ref: row.clientRef }, 'stored payment cannot be unsealed');
    }
    if (!payload) {
      return this.finish(journal, row, {
        state: 'failed',
        patch: { attention: true, outcomeKind: 'invalid', message: 'the stored payment data cannot be read, so it was not sent: contact the customer to pay again' },
      }, 'invalid');
    }
    const outcome = await gateway.send(payload.operation, payload.request);
    const retryAt = new Date(this.deps.now().getTime() + backoffMs(row.attempts, (this.deps.random ?? Math.random)(), this.deps.backoff ?? FORWARDER_BACKOFF)).toISOString();
    const resolution = resolveOutcome(outcome, { path: 'forward', requestedCents: row.requestedCents, partialAllowed: payload.partialApproval, retryAt });
    if (outcome.kind === 'not-sent') this.lastError = resolution.patch.message ?? outcome.message;
    else this.lastError = null;
    return this.finish(journal, row, resolution);
  }

  /** Looks up a payment whose tag a manager entered; the answer must carry its client reference. */
  private async lookup(journal: JournalStore, gateway: GatewayLease, row: JournalRow): Promise<string> {
    const ctx = gateway.builderContext();
    const tag = row.tag ?? '';
    const call = row.tender === 'check' ? checkLookup({ transactionTag: tag }, ctx) : transactionLookup({ transactionTag: tag, ...(row.authorizationNum ? { authorizationNum: row.authorizationNum } : {}) }, ctx);
    const outcome = await gateway.send(call.operation, call.request);
    let resolution = resolveOutcome(outcome, { path: 'lookup', requestedCents: row.requestedCents, partialAllowed: true });
    const answered = 'result' in outcome ? (outcome.result as { Reference_No?: string }).Reference_No : undefined;
    const otherPayment = (outcome.kind === 'approved' || outcome.kind === 'declined') && answered !== row.clientRef;
    if (otherPayment) {
      resolution = { state: 'needs-lookup', patch: { message: `tag ${tag} belongs to another payment (reference ${answered ?? 'none'}): check the tag in the gateway's report` } };
    }
    // A rejection that does not carry this payment's reference refuses the lookup itself (a gateway
    // id, a terminal, a host not ready), not the payment: it stays unknown, never rejected (final, its
    // money could be refunded or voided again).
    else if (outcome.kind === 'rejected' && resolution.state === 'rejected' && answered !== row.clientRef) {
      resolution = {
        state: 'needs-lookup',
        patch: { outcomeKind: outcome.kind, message: `the lookup was refused (${resolution.patch.message ?? outcome.kind}): whether the payment went through is still unknown` },
      };
    }
    if (resolution.state === 'needs-lookup') {
      // A wrong tag is cleared for the manager to enter again; an unreachable gateway is tried later, not in a tight loop.
      const wrongTag = otherPayment || (outcome.kind === 'rejected' && outcome.gatewayCode === '69');
      const patch = { ...resolution.patch, owner: null, leaseUntil: null, nextAttemptAt: new Date(this.deps.now().getTime() + 60_000).toISOString(), ...(wrongTag ? { tag: null } : {}) };
      resolution = { state: 'needs-lookup', patch };
    }
    return this.finish(journal, row, resolution);
  }

  private finish(journal: JournalStore, row: JournalRow, resolution: Resolution, event: PaymentEvent = 'answer'): string {
    try {
      const patch = { ...resolution.patch, ...(resolution.state === 'offline' ? {} : { owner: null, leaseUntil: null }) };
      return journal.apply(row.clientRef, event, this.deps.now(), patch, { from: row.state, to: resolution.state }).state;
    } catch (e) {
      if (!(e instanceof JournalConflictError)) throw e;
      this.deps.log.warn({ ref: row.clientRef }, 'a forwarded payment was moved by another process meanwhile');
      return journal.get(row.clientRef)?.state ?? row.state;
    }
  }

  /** Sleeps until the earliest retry, or indefinitely when nothing waits (a wake() brings it back). */
  private schedule(journal: JournalStore): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    if (this.pausedIn(journal)) return this.recheckPause();
    const next = journal.nextDueAt();
    this.nextAttemptAt = next;
    if (!next) return;
    const wait = Math.max(1000, Math.min(2 ** 31 - 1, new Date(next).getTime() - this.deps.now().getTime()));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref?.();
  }

  /** Paused in the journal (posctl, another process): look again now and then, so a resume there is picked up. */
  private recheckPause(): void {
    if (this.stopped || this.paused) return;
    this.timer = setTimeout(() => this.wake(), PAUSE_RECHECK_MS);
    this.timer.unref?.();
  }
}
