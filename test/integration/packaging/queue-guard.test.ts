import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/payments/journal/journal';
import { newPayment } from '../../support/payments';
import { posctl, requireBuild, ROOT, runCommand } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/*
 * The upgrade guard of the installers against a real journal: `posctl queue pending` (what the
 * installed app answers through --posctl) and the deb's pre-remove script, which asks a stand-in
 * for the packaged app that runs the same posctl. The NSIS include asks the same command; it is
 * compiled in installer-scripts.test.ts (no Windows here to run it).
 */

beforeAll(() => requireBuild());

const AT = new Date('2026-03-02T14:30:00.000Z');

/** A live journal with stored offline payments (and optionally one waiting for a lookup), closed again. */
function liveJournal(dir: string, cents: number[], lookups = 0): void {
  const j = openJournal(dir, 'live');
  try {
    cents.forEach((c, i) => j.create(newPayment(`L-off-${i}`, c), ['choosing', 'validated', 'journaled', 'offline'], AT, { sealed: Buffer.from('sealed'), storedOffline: true }));
    for (let i = 0; i < lookups; i++) j.create(newPayment(`L-look-${i}`, 500), ['choosing', 'validated', 'journaled', 'sending', 'needs-lookup'], AT);
  } finally {
    j.close();
  }
}

function snapshot(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((f) => `${f} ${statSync(join(dir, f)).size} ${statSync(join(dir, f)).mtimeMs}`);
}

describe('posctl queue pending', () => {
  it('answers 0 on a lane that never took a live payment, and creates nothing', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['queue', 'pending']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No live payment is waiting to be forwarded/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('answers 1 with the count, the amount and how to forward them when live payments wait', async () => {
    const dir = tempDir();
    liveJournal(dir, [1250, 725], 1);
    const before = snapshot(dir);
    const r = await posctl(dir, ['queue', 'pending']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^2 live payments \(\$19\.75 in all, the oldest from 2026-03-02T14:30:00\.000Z\) were taken offline and are still waiting to be forwarded/);
    expect(r.stdout).toMatch(/1 payment needs a manager's lookup/);
    expect(r.stdout).toMatch(/posctl queue forward \(an installed app runs it as: Counter POS --posctl queue forward\)/);
    expect(r.stderr).toMatch(/posctl: 2 live payments waiting to be forwarded/);
    const json = await posctl(dir, ['queue', 'pending', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ journal: join(dir, 'journal-live.sqlite'), waiting: 2, totalCents: 1975, oldestAt: AT.toISOString(), needsLookup: 1 });
    // Read only: no lock, no log, no key, no migration; the journal itself unchanged. A reader of a WAL
    // database may leave SQLite's -wal/-shm beside it (as the app does), with the journal's own mode.
    const companions = /^journal-live\.sqlite-(wal|shm) /;
    expect(snapshot(dir).filter((f) => !companions.test(f))).toEqual(before);
    for (const f of readdirSync(dir).filter((n) => n !== 'journal-live.sqlite')) {
      expect(statSync(join(dir, f)).mode & 0o777, f).toBe(statSync(join(dir, 'journal-live.sqlite')).mode & 0o777);
    }
  });

  it('does not count training payments: they are never forwarded', async () => {
    const dir = tempDir();
    const j = openJournal(dir, 'training');
    j.create(newPayment('T-1', 900), ['choosing', 'validated', 'journaled', 'offline'], AT, { sealed: Buffer.from('s'), storedOffline: true });
    j.close();
    const r = await posctl(dir, ['queue', 'pending', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ waiting: 0 });
  });

  it('answers 2 for a data directory named on purpose that does not exist (a typo), not "none waiting"', async () => {
    const missing = join(tempDir(), 'typo');
    const r = await posctl(missing, ['queue', 'pending']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot tell whether payments are waiting: the data directory .*typo \(from --data-dir\) does not exist/);
    expect(r.stdout).toBe('');
  });

  it('answers 2 when the live journal cannot be read, saying it cannot tell', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'journal-live.sqlite'), 'this is not a database, but it is long enough to have a header: '.repeat(4));
    const r = await posctl(dir, ['queue', 'pending']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot tell whether payments are waiting: the live journal of .* could not be read/);
  });
});

describe("the deb's pre-remove guard (build/deb/before-remove.sh)", () => {
  const script = join(ROOT, 'build', 'deb', 'before-remove.sh');

  /** Stands in for /opt/Counter POS/counter-pos: records its arguments, drops Chromium's switches and --posctl, runs posctl. */
  function standInApp(dir: string, exitCode?: number): { app: string; argsFile: string } {
    const app = join(dir, 'counter-pos');
    const argsFile = join(dir, 'args.txt');
    const body =
      exitCode === undefined
        ? `for a; do shift; case "$a" in --no-sandbox|--ozone-platform=*|--posctl) ;; *) set -- "$@" "$a";; esac; done\nexec "${process.execPath}" "${ROOT}bin/posctl.js" "$@"`
        : `echo "posctl: the journal is busy" >&2\nexit ${exitCode}`;
    writeFileSync(app, `#!/bin/sh\nprintf '%s\\n' "$@" > "${argsFile}"\n${body}\n`);
    chmodSync(app, 0o755);
    return { app, argsFile };
  }

  async function guard(action: string, env: NodeJS.ProcessEnv) {
    return runCommand('bash', [script, action], { ...process.env, ...env });
  }

  it('refuses a removal and an upgrade while live payments wait, in words, asking the installed app', async () => {
    const lane = tempDir();
    const bin = tempDir();
    liveJournal(lane, [4000]);
    const { app, argsFile } = standInApp(bin);
    for (const action of ['remove', 'upgrade', 'failed-upgrade']) {
      const r = await guard(action, { COUNTER_POS_GUARD_APP: app, POS_DATA_DIR: lane });
      expect(r.code, action).toBe(1);
      expect(r.stderr).toMatch(/1 live payment \(\$40\.00 in all, .*\) was taken offline and is still waiting to be forwarded/);
      expect(r.stderr).toMatch(/Nothing was changed\. To go ahead anyway, run the same command with COUNTER_POS_FORCE=1/);
    }
    // Root runs it: no Chromium sandbox, no display, posctl's own command.
    expect(readFileSync(argsFile, 'utf8').trim().split('\n')).toEqual(['--no-sandbox', '--ozone-platform=headless', '--posctl', 'queue', 'pending']);
  });

  it('lets it through with COUNTER_POS_FORCE=1, when nothing waits, for other dpkg actions, and when no app is installed', async () => {
    const lane = tempDir();
    const bin = tempDir();
    liveJournal(lane, [4000]);
    const { app } = standInApp(bin);
    expect((await guard('remove', { COUNTER_POS_GUARD_APP: app, POS_DATA_DIR: lane, COUNTER_POS_FORCE: '1' })).code).toBe(0);
    expect((await guard('deconfigure', { COUNTER_POS_GUARD_APP: app, POS_DATA_DIR: lane })).code).toBe(0);
    expect((await guard('remove', { COUNTER_POS_GUARD_APP: join(bin, 'not-installed'), POS_DATA_DIR: lane })).code).toBe(0);
    const empty = tempDir();
    expect((await guard('remove', { COUNTER_POS_GUARD_APP: app, POS_DATA_DIR: empty })).code).toBe(0);
  });

  it('refuses when the app cannot tell, quoting its reason', async () => {
    const bin = tempDir();
    const { app } = standInApp(bin, 2);
    const r = await guard('remove', { COUNTER_POS_GUARD_APP: app });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Counter POS could not tell whether payments are waiting to be forwarded \(exit 2\)\. posctl: the journal is busy/);
  });
});
