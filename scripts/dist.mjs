#!/usr/bin/env node
// `npm run dist`: installers with electron-builder. electron-builder rebuilds the native modules
// for Electron's ABI inside this checkout's node_modules; afterwards the Node build of
// better-sqlite3 is put back, so `npm test` and posctl keep working here. Extra arguments go to
// electron-builder (e.g. `npm run dist -- --linux deb`).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });

const build = run(process.execPath, ['scripts/build.mjs']);
if (build.status !== 0) process.exit(build.status ?? 1);
const packaged = run('npx', ['electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
console.log('Restoring the Node build of better-sqlite3 for this checkout…');
const restored = run('npm', ['rebuild', 'better-sqlite3']);
process.exit(packaged.status ?? (restored.status === 0 ? 0 : 1));
