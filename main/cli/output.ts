import { formatCents } from '../../preload/format';
import { redactStrings, redactText } from '../log/redact';

/** Exit codes of posctl (public interface: scripts and other checks rely on them). */
export const EXIT = {
  OK: 0,
  /** A negative business outcome: declined, rejected. */
  NEGATIVE: 1,
  /** Usage error, invalid input, refusal, or failure. */
  ERROR: 2,
} as const;

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.ERROR,
  ) {
    super(message);
  }
}

/*
 * Everything posctl prints goes through these, and through the log's redactor: whatever a gateway,
 * a service or a reader sent (a PAN in a receipt text, a track in an error), no card data reaches
 * the screen or a script's output. Lint keeps console and process.std*.write out of main/cli.
 */

/** One line on standard output. */
export function say(text: string): void {
  process.stdout.write(`${redactText(text, 'data')}\n`);
}

/** One line on standard error. */
export function sayError(text: string): void {
  process.stderr.write(`${redactText(text, 'data')}\n`);
}

/** Text as it is (no line break added), e.g. a prompt or a WSDL. */
export function write(text: string, stream: 'stdout' | 'stderr' = 'stdout'): void {
  process[stream].write(redactText(text, 'data'));
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(redactStrings(value))}\n`);
}

/** Amounts in posctl's tables: an ASCII hyphen for negatives, so scripts can read them. */
export function money(cents: number | null): string {
  return formatCents(cents, '-');
}

/** Rows as aligned columns for a person at a terminal. */
export function table(rows: ReadonlyArray<ReadonlyArray<string | number>>, header: readonly string[]): string {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? '').length)));
  return all.map((r) => r.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join('  ').trimEnd()).join('\n');
}

export function freshnessLine(f: { refreshedAt: string | null; source: string; offline: boolean; training: boolean; problem?: string | undefined }): string {
  const when = f.refreshedAt ? `last refreshed ${f.refreshedAt}` : 'never refreshed';
  const where = f.training ? 'training simulator' : 'service';
  return f.offline ? `OFFLINE (${f.problem ?? 'service unreachable'}): showing the cached copy, ${when}` : `${where}, ${f.source === 'cache' ? 'from cache, ' : ''}${when}`;
}
