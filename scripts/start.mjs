#!/usr/bin/env node
// `npm start`: builds, then launches the Electron app. Where the Electron binary is missing (it
// is downloaded on first use, which machines without internet cannot do), it says so in one
// sentence and starts headless instead. `npm run start:headless` skips Electron on purpose.
// Arguments after `--` go to the app: --data-dir DIR, --port N (headless).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const headlessOnly = args.includes('--headless');
const noBuild = args.includes('--no-build');
const appArgs = args.filter((a) => a !== '--headless' && a !== '--no-build' && a !== '--');

function run(cmd, cmdArgs, env = process.env) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startHeadless() {
  run(process.execPath, [join(root, 'dist', 'headless.js'), ...appArgs]);
}

/** Path of the Electron executable if it is really there; never triggers its download. */
function electronBinary() {
  const pkgDir = join(root, 'node_modules', 'electron');
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const base = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkgDir, 'dist');
  const binary = join(base, relative);
  return existsSync(pathFile) || process.env.ELECTRON_OVERRIDE_DIST_PATH ? (existsSync(binary) ? binary : undefined) : undefined;
}

/**
 * better-sqlite3 in node_modules is built for Node (the tests need that); Electron has another
 * ABI. Build a second copy for Electron once, outside node_modules, and hand its path to the app.
 */
function electronSqliteBinding() {
  const version = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const dir = join(root, '.cache', 'electron-native', version);
  const binding = join(dir, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(binding)) return binding;
  console.log(`Building the SQLite module for Electron ${version} (once, about a minute)…`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'node_modules', 'better-sqlite3'), join(dir, 'better-sqlite3'), { recursive: true });
  const gyp = join(root, 'node_modules', '.bin', 'node-gyp');
  const result = spawnSync(gyp, ['rebuild', '--release', `--target=${version}`, '--dist-url=https://electronjs.org/headers'], {
    cwd: join(dir, 'better-sqlite3'),
    stdio: 'inherit',
  });
  return result.status === 0 && existsSync(binding) ? binding : undefined;
}

if (!noBuild) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (headlessOnly) {
  startHeadless();
} else {
  const binary = electronBinary();
  if (!binary) {
    console.log('The Electron binary is not installed on this machine (it is downloaded on first use and could not be), so Counter POS starts headless: open the address below in a browser.');
    startHeadless();
  } else {
    const binding = electronSqliteBinding();
    if (!binding) {
      console.log('The SQLite module could not be built for Electron here, so Counter POS starts headless: open the address below in a browser.');
      startHeadless();
    } else {
      const dataDir = appArgs.indexOf('--data-dir');
      const electronArgs = ['.', ...(dataDir >= 0 && appArgs[dataDir + 1] ? [`--data-dir=${appArgs[dataDir + 1]}`] : [])];
      run(binary, electronArgs, { ...process.env, POS_SQLITE_NATIVE_BINDING: binding });
    }
  }
}
