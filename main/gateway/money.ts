/**
 * Money crosses into the gateway's `DollarAmount` strings here and nowhere else: the app keeps
 * integer cents. The gateway accepts 0 to 99999.99 (reference: field rules).
 */
export const MAX_AMOUNT_CENTS = 9_999_999;

export function isValidCents(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_AMOUNT_CENTS;
}

/** 1234 → "12.34". Throws on anything that is not a whole number of cents in range. */
export function centsToDollarAmount(cents: number): string {
  if (!isValidCents(cents)) throw new RangeError(`amount must be whole cents between 0 and ${MAX_AMOUNT_CENTS}`);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

const AMOUNT = /^(\d{1,5})\.(\d{2})$/;

export function isDollarAmount(text: string): boolean {
  return AMOUNT.test(text);
}

/** "12.34" → 1234; undefined for anything else (results are read tolerantly: "12.3", "12"). */
export function dollarAmountToCents(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
