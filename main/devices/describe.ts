import type { MaskedCard } from '../../native/card/card-read';
import type { MaskedCheck } from '../../native/check/micr';
import type { ReadError } from '../../native/read-error';

/** One line of plain words for a masked card, as posctl prints it. */
export function describeCard(c: MaskedCard): string {
  const parts = [`${c.brand} ${c.masked}`];
  if (c.name) parts.push(c.name);
  parts.push(c.expiry ? `expires ${c.expiry}${c.expired ? ' (EXPIRED)' : ''}` : 'no usable expiry');
  if (c.chip) parts.push('chip card swiped');
  if (c.warnings.length) parts.push(`warnings: ${c.warnings.join(', ')}`);
  return parts.join('  ');
}

export function describeCheck(c: MaskedCheck): string {
  const parts = [`${c.country === 'CA' ? 'Canadian' : 'US'} ${c.business ? 'business' : 'personal'} check`, `routing ${c.routing}`, `account ${c.accountMasked}`];
  if (c.checkNumber) parts.push(`number ${c.checkNumber}`);
  if (c.amountCents !== undefined) parts.push(`amount ${(c.amountCents / 100).toFixed(2)}`);
  if (c.warnings.length) parts.push(`warnings: ${c.warnings.join(', ')}`);
  return parts.join('  ');
}

export function describeError(e: ReadError): string {
  const where = e.unreadable ? ` [unreadable: ${Object.entries(e.unreadable).map(([f, at]) => `${f} at ${at.join(',')}`).join('; ')}]` : '';
  return `${e.code}: ${e.message}${where}`;
}
