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

/** The record's fixed words in each language (the facts, codes and merchant lines are not translated). */
const WORDS = {
  en: {
    title: '========== TRANSACTION RECORD ==========',
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
  },
  fr: {
    title: '====== RELEVE DE TRANSACTION =========',
    type: 'TYPE',
    acct: 'COMPTE',
    name: 'NOM DU TITULAIRE',
    card: 'NUMERO DE CARTE ',
    account: 'NUMERO DE COMPTE',
    when: 'DATE/HEURE      ',
    reference: 'NO DE REFERENCE ',
    author: "NO D'AUTORIS.   ",
    trans: 'REF. TRANS.     ',
    approved: 'Approuvee - Merci',
    notApproved: 'Transaction non approuvee',
    retain: 'Veuillez conserver cette copie.',
    agreement: ['Le titulaire paiera ce montant a', "l'emetteur de la carte selon la", 'convention du titulaire.'],
  },
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');
const WIDTH = 40;
const centre = (s: string): string => s.padStart(Math.floor((WIDTH + s.length) / 2)).padEnd(WIDTH).trimEnd();

export function receiptText(r: ReceiptFacts): string {
  const d = r.at;
  const when = `${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCFullYear() % 100)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const m = r.merchant;
  const w = WORDS[r.language ?? 'en'];
  const approvedWords = r.language === 'fr' && r.message === WORDS.en.approved ? w.approved : r.message;
  const lines = [
    w.title,
    m.name,
    m.address,
    `${m.city}, ${m.province} ${m.postal}`,
    m.country,
    m.url,
    '',
    `${w.type}: ${r.typeName}`,
    '',
    `${w.acct}: ${r.brand.padEnd(20)} $ ${r.amount} USD`,
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
