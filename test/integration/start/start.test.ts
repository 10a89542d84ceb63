import { watch } from 'node:fs';
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

  it('closes cleanly and exits 0 when stopped right after it printed its address, every time', async () => {
    // The log used to be flushed before its file was open ("sonic boom is not ready"): exit 1 now and then.
    for (let i = 0; i < 8; i++) {
      const p = spawnNode([`${ROOT}dist/headless.js`, '--data-dir', tempDir(), '--port', '0']);
      await p.waitFor(/#token=/);
      p.child.kill(i % 2 === 0 ? 'SIGTERM' : 'SIGINT');
      expect(await p.exited, p.stderr()).toBe(0);
      expect(p.stderr()).toBe('');
    }
  });

  it('exits 0 when stopped while it is still starting (data directory taken, address not printed yet)', async () => {
    const dir = tempDir();
    // instance.json is written when the terminal takes its data directory, before the server listens.
    const taken = new Promise<void>((resolve) => {
      const watcher = watch(dir, (_event, name) => {
        if (name === 'instance.json') {
          watcher.close();
          resolve();
        }
      });
    });
    const p = spawnNode([`${ROOT}dist/headless.js`, '--data-dir', dir, '--port', '0']);
    await taken;
    p.child.kill('SIGTERM');
    expect(await p.exited, p.stderr()).toBe(0);
    expect(p.stderr()).toBe('');
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
