import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

const HOLD = `${ROOT}test/integration/start/children/hold-import.mjs`;

/** The checkout's sources in a folder of their own (its node_modules linked), so a build there leaves this dist/ alone. */
function copyOfCheckout(): string {
  const copy = tempDir('pos-checkout-');
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

describe('npm run start:headless stopped while it builds', { timeout: 120_000 }, () => {
  it('stops the build, leaves no half-built folder and no dist/, and exits 0', async () => {
    const copy = copyOfCheckout();
    const marks = tempDir('pos-mark-');
    // The renderer's Vite plug-in is asked for once the build is under way (its handlers set, folders being written).
    const p = spawnNode([join(copy, 'scripts', 'start.mjs'), '--headless', '--', '--data-dir', tempDir('pos-stop-'), '--port', '0'], {
      NODE_OPTIONS: `--import=${HOLD}`,
      HOLD_DIR: marks,
      HOLD_MODE: 'mark',
      HOLD_MATCH: '@vitejs/plugin-react',
    });
    await vi.waitFor(() => expect(existsSync(join(marks, 'held'))).toBe(true), { timeout: 60_000, interval: 5 });
    p.kill('SIGTERM');
    expect(await p.closed).toEqual({ code: 0, signal: null });
    expect(p.stdout()).not.toMatch(/#token=/);
    expect(readdirSync(copy).filter((name) => name.startsWith('dist'))).toEqual([]);
  });
});
