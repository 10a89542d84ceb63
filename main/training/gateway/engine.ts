import { PREPAID_BALANCE_CENTS, PREPAID_PAN } from '../../../native/sim/sample-cards';
import { answerFields, type Merchant, type Verdict } from './answer';
import { brandOf, cardOf, cents, digest, luhn, routingOk, str } from './card-facts';
import { CARD_TYPES, TAGGED, TYPE_NAMES } from './codes';
import type { SimRecord } from './contract';
import { memorySimStore, type SimStore, type Stored, type StoredState } from './sim-store';

export type { Merchant } from './answer';
export type { Stored } from './sim-store';
export { maskedCard } from './card-facts';

/**
 * The simulated gateway's behaviour, modelled on the public demo environment (reference: demo
 * behaviour): amount triggers, test cards, Luhn and expiry checks, ET… authorization numbers,
 * transaction tags, a stored history for lookups, tagged completions, voids and refunds, partial
 * approvals on the prepaid sample card, and optional duplicate detection. Input is the checked
 * request; output is the result fields. What must outlive a request lives in a SimStore.
 */

export interface EngineOptions {
  /** Duplicate detection window in minutes (same type, card and amount); 0: off, as on the real gateway by default. */
  duplicateWindowMinutes?: number;
  merchant?: Merchant;
  now?: () => Date;
  /** First transaction tag handed out (a store that handed out higher ones goes on from there). */
  firstTag?: number;
  /** Where transactions, tags, Reference_No counts and the training fault are kept (default: in memory). */
  store?: SimStore;
}

const DEFAULT_MERCHANT: Merchant = {
  name: 'Counter POS Training Store',
  address: '1 Training Way',
  city: 'Springfield',
  province: 'IL',
  country: 'United States',
  postal: '62701',
  url: 'https://training.invalid/',
};

/** A rejection by the gateway (Transaction_Error true) with its code. */
class Reject extends Error {
  constructor(
    readonly code: string,
    readonly bank?: string,
    /** Set on bank declines of a complete transaction, which are recorded. */
    readonly card?: Processed,
  ) {
    super(`gateway code ${code}${bank ? `, bank code ${bank}` : ''}`);
  }
}

interface Processed {
  type: string;
  /** The amount approved (or declined). */
  cents: number;
  /** A digest of the card (or check account), never the number itself. */
  cardKey: string;
  brand: string;
  name: string;
  /** Set for a partial approval: less than the amount requested. */
  partial?: boolean;
  /** A completion or refund: the tag it was made from. */
  originalTag?: string;
}

export class GatewayEngine {
  readonly store: SimStore;
  private sequence = 1;
  private readonly now: () => Date;
  private readonly merchant: Merchant;
  private readonly firstTag: number;

  constructor(private readonly deps: EngineOptions = {}) {
    this.now = deps.now ?? (() => new Date());
    this.merchant = deps.merchant ?? DEFAULT_MERCHANT;
    this.firstTag = deps.firstTag ?? 106625152;
    this.store = deps.store ?? memorySimStore();
  }

  setDuplicateWindow(minutes: number): void {
    this.deps.duplicateWindowMinutes = minutes;
  }

  /** Stored transactions, oldest first (for tests and the training history). */
  stored(): Stored[] {
    return this.store.all();
  }

  /** How many processed requests (lookups aside) carried each Reference_No: crash tests count resends with it. */
  referenceCounts(): Map<string, number> {
    return this.store.referenceCounts();
  }

  /** Processes one checked request and returns the result fields (request echo + result). */
  process(operation: string, fields: SimRecord): SimRecord {
    const check = operation === 'SendAndCommitCheck' || operation === 'CheckTransactionInfo';
    const lookup = operation === 'TransactionInfo' || operation === 'CheckTransactionInfo';
    const type = str(fields.Transaction_Type);
    if (lookup) return this.lookup(fields, check);
    // One unit: another process sharing the store cannot take the same tag or complete the same pre-auth meanwhile.
    return this.store.atomically(() => {
      const reference = str(fields.Reference_No);
      if (reference) this.store.countReference(reference);
      try {
        return check ? this.check(fields) : this.credit(fields, type);
      } catch (e) {
        if (!(e instanceof Reject)) throw e;
        // A bank decline is a processed transaction: it gets a tag and is kept for lookups.
        if (e.code === '00' && e.bank && e.card) return this.record(fields, check, e.card, { approved: false, bankCode: e.bank });
        return this.answer(fields, check, { approved: false, gatewayCode: e.code, bankCode: e.bank, typeName: TYPE_NAMES[type] ?? type });
      }
    });
  }

  private lookup(fields: SimRecord, check: boolean): SimRecord {
    const type = str(fields.Transaction_Type);
    const found = this.store.get(str(fields.Transaction_Tag));
    const authNum = str(fields.Authorization_Num);
    if (type !== 'CR') return this.answer(fields, check, { approved: false, gatewayCode: '32', typeName: type });
    if (!found || found.check !== check || (authNum !== '' && authNum !== found.authNum)) {
      return this.answer(fields, check, { approved: false, gatewayCode: '69', typeName: 'Transaction Details' });
    }
    // The stored answer, as first given, with the lookup's own credentials echoed (password blank).
    return { ...found.result, GatewayID: str(fields.GatewayID), Password: '' };
  }

  private credit(f: SimRecord, type: string): SimRecord {
    if (!TYPE_NAMES[type] || type === 'CR') throw new Reject('32');
    let amount = cents(str(f.DollarAmount));
    if (str(f.DollarAmount) !== '' && amount === undefined) throw new Reject('26');
    let card = cardOf(f);
    let original: Stored | undefined;
    if (TAGGED.has(type)) {
      if (card.pan || str(f.Track1) || str(f.Track2)) throw new Reject('72');
      original = this.store.get(str(f.Transaction_Tag));
      if (!original || original.check) throw new Reject('69');
      if (str(f.Authorization_Num) !== original.authNum) throw new Reject(type === '32' ? '93' : '28');
      if (!original.approved) throw new Reject('69');
      amount ??= original.cents;
      this.checkTagged(type, original, amount);
      const result = original.result;
      card = { pan: str(result.Card_Number), expiry: str(result.Expiry_Date), name: str(result.CardHoldersName) };
    } else if (CARD_TYPES.has(type)) {
      if (!card.pan) throw new Reject('22');
      if (!/^\d{13,19}$/.test(card.pan) || !luhn(card.pan)) throw new Reject('22');
      const exp = /^(0[1-9]|1[0-2])(\d{2})$/.exec(card.expiry);
      const now = this.now();
      if (!exp || 2000 + Number(exp[2]) < now.getUTCFullYear() || (2000 + Number(exp[2]) === now.getUTCFullYear() && Number(exp[1]) < now.getUTCMonth() + 1)) {
        throw new Reject('25');
      }
      if (str(f.Card_Number) && !str(f.CardHoldersName)) throw new Reject('27');
      if (['02', '03', '13'].includes(type) && !str(f.Authorization_Num)) throw new Reject(type === '02' ? '93' : '28');
      if (type === '13' || type === '02') original = this.matchByAuth(f, card.pan, type);
    }
    if (amount === undefined) {
      if (type !== '05') throw new Reject('26');
      amount = 0;
    }
    if (amount > 9_999_999) throw new Reject('26');
    const cardKey = TAGGED.has(type) && original ? original.cardKey : digest(card.pan);
    const processed: Processed = { type, cents: amount, cardKey, brand: original?.brand ?? brandOf(card.pan), name: card.name, ...(original ? { originalTag: original.tag } : {}) };
    this.triggers(amount, processed);
    this.duplicate(type, cardKey, amount);
    const approved = this.prepaid(f, type, card.pan, processed);
    if (original) this.apply(type, original, amount);
    return this.record(f, false, approved, { approved: true, bankCode: '100' });
  }

  private check(f: SimRecord): SimRecord {
    const type = str(f.Transaction_Type);
    if (!['00', '01', '04'].includes(type)) throw new Reject('32');
    const amount = cents(str(f.DollarAmount));
    if (amount === undefined || amount > 9_999_999) throw new Reject('26');
    const micr = str(f.MICR);
    const routing = str(f.BankRoutingNumber) || (/[\u2446T:]?(\d{9})[\u2446T:]/.exec(micr)?.[1] ?? '');
    if (!micr && (!str(f.BankAccountNumber) || !str(f.CheckNumber))) throw new Reject('72');
    if (!routingOk(routing)) throw new Reject('00', '750');
    if (f.CustomerIDType !== undefined && !str(f.CustomerID)) throw new Reject('72');
    const cardKey = digest(`${routing}:${str(f.BankAccountNumber) || micr}`);
    const processed: Processed = { type, cents: amount, cardKey, brand: 'Check', name: str(f.CustomerName) };
    this.triggers(amount, processed);
    this.duplicate(`check${type}`, cardKey, amount);
    return this.record(f, true, processed, { approved: true, bankCode: '100' });
  }

  /**
   * The prepaid sample card holds a fixed balance for sales and pre-auths: above it, the request
   * is declined (bank 521), or approved for the balance when it allows a partial approval.
   */
  private prepaid(f: SimRecord, type: string, pan: string, processed: Processed): Processed {
    if (pan !== PREPAID_PAN || (type !== '00' && type !== '01') || processed.cents <= PREPAID_BALANCE_CENTS) return processed;
    if (str(f.PartialRedemption) !== 'true') throw new Reject('00', '521', processed);
    return { ...processed, cents: PREPAID_BALANCE_CENTS, partial: true };
  }

  private checkTagged(type: string, original: Stored, amount: number): void {
    if (original.voided) throw new Reject(type === '33' ? '24' : '69');
    if (type === '32') {
      if (original.type !== '01' && original.type !== '31') throw new Reject('32');
      if (original.completedCents + amount > original.cents) throw new Reject('26');
    } else if (type === '33') {
      if (amount !== original.cents) throw new Reject('24');
    } else if (type === '34') {
      if (original.refundedCents + amount > original.cents) throw new Reject('64');
    }
  }

  private matchByAuth(f: SimRecord, pan: string, type: string): Stored {
    const found = this.store.findApproved(str(f.Authorization_Num), digest(pan));
    if (!found) throw new Reject(type === '02' ? '93' : '24');
    if (type === '13' && found.at.toISOString().slice(0, 10) !== this.now().toISOString().slice(0, 10)) throw new Reject('24');
    return found;
  }

  private apply(type: string, original: Stored, amount: number): void {
    const state: StoredState = { completedCents: original.completedCents, refundedCents: original.refundedCents, voided: original.voided };
    if (type === '32' || type === '02') state.completedCents += amount;
    if (type === '33' || type === '13') state.voided = true;
    if (type === '34') state.refundedCents += amount;
    this.store.update(original.tag, state);
    // A voided refund or completion moved nothing: what it took of its own original is given back.
    const parent = state.voided && original.originalTag !== null ? this.store.get(original.originalTag) : undefined;
    if (parent && (original.type === '34' || original.type === '32' || original.type === '02')) {
      const refund = original.type === '34';
      this.store.update(parent.tag, {
        completedCents: refund ? parent.completedCents : Math.max(0, parent.completedCents - original.cents),
        refundedCents: refund ? Math.max(0, parent.refundedCents - original.cents) : parent.refundedCents,
        voided: parent.voided,
      });
    }
  }

  /** 5XXX.00 answers bank code XXX; 5000.XX answers gateway code XX (reference: demo triggers). */
  private triggers(amount: number, processed: Processed): void {
    if (amount > 500_000 && amount < 600_000 && amount % 100 === 0) {
      const bank = String(amount / 100 - 5000).padStart(3, '0');
      if (Number(bank) >= 200) throw new Reject('00', bank, processed);
    }
    if (amount > 500_000 && amount < 500_100) throw new Reject(String(amount - 500_000).padStart(2, '0'));
  }

  private duplicate(type: string, cardKey: string, amount: number): void {
    const minutes = this.deps.duplicateWindowMinutes ?? 0;
    if (minutes <= 0) return;
    if (this.store.hasApproved(type, cardKey, amount, new Date(this.now().getTime() - minutes * 60_000))) throw new Reject('63', '299');
  }

  /** Gives a processed transaction its tag (and, when approved, its authorization number) and keeps it. */
  private record(f: SimRecord, check: boolean, t: Processed, verdict: { approved: boolean; bankCode: string }): SimRecord {
    const tag = String(this.store.allocateTag(this.firstTag));
    const authNum = verdict.approved ? `ET${String(100000 + Math.floor(Math.random() * 900000)).slice(0, 4 + (this.sequence % 3))}` : '';
    const result = this.answer(f, check, {
      approved: verdict.approved,
      gatewayCode: '00',
      bankCode: verdict.bankCode,
      tag,
      ...(authNum ? { authNum } : {}),
      typeName: TYPE_NAMES[t.type] ?? t.type,
      brand: t.brand,
      name: t.name,
      cents: t.cents,
      ...(t.partial ? { approvedCents: t.cents } : {}),
    });
    const at = this.now();
    this.store.insert({ tag, authNum, type: t.type, check, cents: t.cents, cardKey: t.cardKey, brand: t.brand, at, approved: verdict.approved, result, completedCents: 0, refundedCents: 0, voided: false, originalTag: t.originalTag ?? null });
    return result;
  }

  private answer(f: SimRecord, check: boolean, r: Verdict): SimRecord {
    return answerFields(f, check, r, { merchant: this.merchant, at: this.now(), sequence: this.sequence++ });
  }
}
