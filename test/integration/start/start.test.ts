import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, ROOT, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

describe('npm start without an Electron binary', () => {
  it('says so in one sentence and starts headless instead, in training mode', async () => {
    const dir = tempDir();
    // ELECTRON_OVERRIDE_DIST_PATH is Electron's own override: point it at nothing to be sure the binary is missing.
    const p = spawnNode([`${ROOT}scripts/start.mjs`, '--no-build', '--', '--data-dir', dir, '--port', '0'], {
      ELECTRON_OVERRIDE_DIST_PATH: `${dir}/no-electron-here`,
    });
    const url = await p.waitFor(/http:\/\/127\.0\.0\.1:\d+\/#token=\S+/);
    const out = p.stdout();
    const sentence = out.split('\n')[0] ?? '';
    expect(sentence).toMatch(/^The Electron binary is not installed on this machine .*starts headless.*\.$/);
    expect(out).toMatch(/TRAINING mode/);
    const res = await fetch(url[0].split('#')[0] ?? '');
    expect(res.status).toBe(200);
    expect(await p.stop()).toBe(0);
  });

  it('start:headless honours --port and stops cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const p = spawnNode([`${ROOT}scripts/start.mjs`, '--headless', '--no-build', '--', '--data-dir', dir, '--port', '0']);
    await p.waitFor(/Open this address/);
    expect(p.stdout()).not.toMatch(/Electron binary/);
    expect(await p.stop()).toBe(0);
  });

  it('explains a bad port instead of crashing', async () => {
    const p = spawnNode([`${ROOT}dist/headless.js`, '--data-dir', tempDir(), '--port', 'eighty']);
    expect(await p.exited).toBe(2);
    expect(p.stderr()).toMatch(/--port must be a number/);
  });

  it('explains a port already in use', async () => {
    const dir = tempDir();
    const first = spawnNode([`${ROOT}dist/headless.js`, '--data-dir', dir, '--port', '0']);
    const m = await first.waitFor(/127\.0\.0\.1:(\d+)/);
    const second = spawnNode([`${ROOT}dist/headless.js`, '--data-dir', tempDir(), '--port', m[1] ?? '']);
    expect(await second.exited).toBe(2);
    expect(second.stderr()).toMatch(/already in use/);
    await first.stop();
  });
});
