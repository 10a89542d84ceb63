import { closeSync, existsSync, fchmodSync, fstatSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { errorCodeOf } from '../error-code';
import { makeDataFolder } from '../platform/file-modes';

/**
 * The terminal's log file as a pino destination that can never take the process down.
 *
 * Why not pino.destination (SonicBoom): it opens the file asynchronously, so a stop right after
 * start flushed a stream that was not ready ("sonic boom is not ready yet"), and an unwritable
 * location (read-only or full disk, permissions) surfaced as an unhandled 'error' event that
 * crashed the terminal or posctl. Here the file is opened synchronously (0600, or 0660 in a lane shared
 * by its group), each line is
 * written synchronously (the last lines before a crash are kept; a counter writes a few lines a
 * second), and a failure becomes a problem the status shows (PCI DSS 10.7) instead of an exception.
 * While the file cannot be written, lines are counted and dropped, and opening is tried again now
 * and then; the first line that gets through says how many were lost.
 *
 * Rotation is synchronous too: when a line would take the file past its size, the file becomes
 * `pos.log.1` (older ones shift to `.2`, `.3`…, the oldest beyond the count is removed) and a new
 * `pos.log` is opened before the line is written, so no line is ever held in memory.
 */
export interface LogFile {
  readonly path: string;
  write(line: string): void;
  /** Why the log cannot be written now, in words; undefined while it works. */
  problem(): string | undefined;
  /** Called when problem() changes. */
  onProblemChange(listener: () => void): () => void;
  flush(cb?: (err?: Error) => void): void;
  /** Changes the rotation (the settings log.maxSizeMb and log.maxFiles changed). */
  setRotation(rotation: LogRotation | undefined): void;
  close(): void;
}

export interface LogRotation {
  /** A file reaching this size is rotated (a single longer line still goes into a fresh file whole). */
  maxBytes: number;
  /** Files kept, the current one included: pos.log, pos.log.1 … pos.log.(maxFiles-1). At least 2. */
  maxFiles: number;
}

/** The rotated files of a log, newest first (`pos.log.1`, `pos.log.2`…), as paths. */
export function rotatedLogFiles(path: string): string[] {
  const dir = dirname(path);
  const name = basename(path);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries
    .map((e) => ({ e, n: e.startsWith(`${name}.`) ? Number(e.slice(name.length + 1)) : NaN }))
    .filter(({ n }) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a.n - b.n)
    .map(({ e }) => join(dir, e));
}

export interface LogFileOptions {
  /** Wait before trying to open a failed log again (default 30 s). */
  retryMs?: number;
  /** Monotonic clock in ms (tests pin it). */
  clock?: () => number;
  /** Absent: the file grows without limit. */
  rotation?: LogRotation;
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
  // A monotonic clock without the `performance` global, whose first use loads perf_hooks (~1 ms of every start; issue 23).
  const clock = options.clock ?? (() => process.uptime() * 1000);
  const listeners = new Set<() => void>();
  let fd: number | undefined;
  let problem: string | undefined;
  let lastTry = -Infinity;
  let dropped = 0;
  let closed = false;
  let rotation = options.rotation;

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
      // Private (0700/0600), or in a machine-wide lane the group's (2770/0660): every cashier account writes the log.
      const modes = makeDataFolder(dirname(path));
      fd = openSync(path, 'a', modes.file);
      // A file created by an older version, or by hand, may be readable by others. Another account of
      // a shared lane may own it: then it set the same mode, and changing it is not ours to do.
      const current = fstatSync(fd).mode & 0o7777;
      if (current !== modes.file) {
        try {
          fchmodSync(fd, modes.file);
        } catch (err) {
          if (errorCodeOf(err) !== 'EPERM' || (current & ~modes.file) !== 0) throw err;
        }
      }
    } catch (err) {
      failed(err, 'opened');
    }
  };

  const writeAll = (text: string): void => {
    const bytes = Buffer.from(text);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd as number, bytes, offset);
  };

  /** The current file becomes .1, .1 becomes .2…; files past the count go. Then a new file. */
  const rotate = (): void => {
    if (!rotation || fd === undefined) return;
    closeSync(fd);
    fd = undefined;
    const keep = Math.max(2, rotation.maxFiles);
    for (const old of rotatedLogFiles(path)) {
      if (Number(old.slice(path.length + 1)) >= keep - 1) rmSync(old, { force: true });
    }
    for (let n = keep - 2; n >= 1; n--) {
      if (existsSync(`${path}.${n}`)) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
    }
    renameSync(path, `${path}.1`);
    open();
  };

  const writeLine = (line: string): void => {
    // The size on disk, not a count of our own: posctl appends to the same file.
    if (rotation && fd !== undefined) {
      const size = fstatSync(fd).size;
      if (size > 0 && size + Buffer.byteLength(line) > rotation.maxBytes) rotate();
      if (fd === undefined) throw new Error('the rotated log could not be opened again');
    }
    writeAll(line);
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
          writeLine(`${JSON.stringify({ level: 40, time: new Date().toISOString(), msg: `${dropped} log line(s) were lost while the log could not be written` })}\n`);
          dropped = 0;
        }
        writeLine(line);
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
    setRotation(next) {
      rotation = next;
    },
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
