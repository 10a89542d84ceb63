import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSqliteForElectron, checkNodeSqlite, electronVersion, gypEnv, nodeGypArgs, restoreNodeSqlite } from '../../../scripts/electron-native.mjs';
import { ROOT } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/*
 * better-sqlite3 for Electron's ABI (scripts/electron-native.mjs, used by npm start and npm run
 * dist). A real build needs Electron's headers, which this machine cannot download: what is tested
 * here is that the build is asked for correctly, that npm's own settings cannot turn it into a
 * build for Node, and that every failure stops with words saying why and what to do. (The same
 * build against Node's headers in place of Electron's was run by hand: it takes minutes on two cores.)
 */

describe("better-sqlite3's build for Electron", () => {
  it("asks node-gyp for Electron's version and headers", () => {
    expect(nodeGypArgs({ electronVersion: '45.4.1', arch: 'x64' })).toEqual(['rebuild', '--release', '--target=45.4.1', '--arch=x64', '--dist-url=https://electronjs.org/headers']);
    expect(nodeGypArgs({ electronVersion: '45.4.1', arch: 'arm64', headersDir: '/opt/electron-45-headers/node_headers' })).toContain('--nodedir=/opt/electron-45-headers/node_headers');
    expect(electronVersion(ROOT)).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("drops npm's settings that would build for Node's headers or another target", () => {
    const env = gypEnv({ PATH: '/usr/bin', npm_config_nodedir: '/usr', npm_config_target: '20.0.0', npm_config_runtime: 'node', npm_config_disturl: 'x', npm_config_cache: '/c' });
    expect(env).toEqual({ PATH: '/usr/bin', npm_config_cache: '/c' });
  });

  it('stops with words naming the Electron version, why and what to do when the headers are not there', () => {
    const cacheDir = tempDir();
    const headers = tempDir();
    const r = buildSqliteForElectron({ root: ROOT, electronVersion: '45.4.1', headersDir: headers, cacheDir, stdio: 'pipe' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toMatch(/could not be built for Electron 45\.4\.1: node-gyp stopped with exit code 1/);
    expect(r.problem).toMatch(/ELECTRON_HEADERS_DIR/);
    expect(r.problem).toMatch(/npm run start:headless/);
  });
});

describe("restoring the Node build after packaging", () => {
  /** A checkout whose better-sqlite3 is still the Electron build: loading it in Node fails as a wrong ABI does. */
  function electronBuiltCheckout(): string {
    const root = tempDir();
    const mod = join(root, 'node_modules', 'better-sqlite3');
    mkdirSync(mod, { recursive: true });
    writeFileSync(join(mod, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: '0.0.0', main: 'index.js' }));
    writeFileSync(join(mod, 'index.js'), "throw new Error('better_sqlite3.node was compiled against a different Node.js version using NODE_MODULE_VERSION 140');\n");
    return root;
  }

  it('fails, in words, when npm rebuild exits 0 but the module still does not load in Node', () => {
    const root = electronBuiltCheckout();
    const r = restoreNodeSqlite(root, () => ({ status: 0 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toMatch(/could NOT be restored in node_modules \(it does not load in Node: .*NODE_MODULE_VERSION 140/);
    expect(r.problem).toMatch(/npm test, posctl and the headless start fail in this checkout/);
  });

  it('fails when npm rebuild itself fails, and passes once the Node build loads', () => {
    const broken = restoreNodeSqlite(electronBuiltCheckout(), () => ({ status: 1 }));
    expect(broken.ok).toBe(false);
    expect(restoreNodeSqlite(ROOT, () => ({ status: 0 }))).toEqual({ ok: true });
    expect(checkNodeSqlite(ROOT)).toEqual({ ok: true });
  });
});
