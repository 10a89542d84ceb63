/**
 * Entry of the Electron app (package.json "main", bundled to dist/electron/main.js). Everything
 * but wiring lives in the shell and the core.
 */
import { join } from 'node:path';
import * as electron from 'electron';
import { createCore } from '../core';
import { resolveDataDir } from '../platform/data-dir';
import { fileKeyProtector, type Platform } from '../platform/platform';
import { APP_VERSION } from '../version';
import { safeStorageProtector } from './safe-storage-protector';
import { runShell } from './shell';

const dataDirFlag = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
const dataDir = resolveDataDir(dataDirFlag);
// Chromium's own profile (caches, local storage) stays apart from the terminal's data.
electron.app.setPath('userData', join(dataDir, 'chromium-profile'));

runShell(electron, {
  rendererDir: join(import.meta.dirname, '..', 'renderer'),
  preloadPath: join(import.meta.dirname, '..', 'preload', 'electron-preload.cjs'),
  devTools: !electron.app.isPackaged,
  async createCore() {
    const keychain = safeStorageProtector(electron.safeStorage);
    const platform: Platform = {
      host: 'electron',
      dataDir,
      version: APP_VERSION,
      keyProtector: keychain ?? fileKeyProtector,
      now: () => new Date(),
      // Outside a package, better-sqlite3 in node_modules is built for Node; start.mjs builds one for Electron.
      ...(process.env.POS_SQLITE_NATIVE_BINDING ? { sqliteNativeBinding: process.env.POS_SQLITE_NATIVE_BINDING } : {}),
    };
    const core = await createCore({ applyProvisioning: true }, platform);
    if (!keychain) core.log.warn('OS keychain unavailable: the terminal key is protected by file permissions only');
    return core;
  },
  onFatal(error) {
    console.error('Counter POS could not start:', error instanceof Error ? error.message : String(error));
    electron.app.quit();
  },
});
