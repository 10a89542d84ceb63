#!/usr/bin/env node
// `npm start`: builds, then launches the Electron app. Where the Electron binary is missing (it
// is downloaded on first use, which machines without internet cannot do), it says so in one
// sentence and starts headless instead. Where the SQLite module cannot be built for Electron, it
// says why and what to do, and stops. `npm run start:headless` skips Electron on purpose.
// Arguments after `--` go to the app: --data-dir DIR, --port N (headless).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSqliteForElectron, electronVersion } from './electron-native.mjs';

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
    // node_modules keeps the Node build (npm test, posctl); Electron gets its own copy, built once
    // per Electron and better-sqlite3 version (scripts/electron-native.mjs).
    const version = electronVersion(root);
    const built = buildSqliteForElectron({ root, electronVersion: version, headersDir: process.env.ELECTRON_HEADERS_DIR });
    if (!built.ok) {
      console.error(`\n${built.problem}\n`);
      process.exit(1);
    }
    const dataDir = appArgs.indexOf('--data-dir');
    const electronArgs = ['.', ...(dataDir >= 0 && appArgs[dataDir + 1] ? [`--data-dir=${appArgs[dataDir + 1]}`] : [])];
    run(binary, electronArgs, { ...process.env, POS_SQLITE_NATIVE_BINDING: built.binding });
  }
}
