import Database from 'better-sqlite3';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runSeed, seededRandom } from '../../support/payments';
import { DIST, requireBuild, ROOT, spawnNode, type Spawned } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

/** PRAGMA integrity_check of every SQLite file the start left in the data directory. */
function integrity(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.sqlite'))) {
    const db = new Database(join(dir, name), { readonly: true });
    try {
      out[name] = db.pragma('integrity_check', { simple: true }) as string;
    } finally {
      db.close();
    }
  }
  return out;
}

type Via = 'dist/headless.js' | 'scripts/start.mjs';

const HOLD = `${ROOT}test/integration/start/children/hold-import.mjs`;
/** The app's own modules load through require (its bundle runs through the code cache, main/headless/main.ts). */
const HOLD_REQUIRE = `${ROOT}test/integration/start/children/hold-require.mjs`;

/**
 * A headless start, and the moment from which it can catch a signal: for the app, when its entry
 * asks for the app's modules (its first line, catching the signals, has run); through start.mjs,
 * when start.mjs (its handlers set) has the app loading. Before Node runs a program's first line
 * no program can catch a signal; the random delay counts from that moment.
 */
function startHeadless(via: Via, dataDir: string): { p: Spawned; ready: Promise<void> } {
  const marks = tempDir('pos-mark-');
  const env =
    via === 'dist/headless.js'
      ? { NODE_OPTIONS: `--import=${HOLD_REQUIRE}`, HOLD_DIR: marks, HOLD_MODE: 'mark', HOLD_MATCH: 'headless-app' }
      : { NODE_OPTIONS: `--import=${HOLD}`, HOLD_DIR: marks, HOLD_MODE: 'mark', HOLD_MATCH: 'dist/headless.js' };
  const p =
    via === 'dist/headless.js'
      ? spawnNode([`${DIST}headless.js`, '--data-dir', dataDir, '--port', '0'], env)
      : spawnNode([`${ROOT}scripts/start.mjs`, '--headless', '--no-build', '--', '--data-dir', dataDir, '--port', '0'], env);
  const ready = vi.waitFor(() => expect(existsSync(join(marks, 'held'))).toBe(true), { timeout: 10_000, interval: 2 });
  return { p, ready };
}

describe('a headless start stopped at any moment', { timeout: 120_000 }, () => {
  it('exits 0 on SIGTERM or SIGINT at 20 random moments of its first second, direct and through start.mjs, its files whole', async () => {
    // A fresh seed each run (POS_TEST_SEED replays one): the moments differ from run to run.
    const seed = runSeed();
    const random = seededRandom(seed);
    const runs = Array.from({ length: 20 }, (_, i): { via: Via; signal: NodeJS.Signals; delayMs: number } => ({
      via: i % 3 === 2 ? 'scripts/start.mjs' : 'dist/headless.js',
      signal: i % 4 === 3 ? 'SIGINT' : 'SIGTERM',
      delayMs: Math.floor(random() * 1000),
    }));
    const results: Array<{ run: (typeof runs)[number]; code: number | null; signal: NodeJS.Signals | null; stderr: string; printed: boolean; files: Record<string, string> }> = [];
    // Four at a time: two cores, and each start is some 0.5 s of work.
    for (let i = 0; i < runs.length; i += 4) {
      await Promise.all(
        runs.slice(i, i + 4).map(async (run) => {
          const dataDir = tempDir('pos-stop-');
          const { p, ready } = startHeadless(run.via, dataDir);
          await ready;
          // The test's input: a random moment of the first second (modules loading, core opening, serving).
          await new Promise((resolve) => setTimeout(resolve, run.delayMs));
          p.kill(run.signal);
          const { code, signal } = await p.closed;
          results.push({ run, code, signal, stderr: p.stderr(), printed: p.stdout().includes('#token='), files: integrity(dataDir) });
        }),
      );
    }
    for (const r of results) {
      const what = `${r.run.via} ${r.run.signal} after ${r.run.delayMs} ms (POS_TEST_SEED=${seed})`;
      expect({ code: r.code, signal: r.signal, stderr: r.stderr }, what).toEqual({ code: 0, signal: null, stderr: '' });
      for (const [file, answer] of Object.entries(r.files)) expect(answer, `${what}: ${file}`).toBe('ok');
    }
    console.log(`stopped ${results.length} starts: ${results.filter((r) => !r.printed).length} before they printed their address, ${results.filter((r) => r.printed).length} after`);
  });

  it('exits 0 having opened nothing when stopped while its modules still load (before the core exists)', async () => {
    const dataDir = tempDir('pos-stop-early-');
    const hold = tempDir('pos-hold-');
    // The app's bundle is held at its first module until the test lets it go: the stop lands in that window.
    const p = spawnNode(['--import', HOLD_REQUIRE, `${DIST}headless.js`, '--data-dir', dataDir, '--port', '0'], { HOLD_DIR: hold, HOLD_MATCH: 'headless-app' });
    await vi.waitFor(() => expect(existsSync(join(hold, 'held'))).toBe(true), { timeout: 10_000 });
    p.kill('SIGTERM');
    // The signal is kept while the loading is held (the process lives on); let it load: the start stops at its first step.
    writeFileSync(join(hold, 'release'), '');
    expect(await p.closed).toEqual({ code: 0, signal: null });
    expect(p.stderr()).toBe('');
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('through start.mjs, exits 0 when the signal it passes on ends the app before the app could catch it', async () => {
    const hold = tempDir('pos-hold-');
    // The app is held before its first line (Node still loading it): the signal start.mjs passes on ends it outright.
    const p = spawnNode([`${ROOT}scripts/start.mjs`, '--headless', '--no-build', '--', '--data-dir', tempDir('pos-stop-'), '--port', '0'], {
      NODE_OPTIONS: `--import=${HOLD}`,
      HOLD_DIR: hold,
      HOLD_MATCH: 'dist/headless.js',
    });
    await vi.waitFor(() => expect(existsSync(join(hold, 'held'))).toBe(true), { timeout: 10_000 });
    p.kill('SIGTERM');
    expect(await p.closed).toEqual({ code: 0, signal: null });
    expect(p.stderr()).toBe('');
  });
});
