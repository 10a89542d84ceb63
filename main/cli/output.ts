import { formatCents } from '../../preload/format';

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

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
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
