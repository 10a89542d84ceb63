import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteAddon } from './sqlite-addon';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { AppStatus } from '../../preload/contract';
import type { OpenOptions } from './database';
import { errorCodeOf } from '../error-code';
import { modesOf, restrictFile } from '../platform/file-modes';
import { StartupError } from './open-store';

/**
 * One terminal per data directory. The app and the headless start hold an exclusive SQLite lock
 * on `<data dir>/terminal.lock` for as long as they run: the operating system drops it when the
 * process ends, however it ends, so a crash never leaves a stale lock behind (a PID file would).
 * Beside it, `instance.json` says who holds it and, kept current, that terminal's status, so a
 * second start can name the running one and posctl can show the running app's view.
 */
export const InstanceInfo = lazySchema(() => z.object({
  host: z.enum(['electron', 'headless', 'cli']),
  pid: z.number().int(),
  version: z.string(),
  startedAt: z.string(),
  /** The headless start's address, without its token. */
  origin: z.string().optional(),
  status: AppStatus.optional(),
  updatedAt: z.string().optional(),
}));
export type InstanceInfo = z.infer<typeof InstanceInfo>;

export interface InstanceLock {
  /** Merges into instance.json (an address once known, the latest status). */
  update(patch: Partial<InstanceInfo>): void;
  release(): void;
}

const lockFile = (dataDir: string): string => join(dataDir, 'terminal.lock');
const infoFile = (dataDir: string): string => join(dataDir, 'instance.json');

/** How long a starting terminal waits out a posctl that is only looking at the lock. */
const ACQUIRE_WAIT_MS = 2000;

function isBusy(e: unknown): boolean {
  return errorCodeOf(e).startsWith('SQLITE_BUSY');
}

function describeRunning(info: InstanceInfo | undefined): string {
  if (!info) return 'another Counter POS';
  const what = info.host === 'electron' ? 'the desktop app' : info.host === 'headless' ? `the headless start${info.origin ? ` at ${info.origin}` : ''}` : 'posctl';
  return `another Counter POS (${what}, pid ${info.pid}, version ${info.version}, started ${info.startedAt})`;
}

export function readInstanceInfo(dataDir: string): InstanceInfo | undefined {
  try {
    const parsed = InstanceInfo.safeParse(JSON.parse(readFileSync(infoFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function acquireInstanceLock(dataDir: string, info: InstanceInfo, options: OpenOptions = {}): InstanceLock {
  // 0600, or 0660 in a machine-wide lane's shared folder: each cashier account takes the same lock.
  const modes = modesOf(dataDir);
  const db = new Database(lockFile(dataDir), sqliteAddon(options.nativeBinding));
  try {
    restrictFile(lockFile(dataDir), modes.file);
    db.pragma(`busy_timeout = ${ACQUIRE_WAIT_MS}`);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (e) {
    db.close();
    if (!isBusy(e)) throw e;
    throw new StartupError(
      `${describeRunning(readInstanceInfo(dataDir))} is already running on the data directory ${dataDir}; stop it first, or start this one with --data-dir for another lane`,
      lockFile(dataDir),
    );
  }
  let current = info;
  const write = (): void => {
    const tmp = `${infoFile(dataDir)}.tmp`;
    writeFileSync(tmp, JSON.stringify(current), { mode: modes.file });
    renameSync(tmp, infoFile(dataDir));
  };
  write();
  let held = true;
  return {
    update(patch) {
      if (!held) return;
      current = { ...current, ...patch };
      try {
        write();
      } catch {
        /* a full disk must not stop the terminal; posctl then shows an older view */
      }
    },
    release() {
      if (!held) return;
      held = false;
      rmSync(infoFile(dataDir), { force: true });
      db.close();
    },
  };
}

/**
 * Whether a terminal (app or headless) holds this data directory, and what it says about itself.
 * Only looks: a busy lock means it is held; a free one is left free at once.
 */
export function runningInstance(dataDir: string, options: OpenOptions = {}): { running: false } | { running: true; info: InstanceInfo | undefined } {
  let db: Database.Database | undefined;
  try {
    db = new Database(lockFile(dataDir), { fileMustExist: true, ...sqliteAddon(options.nativeBinding) });
    db.pragma('busy_timeout = 0');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return { running: false };
  } catch (e) {
    return isBusy(e) ? { running: true, info: readInstanceInfo(dataDir) } : { running: false };
  } finally {
    db?.close();
  }
}
