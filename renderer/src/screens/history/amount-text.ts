/**
 * An amount typed in dollars ("12.50", "12,5" as French writes it, "12") as integer cents, from
 * the digits themselves (no float). `undefined` when it is not an amount; empty text is 0, which
 * the refund and completion take as "all that is left".
 */
export function centsOfText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const m = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Cents as the text `centsOfText` reads back ("14.99"; "14,99" where the locale writes a decimal
 * comma), from the digits themselves: the hint a field shows before anything is typed.
 */
export function textOfCents(cents: number, locale: string): string {
  const comma = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ',';
  return `${Math.floor(cents / 100)}${comma ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
}
