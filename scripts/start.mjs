#!/usr/bin/env node
// `npm start`: builds, then launches the Electron app. Where the Electron binary is missing (it
// is downloaded on first use, which machines without internet cannot do), it says so in one
// sentence and starts headless instead. Where the SQLite module cannot be built for Electron, it
// says why and what to do, and stops. `npm run start:headless` skips Electron on purpose.
// Arguments after `--` go to the app: --data-dir DIR, --port N (headless).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSqliteForElectron, electronVersion } from './electron-native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const headlessOnly = args.includes('--headless');
const noBuild = args.includes('--no-build');
const appArgs = args.filter((a) => a !== '--headless' && a !== '--no-build' && a !== '--');

// Ctrl+C or SIGTERM at any moment of a start ends it with exit 0, having closed what was opened:
// caught from here on and passed to the build or the app while one runs. A child that such a
// signal ended before it could catch it (Node still loading) was stopped, not failed.
/** @type {NodeJS.Signals | undefined} */
let stopAsked;
/** @type {import('node:child_process').ChildProcess | undefined} */
let current;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopAsked ??= signal;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else if (!current) process.exit(0);
  });
}

/**
 * Runs a child with this terminal's standard streams; resolves with its exit code, where a child
 * ended by SIGINT or SIGTERM counts as stopped (0).
 * @param {string} cmd @param {string[]} cmdArgs @param {NodeJS.ProcessEnv} [env] @returns {Promise<number>}
 */
function run(cmd, cmdArgs, env = process.env) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  current = child;
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
    });
  });
}

async function startHeadless() {
  process.exit(await run(process.execPath, [join(root, 'dist', 'headless.js'), ...appArgs]));
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
  // Not spawnSync: a stop asked for during the build is passed to it (build.mjs leaves nothing behind).
  const status = await run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
  if (stopAsked) process.exit(0);
  if (status !== 0) process.exit(status);
}

if (headlessOnly) {
  await startHeadless();
} else {
  const binary = electronBinary();
  if (!binary) {
    console.log('The Electron binary is not installed on this machine (it is downloaded on first use and could not be), so Counter POS starts headless: open the address below in a browser.');
    await startHeadless();
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
    if (stopAsked) process.exit(0);
    process.exit(await run(binary, electronArgs, { ...process.env, POS_SQLITE_NATIVE_BINDING: built.binding }));
  }
}
