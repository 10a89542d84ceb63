/**
 * A fee amount as the merchant interface sends it (text or number, e.g. "12.5" or 0.1) in the
 * merchant's base currency with two decimals ("USD 12.50"), rounded half up at the cent on the
 * digits themselves, never through a float. Anything else is shown as it came.
 */
export function feeAmount(value: string, currency: string | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign = '', whole = '0', fraction = ''] = m;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const code = currency && /^[A-Z]{3}$/.test(currency) ? `${currency} ` : '';
  return `${code}${sign}${text}`;
}
