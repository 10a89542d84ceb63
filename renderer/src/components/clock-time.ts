import { currentLocale } from '../i18n/i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withDay ? 'day' : 'time'}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { ...(withDay ? { month: 'short', day: 'numeric' } : {}), hour: 'numeric', minute: '2-digit' })));
  return f;
}

/**
 * A moment as a counter says "since when": its time if it is today ("1:04 PM", "13 h 04"), with
 * its day otherwise ("Nov 24, 1:04 PM"), without the year; in the language on screen.
 */
export function clockTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return format(currentLocale(), at.toDateString() !== now.toDateString()).format(at);
}
