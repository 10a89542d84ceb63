import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listPackage } from '@electron/asar';
import { getCurrentFuseWire, FuseV1Options } from '@electron/fuses';
import { build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronVersion } from '../../../scripts/electron-native.mjs';
import { requireBuild, ROOT } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';

/*
 * The packaged file list, from electron-builder itself: a real `--dir` build of this checkout with
 * electron-builder.yml, where only the Electron runtime is a stand-in (a small file carrying the
 * fuse wire, since the real binary is downloaded on first use and cannot be here). electron-builder
 * copies the app and its production node_modules through its own filters, packs app.asar, unpacks
 * what asarUnpack names, and flips the fuses in the stand-in binary. What needs the real runtime
 * (running the app, the installers) is listed in electron-only.test.ts.
 */

const suite = tempDirForSuite('pos-package-');
let resources = '';
let executable = '';
let inAsar: string[] = [];
let unpacked: string[] = [];

/** A stand-in for Electron's unpacked runtime: the files electron-builder copies and renames, and the fuse wire (version 1, 8 fuses, all enabled). */
function standInElectron(dir: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 8]), Buffer.from('11111111')]);
  writeFileSync(join(dir, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\necho "stand-in for the Electron runtime"\nexit 1\n#'), wire, Buffer.from('\n')]));
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'version'), `v${electronVersion(ROOT)}`);
  for (const f of ['LICENSE', 'LICENSES.chromium.html', 'chrome-sandbox']) writeFileSync(join(dir, f), '');
}

/** How a fuse is written in the binary: the characters '0' and '1'. */
const FUSE = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) };

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

beforeAll(async () => {
  requireBuild();
  const electronDist = join(suite.dir, 'electron-dist');
  standInElectron(electronDist);
  const output = join(suite.dir, 'release');
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: { electronDist, electronVersion: electronVersion(ROOT), directories: { output, buildResources: 'build' } },
  });
  const appDir = join(output, 'linux-unpacked');
  resources = join(appDir, 'resources');
  executable = join(appDir, 'counter-pos');
  inAsar = listPackage(join(resources, 'app.asar'), { isPack: false }).map((p) => p.replace(/\\/g, '/').replace(/^\//, ''));
  unpacked = walk(join(resources, 'app.asar.unpacked')).map((p) => relative(join(resources, 'app.asar.unpacked'), p).replace(/\\/g, '/'));
}, 180_000);

afterAll(() => suite.remove());

describe('the packaged app (electron-builder --dir with a stand-in runtime)', () => {
  it('holds the built app: main process, preload, renderer, posctl', () => {
    for (const f of ['package.json', 'dist/electron/main.js', 'dist/preload/electron-preload.cjs', 'dist/renderer/index.html', 'dist/posctl.cjs', 'dist/posctl-bundle.cjs']) {
      expect(inAsar, f).toContain(f);
    }
  });

  it('leaves out sources, tests, maps, build scripts and what Vite already bundled', () => {
    const leaked = inAsar.filter(
      (f) =>
        /\.(map|ts|tsx|mts|md)$/.test(f) ||
        // The code caches of posctl and the headless start, made by runs in this checkout (V8's, of this machine's Node).
        /^dist\/.*\.cache$/.test(f) ||
        /^(main|preload|renderer|native|test|bench|scripts|build|docs|\.cache|\.ci)\//.test(f) ||
        /^node_modules\/(react|react-dom|zustand|@tanstack|i18next|react-i18next|electron|electron-builder|vitest|typescript)\//.test(f) ||
        /^(electron-builder\.yml|vite\.renderer\.config\.ts|vitest\.config\.ts|eslint\.config\.js)$/.test(f) ||
        /(^|\/)(tsconfig(\.[\w-]+)?\.json|package-lock\.json)$/.test(f),
    );
    expect(leaked).toEqual([]);
    expect(inAsar.filter((f) => /^node_modules\/better-sqlite3\/(deps|src)\//.test(f) || /^node_modules\/node-hid\/(src|hidapi)\//.test(f))).toEqual([]);
  });

  it('ships the production dependencies the core loads at run time', () => {
    for (const dep of ['better-sqlite3', 'serialport', 'node-hid', 'commander', 'zod', 'ws', 'pino', 'soap', 'fast-xml-parser', '@napi-rs/keyring', '@primno/dpapi', 'node-gyp-build', 'bindings']) {
      expect(inAsar.some((f) => f.startsWith(`node_modules/${dep}/package.json`)), dep).toBe(true);
    }
  });

  it('unpacks every native binary from the asar, with the serialport and node-hid prebuilds of each OS', () => {
    const natives = inAsar.filter((f) => f.endsWith('.node'));
    expect(natives.length).toBeGreaterThan(10);
    expect(natives.filter((f) => !unpacked.includes(f))).toEqual([]);
    expect(unpacked).toContain('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    expect(unpacked).not.toContain('node_modules/better-sqlite3/build/Release/test_extension.node');
    for (const target of ['linux-x64', 'win32-x64', 'darwin-x64+arm64']) {
      expect(unpacked.some((f) => f.startsWith(`node_modules/@serialport/bindings-cpp/prebuilds/${target}/`) && f.endsWith('.node')), `serialport ${target}`).toBe(true);
    }
    for (const target of ['HID_hidraw-linux-x64', 'HID-win32-x64', 'HID-darwin-x64', 'HID-darwin-arm64']) {
      expect(unpacked.some((f) => f.startsWith(`node_modules/node-hid/prebuilds/${target}/`) && f.endsWith('.node')), `node-hid ${target}`).toBe(true);
    }
    expect(unpacked.some((f) => /^node_modules\/@napi-rs\/keyring-[^/]+\/.*\.node$/.test(f))).toBe(true);
    // Windows DPAPI (the machine protection of a lane's key), loaded by node-gyp-build from its prebuilds; its C++ sources stay out.
    expect(unpacked).toContain('node_modules/@primno/dpapi/prebuilds/win32-x64/@primno+dpapi.node');
    expect(inAsar.filter((f) => /^node_modules\/@primno\/dpapi\/(src|test)\/|^node_modules\/@primno\/dpapi\/binding\.gyp$/.test(f))).toEqual([]);
  });

  it('flips the fuses in the runtime binary as electron-builder.yml asks', async () => {
    expect(existsSync(executable)).toBe(true);
    const wire = await getCurrentFuseWire(executable);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FUSE.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FUSE.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FUSE.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FUSE.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FUSE.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FUSE.DISABLE);
  });
});

describe('POS_SQLITE_NATIVE_BINDING', () => {
  it('is read in main/ only by the launch guard, which a packaged app ignores it through', () => {
    const readers = walk(join(ROOT, 'main')).filter((f) => f.endsWith('.ts') && readFileSync(f, 'utf8').includes('POS_SQLITE_NATIVE_BINDING'));
    expect(readers.map((f) => relative(ROOT, f))).toEqual(['main/electron/launch-guard.ts']);
  });
});
