#!/usr/bin/env node
// `npm run dist`: the installers (electron-builder.yml). Extra arguments go to electron-builder
// (e.g. `npm run dist -- --linux deb`). Node 22.12 or later (electron-builder's Electron tooling).
//  1. builds dist/;
//  2. composes the deb's maintainer scripts (scripts/deb-scripts.mjs);
//  3. rebuilds better-sqlite3 in node_modules for Electron's ABI with @electron/rebuild (a published
//     prebuilt binary when there is one, else compiled). serialport, node-hid and the keyring are
//     Node-API modules: their prebuilds for each OS load in Electron as they are, so electron-builder's
//     own rebuild of every native module is off (npmRebuild: false);
//  4. electron-builder packages what is in node_modules now;
//  5. always, after a failure or Ctrl-C too: puts the Node build of better-sqlite3 back and checks
//     that it loads, so npm test and posctl keep working in this checkout. A restore that fails
//     fails the command, in words.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeDebScripts } from './deb-scripts.mjs';
import { electronVersion, gypEnv, restoreNodeSqlite } from './electron-native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

function restoreNodeBuild() {
  console.log('Restoring the Node build of better-sqlite3 for this checkout…');
  const restored = restoreNodeSqlite(root);
  if (!restored.ok) console.error(`\n${restored.problem}\n`);
  return restored.ok;
}

const build = run(process.execPath, ['scripts/build.mjs']);
if (build.status !== 0) process.exit(build.status ?? 1);
composeDebScripts(root);

let restored = false;
const restoreOnce = () => {
  if (!restored) restored = restoreNodeBuild();
  return restored;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restoreOnce();
    process.exit(1);
  });
}

let status = 1;
try {
  const version = electronVersion(root);
  console.log(`Rebuilding better-sqlite3 for Electron ${version}…`);
  const { rebuild } = await import('@electron/rebuild');
  // npm's own settings reach node-gyp as npm_config_*: a nodedir set for this machine's Node would
  // build for Node's ABI instead of Electron's (the restore below runs npm again and gets them back).
  const clean = gypEnv(process.env);
  for (const key of Object.keys(process.env)) if (!(key in clean)) delete process.env[key];
  try {
    await rebuild({ buildPath: root, electronVersion: version, onlyModules: ['better-sqlite3'], force: true, mode: 'sequential' });
  } catch (e) {
    throw new Error(
      `better-sqlite3 could not be rebuilt for Electron ${version} (${e instanceof Error ? e.message : String(e)}); nothing was packaged. It needs network access (for a prebuilt binary, or Electron's headers and a C++ compiler).`,
      { cause: e },
    );
  }
  status = run('npx', ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]).status ?? 1;
} catch (e) {
  console.error(`\n${e instanceof Error ? e.message : String(e)}\n`);
  status = 1;
} finally {
  if (!restoreOnce()) status = status === 0 ? 1 : status;
}
process.exit(status);
