import { createHash } from 'node:crypto';
import type { SimRecord } from './contract';
import { receiptText } from './receipt';

/**
 * The simulated gateway's behaviour, modelled on the public demo environment (reference: demo
 * behaviour): amount triggers, test cards, Luhn and expiry checks, ET… authorization numbers,
 * transaction tags, a stored history for lookups, tagged completions, voids and refunds, and
 * optional duplicate detection. Input is the checked request; output is the result fields.
 */

export interface Merchant {
  name: string;
  address: string;
  city: string;
  province: string;
  country: string;
  postal: string;
  url: string;
}

export interface EngineOptions {
  /** Duplicate detection window in minutes (same type, card and amount); 0: off, as on the real gateway by default. */
  duplicateWindowMinutes?: number;
  merchant?: Merchant;
  now?: () => Date;
  /** First transaction tag handed out. */
  firstTag?: number;
}

export interface Stored {
  tag: string;
  authNum: string;
  type: string;
  check: boolean;
  cents: number;
  /** SHA-256 of the card number or check account: the simulator keeps no full PAN. */
  cardKey: string;
  brand: string;
  at: Date;
  approved: boolean;
  /** The full result as answered (card number already masked). */
  result: SimRecord;
  completedCents: number;
  refundedCents: number;
  voided: boolean;
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

const GATEWAY_MESSAGES: Record<string, string> = {
  '00': 'Transaction Normal',
  '07': 'Terminal restriction',
  '08': 'CVV2/CID/CVC2 Data not verified',
  '10': 'Invalid Transaction Description',
  '11': 'Invalid Sequence No',
  '12': 'Message Timed-out at Host',
  '14': 'Invalid Gateway ID',
  '21': 'BCE Function Error',
  '22': 'Invalid Credit Card Number',
  '23': 'Invalid Response from Processor',
  '24': 'Unable to Void',
  '25': 'Invalid Expiry Date',
  '26': 'Invalid Amount',
  '27': 'Invalid Card Holder',
  '28': 'Invalid Authorization No',
  '31': 'Invalid Verification String',
  '32': 'Invalid Transaction Code',
  '40': 'Unable to Connect',
  '42': 'Unable to Send Transaction',
  '44': 'Address not Verified',
  '52': 'Terminal not Activated',
  '53': 'Terminal/Gateway Mismatch',
  '57': 'Invalid Reference No',
  '58': 'Invalid AVS String',
  '60': 'Invalid Customer Reference No',
  '62': 'Host not ready',
  '63': 'Invalid Duplicate',
  '64': 'Invalid Refund',
  '68': 'Restricted Card Number',
  '69': 'Invalid Transaction Tag',
  '72': 'Data within the transaction is incorrect',
  '93': 'Invalid authorization number entered on a pre-auth completion',
};

const BANK_MESSAGES: Record<string, string> = {
  '100': 'Approved',
  '201': 'Invalid CC Number',
  '202': 'Bad Amount Nonnumeric Amount',
  '203': 'Zero Amount',
  '225': 'Invalid Field Data',
  '253': 'Invalid Tran. Type',
  '299': 'Duplicate',
  '301': 'Issuer unavailable',
  '302': 'Credit Floor',
  '303': 'Processor Decline',
  '401': 'Call Issuer',
  '402': 'Default Call',
  '501': 'Pickup',
  '502': 'Lost/Stolen',
  '503': 'Fraud/Security violation',
  '509': 'Over the limit',
  '521': 'Insufficient funds',
  '522': 'Card is expired',
  '530': 'Do Not Honor',
  '531': 'CVV2/VAK Failure',
  '596': 'Suspected Fraud',
  '605': 'Invalid Expiration Date',
  '606': 'Invalid Transaction Type',
  '607': 'Invalid Amount',
  '750': 'Invalid Transit Routing Number',
  '751': 'Transit Routing Number Unknown',
  '902': 'Process Unavailable',
};

const TYPE_NAMES: Record<string, string> = {
  '00': 'Purchase', '01': 'Pre-Authorization', '02': 'Pre-Authorization Completion', '03': 'Forced Post', '04': 'Refund',
  '05': 'Pre-Authorization Only', '13': 'Void', '30': 'Tagged Purchase', '31': 'Tagged Pre-Authorization', '32': 'Tagged Completion',
  '33': 'Tagged Void', '34': 'Tagged Refund', CR: 'Transaction Details',
};
const CARD_TYPES = new Set(['00', '01', '02', '03', '04', '05', '13']);
const TAGGED = new Set(['30', '31', '32', '33', '34']);

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
  cents: number;
  /** A digest of the card (or check account), never the number itself. */
  cardKey: string;
  brand: string;
  name: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function routingOk(r: string): boolean {
  if (!/^\d{9}$/.test(r)) return false;
  const d = r.split('').map(Number);
  const at = (i: number): number => d[i] ?? 0;
  return (3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8))) % 10 === 0;
}

function cents(amount: string | undefined): number | undefined {
  const m = /^(\d{1,5})\.(\d{2})$/.exec(amount ?? '');
  return m ? Number(m[1]) * 100 + Number(m[2]) : undefined;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The card number a request carries, whichever way it was entered. */
function cardOf(f: SimRecord): { pan: string; expiry: string; name: string } {
  const track1 = /^%?B(\d{12,19})\^([^^]*)\^(\d{2})(\d{2})/.exec(str(f.Track1));
  const track2 = /^;?(\d{12,19})=(\d{2})(\d{2})/.exec(str(f.Track2));
  if (str(f.Card_Number)) return { pan: str(f.Card_Number), expiry: str(f.Expiry_Date), name: str(f.CardHoldersName) };
  if (track1) {
    const [last = '', first = ''] = (track1[2] ?? '').split('/');
    return { pan: track1[1] ?? '', expiry: `${track1[4]}${track1[3]}`, name: str(f.CardHoldersName) || `${first.trim()} ${last.trim()}`.trim() };
  }
  if (track2) return { pan: track2[1] ?? '', expiry: `${track2[3]}${track2[2]}`, name: str(f.CardHoldersName) };
  return { pan: '', expiry: '', name: '' };
}

function brandOf(pan: string): string {
  if (/^4/.test(pan)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(pan)) return 'Mastercard';
  if (/^3[47]/.test(pan)) return 'American Express';
  if (/^6(011|5)/.test(pan)) return 'Discover';
  return 'Card';
}

export const maskedCard = (pan: string): string => (pan ? `${'#'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}` : '');

export class GatewayEngine {
  private readonly history = new Map<string, Stored>();
  private nextTag: number;
  private sequence = 1;
  private readonly now: () => Date;
  private readonly merchant: Merchant;

  constructor(private readonly options: EngineOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.merchant = options.merchant ?? DEFAULT_MERCHANT;
    this.nextTag = options.firstTag ?? 106625152;
  }

  setDuplicateWindow(minutes: number): void {
    this.options.duplicateWindowMinutes = minutes;
  }

  /** Stored transactions, newest last (for tests and the training history). */
  stored(): Stored[] {
    return [...this.history.values()];
  }

  /** Processes one checked request and returns the result fields (request echo + result). */
  process(operation: string, fields: SimRecord): SimRecord {
    const check = operation === 'SendAndCommitCheck' || operation === 'CheckTransactionInfo';
    const lookup = operation === 'TransactionInfo' || operation === 'CheckTransactionInfo';
    const type = str(fields.Transaction_Type);
    if (lookup) return this.lookup(fields, check);
    try {
      return check ? this.check(fields) : this.credit(fields, type);
    } catch (e) {
      if (!(e instanceof Reject)) throw e;
      // A bank decline is a processed transaction: it gets a tag and is kept for lookups.
      if (e.code === '00' && e.bank && e.card) return this.record(fields, check, e.card, { approved: false, bankCode: e.bank });
      return this.answer(fields, check, { approved: false, gatewayCode: e.code, bankCode: e.bank, typeName: TYPE_NAMES[type] ?? type });
    }
  }

  private lookup(fields: SimRecord, check: boolean): SimRecord {
    const type = str(fields.Transaction_Type);
    const found = this.history.get(str(fields.Transaction_Tag));
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
      original = this.history.get(str(f.Transaction_Tag));
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
    const processed: Processed = { type, cents: amount, cardKey, brand: original?.brand ?? brandOf(card.pan), name: card.name };
    this.triggers(amount, processed);
    this.duplicate(type, cardKey, amount);
    if (original) this.apply(type, original, amount);
    return this.record(f, false, processed, { approved: true, bankCode: '100' });
  }

  private check(f: SimRecord): SimRecord {
    const type = str(f.Transaction_Type);
    if (!['00', '01', '04'].includes(type)) throw new Reject('32');
    const amount = cents(str(f.DollarAmount));
    if (amount === undefined || amount > 9_999_999) throw new Reject('26');
    const micr = str(f.MICR);
    const routing = str(f.BankRoutingNumber) || (/[⑆T:]?(\d{9})[⑆T:]/.exec(micr)?.[1] ?? '');
    if (!micr && (!str(f.BankAccountNumber) || !str(f.CheckNumber))) throw new Reject('72');
    if (!routingOk(routing)) throw new Reject('00', '750');
    if (f.CustomerIDType !== undefined && !str(f.CustomerID)) throw new Reject('72');
    const cardKey = digest(`${routing}:${str(f.BankAccountNumber) || micr}`);
    const processed: Processed = { type, cents: amount, cardKey, brand: 'Check', name: str(f.CustomerName) };
    this.triggers(amount, processed);
    this.duplicate(`check${type}`, cardKey, amount);
    return this.record(f, true, processed, { approved: true, bankCode: '100' });
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
    const auth = str(f.Authorization_Num);
    const found = [...this.history.values()].find((s) => !s.check && s.authNum === auth && s.cardKey === digest(pan) && s.approved);
    if (!found) throw new Reject(type === '02' ? '93' : '24');
    if (type === '13' && found.at.toISOString().slice(0, 10) !== this.now().toISOString().slice(0, 10)) throw new Reject('24');
    return found;
  }

  private apply(type: string, original: Stored, amount: number): void {
    if (type === '32' || type === '02') original.completedCents += amount;
    if (type === '33' || type === '13') original.voided = true;
    if (type === '34') original.refundedCents += amount;
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
    const minutes = this.options.duplicateWindowMinutes ?? 0;
    if (minutes <= 0) return;
    const since = this.now().getTime() - minutes * 60_000;
    const dup = [...this.history.values()].some(
      (s) => s.approved && s.type === type && s.cents === amount && s.at.getTime() >= since && s.cardKey === cardKey,
    );
    if (dup) throw new Reject('63', '299');
  }

  /** Gives a processed transaction its tag (and, when approved, its authorization number) and keeps it. */
  private record(f: SimRecord, check: boolean, t: Processed, verdict: { approved: boolean; bankCode: string }): SimRecord {
    const tag = String(this.nextTag++);
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
    });
    this.history.set(tag, {
      tag,
      authNum,
      type: t.type,
      check,
      cents: t.cents,
      cardKey: t.cardKey,
      brand: t.brand,
      at: this.now(),
      approved: verdict.approved,
      result,
      completedCents: 0,
      refundedCents: 0,
      voided: false,
    });
    return result;
  }

  /** The echo of the request (card masked, password blank, tracks and CVD withheld) plus the result fields. */
  private answer(
    f: SimRecord,
    check: boolean,
    r: { approved: boolean; gatewayCode: string; bankCode?: string | undefined; tag?: string; authNum?: string; typeName: string; brand?: string; name?: string; cents?: number },
  ): SimRecord {
    const out: SimRecord = { ...f, Password: '' };
    const card = cardOf(f);
    if (str(f.Card_Number)) out.Card_Number = maskedCard(str(f.Card_Number));
    else if (!check && card.pan && !TAGGED.has(str(f.Transaction_Type))) out.Card_Number = maskedCard(card.pan);
    for (const secret of ['Track1', 'Track2', 'CVDCode', 'PAN']) if (f[secret] !== undefined) out[secret] = '';
    if (check && f.BankAccountNumber !== undefined) out.BankAccountNumber = maskedCard(str(f.BankAccountNumber));
    if (check && f.MICR !== undefined) out.MICR = '';
    if (!check && !str(f.Expiry_Date) && card.expiry) out.Expiry_Date = card.expiry;
    if (!check && !str(f.CardHoldersName) && card.name) out.CardHoldersName = card.name;
    if (r.tag) out.Transaction_Tag = r.tag;
    if (r.authNum) out.Authorization_Num = r.authNum;
    const gatewayCode = r.gatewayCode;
    const bank = r.bankCode;
    out.Transaction_Error = gatewayCode === '00' ? 'false' : 'true';
    out.Transaction_Approved = r.approved ? 'true' : 'false';
    out.Gateway_Resp_Code = gatewayCode;
    out.Gateway_Message = GATEWAY_MESSAGES[gatewayCode] ?? 'Unknown';
    if (bank) {
      out.Bank_Resp_Code = bank;
      out.Bank_Message = BANK_MESSAGES[bank] ?? (Number(bank) < 200 ? 'Approved' : 'Declined');
    }
    const seq = String(this.sequence++).padStart(6, '0');
    out.SequenceNo = seq;
    if (!check) {
      if (r.approved) {
        out.AVS = str(f.ZipCode) || f.Address !== undefined ? 'Y' : 'X';
        if (str(f.CVDCode)) out.CVV2 = 'M';
      }
      out.Retrieval_Ref_No = String(1_000_000 + ((this.sequence * 7919) % 9_000_000));
      if (str(f.DollarAmount)) out.AmountRequested = str(f.DollarAmount);
    }
    const m = this.merchant;
    Object.assign(out, {
      MerchantName: m.name,
      MerchantAddress: m.address,
      MerchantCity: m.city,
      MerchantProvince: m.province,
      MerchantCountry: m.country,
      MerchantPostal: m.postal,
      MerchantURL: m.url,
    });
    out.CTR = receiptText({
      merchant: m,
      typeName: r.typeName,
      brand: r.brand ?? (check ? 'Check' : brandOf(card.pan)),
      account: check ? maskedCard(str(f.BankAccountNumber)) : str(out.Card_Number),
      name: r.name ?? card.name,
      amount: str(f.DollarAmount) || (r.cents !== undefined ? (r.cents / 100).toFixed(2) : '0.00'),
      at: this.now(),
      sequence: seq,
      authNum: r.authNum ?? '',
      reference: str(f.Reference_No),
      approved: r.approved,
      code: r.approved ? (bank ?? '100') : bank && gatewayCode === '00' ? bank : gatewayCode,
      message: r.approved ? 'Approved - Thank You' : gatewayCode === '00' ? (BANK_MESSAGES[bank ?? ''] ?? 'Declined') : (GATEWAY_MESSAGES[gatewayCode] ?? 'Error'),
    });
    return out;
  }
}
