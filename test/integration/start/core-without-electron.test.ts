import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, requireBuild, ROOT } from '../../support/processes';

beforeAll(() => requireBuild());

const IMPORTS_ELECTRON = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]electron['"]/;

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(e.name) ? [path] : [];
  });
}

describe('the core runs without Electron', () => {
  it('no module of main/ outside main/electron/, nor native/, imports electron', () => {
    const offenders = [...sources(join(ROOT, 'main')), ...sources(join(ROOT, 'native'))]
      .filter((f) => !relative(ROOT, f).startsWith('main/electron/'))
      .filter((f) => IMPORTS_ELECTRON.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the headless and posctl bundles do not import electron; the Electron bundles do', () => {
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}headless.js`, 'utf8'))).toBe(false);
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}headless-app.cjs`, 'latin1'))).toBe(false);
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}posctl.cjs`, 'utf8'))).toBe(false);
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}posctl-bundle.cjs`, 'latin1'))).toBe(false);
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}electron/main.js`, 'utf8'))).toBe(true);
    expect(IMPORTS_ELECTRON.test(readFileSync(`${DIST}preload/electron-preload.cjs`, 'utf8'))).toBe(true);
  });
});
