import { accessSync, constants, existsSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCodeOf } from '../error-code';
import type { Logger } from 'pino';
import { DatabaseCorruptError, DatabaseVersionError, openDatabase, type Db, type Migration, type OpenOptions } from './database';

/**
 * Why the terminal cannot start, in words that name the file and what to do. The app and the
 * headless start print it and stop; `posctl status` shows it as the terminal's problem.
 */
export class StartupError extends Error {
  override name = 'StartupError';
  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}

type Failure = 'damaged' | 'unwritable' | 'full' | 'newer' | 'other';

/** SQLite says only "cannot open": the folder tells why (a WAL database needs to write beside itself). */
function whyCannotOpen(file: string): { kind: Failure; why: string } {
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return { kind: 'unwritable', why: 'it is on a read-only disk' };
    if (code === 'ENOENT') return { kind: 'unwritable', why: 'its folder is missing' };
  }
  return { kind: 'unwritable', why: 'it cannot be opened (permission denied)' };
}

function failureOf(e: unknown, file: string): { kind: Failure; why: string } {
  if (e instanceof DatabaseVersionError) return { kind: 'newer', why: e.message };
  if (e instanceof DatabaseCorruptError) return { kind: 'damaged', why: 'it failed its integrity check' };
  const code = errorCodeOf(e);
  if (code === 'SQLITE_NOTADB') return { kind: 'damaged', why: 'it is not a database (its header is damaged)' };
  if (code.startsWith('SQLITE_CORRUPT')) return { kind: 'damaged', why: 'it is corrupt' };
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return { kind: 'full', why: 'the disk is full' };
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return { kind: 'unwritable', why: 'it is on a read-only disk or cannot be written' };
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'EACCES' || code === 'EPERM' || code.startsWith('SQLITE_PERM')) return whyCannotOpen(file);
  return { kind: 'other', why: e instanceof Error ? e.message : String(e) };
}

/**
 * Opens a store the terminal cannot do without (its settings, a payment journal). Nothing is
 * ever deleted or recreated here: a damaged file stops the start with what to do about it.
 * `role` says in words what the file holds, for the message. Every page is checked unless
 * `options.check` is false (posctl beside a running app, which checked them when it started).
 */
export function openEssentialDb(file: string, migrations: readonly Migration[], options: OpenOptions, role: string): Db {
  try {
    return openDatabase(file, migrations, { ...options, check: options.check ?? true });
  } catch (e) {
    const { kind, why } = failureOf(e, file);
    const todo: Record<Failure, string> = {
      damaged: `restore it from a backup, or stop the terminal and move it aside (rename it) to start with an empty one: ${role} it held would then be missing`,
      unwritable: "check that the terminal's user owns the data directory and that the disk is writable",
      full: 'free some disk space, then start again',
      newer: 'install the newer version again',
      other: 'see the terminal log',
    };
    throw new StartupError(kind === 'newer' ? why : `${file} (${role}) cannot be used: ${why}; ${todo[kind]}`, file);
  }
}

/**
 * Opens a store that can be rebuilt (the catalogue and merchant cache). A damaged one is moved
 * aside, never deleted (it may hold leads still to be sent), and a fresh one is made; a log line
 * says where the old one went. Other failures (permissions, a full disk) still stop the start.
 */
export function openRebuildableDb(file: string, migrations: readonly Migration[], options: OpenOptions, log: Logger, now: () => Date): Db {
  try {
    return openDatabase(file, migrations, { ...options, check: options.check ?? true });
  } catch (e) {
    const { kind, why } = failureOf(e, file);
    if (kind !== 'damaged' && kind !== 'newer') throw new StartupError(`${file} (the catalogue and merchant cache) cannot be used: ${why}`, file);
    const aside = `${file}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    }
    log.warn({ file, movedTo: aside, why }, 'the cache could not be used; it was moved aside and is rebuilt from the services');
    return openDatabase(file, migrations, options);
  }
}
