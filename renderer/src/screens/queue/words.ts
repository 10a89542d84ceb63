import type { PaymentRow } from '../../../../preload/contract';

/** How long ago, as whole minutes, hours or days (the key and count the screen says it with). */
export function ageOf(iso: string, now: number): { key: 'age.minutes' | 'age.hours' | 'age.days'; count: number } {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return { key: 'age.minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { key: 'age.hours', count: hours } : { key: 'age.days', count: Math.floor(hours / 24) };
}

/** When a stored payment still unsent is flagged late: `maxAgeHours` after it was stored. */
export function expiresAt(row: PaymentRow, maxAgeHours: number): string {
  return new Date(Date.parse(row.createdAt) + maxAgeHours * 3_600_000).toISOString();
}
