import type { Language, Receipt } from '../../preload/contract';
import { formatCents } from '../../preload/format';
import { redactText } from '../log/redact';
import type { JournalRow } from './journal/journal';
import { STORED_STATES } from './states';

/**
 * The receipt of a payment as lines of at most 40 characters, shared by the screens and a
 * receipt printer: the gateway's own receipt text (CTR) when it gave one, otherwise one composed
 * here (a payment approved offline, a decline, a payment the gateway never answered).
 */
export const RECEIPT_WIDTH = 40;

/**
 * The receipt's own words in each screen language (terminal.language). Numbers, names and the
 * gateway's own words are not translated; amounts and dates are written the language's way.
 * Accented letters stay: the receipt printer prints them from its code page (escpos.ts).
 */
const WORDS = {
  en: {
    type: { sale: 'SALE', preauth: 'PRE-AUTHORIZATION', completion: 'COMPLETION', refund: 'REFUND', void: 'VOID', verify: 'CARD VERIFICATION' },
    training: '*** TRAINING - NO MONEY MOVED ***',
    date: 'Date',
    card: 'CARD',
    name: 'Name',
    entry: 'Entry',
    entries: { swipe: 'SWIPE', pad: 'SWIPED ON PIN PAD', keyed: 'KEYED', micr: 'MICR', tagged: 'TAGGED' },
    routing: 'Routing',
    account: 'Account',
    check: 'Check',
    amount: 'AMOUNT',
    requested: 'Requested',
    balance: 'Balance due',
    approved: 'APPROVED',
    approvedAfterOffline: 'APPROVED (SENT AFTER OFFLINE)',
    approvedOffline: 'APPROVED OFFLINE',
    storedOffline: 'Stored on this terminal; it will be sent to the bank when the gateway is back.',
    declined: 'DECLINED',
    rejected: 'NOT ACCEPTED',
    unknown: 'OUTCOME UNKNOWN',
    unknownNext: 'Do not take this payment again until the manager has looked it up.',
    notApproved: 'NOT APPROVED',
    cancelled: 'CANCELLED',
    writtenOff: 'NOT SENT (WRITTEN OFF)',
    noMoney: 'No money moved.',
    authorization: 'Authorization',
    sequence: 'Sequence',
    reference: 'Reference',
    agree: 'I agree to pay the above amount',
    merchantCopy: 'MERCHANT COPY',
    customerCopy: 'CUSTOMER COPY',
  },
  fr: {
    type: { sale: 'VENTE', preauth: 'PRÉAUTORISATION', completion: 'CONCLUSION', refund: 'REMBOURSEMENT', void: 'ANNULATION', verify: 'VÉRIFICATION DE CARTE' },
    training: '*** FORMATION - AUCUN ARGENT ***',
    date: 'Date',
    card: 'CARTE',
    name: 'Nom',
    entry: 'Saisie',
    entries: { swipe: 'GLISSÉE', pad: 'GLISSÉE SUR LE CLAVIER', keyed: 'TAPÉE', micr: 'MICR', tagged: 'PAR RÉFÉRENCE' },
    routing: 'Transit',
    account: 'Compte',
    check: 'Chèque',
    amount: 'MONTANT',
    requested: 'Demandé',
    balance: 'Solde dû',
    approved: 'APPROUVÉE',
    approvedAfterOffline: 'APPROUVÉE (ENVOYÉE APRÈS COUPURE)',
    approvedOffline: 'APPROUVÉE HORS LIGNE',
    storedOffline: 'Conservée sur ce terminal; elle sera envoyée à la banque au retour de la passerelle.',
    declined: 'REFUSÉE',
    rejected: 'NON ACCEPTÉE',
    unknown: 'RÉSULTAT INCONNU',
    unknownNext: "Ne reprenez pas ce paiement avant que le gérant l'ait vérifié.",
    notApproved: 'NON APPROUVÉE',
    cancelled: 'ANNULÉE',
    writtenOff: 'NON ENVOYÉE (CLASSÉE)',
    noMoney: "Aucun argent n'a circulé.",
    authorization: 'Autorisation',
    sequence: 'Séquence',
    reference: 'Référence',
    agree: 'Je paierai le montant ci-dessus',
    merchantCopy: 'COPIE DU COMMERÇANT',
    customerCopy: 'COPIE DU CLIENT',
  },
} as const satisfies Record<Language, unknown>;
type Words = (typeof WORDS)[Language];

/** Splits text into lines no wider than the receipt, breaking at spaces where it can. */
export function wrap(text: string, width = RECEIPT_WIDTH): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = raw.replace(/\t/g, ' ').trimEnd();
    while (line.length > width) {
      const cut = line.lastIndexOf(' ', width);
      const at = cut > width / 2 ? cut : width;
      out.push(line.slice(0, at).trimEnd());
      line = line.slice(at).trimStart();
    }
    out.push(line);
  }
  return out;
}

const center = (text: string): string => {
  const t = text.slice(0, RECEIPT_WIDTH);
  return `${' '.repeat(Math.floor((RECEIPT_WIDTH - t.length) / 2))}${t}`;
};
const pair = (left: string, right: string): string => {
  const room = RECEIPT_WIDTH - right.length - 1;
  const l = left.slice(0, Math.max(0, room));
  return `${l}${' '.repeat(Math.max(1, RECEIPT_WIDTH - l.length - right.length))}${right}`.slice(0, RECEIPT_WIDTH);
};

/**
 * Cents as a customer reads them in the receipt's language: "$1,234.56", "1 234,56 $". Plain
 * spaces, not Intl's no-break ones, so every printer table prints them.
 */
export function receiptAmount(cents: number, language: Language): string {
  if (language === 'en') return formatCents(cents, '-');
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${cents < 0 ? '-' : ''}${whole},${String(abs % 100).padStart(2, '0')} $`;
}

const DATE_LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-CA' };

/**
 * When a payment was made, in the terminal's time zone and the way the screens write it in that
 * language: "Mar 1, 2030, 7:00 AM", "1 mars 2030, 07 h 00". `timeZone` is for tests.
 */
export function receiptDate(iso: string, language: Language, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
  return format.format(new Date(iso)).replace(/[\u00a0\u202f]/g, ' ');
}

function verdict(row: JournalRow, w: Words): string[] {
  if (STORED_STATES.has(row.state)) return [w.approvedOffline, ...wrap(w.storedOffline)];
  switch (row.state) {
    case 'approved':
      return [row.storedOffline ? w.approvedAfterOffline : w.approved];
    // The bank's and the gateway's own words, as they gave them.
    case 'declined':
      return [w.declined, ...wrap(`${row.bankCode ?? ''} ${row.message ?? ''}`.trim())];
    case 'rejected':
      return [w.rejected, ...wrap(`${row.gatewayCode ?? ''} ${row.message ?? ''}`.trim())];
    case 'needs-lookup':
      return [w.unknown, ...wrap(w.unknownNext)];
    // The terminal's own reason is for the manager (History, the journal), not the customer's slip.
    case 'cancelled':
      return [w.cancelled, w.noMoney];
    case 'voided':
      return [w.writtenOff, w.noMoney];
    default:
      return [w.notApproved, w.noMoney];
  }
}

/**
 * `store.language`: the words of a receipt the terminal composes (the gateway's own text was asked
 * in the same language through the request's Language field). English when absent.
 */
export function composeReceipt(row: JournalRow, copy: Receipt['copy'], store: { name: string; language?: Language; timeZone?: string }): Receipt {
  const language = store.language ?? 'en';
  const w: Words = WORDS[language];
  const money = (cents: number): string => receiptAmount(cents, language);
  const copyLine = center(copy === 'merchant' ? w.merchantCopy : w.customerCopy);
  if (row.receipt && row.state === 'approved' && !row.storedOffline) {
    const lines = wrap(redactText(row.receipt, 'data'));
    return { clientRef: row.clientRef, copy, source: 'gateway', lines: [...lines, '', copyLine] };
  }
  const lines: string[] = [center(store.name)];
  if (row.mode === 'training') lines.push(center(w.training));
  lines.push('', center(w.type[row.type]), '', pair(w.date, receiptDate(row.createdAt, language, store.timeZone)));
  if (row.tender === 'card') {
    if (row.masked) lines.push(pair(row.brand ? row.brand.toUpperCase() : w.card, row.masked));
    if (row.cardholderName) lines.push(pair(w.name, row.cardholderName.slice(0, 30)));
    if (row.entry) lines.push(pair(w.entry, w.entries[row.entry]));
  } else {
    if (row.routing) lines.push(pair(w.routing, row.routing));
    if (row.masked) lines.push(pair(w.account, row.masked));
    if (row.checkNumber) lines.push(pair(w.check, row.checkNumber));
  }
  const amount = row.state === 'approved' ? (row.approvedCents ?? row.requestedCents) : row.requestedCents;
  lines.push('', pair(w.amount, money(amount)));
  if (row.state === 'approved' && row.approvedCents !== null && row.approvedCents < row.requestedCents) {
    lines.push(pair(w.requested, money(row.requestedCents)), pair(w.balance, money(row.requestedCents - row.approvedCents)));
  }
  lines.push('', ...verdict(row, w).map(center));
  if (row.authorizationNum) lines.push(pair(w.authorization, row.authorizationNum));
  if (row.sequenceNo) lines.push(pair(w.sequence, row.sequenceNo));
  lines.push(pair(w.reference, row.clientRef));
  const signs = copy === 'merchant' && row.tender === 'card' && (row.state === 'approved' || row.state === 'offline') && row.type !== 'refund';
  if (signs) lines.push('', '', 'x' + '_'.repeat(RECEIPT_WIDTH - 2), center(w.agree));
  lines.push('', copyLine);
  return { clientRef: row.clientRef, copy, source: 'terminal', lines: lines.map((l) => l.slice(0, RECEIPT_WIDTH)) };
}
