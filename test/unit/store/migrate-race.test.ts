import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Migration } from '../../../main/store/database';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const m1: Migration = { version: 1, description: 'table', up: (db) => void db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)') };
const m2: Migration = { version: 2, description: 'a column (not idempotent)', up: (db) => void db.exec('ALTER TABLE t ADD COLUMN extra TEXT') };

describe('migrations when two processes open the same file at once (the app and posctl after an upgrade)', () => {
  it('skips a migration another process applied between reading the version and taking the lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-migrate-race-'));
    dirs.push(dir);
    const file = join(dir, 'journal-live.sqlite');
    const other = new Database(file);
    migrate(other, file, [m1]);
    const mine = new Database(file);
    // The other process migrates just before this one takes its write lock.
    let raced = false;
    const racing = new Proxy(mine, {
      get(target, key) {
        if (key === 'transaction' && !raced) {
          raced = true;
          migrate(other, file, [m1, m2]);
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(() => migrate(racing, file, [m1, m2])).not.toThrow();
    expect(raced).toBe(true);
    expect(mine.pragma('user_version', { simple: true })).toBe(2);
    expect((mine.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('t') as string[]).sort()).toEqual(['extra', 'id']);
    other.close();
    mine.close();
  });
});
