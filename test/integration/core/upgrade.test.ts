import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/store/database';
import { journalFile } from '../../../main/payments/journal/journal';
import { journalMigrations } from '../../../main/payments/journal/schema';
import { StartupError } from '../../../main/store/open-store';
import { terminalMigrations } from '../../../main/store/terminal-db';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';

const versionOf = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
};

/** A database as the first release left it: only its first migration applied. */
function firstRelease(file: string, migrations: Parameters<typeof migrate>[2]): void {
  const db = new Database(file);
  migrate(db, file, migrations.slice(0, 1));
  db.close();
}

describe('an upgraded or downgraded app on a lane\'s data', () => {
  it('migrates the settings database and the live journal forward at start', async () => {
    const dir = tempDir();
    firstRelease(join(dir, 'terminal.sqlite'), terminalMigrations);
    firstRelease(journalFile(dir, 'live'), journalMigrations('live'));
    expect(versionOf(journalFile(dir, 'live'))).toBe(1);
    const core = await openCore(dir);
    await core.close();
    expect(versionOf(join(dir, 'terminal.sqlite'))).toBe(terminalMigrations.length);
    expect(versionOf(journalFile(dir, 'live'))).toBe(journalMigrations('live').length);
  });

  it('refuses a live journal an upgrade already migrated, with the words the lane shows today, and leaves it as it is', async () => {
    const dir = tempDir();
    const file = journalFile(dir, 'live');
    const db = new Database(file);
    migrate(db, file, journalMigrations('live'));
    db.pragma(`user_version = ${journalMigrations('live').length + 3}`);
    db.close();
    const start = openCore(dir);
    await expect(start).rejects.toBeInstanceOf(StartupError);
    await expect(start).rejects.toThrow(
      `${file} was written by a newer version of the terminal (schema ${journalMigrations('live').length + 3}, this build knows ${journalMigrations('live').length}); install that version again instead of downgrading`,
    );
    expect(versionOf(file)).toBe(journalMigrations('live').length + 3);
  });
});
