import type { PaymentRow, PaymentState, PaymentType } from '../../../../preload/contract';

/** The queue namespace's words for a payment's type and state (message keys, said with t()). */
export const TYPE_WORDS = {
  sale: 'type.sale',
  preauth: 'type.preauth',
  completion: 'type.completion',
  refund: 'type.refund',
  void: 'type.void',
  verify: 'type.verify',
} as const satisfies Record<PaymentType, string>;

export const STATE_WORDS = {
  choosing: 'state.choosing',
  waiting: 'state.waiting',
  validated: 'state.validated',
  journaled: 'state.journaled',
  sending: 'state.sending',
  approved: 'state.approved',
  declined: 'state.declined',
  rejected: 'state.rejected',
  offline: 'state.offline',
  forwarding: 'state.forwarding',
  'needs-lookup': 'state.needs-lookup',
  failed: 'state.failed',
  cancelled: 'state.cancelled',
  voided: 'state.voided',
} as const satisfies Record<PaymentState, string>;

/** How long ago, as whole minutes, hours or days (the key and count the screen says it with). */
export function ageOf(iso: string, now: number): { key: 'age.minutes' | 'age.hours' | 'age.days'; count: number } {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return { key: 'age.minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { key: 'age.hours', count: hours } : { key: 'age.days', count: Math.floor(hours / 24) };
}

/** When a stored payment is flagged expired: `maxAgeHours` after it was stored. */
export function expiresAt(row: PaymentRow, maxAgeHours: number): string {
  return new Date(Date.parse(row.createdAt) + maxAgeHours * 3_600_000).toISOString();
}

/** The card as the row shows it: brand, masked number, the cardholder's name. Brands are names, not translated. */
export function cardLine(row: PaymentRow): string {
  const brand = row.brand && row.brand !== 'unknown' ? row.brand.toUpperCase() : '';
  const card = [brand, row.masked ?? ''].filter((part) => part !== '').join(' ');
  return row.cardholderName ? `${card}, ${row.cardholderName}` : card;
}
