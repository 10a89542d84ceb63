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

type StreamName = 'stdout' | 'stderr';

/**
 * A reader that went away (`posctl journal show REF | head -1`) is not a failure: from then on
 * that stream's output is dropped and the command finishes what it was doing (a payment in flight
 * is never abandoned halfway), with its own exit code. Another write error (a full disk) is kept
 * for runPosctl to report. Commands that run until stopped stop as on Ctrl+C (onStop).
 */
const closed = new Set<StreamName>();
let writeFailure: { stream: StreamName; code: string } | undefined;
const stopListeners = new Set<() => void>();
let guarded = false;

/** Catches write errors of standard output and error (without a listener, EPIPE ends posctl with a stack). */
export function guardOutput(): void {
  if (guarded) return;
  guarded = true;
  for (const stream of ['stdout', 'stderr'] as const) {
    process[stream].on('error', (err: NodeJS.ErrnoException) => {
      closed.add(stream);
      if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') writeFailure ??= { stream, code: err.code ?? err.message };
      if (stream === 'stdout') for (const stop of [...stopListeners]) stop();
    });
  }
}

/**
 * A write error other than a closed pipe, e.g. ENOSPC when standard output is a file on a full
 * disk, once everything written so far was written or failed (a failure is told a tick later).
 */
export async function outputFailure(): Promise<{ stream: StreamName; code: string } | undefined> {
  await Promise.all(
    (['stdout', 'stderr'] as const).map(
      (name) => new Promise<void>((resolve) => (closed.has(name) || process[name].destroyed ? resolve() : process[name].write('', () => resolve()))),
    ),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return writeFailure;
}

/**
 * `stop` runs on Ctrl+C (SIGINT), SIGTERM, or once standard output is closed by its reader: for a
 * command that runs until stopped. Returns how to stop listening.
 */
export function onStop(stop: (why: 'SIGINT' | 'SIGTERM' | 'output closed') => void): () => void {
  const onInt = (): void => stop('SIGINT');
  const onTerm = (): void => stop('SIGTERM');
  const onClosed = (): void => stop('output closed');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  stopListeners.add(onClosed);
  if (closed.has('stdout')) queueMicrotask(onClosed);
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    stopListeners.delete(onClosed);
  };
}

function put(stream: StreamName, text: string): void {
  // A destroyed stream is one whose error event is still on its way.
  if (closed.has(stream) || process[stream].destroyed) return;
  process[stream].write(text);
}

/** One line on standard output. */
export function say(text: string): void {
  put('stdout', `${redactText(text, 'data')}\n`);
}

/** One line on standard error. */
export function sayError(text: string): void {
  put('stderr', `${redactText(text, 'data')}\n`);
}

/** Text as it is (no line break added), e.g. a prompt or a WSDL. */
export function write(text: string, stream: StreamName = 'stdout'): void {
  put(stream, redactText(text, 'data'));
}

export function printJson(value: unknown): void {
  put('stdout', `${JSON.stringify(redactStrings(value))}\n`);
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
