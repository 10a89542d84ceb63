import Database from 'better-sqlite3';
import pino from 'pino';
import { SettingError, SettingsStore } from '../../main/config/settings-store';
import { migrate } from '../../main/store/database';
import { generateTerminalKeyPair, seal, unseal } from '../../main/store/sealing';
import { terminalMigrations } from '../../main/store/terminal-db';
import type { Sealer } from '../../main/store/terminal-key';

/** A settings store on an in-memory terminal database, with a fresh terminal key: the real store, no disk. */
export function memorySettings(): { db: Database.Database; store: SettingsStore } {
  const db = new Database(':memory:');
  migrate(db, ':memory:', terminalMigrations);
  const pair = generateTerminalKeyPair();
  const sealer: Sealer = { seal: (p, c) => seal(p, c, pair.publicKey), unseal: (b, c) => unseal(b, c, pair.privateKey) };
  const store = new SettingsStore(db, sealer, pino({ level: 'silent' }), () => new Date('2026-11-22T12:00:00Z'));
  return { db, store };
}

/** The SettingError a write throws (a test fails if it throws anything else, or nothing). */
export function settingRefusal(fn: () => unknown): SettingError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SettingError) return e;
    throw e;
  }
  throw new Error('expected a SettingError');
}
