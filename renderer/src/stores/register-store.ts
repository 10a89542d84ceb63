import { create } from 'zustand';
import { PosCallError, type CashierStatus, type CheckDetails, type Receipt, type SaleView, type SimCard, type StartSale } from '../../../preload/contract';
import { connect, errorWords } from '../api/pos';
import { i18n } from '../i18n/i18n';

/** The payment types the register starts itself; completion and void start from History. */
export type RegisterType = 'sale' | 'preauth' | 'refund' | 'verify';
export type RegisterTender = 'card' | 'check';

/** The manager's PIN asked for at the moment a payment needs it (a refund, a large amount, a keyed card). */
export interface PinRequest {
  why: string;
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
  /** Why the last request was refused, in words. */
  error: string | undefined;
  pin: PinRequest | undefined;
  /** The receipt of the sale on screen, once asked for. */
  receipt: Receipt | undefined;
  showReceipt: (copy: 'customer' | 'merchant') => void;
  /** Cashier sign-in (terminal.cashierSignIn): who is signed in on this page. */
  cashier: CashierStatus | undefined;
  signInError: string | undefined;
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
  /** A void, refund or completion of a payment in History (a tagged operation): followed here like any sale. */
  startFrom: (type: 'void' | 'refund' | 'completion', originalRef: string, amountCents: number) => void;
  /** Training only: the simulated reader reads a sample card or check. */
  simulate: (what: SimCard | 'check' | 'pinpad') => void;
  newSale: () => void;
  closePin: () => void;
  /** Finds the sale in progress again (after a reload or a lost connection). */
  resume: () => void;
}

const MAX_CENTS = 99_999_999;
const client = () => connect().client;

/** A sale id the page makes once per sale: repeating a start with it never makes a second sale. */
function newSaleId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `reg-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The refusal asks for the manager PIN (main names the `managerPin` field). */
function asksForPin(e: unknown): e is PosCallError {
  return e instanceof PosCallError && e.code === 'FORBIDDEN' && (e.issues ?? []).some((i) => i.path === 'managerPin');
}

export const useRegisterStore = create<RegisterState>((set, get) => {
  /** Calls `send`; a refusal that asks for the manager PIN opens the PIN prompt, which calls it again with the PIN. */
  const withApproval = (send: (pin?: string) => Promise<SaleView>, pin?: string): Promise<void> => {
    set({ busy: true, error: undefined });
    return send(pin).then(
      (sale) => set({ sale, busy: false, pin: undefined }),
      (e: unknown) => {
        if (e instanceof PosCallError && e.code === 'FORBIDDEN' && (asksForPin(e) || pin !== undefined)) askPin(e.message, send);
        else {
          set({ busy: false, pin: undefined, error: errorWords(e) });
          // The store asks for a cashier sign-in on this page: the register shows the sign-in.
          if (e instanceof PosCallError && (e.issues ?? []).some((i) => i.path === 'cashier')) get().loadCashier();
        }
      },
    );
  };

  /**
   * Main asks for the manager PIN, or refused the one typed (wrong, locked): the prompt says why.
   * Main never asks while no PIN exists (the set-up sets the first one), so no payment chooses one.
   */
  const askPin = (why: string, send: (pin?: string) => Promise<SaleView>): void => {
    set({ busy: false, pin: { why, submit: (p) => void withApproval(send, p) } });
  };

  const start = (input: StartSale): Promise<void> => withApproval((managerPin) => client().call('payments.start', { ...input, ...(managerPin ? { managerPin } : {}) }));

  return {
    cents: 0,
    type: 'sale',
    sale: undefined,
    busy: false,
    error: undefined,
    pin: undefined,
    cashier: undefined,
    signInError: undefined,
    receipt: undefined,
    showReceipt(copy) {
      const { sale } = get();
      if (!sale?.final) return;
      client()
        .call('payments.receipt', { ref: sale.clientRef, copy })
        .then(
          (receipt) => set({ receipt }),
          (e: unknown) => set({ error: errorWords(e) }),
        );
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
      client()
        .call('cashier.signIn', { number, pin })
        .then(
          (cashier) => set({ cashier, signInError: undefined, error: undefined }),
          (e: unknown) => set({ signInError: errorWords(e) }),
        );
    },
    signOut() {
      client()
        .call('cashier.signOut', {})
        .then(
          (cashier) => set({ cashier }),
          (e: unknown) => set({ error: errorWords(e) }),
        );
    },
    press(key) {
      if (get().sale && !get().sale?.final) return;
      const { cents } = get();
      if (/^\d$/.test(key)) set({ cents: Math.min(MAX_CENTS, cents * 10 + Number(key)), error: undefined });
      else if (key === '00') set({ cents: Math.min(MAX_CENTS, cents * 100), error: undefined });
      else if (key === 'Backspace') set({ cents: Math.floor(cents / 10) });
      else if (key === 'Clear') set({ cents: 0 });
    },
    setType(type) {
      set({ type, error: undefined });
    },
    charge(tender) {
      const { cents, type, sale, busy } = get();
      if (busy || (sale && !sale.final)) return;
      if (type !== 'verify' && cents === 0) {
        set({ error: i18n.t('error.noAmount', { ns: 'register' }) });
        return;
      }
      if (tender === 'check' && type !== 'sale') {
        set({ error: i18n.t('error.checkSaleOnly', { ns: 'register' }) });
        return;
      }
      set({ sale: undefined, receipt: undefined });
      void start({ saleId: newSaleId(), type, amountCents: type === 'verify' ? 0 : cents, tender, cardEntry: 'any' });
    },
    startFrom(type, originalRef, amountCents) {
      const { sale, busy } = get();
      if (busy || (sale && !sale.final)) {
        set({ error: i18n.t('error.saleInProgress', { ns: 'register' }) });
        return;
      }
      set({ sale: undefined, receipt: undefined });
      void start({ saleId: newSaleId(), type, amountCents, originalRef });
    },
    payBalance(tender) {
      const { sale } = get();
      if (!sale?.final || sale.balanceDueCents === 0) return;
      void start({ saleId: newSaleId(), type: 'sale', amountCents: sale.balanceDueCents, tender, cardEntry: 'any', splitOf: sale.saleId });
    },
    cancel() {
      const { sale } = get();
      if (!sale || sale.final) {
        set({ cents: 0, error: undefined });
        return;
      }
      client()
        .call('payments.cancel', { saleId: sale.saleId })
        .then(
          (view) => set({ sale: view }),
          (e: unknown) => set({ error: errorWords(e) }),
        );
    },
    checkDetails(details) {
      const { sale } = get();
      if (!sale) return;
      client()
        .call('payments.checkDetails', { saleId: sale.saleId, details })
        .then(
          (view) => set({ sale: view, error: undefined }),
          (e: unknown) => set({ error: errorWords(e) }),
        );
    },
    simulate(what) {
      const call =
        what === 'check'
          ? client().call('devices.simulateCheck', { check: 'personal' })
          : what === 'pinpad'
            ? client().call('devices.simulateSwipe', { card: 'visa', via: 'pinpad' })
            : client().call('devices.simulateSwipe', { card: what, via: 'msr' });
      call.then(
        () => undefined,
        (e: unknown) => set({ error: errorWords(e) }),
      );
    },
    newSale() {
      set({ sale: undefined, cents: 0, type: 'sale', error: undefined, pin: undefined, receipt: undefined });
    },
    closePin() {
      set({ pin: undefined });
    },
    resume() {
      client()
        .call('payments.current', {})
        .then(
          (sale) => {
            // A sale in progress is found again; an ended one stays on screen only if it is the one shown.
            if (sale && (!sale.final || get().sale?.saleId === sale.saleId)) set({ sale });
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
    const shown = useRegisterStore.getState().sale;
    if (!shown || shown.saleId === view.saleId || !view.final) useRegisterStore.setState({ sale: view });
  });
  conn.watch((state) => {
    if (state !== 'open') return;
    useRegisterStore.getState().resume();
    useRegisterStore.getState().loadCashier();
  });
  useRegisterStore.getState().resume();
  useRegisterStore.getState().loadCashier();
}
