/**
 * Integer cents as dollars for people ("$1,234.56", "—" for no amount), never through
 * floating-point arithmetic. Shared by the screens and posctl; `minus` is the sign of a negative
 * amount (the screens use the typographic minus, terminals a hyphen).
 */
export function formatCents(cents: number | null | undefined, minus = '−'): string {
  if (cents === null || cents === undefined) return '—';
  const abs = Math.abs(cents);
  return `${cents < 0 ? minus : ''}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
