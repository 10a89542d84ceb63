import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Mode } from '../preload/contract';
import { openCacheDb } from './http/cache-db';
import type { Platform } from './platform/platform';
import type { Db, OpenOptions } from './store/database';
import { journalFile, openJournal, type JournalStore } from './payments/journal/journal';
import { openEssentialDb } from './store/open-store';
import { terminalMigrations } from './store/terminal-db';
import { TerminalKey } from './store/terminal-key';

export interface Journals {
  /** The journal of a mode, opened on first use. */
  of(mode: Mode): JournalStore;
  /** The journal of a mode if its file exists (counting never creates one). */
  existing(mode: Mode): JournalStore | undefined;
  dataVersions(): number[];
  close(): void;
}

export interface Stores {
  db: Db;
  cacheDb: Db;
  key: TerminalKey;
  journals: Journals;
}

/** Names of what is sealed in this data directory, read without the key (to know whether a missing key may be replaced). */
function sealedValues(db: Db, cacheDb: Db): string[] {
  const settings = db.prepare<[], { key: string }>('SELECT key FROM settings WHERE sealed IS NOT NULL ORDER BY key').all().map((r) => r.key);
  const leads = cacheDb.prepare('SELECT count(*) FROM lead_outbox').pluck().get() as number;
  return [...settings, ...(leads > 0 ? [`${leads} lead(s) waiting in the outbox`] : [])];
}

/**
 * Opens the terminal's stores in order, closing what was opened if a later one fails:
 * `terminal.sqlite` (settings; must be usable), `cache.sqlite` (rebuilt if damaged), the terminal
 * key, and the journals that exist (a damaged journal stops the start; it is never recreated);
 * a journal that does not exist yet is made on first use. `ownsLane`: the app or the headless
 * start (CoreConfig.exclusive), the only ones to move a file key into the OS keyring.
 */
export function openStores(platform: Platform, log: Logger, dbOptions: OpenOptions, options: { ownsLane: boolean }): Stores {
  const opened: Array<{ close(): void }> = [];
  try {
    const db = openEssentialDb(join(platform.dataDir, 'terminal.sqlite'), terminalMigrations, dbOptions, 'the settings and secrets');
    opened.push(db);
    const cacheDb = openCacheDb(platform.dataDir, dbOptions, log, () => platform.now());
    opened.push(cacheDb);
    const open = new Map<Mode, JournalStore>();
    const journals: Journals = {
      of(mode) {
        let store = open.get(mode);
        if (!store) open.set(mode, (store = openJournal(platform.dataDir, mode, dbOptions)));
        return store;
      },
      existing(mode) {
        return open.get(mode) ?? (existsSync(journalFile(platform.dataDir, mode)) ? journals.of(mode) : undefined);
      },
      dataVersions: () => [...open.values()].map((j) => j.dataVersion()),
      close() {
        for (const j of open.values()) j.close();
        open.clear();
      },
    };
    opened.push(journals);
    const key = new TerminalKey({
      dataDir: platform.dataDir,
      vault: platform.keyVault,
      ...(platform.machineKey ? { machine: platform.machineKey } : {}),
      ...(platform.legacyKeyUnprotect ? { legacyUnprotect: platform.legacyKeyUnprotect } : {}),
      sealedValues: () => {
        const payments = journals.existing('live')?.sealedCount() ?? 0;
        return [...sealedValues(db, cacheDb), ...(payments > 0 ? [`${payments} live payment(s) sealed in the journal`] : [])];
      },
      onNotice: (message) => log.warn(message),
      // Only the lane's own start moves a file key into the keyring (terminal-key.ts says why).
      movesIntoKeyring: options.ownsLane,
    });
    for (const mode of ['live', 'training'] as const) if (existsSync(journalFile(platform.dataDir, mode))) journals.of(mode);
    return { db, cacheDb, key, journals };
  } catch (e) {
    for (const o of opened.reverse()) o.close();
    throw e;
  }
}
