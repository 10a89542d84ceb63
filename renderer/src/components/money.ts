import { currentLocale } from '../i18n/i18n';

// One formatter per locale, made on first use: building Intl formatters costs more than formatting.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let format = map.get(locale);
  if (!format) {
    format = make(locale);
    map.set(locale, format);
  }
  return format;
}

/** When something happened, as the screens show it in their language: "Nov 23, 2026, 6:16 PM". */
export function dateTime(iso: string): string {
  return cached(dateFormats, currentLocale(), (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));
}

/** What a PIN or number field keeps of what was typed: its digits. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * Cents as the screens show money, in the language on screen: "$12.34", "12,34 $". Integer cents
 * in, text out: Intl formats the decimal text, so no amount passes through a float division.
 */
export function money(cents: number): string {
  const whole = Math.trunc(cents);
  const abs = Math.abs(whole);
  const decimal = `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const format = cached(moneyFormats, currentLocale(), (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }));
  // Intl.NumberFormat takes a decimal string exactly (ES2023); the lib types only say number.
  return format.format(decimal as unknown as number);
}
