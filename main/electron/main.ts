/**
 * Entry of the Electron app (package.json "main", bundled to dist/electron/main.js). Everything
 * but wiring lives in the shell and the core.
 */
import { join } from 'node:path';
import * as electron from 'electron';
import { runPosctl } from '../cli/posctl';
import { createCore, type Core } from '../core';
import { chooseDataDir, dataDirState, detectInstallation, machineDataDirProblem } from '../platform/data-dir';
import { modesOf } from '../platform/file-modes';
import { keyVaultFor, machineKeyFor, type Platform } from '../platform/platform';
import { APP_VERSION } from '../version';
import { launchProblem, sqliteBindingFor } from './launch-guard';
import { posctlArgs } from './posctl-mode';
import { safeStorageLegacyUnprotect } from './safe-storage-protector';
import { runShell } from './shell';
import { reportPosctlFailure, reportStartFailure, startupLog } from './start-failure';
import { startAppUpdates } from './updates';

const refused = launchProblem(process.argv, electron.app.isPackaged, { platform: process.platform, hasSwitch: (name) => electron.app.commandLine.hasSwitch(name) });
// A per-machine installation keeps the lane in the machine-wide folder (platform/data-dir.ts).
const installation = detectInstallation(electron.app.isPackaged);
const stderr = (text: string): void => void process.stderr.write(text);
/** The lane's data directory as the window would use it: where a start that fails early is logged. */
const laneDataDir = (): string =>
  chooseDataDir({ platform: process.platform, env: process.env, installation, flag: process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length) }).dir;
// Every start failure ends in main/electron/start-failure.ts: a window saying why, a log line, exit 2.
if (refused) void reportStartFailure(electron, refused, { log: startupLog(laneDataDir()), stderr });

// `counter-pos --posctl queue forward`: one posctl command, then exit. No window, no single-instance
// lock (the running app keeps the lane; posctl works beside it, as the command line does).
const posctl = refused ? undefined : posctlArgs(process.argv);
if (posctl) {
  const binding = sqliteBindingFor(electron.app.isPackaged, process.env);
  runPosctl(posctl, { installation, ...(binding ? { sqliteNativeBinding: binding } : {}) }).then(
    (code) => electron.app.exit(code),
    (error: unknown) => reportPosctlFailure(error, { exit: (code) => electron.app.exit(code), log: startupLog(laneDataDir()), stderr }),
  );
}

if (!refused && !posctl) {
  const dataDirFlag = process.argv.find((a) => a.startsWith('--data-dir='))?.slice('--data-dir='.length);
  const choice = chooseDataDir({ platform: process.platform, env: process.env, installation, flag: dataDirFlag });
  const dataDir = choice.dir;
  const dataDirProblem = machineDataDirProblem(choice, dataDirState(dataDir), process.platform);
  const machineWide = choice.source === 'machine' || modesOf(dataDir).shared;
  // Chromium's own profile (caches, local storage) stays apart from the terminal's data; a lane shared by
  // several accounts leaves it in each account's own folder (Chromium makes it private to its account).
  if (!machineWide) electron.app.setPath('userData', join(dataDir, 'chromium-profile'));

  let lane: Core | undefined;
  const shell = runShell<electron.BrowserWindow>(electron, {
    rendererDir: join(import.meta.dirname, '..', 'renderer'),
    preloadPath: join(import.meta.dirname, '..', 'preload', 'electron-preload.cjs'),
    devTools: !electron.app.isPackaged,
    async createCore(desktop) {
      if (dataDirProblem) throw new Error(dataDirProblem);
      const legacy = safeStorageLegacyUnprotect(electron.safeStorage);
      const binding = sqliteBindingFor(electron.app.isPackaged, process.env);
      const platform: Platform = {
        host: 'electron',
        dataDir,
        version: APP_VERSION,
        // The same OS keyring as the headless start and posctl (a machine-wide lane: none, its key is
        // kept by the machine outside the data folder); safeStorage only to move an older key there.
        keyVault: keyVaultFor(dataDir, machineWide),
        machineKey: machineKeyFor(dataDir, machineWide),
        ...(legacy ? { legacyKeyUnprotect: legacy } : {}),
        now: () => new Date(),
        ...(binding ? { sqliteNativeBinding: binding } : {}),
        // Silent printing to the OS printers and the save dialog: the desktop app's own.
        ...desktop,
      };
      lane = await createCore({ applyProvisioning: true, exclusive: true }, platform);
      return lane;
    },
    onFatal(error) {
      void reportStartFailure(electron, error, { log: startupLog(dataDir), stderr });
    },
  });
  // A packaged lane with update.url looks for updates once its window is up (a checkout has no feed).
  // (A start that fails is reported by onFatal; nothing to update then.)
  if (electron.app.isPackaged) void shell.ready.then(() => lane && startAppUpdates(lane)).catch(() => undefined);
}
