import { currentLocale } from '../i18n/i18n';

/** Numbers and calendar days in the language on screen (money and times: money.ts). */

const numbers = new Map<string, Intl.NumberFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

/** A count or a whole amount with the locale's grouping: "12,500", "12 500". */
export function wholeNumber(n: number): string {
  const locale = currentLocale();
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
  return format.format(n);
}

/**
 * The calendar day of a service's date ("2019-01-01T00:00:00Z" is January 1 everywhere): read in
 * UTC, so a day never shifts to the one before in the lane's time zone. Other text as it came.
 */
export function calendarDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const locale = currentLocale();
  let format = days.get(locale);
  if (!format) days.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/** How long ago, in words of the locale ("5 minutes ago", "il y a 5 minutes"). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(0, 'minute');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}
