import { create } from 'zustand';
import type { AppStatus, CashierStatus, CheckDetails, KeyedCardInput, PaymentType, Receipt, SaleView, SimCard, StartSale } from '../../../preload/contract';
import { idLetters } from '../../../preload/contract/ids';
import { connect } from '../api/pos';
import type { Problem } from '../components/problem';
import { callAction, type Outcome } from './call-action';

/** The payment types the register starts itself; completion and void start from History. */
export type RegisterType = 'sale' | 'preauth' | 'refund' | 'verify';
export type RegisterTender = 'card' | 'check';
/** receipts.afterApproval: what happens to the customer receipt once a payment is approved or stored offline. */
export type AfterApproval = AppStatus['receipts']['afterApproval'];

/** The manager's PIN asked for at the moment a payment needs it (a refund, a large amount, a keyed card). */
export interface PinRequest {
  /** Main's refusal that asks for it (or refused the PIN typed): the dialog says it. */
  why: Problem;
  /** Sends the same call again with the PIN. */
  submit: (pin: string) => void;
}

export interface RegisterState {
  /** The amount typed so far, in cents (digits pushed in from the right, as on a card terminal). */
  cents: number;
  type: RegisterType;
  /** The sale in progress or just ended, as main reports it. */
  sale: SaleView | undefined;
  busy: boolean;
  /** Why the last request was refused: main's refusal (any typed card taken out), or the register's own check. The screen says it. */
  problem: RegisterProblem | undefined;
  pin: PinRequest | undefined;
  /** The receipt of the sale on screen, once asked for. */
  receipt: Receipt | undefined;
  showReceipt: (copy: 'customer' | 'merchant') => void;
  /** receipts.afterApproval, as the screen was told it. */
  afterApproval: AfterApproval;
  /** The payment (client reference) whose receipt question is answered: printed, skipped or asked for. */
  receiptHandled: string | undefined;
  /** The payment whose receipt prints as soon as it is shown (receipts.afterApproval print, or the cashier said Print). */
  printOnShow: string | undefined;
  /** Shows the customer receipt of the sale on screen and prints it. */
  printCustomerReceipt: () => void;
  /** No receipt for the sale on screen (Esc at "Print the receipt?"). */
  skipReceipt: () => void;
  /** Cashier sign-in (terminal.cashierSignIn): who is signed in on this page. */
  cashier: CashierStatus | undefined;
  signInProblem: Problem | undefined;
  loadCashier: () => void;
  signIn: (number: string, pin: string) => void;
  signOut: () => void;
  press: (key: string) => void;
  setType: (type: RegisterType) => void;
  charge: (tender: RegisterTender) => void;
  cancel: () => void;
  /** Pays the balance a partial approval left, with another card or a check. */
  payBalance: (tender: RegisterTender) => void;
  checkDetails: (details: CheckDetails) => void;
  /** A card typed in for the sale on screen (payments.keyed), with the manager's PIN when main asks; nothing typed is kept after the attempt. */
  keyCard: (card: KeyedCardInput) => void;
  /**
   * The cashier opens (true) or closes (false) the form to type the card: main then waits the
   * longer keyed wait and leaves the readers alone, or goes back to waiting for a swipe.
   */
  typingCard: (on: boolean) => void;
  /**
   * A payment is about to be made from elsewhere than the keypad (History has a payment open with a
   * void, refund or completion to offer): main readies the gateway's connection, as at an amount's
   * first digit. Best effort, nothing waits for it; not while a sale is on the register.
   */
  expect: () => void;
  /** A void, refund or completion of a payment in History (a tagged operation): followed here like any sale. */
  startFrom: (type: 'void' | 'refund' | 'completion', originalRef: string, amountCents: number, shownCents?: number) => void;
  /**
   * A void, refund or completion asked for and not yet started (main asks the manager's PIN first):
   * the left of the counter shows it, not what was typed before. `cents` undefined: not known yet
   * (a void takes the whole payment; History may say how much with startFrom's `shownCents`).
   */
  pending: { type: PaymentType; cents: number | undefined } | undefined;
  /** Training only: the simulated reader reads a sample card or check. */
  simulate: (what: SimCard | 'check' | 'pinpad') => void;
  newSale: () => void;
  closePin: () => void;
  /** Finds the sale in progress again (after a reload or a lost connection). */
  resume: () => void;
}

/** A refusal the register makes itself, before asking main: a key of the register namespace. */
export type RegisterCheck = 'error.noAmount' | 'error.checkSaleOnly' | 'error.saleInProgress';
export type RegisterProblem = { refusal: Problem } | { check: RegisterCheck };

const MAX_CENTS = 99_999_999;
const REGISTER_TYPES: readonly string[] = ['sale', 'preauth', 'refund', 'verify'] satisfies RegisterType[];
const isRegisterType = (type: PaymentType): type is RegisterType => REGISTER_TYPES.includes(type);
const client = () => connect().client;

/** A sale id the page makes once per sale: repeating a start with it never makes a second sale. */
function newSaleId(): string {
  // Letters only: an id never reads as a card number on its way back (preload/contract/ids.ts).
  return `reg-${idLetters(crypto.getRandomValues(new Uint8Array(9)))}`;
}

/**
 * A refusal's words with what was typed of a card taken out: whatever main or the contract check
 * said, the card number, security code and name never stay in the store's error or PIN prompt.
 */
function withoutCard(text: string, card: KeyedCardInput): string {
  const digits = card.pan.replace(/\D/g, '');
  const typed = [card.pan.trim(), digits, card.cardholderName.trim(), ...(card.cvd ? [card.cvd] : [])].filter((t) => t.length >= 3);
  let out = text;
  for (const t of typed) out = out.split(t).join('•••');
  // The number spaced or dashed otherwise than typed: any run of 12 or more digits.
  return out.replace(/\d(?:[ -]?\d){11,}/g, '•••');
}

/** What the left of the counter shows: the payment on screen (its type and amount), or the one being typed. */
export function entryShown(s: Pick<RegisterState, 'sale' | 'type' | 'cents' | 'pending'>): { type: PaymentType; cents: number | null | undefined } {
  if (s.sale) return { type: s.sale.type, cents: s.sale.type === 'verify' ? null : s.sale.amountCents };
  if (s.pending) return s.pending;
  return { type: s.type, cents: s.type === 'verify' ? null : s.cents };
}

/** The refusal asks for the manager PIN (main names the `managerPin` field). */
function asksForPin(p: Problem): boolean {
  return p.code === 'FORBIDDEN' && p.issues.some((i) => i.path === 'managerPin');
}

export const useRegisterStore = create<RegisterState>((set, get) => {
  /** Calls `send`; a refusal that asks for the manager PIN opens the PIN prompt, which calls it again with the PIN. */
  const withApproval = async (send: (pin?: string) => Promise<SaleView>, pin?: string, words: (text: string) => string = (text) => text): Promise<void> => {
    set({ problem: undefined });
    const r = await callAction(useRegisterStore, () => send(pin), { busy: 'busy' });
    if (r.kind === 'done') set({ sale: r.value, pin: undefined, pending: undefined });
    if (r.kind !== 'refused') return;
    // What was typed of a card never stays in the store: not in the message, not in the issues.
    const problem: Problem = { ...r.problem, message: words(r.problem.message), issues: r.problem.issues.map((i) => ({ ...i, message: words(i.message) })) };
    if (problem.code === 'FORBIDDEN' && (asksForPin(problem) || pin !== undefined)) askPin(problem, send, words);
    else {
      set({ pin: undefined, pending: undefined, problem: { refusal: problem } });
      // The store asks for a cashier sign-in on this page: the register shows the sign-in.
      if (problem.issues.some((i) => i.path === 'cashier')) get().loadCashier();
    }
  };

  /** A call whose refusal is the register's problem (its answer, if any, is the caller's). */
  const refusedOf = <T>(r: Outcome<T>): void => {
    if (r.kind === 'refused') set({ problem: { refusal: r.problem } });
  };

  /**
   * Main asks for the manager PIN, or refused the one typed (wrong, locked): the prompt says why.
   * Main never asks while no PIN exists (the set-up sets the first one), so no payment chooses one.
   */
  const askPin = (why: Problem, send: (pin?: string) => Promise<SaleView>, words: (text: string) => string): void => {
    set({ busy: false, pin: { why, submit: (p) => void withApproval(send, p, words) } });
  };

  /** A digit, a type or New sale while a result is shown starts the next payment from nothing. */
  const cleared = { sale: undefined, cents: 0, type: 'sale', problem: undefined, pin: undefined, receipt: undefined, printOnShow: undefined, pending: undefined } as const;

  /**
   * An amount's first digit: the payment is being rung up, so main opens the gateway's connection
   * now rather than at the tender (on a slow link its handshakes outlast a quick swipe). Best
   * effort: nothing here waits for it or shows it.
   */
  const expectSale = (): void => {
    client()
      .call('payments.expect', {})
      .catch(() => undefined);
  };

  const start = (input: StartSale): Promise<void> => withApproval((managerPin) => client().call('payments.start', { ...input, ...(managerPin ? { managerPin } : {}) }));

  return {
    cents: 0,
    type: 'sale',
    sale: undefined,
    busy: false,
    problem: undefined,
    pin: undefined,
    cashier: undefined,
    signInProblem: undefined,
    receipt: undefined,
    afterApproval: 'ask',
    pending: undefined,
    receiptHandled: undefined,
    printOnShow: undefined,
    showReceipt(copy) {
      const { sale } = get();
      if (!sale?.final) return;
      // Asking for a receipt answers "Print the receipt?" too.
      set({ receiptHandled: sale.clientRef });
      void callAction(useRegisterStore, () => client().call('payments.receipt', { ref: sale.clientRef, copy })).then((r) => {
        if (r.kind === 'done') set({ receipt: r.value });
        refusedOf(r);
      });
    },
    printCustomerReceipt() {
      const { sale } = get();
      if (!sale?.final) return;
      // The receipt is shown, then printed: the browser's print dialog prints what the page shows.
      set({ printOnShow: sale.clientRef });
      get().showReceipt('customer');
    },
    skipReceipt() {
      const { sale } = get();
      if (sale?.final) set({ receiptHandled: sale.clientRef });
    },
    loadCashier() {
      client()
        .call('cashier.status', {})
        .then(
          (cashier) => set({ cashier }),
          () => undefined,
        );
    },
    signIn(number, pin) {
      void callAction(useRegisterStore, () => client().call('cashier.signIn', { number, pin })).then((r) => {
        if (r.kind === 'done') set({ cashier: r.value, signInProblem: undefined, problem: undefined });
        else if (r.kind === 'refused') set({ signInProblem: r.problem });
      });
    },
    signOut() {
      void callAction(useRegisterStore, () => client().call('cashier.signOut', {})).then((r) => {
        if (r.kind === 'done') set({ cashier: r.value });
        refusedOf(r);
      });
    },
    press(key) {
      const { sale } = get();
      if (sale && !sale.final) return;
      // The amount of a result is not the start of the next one: a key typed over it starts afresh.
      if (sale) set(cleared);
      const { cents } = get();
      if (/^\d$/.test(key)) set({ cents: Math.min(MAX_CENTS, cents * 10 + Number(key)), problem: undefined });
      else if (key === '00') set({ cents: Math.min(MAX_CENTS, cents * 100), problem: undefined });
      else if (key === 'Backspace') set({ cents: Math.floor(cents / 10) });
      else if (key === 'Clear') set({ cents: 0 });
      if (cents === 0 && get().cents > 0) expectSale();
    },
    setType(type) {
      if (get().sale?.final) set(cleared);
      const { type: was, sale } = get();
      set({ type, problem: undefined });
      // A card check has no amount to type: choosing it is what rings it up.
      if (type === 'verify' && was !== 'verify' && !sale) expectSale();
    },
    charge(tender) {
      if (get().busy || (get().sale && !get().sale?.final)) return;
      // The amount shown over a result is the result's: charging from there starts afresh, never repeats it unseen.
      if (get().sale) set(cleared);
      const { cents, type } = get();
      if (type !== 'verify' && cents === 0) {
        set({ problem: { check: 'error.noAmount' } });
        return;
      }
      if (tender === 'check' && type !== 'sale') {
        set({ problem: { check: 'error.checkSaleOnly' } });
        return;
      }
      void start({ saleId: newSaleId(), type, amountCents: type === 'verify' ? 0 : cents, tender, cardEntry: 'any' });
    },
    expect() {
      const { sale } = get();
      if (!sale || sale.final) expectSale();
    },
    startFrom(type, originalRef, amountCents, shownCents) {
      const { sale, busy } = get();
      if (busy || (sale && !sale.final)) {
        set({ problem: { check: 'error.saleInProgress' } });
        return;
      }
      set({ sale: undefined, receipt: undefined, pending: { type, cents: shownCents ?? (amountCents > 0 ? amountCents : undefined) } });
      void start({ saleId: newSaleId(), type, amountCents, originalRef });
    },
    payBalance(tender) {
      const { sale } = get();
      if (!sale?.final || sale.balanceDueCents === 0) return;
      // The rest of a pre-authorization is authorized too (by card: a check only pays a sale).
      const type = sale.type === 'preauth' ? 'preauth' : 'sale';
      if (type === 'preauth' && tender === 'check') return;
      void start({ saleId: newSaleId(), type, amountCents: sale.balanceDueCents, tender, cardEntry: 'any', splitOf: sale.saleId });
    },
    cancel() {
      const { sale } = get();
      if (!sale || sale.final) {
        set({ cents: 0, problem: undefined });
        return;
      }
      void callAction(useRegisterStore, () => client().call('payments.cancel', { saleId: sale.saleId })).then((r) => {
        if (r.kind === 'done') set({ sale: r.value });
        refusedOf(r);
      });
    },
    keyCard(card) {
      const { sale, busy } = get();
      if (busy || !sale || sale.final) return;
      const { saleId } = sale;
      // The card lives in this closure only while the call (or the manager's PIN prompt) needs it.
      void withApproval((managerPin) => client().call('payments.keyed', { saleId, card, ...(managerPin ? { managerPin } : {}) }), undefined, (text) => withoutCard(text, card));
    },
    typingCard(on) {
      const { sale } = get();
      if (!sale || sale.final || sale.waitingFor !== 'card') return;
      void callAction(useRegisterStore, () => client().call('payments.tender', { saleId: sale.saleId, tender: 'card', cardEntry: on ? 'keyed' : 'any' })).then((r) => {
        if (r.kind === 'done') set({ sale: r.value });
        refusedOf(r);
      });
    },
    checkDetails(details) {
      const { sale } = get();
      if (!sale) return;
      void callAction(useRegisterStore, () => client().call('payments.checkDetails', { saleId: sale.saleId, details })).then((r) => {
        if (r.kind === 'done') set({ sale: r.value, problem: undefined });
        refusedOf(r);
      });
    },
    simulate(what) {
      const call = () =>
        what === 'check'
          ? client().call('devices.simulateCheck', { check: 'personal' })
          : what === 'pinpad'
            ? client().call('devices.simulateSwipe', { card: 'visa', via: 'pinpad' })
            : client().call('devices.simulateSwipe', { card: what, via: 'msr' });
      void callAction(useRegisterStore, call).then(refusedOf);
    },
    newSale() {
      set(cleared);
    },
    closePin() {
      set({ pin: undefined, pending: undefined });
    },
    resume() {
      client()
        .call('payments.current', {})
        .then(
          (sale) => {
            // A sale in progress is found again; an ended one stays on screen only if it is the one shown.
            if (sale && !sale.final) set({ sale, cents: sale.amountCents, ...(isRegisterType(sale.type) ? { type: sale.type } : {}) });
            else if (sale && get().sale?.saleId === sale.saleId) set({ sale });
          },
          () => undefined,
        );
    },
  };
});

/** Keeps the register live: every `sale.changed` of the sale on screen, and the sale found again after a reconnect. */
export function bindRegister(): void {
  const conn = connect();
  conn.client.on('sale.changed', (view) => {
    // The sale on screen, or one in progress at this counter (started elsewhere, or by this page
    // before its reply): never a late word about an ended sale the cashier has moved on from, which
    // would take the screen back and drop the amount being typed.
    const shown = useRegisterStore.getState().sale;
    if (shown?.saleId === view.saleId || !view.final) useRegisterStore.setState({ sale: view });
  });
  conn.watch((state) => {
    if (state !== 'open') return;
    useRegisterStore.getState().resume();
    useRegisterStore.getState().loadCashier();
  });
  useRegisterStore.getState().resume();
  useRegisterStore.getState().loadCashier();
}
