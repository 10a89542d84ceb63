import { currentLocale } from '../i18n/i18n';

/**
 * A fee amount as the merchant interface sends it (text or number, e.g. "12.5" or 0.1) as a
 * decimal with two places ("12.50"), rounded half up at the cent on the digits themselves, never
 * through a float; undefined for text that is not a number.
 */
export function feeDecimal(value: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = m;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return `${sign}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

const isCurrency = (code: string | undefined): code is string => code !== undefined && /^[A-Z]{3}$/.test(code);

/**
 * A fee in the merchant's base currency with two decimals ("USD 12.50"); without a known currency,
 * the amount alone. Anything else is shown as it came.
 */
export function feeAmount(value: string, currency: string | undefined): string {
  const decimal = feeDecimal(value);
  if (decimal === undefined) return value;
  return `${isCurrency(currency) ? `${currency} ` : ''}${decimal}`;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * The same amount written by the language on screen ("USD 12.50", "12,50 USD"): Intl takes the
 * exact decimal text (ES2023), so the cent rounding above is the only rounding.
 */
export function feeMoney(value: string, currency: string | undefined): string {
  const decimal = feeDecimal(value);
  if (decimal === undefined) return value;
  const locale = currentLocale();
  const key = `${locale}|${isCurrency(currency) ? currency : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = isCurrency(currency)
      ? new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  // The lib types only say number; a decimal string is formatted exactly.
  return format.format(decimal as unknown as number);
}
