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
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');
const WIDTH = 40;
const centre = (s: string): string => s.padStart(Math.floor((WIDTH + s.length) / 2)).padEnd(WIDTH).trimEnd();

export function receiptText(r: ReceiptFacts): string {
  const d = r.at;
  const when = `${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${two(d.getUTCFullYear() % 100)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const m = r.merchant;
  const lines = [
    '========== TRANSACTION RECORD ==========',
    m.name,
    m.address,
    `${m.city}, ${m.province} ${m.postal}`,
    m.country,
    m.url,
    '',
    `TYPE: ${r.typeName}`,
    '',
    `ACCT: ${r.brand.padEnd(20)} $ ${r.amount} USD`,
    '',
    ...(r.name ? [`CARDHOLDER NAME : ${r.name}`] : []),
    ...(r.account ? [`${r.brand === 'Check' ? 'ACCOUNT NUMBER ' : 'CARD NUMBER    '} : ${r.account}`] : []),
    `DATE/TIME       : ${when}`,
    `REFERENCE #     : ${r.sequence}`,
    `AUTHOR. #       : ${r.authNum}`,
    ...(r.reference ? [`TRANS. REF.     : ${r.reference}`] : []),
    '',
    centre(r.approved ? `${r.message} ${r.code}` : `Transaction not Approved ${r.code}`),
    ...(r.approved ? [] : [centre(r.message)]),
    '',
    'Please retain this copy for your records.',
    '',
    'Cardholder will pay above amount to',
    'card issuer pursuant to cardholder',
    'agreement.',
    '========================================',
  ];
  // The real gateway separates lines with CR LF.
  return lines.join('\r\n');
}
