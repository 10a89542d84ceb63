import type { Logger } from 'pino';
import type { CheckDetails, ForwardResult, Mode, SaleView, StartSale } from '../../preload/contract';
import type { z } from 'zod';
import { StartSale as StartSaleSchema } from '../../preload/contract/payments';
import { PosError, zodIssues } from '../api/errors';
import type { SettingsStore } from '../config/settings-store';
import type { EventBus } from '../events/bus';
import type { CheckRead } from '../../native/check/micr';
import type { KeyedCard } from '../gateway/builders';
import type { Service } from '../service';
import type { JournalRow, JournalStore } from './journal/journal';
import type { SealOnce } from '../store/sealing';
import { claimCents } from './claim-rule';
import { newClientRef } from './client-ref';
import { Forwarder } from './forwarder';
import { recoverAbandoned } from './recovery';
import type { CardSource } from './requests';
import { Sale } from './sale';
import type { GatewayLease, SaleDevices } from './ports';
import { forgetExpiredLookups, RETENTION_SWEEP_MS } from './retention';
import { offlinePolicyOf, salePolicyOf } from './sale-policy';
import { originalOf } from './original-view';
import { balanceOpen, paidCents, saleViewOfRow } from './views';
import type { PaymentType } from './states';

type StartInput = z.output<typeof StartSaleSchema>;

export interface PaymentsDeps {
  settings: SettingsStore;
  log: Logger;
  bus: EventBus;
  /** The journal of a mode (opened on first use). */
  journal: (mode: Mode) => JournalStore;
  /** The journal of a mode if its file exists (recovery never creates one). */
  existingJournal: (mode: Mode) => JournalStore | undefined;
  /** The gateway of the current mode, captured for one sale or one forwarding round. */
  lease: () => Promise<GatewayLease>;
  /** A payment is being rung up: the gateway readies a connection for it (live only); whether it does. */
  expectSale: () => Promise<boolean>;
  prepareSeal: () => SealOnce;
  unseal: (blob: Buffer, context: string) => Buffer;
  devices: SaleDevices | undefined;
  mode: () => Mode;
  now: () => Date;
  owner: string;
  /** Something the status shows changed (queue counts). */
  refresh: () => void;
  /** Forward in the background (the app and the headless start); posctl forwards when asked. */
  autoForward: boolean;
}

/** How long an ended sale stays `payments.current` (the page that lost its connection finds the result). */
const RECENT_MS = 60_000;

/**
 * The payments service: one sale at a time at this counter (idempotent by sale id), the
 * forwarder of the offline queue, and recovery of rows a stopped process left behind.
 */
export class PaymentsService implements Service {
  readonly name = 'payments';
  readonly forwarder: Forwarder;
  private readonly sales = new Map<string, Sale>();
  private current: Sale | undefined;
  private currentEndedAt = 0;
  private unsubscribe: (() => void) | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: PaymentsDeps) {
    this.forwarder = new Forwarder({
      open: async () => {
        const gateway = await deps.lease();
        return { journal: deps.journal(gateway.mode), gateway };
      },
      peek: () => deps.existingJournal(deps.mode()),
      unseal: deps.unseal,
      owner: deps.owner,
      now: deps.now,
      log: deps.log.child({ module: 'forwarder' }),
      changed: () => this.queueChanged(),
    });
  }

  async start(): Promise<void> {
    for (const mode of ['live', 'training'] as const) this.recoverAbandoned(mode);
    this.forgetExpiredCardData();
    if (this.deps.autoForward) {
      // The app (not a posctl command beside it): what a killed process left wiped but still in old pages goes now.
      for (const mode of ['live', 'training'] as const) this.deps.existingJournal(mode)?.checkpointSoon();
      this.sweeper = setInterval(() => this.forgetExpiredCardData(), RETENTION_SWEEP_MS);
      this.sweeper.unref?.();
      this.forwarder.start();
      // The gateway answering again (after being offline) starts a round at once.
      let last = '';
      this.unsubscribe = this.deps.bus.on('status.changed', (s) => {
        if (s.gateway.state === 'online' && last !== 'online') this.forwarder.wake();
        last = s.gateway.state;
      });
    }
  }

  /** Closes the rows of a mode's journal that a stopped process left in flight (recovery.ts); how many moved. */
  recoverAbandoned(mode: Mode): number {
    const journal = this.deps.existingJournal(mode);
    if (!journal) return 0;
    const moved = recoverAbandoned(journal, this.deps.owner, this.deps.now());
    if (moved.length > 0) this.deps.log.warn({ mode, payments: moved.map((r) => `${r.clientRef}:${r.state}`) }, 'payments left in flight by a stopped terminal were closed');
    return moved.length;
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.sweeper);
    for (const sale of this.sales.values()) if (!sale.isFinished()) sale.cancel('the terminal is stopping');
    await this.forwarder.stop();
  }

  /** Card data of payments waiting for a lookup past offline.maxAgeHours goes (see retention.ts). */
  forgetExpiredCardData(): void {
    const policy = offlinePolicyOf(this.deps.settings);
    for (const mode of ['live', 'training'] as const) {
      const journal = this.deps.existingJournal(mode);
      if (!journal) continue;
      try {
        const rows = forgetExpiredLookups(journal, policy, this.deps.now());
        if (rows.length > 0) this.deps.log.info({ mode, payments: rows.map((r) => r.clientRef) }, 'card data of payments waiting for a lookup past offline.maxAgeHours removed');
      } catch (err) {
        // A busy or read-only disk: the next sweep tries again.
        this.deps.log.warn({ err, mode }, 'could not remove expired card data yet');
      }
    }
  }

  /** A round a person asked for (posctl queue forward, queue.forward): back-offs are lifted. */
  forwardRound(): Promise<ForwardResult> {
    return this.forwarder.forwardNow({ asked: true });
  }

  /** The gateway answers again (a training fault cleared): forward at once rather than after the back-off. */
  gatewayOnline(): void {
    if (this.deps.autoForward) this.forwarder.wake();
  }

  async startSale(given: StartInput, extras: { cashier?: string; approvedBy?: string } = {}): Promise<Sale> {
    // Checked as the IPC checks it: posctl and other callers inside the process reach here directly,
    // and a sale whose start breaks the contract could not publish a single view of itself.
    const checked = StartSaleSchema.safeParse(given);
    if (!checked.success) throw new PosError('BAD_INPUT', `the sale cannot start: ${checked.error.issues.map((i) => i.message).join('; ')}`, zodIssues(checked.error));
    let input = checked.data;
    const existing = this.sales.get(input.saleId);
    if (existing) {
      if ((!input.originalRef && existing.start.amountCents !== input.amountCents) || existing.start.type !== input.type) {
        throw new PosError('CONFLICT', `sale ${input.saleId} was started with another amount or type`);
      }
      return existing;
    }
    const mode = this.deps.mode();
    const journal = this.deps.journal(mode);
    if (journal.ofSale(input.saleId).length > 0) throw new PosError('CONFLICT', `sale ${input.saleId} already ended; start a new sale`);
    if (this.current && !this.current.isFinished()) {
      throw new PosError('BUSY', `a sale is in progress at this counter (${this.current.saleId}); finish or cancel it first`);
    }
    const original = input.originalRef ? this.original(journal, input.originalRef) : undefined;
    // The gateway takes a check's sale and lookups only: a tagged void or refund of one is rejected there.
    if (original?.tender === 'check') throw new PosError('CONFLICT', `payment ${original.clientRef} was paid by check: void or refund it from the gateway's own tools`);
    // Asked here for a refusal before the gateway is leased; the journal asks again, in the transaction that claims the amount.
    if (original) input = { ...input, amountCents: claimCents(original, journal.claimsOn(original.id), { type: input.type, cents: input.amountCents }) };
    const splitTenderId = input.splitOf ? this.splitOf(journal, input.splitOf, input.amountCents, input.type) : undefined;
    const gateway = await this.deps.lease();
    if (gateway.mode !== mode) {
      gateway.release();
      throw new PosError('UNAVAILABLE', 'the terminal is switching between training and live; try again');
    }
    let sale: Sale;
    try {
      sale = new Sale(
        {
          journal,
          gateway,
          prepareSeal: this.deps.prepareSeal,
          devices: this.deps.devices,
          policy: salePolicyOf(this.deps.settings),
          owner: this.deps.owner,
          ...(extras.cashier ? { cashier: extras.cashier } : {}),
          now: this.deps.now,
          log: this.deps.log.child({ module: 'sale', sale: input.saleId }),
          changed: (view) => this.saleChanged(sale, view),
        },
        {
          saleId: input.saleId,
          clientRef: newClientRef(mode, this.deps.now()),
          type: input.type,
          amountCents: input.amountCents,
          ...(input.tender ? { tender: input.tender } : {}),
          ...(input.cardEntry ? { cardEntry: input.cardEntry } : {}),
          ...(original ? { original } : {}),
          ...(input.authorizationNum ? { authorizationNum: input.authorizationNum } : {}),
          ...(splitTenderId ? { splitTenderId } : {}),
          ...(input.surchargeCents !== undefined ? { surchargeCents: input.surchargeCents } : {}),
          ...(input.taxCents !== undefined ? { taxCents: input.taxCents } : {}),
          ...(input.check ? { check: input.check } : {}),
          ...(extras.approvedBy ? { approvedBy: extras.approvedBy } : {}),
        },
      );
    } catch (e) {
      // Refused by the claim (another process took what was left meanwhile): nothing was sent.
      gateway.release();
      throw e;
    }
    this.sales.set(input.saleId, sale);
    this.current = sale;
    void sale.done.then(() => {
      this.currentEndedAt = this.deps.now().getTime();
      this.queueChanged();
      // Keep a few ended sales for idempotent replies; the journal has the rest.
      if (this.sales.size > 32) for (const [id, s] of this.sales) if (s.isFinished() && s !== this.current) this.sales.delete(id);
      if (sale.state === 'offline') this.forwarder.wake();
    });
    try {
      sale.begin();
    } catch (e) {
      try {
        sale.cancel(e instanceof Error ? e.message : 'could not start');
      } catch (cancelError) {
        // The first failure is the one to report (a disk that refused the start refuses its cancel too);
        // recovery closes a row left open at the next start.
        this.deps.log.error({ err: cancelError, sale: input.saleId }, 'a sale that could not start could not be cancelled either');
      }
      throw e;
    }
    return sale;
  }

  sale(saleId: string): Sale | undefined {
    return this.sales.get(saleId);
  }

  /** The sale with this id, in progress or ended (from the journal after a restart). */
  view(saleId: string): SaleView {
    const sale = this.sales.get(saleId);
    const journal = sale ? sale.journal : this.deps.journal(this.deps.mode());
    let view: SaleView;
    if (sale) view = sale.view();
    else {
      const row = journal.ofSale(saleId).at(-1);
      if (!row) throw new PosError('NOT_FOUND', `no sale ${saleId}`);
      // A void, refund or completion names the payment it acts on, as it did while it ran.
      const original = row.originalId !== null ? journal.getById(row.originalId) : undefined;
      view = saleViewOfRow(row, original?.clientRef ?? null, originalOf(original));
    }
    // A split tender's balance is what all its tenders left, not this payment's alone.
    return view.splitTenderId && view.final ? { ...view, balanceDueCents: this.balanceDue(journal, view.splitTenderId) } : view;
  }

  /**
   * The register's cashier is typing an amount: the gateway gets its connection ready before the
   * tender (GatewayService.expectSale). Nothing while a sale is in progress (its own tender holds
   * one), and best effort: a gateway that cannot be set up is answered at the tender, as before.
   */
  async expectSale(): Promise<boolean> {
    if (this.current && !this.current.isFinished()) return false;
    try {
      return await this.deps.expectSale();
    } catch {
      return false;
    }
  }

  currentView(): SaleView | null {
    const sale = this.current;
    if (!sale) return null;
    if (sale.isFinished() && this.deps.now().getTime() - this.currentEndedAt > RECENT_MS) return null;
    return sale.view();
  }

  tender(saleId: string, tender: 'card' | 'check', cardEntry?: StartSale['cardEntry']): SaleView {
    this.need(saleId).chooseTender(tender, cardEntry);
    return this.view(saleId);
  }

  keyed(saleId: string, card: KeyedCard, approvedBy?: string): SaleView {
    this.need(saleId).acceptKeyed(card, approvedBy);
    return this.view(saleId);
  }

  checkDetails(saleId: string, details: CheckDetails): SaleView {
    this.need(saleId).checkDetails(details);
    return this.view(saleId);
  }

  cancel(saleId: string): SaleView {
    const sale = this.sales.get(saleId);
    return sale ? sale.cancel() : this.view(saleId);
  }

  /** posctl's sale: the card or check comes from the command line, through the same machine. */
  async runSale(input: StartInput, given: { card?: CardSource; entry?: 'swipe' | 'keyed'; check?: CheckRead }, extras: { approvedBy?: string } = {}): Promise<SaleView> {
    const sale = await this.startSale({ ...input, ...(input.tender ? {} : { tender: given.check ? 'check' : 'card' }) }, extras);
    if (given.card) sale.acceptCard(given.card, given.entry ?? 'swipe', null);
    if (given.check) sale.acceptCheck(given.check, null);
    if (!sale.isFinished() && !input.originalRef && !given.card && !given.check) sale.cancel('nothing to pay with was given');
    return sale.done;
  }

  /** The sale in progress, or NOT_FOUND. */
  need(saleId: string): Sale {
    const sale = this.sales.get(saleId);
    if (!sale) throw new PosError('NOT_FOUND', `no sale ${saleId} in progress at this counter`);
    return sale;
  }

  private original(journal: JournalStore, ref: string): JournalRow {
    const row = journal.get(ref);
    if (!row) throw new PosError('NOT_FOUND', `no payment ${ref} in the ${journal.mode} journal`);
    return row;
  }

  private splitOf(journal: JournalStore, saleId: string, cents: number, type: PaymentType): string {
    const last = journal.ofSale(saleId).at(-1);
    if (!last) throw new PosError('NOT_FOUND', `no sale ${saleId} to pay the balance of`);
    // The rest of a pre-authorization is authorized too, never captured as a sale.
    if (last.type !== type) throw new PosError('BAD_INPUT', `the balance of a ${last.type} is paid with a ${last.type}, not a ${type}`);
    const id = last.splitTenderId ?? last.clientRef;
    const due = this.balanceDue(journal, id);
    if (last.state === 'needs-lookup') throw new PosError('CONFLICT', `sale ${saleId}'s last payment may have gone through: a manager looks it up before anything more is taken`);
    if (due <= 0 || !balanceOpen(last)) throw new PosError('CONFLICT', `sale ${saleId} has no balance due`);
    if (cents > due) throw new PosError('BAD_INPUT', `the balance due on sale ${saleId} is ${due} cents`);
    return id;
  }

  /** What is left to pay of a split tender: the first payment's amount less what every tender paid. */
  private balanceDue(journal: JournalStore, splitTenderId: string): number {
    const rows = journal.ofSplit(splitTenderId);
    const first = rows[0];
    if (!first) return 0;
    return Math.max(0, first.requestedCents - rows.reduce((sum, r) => sum + paidCents(r), 0));
  }

  private saleChanged(sale: Sale, view: SaleView): void {
    this.deps.bus.emit('sale.changed', view);
    if (sale.isFinished()) this.deps.refresh();
  }

  queueChanged(): void {
    this.deps.refresh();
    this.onQueueChanged?.();
  }

  /** Set by the queue handlers to publish queue.changed. */
  onQueueChanged: (() => void) | undefined;
}
