import type { Receipt } from '../../preload/contract';
import { centsToDollarAmount } from '../gateway/money';
import { redactText } from '../log/redact';
import type { JournalRow } from '../store/journal';

/**
 * The receipt of a payment as lines of at most 40 characters, shared by the screens and a
 * receipt printer: the gateway's own receipt text (CTR) when it gave one, otherwise one composed
 * here (a payment approved offline, a decline, a payment the gateway never answered).
 */
export const RECEIPT_WIDTH = 40;

const TYPE_TITLE: Record<JournalRow['type'], string> = {
  sale: 'SALE',
  preauth: 'PRE-AUTHORIZATION',
  completion: 'COMPLETION',
  refund: 'REFUND',
  void: 'VOID',
  verify: 'CARD VERIFICATION',
};

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

function verdict(row: JournalRow): string[] {
  switch (row.state) {
    case 'approved':
      return [row.storedOffline ? 'APPROVED (SENT AFTER OFFLINE)' : 'APPROVED'];
    case 'offline':
    case 'forwarding':
      return ['APPROVED OFFLINE', ...wrap('Stored on this terminal; it will be sent to the bank when the gateway is back.')];
    case 'declined':
      return ['DECLINED', ...wrap(`${row.bankCode ?? ''} ${row.message ?? ''}`.trim())];
    case 'rejected':
      return ['NOT ACCEPTED', ...wrap(`${row.gatewayCode ?? ''} ${row.message ?? ''}`.trim())];
    case 'needs-lookup':
      return ['OUTCOME UNKNOWN', ...wrap('Do not take this payment again until the manager has looked it up.')];
    default:
      return ['NOT APPROVED', ...wrap(row.message ?? 'No money moved.')];
  }
}

export function composeReceipt(row: JournalRow, copy: Receipt['copy'], store: { name: string }): Receipt {
  if (row.receipt && row.state === 'approved' && !row.storedOffline) {
    const lines = wrap(redactText(row.receipt, 'data'));
    return { clientRef: row.clientRef, copy, source: 'gateway', lines: [...lines, '', center(copy === 'merchant' ? 'MERCHANT COPY' : 'CUSTOMER COPY')] };
  }
  const lines: string[] = [center(store.name)];
  if (row.mode === 'training') lines.push(center('*** TRAINING - NO MONEY MOVED ***'));
  lines.push('', center(TYPE_TITLE[row.type]), '', pair('Date', row.createdAt.slice(0, 19).replace('T', ' ')));
  if (row.tender === 'card') {
    if (row.masked) lines.push(pair(row.brand ? row.brand.toUpperCase() : 'CARD', row.masked));
    if (row.cardholderName) lines.push(pair('Name', row.cardholderName.slice(0, 30)));
    if (row.entry) lines.push(pair('Entry', row.entry === 'pad' ? 'SWIPED ON PIN PAD' : row.entry.toUpperCase()));
  } else {
    if (row.routing) lines.push(pair('Routing', row.routing));
    if (row.masked) lines.push(pair('Account', row.masked));
    if (row.checkNumber) lines.push(pair('Check', row.checkNumber));
  }
  const amount = row.state === 'approved' ? (row.approvedCents ?? row.requestedCents) : row.requestedCents;
  lines.push('', pair('AMOUNT', `$${centsToDollarAmount(amount)}`));
  if (row.state === 'approved' && row.approvedCents !== null && row.approvedCents < row.requestedCents) {
    lines.push(pair('Requested', `$${centsToDollarAmount(row.requestedCents)}`), pair('Balance due', `$${centsToDollarAmount(row.requestedCents - row.approvedCents)}`));
  }
  lines.push('', ...verdict(row).map(center));
  if (row.authorizationNum) lines.push(pair('Authorization', row.authorizationNum));
  if (row.sequenceNo) lines.push(pair('Sequence', row.sequenceNo));
  lines.push(pair('Reference', row.clientRef));
  const signs = copy === 'merchant' && row.tender === 'card' && (row.state === 'approved' || row.state === 'offline') && row.type !== 'refund';
  if (signs) lines.push('', '', 'x' + '_'.repeat(RECEIPT_WIDTH - 2), center('I agree to pay the above amount'));
  lines.push('', center(copy === 'merchant' ? 'MERCHANT COPY' : 'CUSTOMER COPY'));
  return { clientRef: row.clientRef, copy, source: 'terminal', lines: lines.map((l) => l.slice(0, RECEIPT_WIDTH)) };
}
