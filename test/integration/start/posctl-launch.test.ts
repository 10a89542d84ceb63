import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMONJS_HEAD, COMMONJS_TAIL } from '../../../main/platform/code-cache';
import { DIST, requireBuild, ROOT, runNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const bundleHash = (): string => createHash('sha256').update(readFileSync(`${DIST}posctl-bundle.cjs`)).digest('hex').slice(0, 16);

/** posctl's start and bundle in a folder of their own, so the caches a run leaves can be seen. */
function posctlCopy(): { dir: string; bin: string; caches: () => string[] } {
  const dir = tempDir('pos-launch-');
  mkdirSync(join(dir, 'dist'));
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  for (const f of ['posctl.cjs', 'posctl-bundle.cjs']) cpSync(join(DIST, f), join(dir, 'dist', f));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, bin: join(dir, 'bin', 'posctl.js'), caches: () => readdirSync(join(dir, 'dist')).filter((f) => f.endsWith('.cache')).sort() };
}

const ENV = { POS_KEY_PROTECTION: 'file' };

describe("posctl's start through V8's code cache", () => {
  it('is given an ASCII bundle (the start reads it as latin1; the build refuses any other)', () => {
    expect(readFileSync(`${DIST}posctl-bundle.cjs`).every((b) => b < 0x80)).toBe(true);
  });

  // Wrapped by the build, the start compiles the file's text as it is, not a wrapped copy of it.
  it("is given a bundle inside Node's CommonJS wrapper, as the start expects it", () => {
    const text = readFileSync(`${DIST}posctl-bundle.cjs`, 'latin1');
    expect(text.startsWith(COMMONJS_HEAD)).toBe(true);
    expect(text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '').endsWith(COMMONJS_TAIL)).toBe(true);
  });

  it('is given a bundle without import() (a vm.Script has no loader for it: soap and node-hid are required)', () => {
    expect(readFileSync(`${DIST}posctl-bundle.cjs`, 'latin1').match(/[^\w$.]import\(/g) ?? []).toEqual([]);
  });

  // Named by the hash of the bundle it was built with: V8 would take a stale one of the same length.
  it('leaves one cache per command on its first run, named by the bundle, and answers the same from it', async () => {
    const app = posctlCopy();
    const data = join(app.dir, 'lane');
    const first = await runNode([app.bin, '--version'], { env: ENV });
    expect(first.code).toBe(0);
    expect(app.caches()).toEqual([`posctl-${bundleHash()}-posctl.cache`]);
    const second = await runNode([app.bin, '--version'], { env: ENV });
    expect(second.stdout).toBe(first.stdout);
    const status = await runNode([app.bin, '--data-dir', data, '--create', 'status', '--json'], { env: ENV });
    expect(status.code, status.stderr).toBe(0);
    expect(app.caches()).toEqual([`posctl-${bundleHash()}-posctl.cache`, `posctl-${bundleHash()}-status.cache`]);
    const again = await runNode([app.bin, '--data-dir', data, 'status', '--json'], { env: ENV });
    expect(again.code, again.stderr).toBe(0);
    const shape = (out: string): string[] => Object.keys(JSON.parse(out) as object).sort();
    expect(shape(again.stdout)).toEqual(shape(status.stdout));
  });

  it('keeps none from a run that failed (it would lack the code of the command that later succeeds)', async () => {
    const app = posctlCopy();
    const run = await runNode([app.bin, '--data-dir', join(app.dir, 'no-such-lane'), 'status'], { env: ENV });
    expect(run.code).toBe(2);
    expect(app.caches()).toEqual([]);
  });

  it('keeps none with NODE_DISABLE_COMPILE_CACHE', async () => {
    const app = posctlCopy();
    const run = await runNode([app.bin, '--version'], { env: { ...ENV, NODE_DISABLE_COMPILE_CACHE: '1' } });
    expect(run.code).toBe(0);
    expect(app.caches()).toEqual([]);
  });
});
