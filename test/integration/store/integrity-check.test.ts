import { openSync, readFileSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { posctl, requireBuild, ROOT, runNode, startHeadlessApp } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/**
 * Every page of the stores is checked (PRAGMA quick_check) when a terminal opens them, except by
 * posctl beside a running app, which checked them when it started (CoreConfig.integrityCheck): a
 * check reads the whole file, half a second for a journal of 100 MB, and a status polled every
 * minute would cost the lane that much during its sales.
 */
const ENV = { POS_KEY_PROTECTION: 'file' };

/** A preload that counts the quick_check statements SQLite is given (in the addon, under the bundled better-sqlite3). */
function countChecks(dir: string): { hook: string; count: () => number } {
  const hook = join(dir, 'count-checks.cjs');
  const out = join(dir, 'checks.txt');
  writeFileSync(
    hook,
    `const M = require('node:module'); const fs = require('node:fs'); let checks = 0; const load = M._load;
M._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (String(request).endsWith('better_sqlite3.node') && !loaded.__counted) {
    loaded.__counted = true;
    const prepare = loaded.Database.prototype.prepare;
    loaded.Database.prototype.prepare = function (sql, ...more) { if (/quick_check/i.test(sql)) checks++; return prepare.call(this, sql, ...more); };
  }
  return loaded;
};
process.on('exit', () => fs.writeFileSync(${JSON.stringify(out)}, String(checks)));
`,
  );
  return { hook, count: () => Number(readFileSync(out, 'utf8')) };
}

function status(dataDir: string, hook: string) {
  return runNode(['--require', hook, `${ROOT}bin/posctl.js`, '--data-dir', dataDir, 'status'], { env: ENV });
}

beforeAll(() => requireBuild());

describe('the integrity check of the stores', () => {
  it('is run by posctl when no app holds the lane, and not beside a running app', async () => {
    const dir = tempDir();
    const lane = join(dir, 'lane');
    const checks = countChecks(dir);
    expect((await posctl(lane, ['--create', 'status'], { env: ENV })).code).toBe(0);

    const alone = await status(lane, checks.hook);
    expect(alone.code, alone.stderr).toBe(0);
    // terminal.sqlite and cache.sqlite at least.
    expect(checks.count()).toBeGreaterThanOrEqual(2);

    const app = await startHeadlessApp(lane);
    try {
      const beside = await status(lane, checks.hook);
      expect(beside.code, beside.stderr).toBe(0);
      expect(beside.stdout).toMatch(/the running headless start's/);
      expect(checks.count()).toBe(0);
    } finally {
      await app.stop();
    }
  });

  it('finds damage inside a store whose header is intact: posctl status says the terminal cannot start', async () => {
    const dir = tempDir();
    const lane = join(dir, 'lane');
    expect((await posctl(lane, ['--create', 'status'], { env: ENV })).code).toBe(0);
    const file = join(lane, 'terminal.sqlite');
    // Pages of a table the terminal never reads, so only a check of every page can find them damaged.
    const db = new Database(file);
    db.exec('CREATE TABLE ballast (id INTEGER PRIMARY KEY, body BLOB)');
    const insert = db.prepare('INSERT INTO ballast (body) VALUES (zeroblob(3000))');
    db.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run();
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (pages - 20) * pageSize);
    closeSync(fd);

    const run = await posctl(lane, ['status'], { env: ENV });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(/cannot start/);
    expect(run.stdout).toMatch(/terminal\.sqlite \(the settings and secrets\) cannot be used: it failed its integrity check/);
  });
});
