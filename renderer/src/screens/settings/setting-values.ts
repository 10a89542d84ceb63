import { z } from 'zod';
import { money } from '../../components/money';

/** A list setting's text in force (`["sale"]`) as its values; anything unreadable is an empty list. */
export function listValues(text: string | null): string[] {
  const parsed = z.array(z.string()).safeParse(text === null ? [] : safeJson(text));
  return parsed.success ? parsed.data : [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The list after ticking or unticking one value, in the order main lists the choices, as main reads it. */
export function toggled(choices: readonly string[], current: readonly string[], value: string, on: boolean): string {
  return JSON.stringify(choices.filter((c) => (c === value ? on : current.includes(c))));
}

/**
 * How money looks in the screen's language: the currency symbol, on which side, and the decimal
 * mark ("$" before and "." in English, "$" after and "," in French), read from the app's own money().
 */
export function moneyShape(): { symbol: string; before: boolean; mark: '.' | ',' } {
  const sample = money(0);
  return { symbol: sample.replace(/[\d.,\s\u00a0\u202f-]/g, ''), before: !/^\d/.test(sample), mark: sample.includes(',') ? ',' : '.' };
}

/** Main's dollars text ("80.50") as typed in the screen's language ("80,50"). */
export function dollarsOnScreen(text: string, mark: '.' | ','): string {
  return mark === ',' ? text.replace('.', ',') : text;
}

/** What was typed ("80,50" in French) as main reads dollars ("80.50"); main judges the rest. */
export function dollarsForMain(text: string, mark: '.' | ','): string {
  return mark === ',' ? text.replace(',', '.') : text;
}
