import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMONJS_HEAD, COMMONJS_TAIL } from '../../../main/platform/code-cache';
import { DIST, requireBuild, ROOT, runNode, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const bundleHash = (): string => createHash('sha256').update(readFileSync(`${DIST}headless-app.cjs`)).digest('hex').slice(0, 16);

/** The headless start, its app bundle and the renderer in a folder of their own, so the cache a start leaves can be seen. */
function headlessCopy(): { dir: string; entry: string; caches: () => string[] } {
  const dir = tempDir('pos-headless-launch-');
  mkdirSync(join(dir, 'dist'));
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const f of ['headless.js', 'headless-app.cjs']) cpSync(join(DIST, f), join(dir, 'dist', f));
  symlinkSync(join(DIST, 'renderer'), join(dir, 'dist', 'renderer'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, entry: join(dir, 'dist', 'headless.js'), caches: () => readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.cache')).sort() };
}

const ENV = { POS_KEY_PROTECTION: 'file' };

describe("the headless start through V8's code cache", () => {
  it('is given an ASCII bundle without import() (the start reads it as latin1 and runs it as a vm.Script)', () => {
    const bundle = readFileSync(`${DIST}headless-app.cjs`);
    expect(bundle.every((b) => b < 0x80)).toBe(true);
    expect(bundle.toString('latin1').match(/[^\w$.]import\(/g) ?? []).toEqual([]);
  });

  // Wrapped by the build, the start compiles the file's text as it is, not a wrapped copy of it.
  it("is given a bundle inside Node's CommonJS wrapper, as the start expects it", () => {
    const text = readFileSync(`${DIST}headless-app.cjs`, 'latin1');
    expect(text.startsWith(COMMONJS_HEAD)).toBe(true);
    expect(text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '').endsWith(COMMONJS_TAIL)).toBe(true);
  });

  // Named by the hash of the bundle it was built with: V8 would take a stale one of the same length.
  it('leaves its cache, named by the bundle, once fully started, and starts the same from it', async () => {
    const app = headlessCopy();
    const lane = join(app.dir, 'lane');
    const first = spawnNode([app.entry, '--data-dir', lane, '--port', '0'], ENV);
    await first.waitFor(/#token=/);
    // Written once the deferred start (the gateway service, training's simulators) is done.
    await vi.waitFor(() => expect(app.caches()).toEqual([`headless-${bundleHash()}.cache`]), { timeout: 10_000 });
    expect(await first.stop()).toBe(0);
    const second = spawnNode([app.entry, '--data-dir', lane, '--port', '0'], ENV);
    await second.waitFor(/#token=/);
    expect(await second.stop()).toBe(0);
    expect(second.stderr()).toBe('');
  });

  it('keeps none from a start that did not start (its help, a bad argument)', async () => {
    const app = headlessCopy();
    expect((await runNode([app.entry, '--help'], { env: ENV })).code).toBe(0);
    expect((await runNode([app.entry, '--port', 'eighty'], { env: ENV })).code).toBe(2);
    expect(app.caches()).toEqual([]);
  });

  it('keeps none with NODE_DISABLE_COMPILE_CACHE, and starts without one', async () => {
    const app = headlessCopy();
    const p = spawnNode([app.entry, '--data-dir', join(app.dir, 'lane'), '--port', '0'], { ...ENV, NODE_DISABLE_COMPILE_CACHE: '1' });
    await p.waitFor(/#token=/);
    // The deferred start is done once training's marketplace and merchant simulators listen (their log lines).
    const listening = (): number => readFileSync(join(app.dir, 'lane', 'logs', 'pos.log'), 'utf8').split('training simulator listening').length - 1;
    await vi.waitFor(() => expect(listening()).toBe(2), { timeout: 10_000 });
    expect(await p.stop()).toBe(0);
    expect(app.caches()).toEqual([]);
  });

  it('starts from a damaged cache, and replaces it', async () => {
    const app = headlessCopy();
    const cache = join(app.dir, 'dist', `headless-${bundleHash()}.cache`);
    writeFileSync(cache, 'not a code cache');
    const p = spawnNode([app.entry, '--data-dir', join(app.dir, 'lane'), '--port', '0'], ENV);
    await p.waitFor(/#token=/);
    await vi.waitFor(() => expect(readFileSync(cache).length).toBeGreaterThan(1000), { timeout: 10_000 });
    expect(await p.stop()).toBe(0);
    expect(existsSync(cache)).toBe(true);
  });
});
