import { closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCodeOf } from '../error-code';

/**
 * The terminal's log file as a pino destination that can never take the process down.
 *
 * Why not pino.destination (SonicBoom): it opens the file asynchronously, so a stop right after
 * start flushed a stream that was not ready ("sonic boom is not ready yet"), and an unwritable
 * location (read-only or full disk, permissions) surfaced as an unhandled 'error' event that
 * crashed the terminal or posctl. Here the file is opened synchronously with 0600, each line is
 * written synchronously (the last lines before a crash are kept; a counter writes a few lines a
 * second), and a failure becomes a problem the status shows (PCI DSS 10.7) instead of an exception.
 * While the file cannot be written, lines are counted and dropped, and opening is tried again now
 * and then; the first line that gets through says how many were lost.
 */
export interface LogFile {
  readonly path: string;
  write(line: string): void;
  /** Why the log cannot be written now, in words; undefined while it works. */
  problem(): string | undefined;
  /** Called when problem() changes. */
  onProblemChange(listener: () => void): () => void;
  flush(cb?: (err?: Error) => void): void;
  close(): void;
}

export interface LogFileOptions {
  /** Wait before trying to open a failed log again (default 30 s). */
  retryMs?: number;
  /** Monotonic clock in ms (tests pin it). */
  clock?: () => number;
}

function describe(err: unknown): string {
  const code = errorCodeOf(err);
  switch (code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return code || (err instanceof Error ? err.message : String(err));
  }
}

export function openLogFile(path: string, options: LogFileOptions = {}): LogFile {
  const retryMs = options.retryMs ?? 30_000;
  const clock = options.clock ?? (() => performance.now());
  const listeners = new Set<() => void>();
  let fd: number | undefined;
  let problem: string | undefined;
  let lastTry = -Infinity;
  let dropped = 0;
  let closed = false;

  const setProblem = (next: string | undefined): void => {
    if (next === problem) return;
    problem = next;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        /* a status listener must not break logging */
      }
    }
  };

  const failed = (err: unknown, doing: string): void => {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        /* already unusable */
      }
    }
    fd = undefined;
    setProblem(`the log ${path} cannot be ${doing} (${describe(err)}); log lines are being lost until it can`);
  };

  const open = (): void => {
    lastTry = clock();
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      fd = openSync(path, 'a', 0o600);
      // A file created by an older version, or by hand, may be readable by others.
      fchmodSync(fd, 0o600);
    } catch (err) {
      failed(err, 'opened');
    }
  };

  const writeAll = (text: string): void => {
    const bytes = Buffer.from(text);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd as number, bytes, offset);
  };

  open();
  return {
    path,
    write(line) {
      if (closed) return;
      if (fd === undefined && clock() - lastTry >= retryMs) open();
      if (fd === undefined) {
        dropped++;
        return;
      }
      try {
        if (dropped > 0) {
          writeAll(`${JSON.stringify({ level: 40, time: new Date().toISOString(), msg: `${dropped} log line(s) were lost while the log could not be written` })}\n`);
          dropped = 0;
        }
        writeAll(line);
        setProblem(undefined);
      } catch (err) {
        dropped++;
        failed(err, 'written');
      }
    },
    problem: () => problem,
    onProblemChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Every line is already written when write() returns.
    flush: (cb) => cb?.(),
    close() {
      closed = true;
      if (fd === undefined) return;
      try {
        closeSync(fd);
      } catch {
        /* nothing left to lose */
      }
      fd = undefined;
    },
  };
}
