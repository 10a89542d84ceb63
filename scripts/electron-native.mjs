// better-sqlite3 for Electron's ABI. node_modules keeps the Node build (npm test, posctl and the
// headless start need it); Electron has another ABI, so `npm start` builds a second copy under
// .cache/electron-native/ (handed to the app as POS_SQLITE_NATIVE_BINDING) and `npm run dist`
// rebuilds the one it packages, then puts the Node build back. Each step fails loudly, in words.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where Electron's headers come from when ELECTRON_HEADERS_DIR does not name a folder that holds them. */
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

/** @param {string} root @param {string} name @returns {string} */
function versionOf(root, name) {
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'))).version;
}

/** The Electron version the checkout depends on (node_modules/electron/package.json). @param {string} root */
export function electronVersion(root) {
  return versionOf(root, 'electron');
}

/**
 * Where `npm start` keeps its Electron build: one folder per Electron and better-sqlite3 version,
 * so an upgrade of either builds again instead of loading a stale binary.
 * @param {string} root @param {string} electron @param {string} [cacheDir]
 */
export function electronSqliteTarget(root, electron, cacheDir = join(root, '.cache', 'electron-native')) {
  const dir = join(cacheDir, `electron-${electron}-better-sqlite3-${versionOf(root, 'better-sqlite3')}`);
  return { dir, moduleDir: join(dir, 'better-sqlite3'), binding: join(dir, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node') };
}

/**
 * node-gyp's arguments for a build against Electron's headers: from ELECTRON_HEADERS_DIR when given
 * (machines without internet: unpack the headers tarball of this Electron version there), else
 * downloaded by node-gyp.
 * @param {{ electronVersion: string, arch?: string, headersDir?: string | undefined }} o
 */
export function nodeGypArgs(o) {
  return [
    'rebuild',
    '--release',
    `--target=${o.electronVersion}`,
    `--arch=${o.arch ?? process.arch}`,
    o.headersDir ? `--nodedir=${o.headersDir}` : `--dist-url=${ELECTRON_HEADERS_URL}`,
  ];
}

/**
 * The environment of that build. npm passes its own settings on as npm_config_*: a `nodedir`
 * set for this machine's Node (Node's headers) would silently build for Node's ABI instead of
 * Electron's, and `target`, `runtime` or `disturl` would override the arguments above.
 * @param {NodeJS.ProcessEnv} env
 */
export function gypEnv(env) {
  /** @type {NodeJS.ProcessEnv} */
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    if (!/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(key)) clean[key] = value;
  }
  return clean;
}

/**
 * Why a build for Electron failed and what to do, for the person at the terminal.
 * @param {string} electron @param {string} what
 */
export function electronBuildProblem(electron, what) {
  return [
    `The SQLite module (better-sqlite3) could not be built for Electron ${electron}: ${what}.`,
    `It is compiled against Electron's own headers, which node-gyp downloads from ${ELECTRON_HEADERS_URL}, with a C++ compiler.`,
    `Without internet: unpack the headers tarball of Electron ${electron} and set ELECTRON_HEADERS_DIR to its node_headers folder, then try again.`,
    'To run the terminal without Electron meanwhile: npm run start:headless.',
  ].join('\n');
}

/**
 * Builds a copy of node_modules/better-sqlite3 for Electron under .cache/electron-native/ (once per
 * version pair) and returns the path of its binary, or the problem in words.
 * @param {{ root: string, electronVersion: string, headersDir?: string | undefined, cacheDir?: string, env?: NodeJS.ProcessEnv, stdio?: 'inherit' | 'pipe' }} o
 * @returns {{ ok: true, binding: string } | { ok: false, problem: string }}
 */
export function buildSqliteForElectron(o) {
  const target = electronSqliteTarget(o.root, o.electronVersion, o.cacheDir);
  if (existsSync(target.binding)) return { ok: true, binding: target.binding };
  const gyp = join(o.root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!existsSync(gyp)) return { ok: false, problem: electronBuildProblem(o.electronVersion, 'node-gyp is not installed in node_modules (run npm install)') };
  rmSync(target.dir, { recursive: true, force: true });
  mkdirSync(target.dir, { recursive: true });
  cpSync(join(o.root, 'node_modules', 'better-sqlite3'), target.moduleDir, { recursive: true });
  // The Node build copied along must not pass for the Electron one if the build fails half-way.
  rmSync(join(target.moduleDir, 'build'), { recursive: true, force: true });
  const result = spawnSync(process.execPath, [gyp, ...nodeGypArgs({ electronVersion: o.electronVersion, headersDir: o.headersDir })], {
    cwd: target.moduleDir,
    env: gypEnv(o.env ?? process.env),
    stdio: o.stdio ?? 'inherit',
    encoding: 'utf8',
  });
  if (result.error) return { ok: false, problem: electronBuildProblem(o.electronVersion, `node-gyp could not be started (${result.error.message})`) };
  if (result.status !== 0 || !existsSync(target.binding)) {
    rmSync(target.dir, { recursive: true, force: true });
    return { ok: false, problem: electronBuildProblem(o.electronVersion, `node-gyp stopped with exit code ${String(result.status ?? result.signal)} (its output is above)`) };
  }
  return { ok: true, binding: target.binding };
}

/**
 * Whether node_modules' better-sqlite3 loads in this Node (the build `npm test` and posctl need).
 * @param {string} root
 * @returns {{ ok: true } | { ok: false, problem: string }}
 */
export function checkNodeSqlite(root) {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get();";
  const result = spawnSync(process.execPath, ['-e', probe], { cwd: root, encoding: 'utf8' });
  if (result.status === 0) return { ok: true };
  const why = (result.stderr || result.error?.message || '').split('\n').find((l) => /Error|error/.test(l)) ?? `exit code ${String(result.status)}`;
  return { ok: false, problem: why.trim() };
}

/**
 * Puts the Node build of better-sqlite3 back in node_modules after packaging (`npm rebuild`) and
 * proves it by loading it; a rebuild that exits 0 but leaves the Electron build behind fails too.
 * @param {string} root
 * @param {(args: string[]) => { status: number | null }} [npm]
 * @returns {{ ok: true } | { ok: false, problem: string }}
 */
export function restoreNodeSqlite(root, npm = (args) => spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })) {
  const rebuilt = npm(['rebuild', 'better-sqlite3']);
  const loads = checkNodeSqlite(root);
  if (rebuilt.status === 0 && loads.ok) return { ok: true };
  const why = !loads.ok ? `it does not load in Node: ${loads.problem}` : `npm rebuild better-sqlite3 exited with ${String(rebuilt.status)}`;
  return {
    ok: false,
    problem: [
      `The Node build of better-sqlite3 could NOT be restored in node_modules (${why}).`,
      'Until it is, npm test, posctl and the headless start fail in this checkout.',
      'Run `npm rebuild better-sqlite3` and read its output: it needs a C++ compiler, or network access for a prebuilt binary.',
    ].join('\n'),
  };
}
