import { luhnValid } from '../../native/card/luhn';
import { abaValid } from '../../native/check/aba';
import { expiryNotPast } from './card';
import { hasNonXmlChar } from './xml-text';
import { isDollarAmount } from './money';
import type { CheckTransaction, Transaction } from './schema';
import { MAX_LINE_ITEMS } from './schema';

/**
 * The field rules of the gateway's own validators (reference: Transaction_Type, field rules),
 * checked before anything is sent so a cashier reads a clear message instead of a gateway code.
 * Messages name the field and the rule, never the value (it may be card data).
 */
export interface RuleIssue {
  field: string;
  message: string;
}

/** Transaction_Type codes of credit-type transactions this terminal sends, and what each needs. */
export const TRANSACTION_TYPES = {
  '00': 'Purchase',
  '01': 'Pre-Authorization',
  '02': 'Pre-Authorization Completion',
  '03': 'Forced Post',
  '04': 'Refund',
  '05': 'Pre-Authorization Only',
  '13': 'Void',
  '30': 'Tagged Purchase',
  '31': 'Tagged Pre-Authorization',
  '32': 'Tagged Completion',
  '33': 'Tagged Void',
  '34': 'Tagged Refund',
  CR: 'Transaction details lookup',
} as const;
export type TransactionType = keyof typeof TRANSACTION_TYPES;

const CARD_TYPES = new Set(['00', '01', '02', '03', '04', '05', '13']);
const TAGGED_TYPES = new Set(['30', '31', '32', '33', '34']);
const NEEDS_AUTH_NUM = new Set(['02', '03', '13', '30', '31', '32', '33', '34']);
export const ECOMMERCE_FLAGS = ['R', '1', '2', '3', '4', '5', '6', '7', '8'] as const;
const CVD_PRESENCE = new Set(['0', '1', '2', '9']);

type Loose = Partial<Record<string, unknown>>;
const present = (v: unknown): v is string => typeof v === 'string' && v !== '';

function amountIssues(tx: Loose, required: boolean, out: RuleIssue[]): void {
  const amount = tx.DollarAmount;
  if (!present(amount)) {
    if (required) out.push({ field: 'DollarAmount', message: 'an amount is required for this transaction type' });
    return;
  }
  if (!isDollarAmount(amount)) out.push({ field: 'DollarAmount', message: 'amount must be dollars and two decimals between 0.00 and 99999.99' });
}

function cardIssues(tx: Loose, now: Date, out: RuleIssue[]): void {
  const keyed = present(tx.Card_Number);
  const track1 = present(tx.Track1);
  const track2 = present(tx.Track2);
  if (!keyed && !track1 && !track2) {
    out.push({ field: 'Card_Number', message: 'card data is required: a swipe (Track1/Track2) or a keyed card number and expiry' });
    return;
  }
  if (keyed) {
    const pan = tx.Card_Number as string;
    if (!/^\d{13,19}$/.test(pan)) out.push({ field: 'Card_Number', message: 'card number must be 13 to 19 digits' });
    else if (!luhnValid(pan)) out.push({ field: 'Card_Number', message: 'card number fails the check digit (Luhn); re-enter it' });
    if (!present(tx.Expiry_Date)) out.push({ field: 'Expiry_Date', message: 'a keyed card needs its expiry date (MMYY)' });
    if (!present(tx.CardHoldersName)) out.push({ field: 'CardHoldersName', message: 'a keyed card needs the cardholder name' });
  } else if (track2 && !track1 && !present(tx.CardHoldersName)) {
    out.push({ field: 'CardHoldersName', message: 'a Track2-only swipe needs the cardholder name' });
  }
  if (present(tx.Expiry_Date)) {
    if (!/^(0[1-9]|1[0-2])\d{2}$/.test(tx.Expiry_Date)) out.push({ field: 'Expiry_Date', message: 'expiry date must be MMYY' });
    else if (!expiryNotPast(tx.Expiry_Date, now)) out.push({ field: 'Expiry_Date', message: 'the card has expired' });
  }
  if (present(tx.CVDCode) && !/^\d{3,4}$/.test(tx.CVDCode)) out.push({ field: 'CVDCode', message: 'CVD must be 3 or 4 digits' });
  if (present(tx.CVD_Presence_Ind)) {
    if (!CVD_PRESENCE.has(tx.CVD_Presence_Ind)) out.push({ field: 'CVD_Presence_Ind', message: 'CVD presence must be 0, 1, 2 or 9' });
    else if (present(tx.CVDCode) && tx.CVD_Presence_Ind !== '1') out.push({ field: 'CVD_Presence_Ind', message: 'a CVD value is sent: presence must be 1' });
    else if (!present(tx.CVDCode) && tx.CVD_Presence_Ind === '1') out.push({ field: 'CVDCode', message: 'CVD presence 1 (present) needs the CVD value' });
  }
}

function noCardData(tx: Loose, why: string, out: RuleIssue[]): void {
  for (const f of ['Card_Number', 'Track1', 'Track2', 'PAN', 'Expiry_Date', 'CVDCode']) {
    if (present(tx[f])) out.push({ field: f, message: `${why} must not carry card data` });
  }
}

function tagIssues(tx: Loose, out: RuleIssue[]): void {
  if (!present(tx.Transaction_Tag)) out.push({ field: 'Transaction_Tag', message: 'the transaction tag of the original transaction is required' });
  else if (!/^\d{1,19}$/.test(tx.Transaction_Tag)) out.push({ field: 'Transaction_Tag', message: 'a transaction tag is a number' });
}

function commonIssues(tx: Loose, out: RuleIssue[]): void {
  if (present(tx.Ecommerce_Flag) && !(ECOMMERCE_FLAGS as readonly string[]).includes(tx.Ecommerce_Flag)) {
    out.push({ field: 'Ecommerce_Flag', message: `Ecommerce_Flag must be one of ${ECOMMERCE_FLAGS.join(', ')}` });
  }
  nonXmlIssues(tx, '', out);
}

/** Every string at any depth (Address, Level3 line items, SoftDescriptor…): the envelope carries them all. */
function nonXmlIssues(value: unknown, path: string, out: RuleIssue[]): void {
  if (typeof value === 'string') {
    if (hasNonXmlChar(value)) out.push({ field: path, message: 'contains control characters XML cannot carry' });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nonXmlIssues(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) nonXmlIssues(v, path ? `${path}.${k}` : k, out);
  }
}

/** Rules of a credit-type request (SendAndCommit or TransactionInfo). */
export function transactionIssues(tx: Partial<Transaction>, now: Date): RuleIssue[] {
  const out: RuleIssue[] = [];
  const loose = tx as Loose;
  const type = tx.Transaction_Type;
  if (!present(type) || !Object.hasOwn(TRANSACTION_TYPES, type)) {
    out.push({ field: 'Transaction_Type', message: `unsupported transaction type; use one of ${Object.keys(TRANSACTION_TYPES).join(', ')}` });
    return out;
  }
  if (type === 'CR') {
    tagIssues(loose, out);
    noCardData(loose, 'a lookup', out);
  } else if (TAGGED_TYPES.has(type)) {
    tagIssues(loose, out);
    noCardData(loose, 'a tagged transaction', out);
    amountIssues(loose, true, out);
  } else if (CARD_TYPES.has(type)) {
    cardIssues(loose, now, out);
    amountIssues(loose, type !== '05', out);
  }
  if (NEEDS_AUTH_NUM.has(type) && !present(tx.Authorization_Num)) {
    out.push({ field: 'Authorization_Num', message: `${TRANSACTION_TYPES[type as TransactionType]} needs the authorization number of the original transaction` });
  }
  const items = tx.Level3?.LineItem;
  if (tx.Level3 && (!Array.isArray(items) || items.length < 1 || items.length > MAX_LINE_ITEMS)) {
    out.push({ field: 'Level3.LineItem', message: `Level3 needs 1 to ${MAX_LINE_ITEMS} line items` });
  }
  commonIssues(loose, out);
  return out;
}

export const CHECK_TYPES = ['P', 'C'] as const;
/** 0 driver's licence (state prefix), 1 SSN, 2 tax id, 3 military id. */
export const CUSTOMER_ID_TYPES = [0, 1, 2, 3] as const;

/** Rules of a check-type request (SendAndCommitCheck or CheckTransactionInfo). */
export function checkTransactionIssues(tx: Partial<CheckTransaction>, _now: Date): RuleIssue[] {
  const out: RuleIssue[] = [];
  const loose = tx as Loose;
  const type = tx.Transaction_Type;
  if (type === 'CR') {
    tagIssues(loose, out);
  } else if (type === '00' || type === '01' || type === '04') {
    amountIssues(loose, true, out);
    const hasMicr = present(tx.MICR);
    const hasParts = present(tx.BankRoutingNumber) || present(tx.BankAccountNumber);
    if (!hasMicr && !hasParts) out.push({ field: 'MICR', message: 'check data is required: the MICR line or routing, account and check number' });
    if (hasParts) {
      if (!present(tx.BankRoutingNumber) || !abaValid(tx.BankRoutingNumber)) {
        out.push({ field: 'BankRoutingNumber', message: 'routing number must be 9 digits with a valid ABA check digit' });
      }
      if (!present(tx.BankAccountNumber) || !/^\d{4,17}$/.test(tx.BankAccountNumber)) {
        out.push({ field: 'BankAccountNumber', message: 'account number must be 4 to 17 digits' });
      }
      if (!present(tx.CheckNumber) || !/^\d{1,15}$/.test(tx.CheckNumber)) out.push({ field: 'CheckNumber', message: 'check number must be digits' });
    }
    if (present(tx.CheckType) && !(CHECK_TYPES as readonly string[]).includes(tx.CheckType)) {
      out.push({ field: 'CheckType', message: 'check type must be P (personal) or C (corporate)' });
    }
    if (tx.CustomerIDType !== undefined) {
      if (!(CUSTOMER_ID_TYPES as readonly number[]).includes(tx.CustomerIDType)) {
        out.push({ field: 'CustomerIDType', message: 'customer ID type must be 0 (driver licence), 1 (SSN), 2 (tax id) or 3 (military id)' });
      }
      if (!present(tx.CustomerID)) out.push({ field: 'CustomerID', message: 'a customer ID type needs the customer ID' });
      else if (tx.CustomerIDType === 0 && !/^[A-Z]{2}\S+$/.test(tx.CustomerID)) {
        out.push({ field: 'CustomerID', message: "a driver's licence ID starts with the two-letter state, e.g. TX123456789" });
      }
    }
  } else {
    out.push({ field: 'Transaction_Type', message: 'unsupported check transaction type; use 00 (sale), 01, 04 or CR (lookup)' });
  }
  commonIssues(loose, out);
  return out;
}
