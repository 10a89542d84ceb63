import type { Merchant } from './answer';

/** The customer receipt text (`CTR`) the gateway prints for every answer, approved or not. */
export interface ReceiptFacts {
  merchant: Merchant;
  typeName: string;
  brand: string;
  /** Already masked. */
  account: string;
  name: string;
  amount: string;
  at: Date;
  sequence: string;
  authNum: string;
  reference: string;
  approved: boolean;
  code: string;
  message: string;
  /** The request's Language: the simulated gateway prints its record in French for "FR", as the real one offers. */
  language?: 'en' | 'fr';
}

/**
 * The record's fixed words in each language. The French record is written as French is, accents
 * included (the answer is UTF-8 XML; the terminal's printer prints them from its code page); the
 * facts, codes, merchant lines and the bank's own message are not translated.
 */
const WORDS = {
  en: {
    title: 'TRANSACTION RECORD',
    type: 'TYPE',
    acct: 'ACCT',
    name: 'CARDHOLDER NAME ',
    card: 'CARD NUMBER     ',
    account: 'ACCOUNT NUMBER  ',
    when: 'DATE/TIME       ',
    reference: 'REFERENCE #     ',
    author: 'AUTHOR. #       ',
    trans: 'TRANS. REF.     ',
    approved: 'Approved - Thank You',
    notApproved: 'Transaction not Approved',
    retain: 'Please retain this copy for your records.',
    agreement: ['Cardholder will pay above amount to', 'card issuer pursuant to cardholder', 'agreement.'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  fr: {
    title: 'RELEVÉ DE TRANSACTION',
    type: 'TYPE',
    acct: 'COMPTE',
    name: 'NOM DU TITULAIRE',
    card: 'NUMÉRO DE CARTE ',
    account: 'NUMÉRO DE COMPTE',
    when: 'DATE/HEURE      ',
    reference: 'NO DE RÉFÉRENCE ',
    author: "NO D'AUTORIS.   ",
    trans: 'RÉF. TRANS.     ',
    approved: 'Approuvée - Merci',
    notApproved: 'Transaction non approuvée',
    retain: 'Veuillez conserver cette copie.',
    agreement: ['Le titulaire paiera ce montant à', "l'émetteur de la carte selon la", 'convention du titulaire.'],
    months: ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'],
  },
} as const;

/** The gateway's transaction type names (codes.ts TYPE_NAMES) as its French record prints them. */
export const FRENCH_TYPE_NAMES: Readonly<Record<string, string>> = {
  Purchase: 'Achat',
  'Pre-Authorization': 'Préautorisation',
  'Pre-Authorization Completion': 'Conclusion de préautorisation',
  'Forced Post': 'Saisie forcée',
  Refund: 'Remboursement',
  'Pre-Authorization Only': 'Préautorisation seulement',
  Void: 'Annulation',
  'Tagged Purchase': 'Achat par référence',
  'Tagged Pre-Authorization': 'Préautorisation par référence',
  'Tagged Completion': 'Conclusion par référence',
  'Tagged Void': 'Annulation par référence',
  'Tagged Refund': 'Remboursement par référence',
  'Transaction Details': 'Détails de la transaction',
};

const two = (n: number): string => String(n).padStart(2, '0');
const WIDTH = 40;
const centre = (s: string): string => s.padStart(Math.floor((WIDTH + s.length) / 2)).padEnd(WIDTH).trimEnd();
/** The title between rules of "=", 40 wide in both languages. */
const ruled = (title: string): string => {
  const left = Math.floor((WIDTH - title.length - 2) / 2);
  return `${'='.repeat(left)} ${title} ${'='.repeat(WIDTH - title.length - 2 - left)}`;
};
/** The brand, then the amount: the English record as the gateway prints it; the French one right-aligned to 40. */
const accountLine = (label: string, brand: string, amount: string, language: 'en' | 'fr'): string =>
  `${label}: ${brand.padEnd(language === 'en' ? 20 : WIDTH - label.length - 3 - amount.length)} ${amount}`;
/** "12.34" as the record writes it: "$ 12.34 USD", "12,34 $ USD". */
const amountText = (amount: string, language: 'en' | 'fr'): string => (language === 'fr' ? `${amount.replace('.', ',')} $ USD` : `$ ${amount} USD`);

export function receiptText(r: ReceiptFacts): string {
  const d = r.at;
  const language = r.language ?? 'en';
  const w = WORDS[language];
  const when = `${two(d.getUTCDate())} ${w.months[d.getUTCMonth()] ?? ''} ${two(d.getUTCFullYear() % 100)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const m = r.merchant;
  const approvedWords = r.message === WORDS.en.approved ? w.approved : r.message;
  const typeName = language === 'fr' ? (FRENCH_TYPE_NAMES[r.typeName] ?? r.typeName) : r.typeName;
  const lines = [
    ruled(w.title),
    m.name,
    m.address,
    `${m.city}, ${m.province} ${m.postal}`,
    m.country,
    m.url,
    '',
    `${w.type}: ${typeName}`,
    '',
    accountLine(w.acct, r.brand, amountText(r.amount, language), language),
    '',
    ...(r.name ? [`${w.name}: ${r.name}`] : []),
    ...(r.account ? [`${r.brand === 'Check' ? w.account : w.card}: ${r.account}`] : []),
    `${w.when}: ${when}`,
    `${w.reference}: ${r.sequence}`,
    `${w.author}: ${r.authNum}`,
    ...(r.reference ? [`${w.trans}: ${r.reference}`] : []),
    '',
    centre(r.approved ? `${approvedWords} ${r.code}` : `${w.notApproved} ${r.code}`),
    ...(r.approved ? [] : [centre(r.message)]),
    '',
    w.retain,
    '',
    ...w.agreement,
    '========================================',
  ];
  // The real gateway separates lines with CR LF.
  return lines.join('\r\n');
}
