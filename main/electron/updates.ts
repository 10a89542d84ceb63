/**
 * Self-updates of the packaged desktop app, for fleets that host their own feed (`update.url`: the
 * folder where electron-builder's latest.yml and installers are published). Empty, the default:
 * IT pushes installers and the app never looks. The updater downloads in the background; the
 * install (a restart) waits for a quiet moment (main/updates/quiet-moment.ts). electron-updater
 * needs the Electron binary, so it stays behind UpdaterLike and this wiring is tested on a fake.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, posix, win32 } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { Logger } from 'pino';
import type { Core } from '../core';
import { counterMoment } from '../updates/moment';
import { installDecision, type CounterMoment, type InstallDecision } from '../updates/quiet-moment';

/** The part of electron-updater's AppUpdater used here; its `autoUpdater` satisfies it. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void; debug?(message: string): void } | null;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'update-available' | 'update-downloaded', listener: (info: { version: string }) => void): unknown;
}

export interface UpdateDeps {
  /** The `update.url` setting ('' when IT pushes installers). */
  feedUrl(): string;
  /** Why this app cannot replace itself without a person (selfInstallProblem), or undefined when it can. */
  installProblem?(): string | undefined;
  /** Called when settings change (update.url may have). Returns how to stop listening. */
  onSettingsChange(listener: () => void): () => void;
  moment(): CounterMoment;
  log: Logger;
  /** How often to ask the feed (default every 4 hours; also at start and when update.url changes). */
  checkEveryMs?: number;
  /** How often a downloaded update looks for its quiet moment (default every minute). */
  lookEveryMs?: number;
}

export interface AppUpdates {
  /** What a downloaded update waits for, for the log and tests. */
  pending(): { version: string; decision: InstallDecision } | undefined;
  stop(): void;
}

export const CHECK_EVERY_MS = 4 * 3600_000;
export const LOOK_EVERY_MS = 60_000;

export function startUpdates(load: () => Promise<UpdaterLike>, deps: UpdateDeps): AppUpdates {
  const { log } = deps;
  let updater: UpdaterLike | undefined;
  let feed = '';
  let downloaded: string | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let lookTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  let configured = false;
  let lastWait = '';
  let unsubscribe: () => void = () => undefined;

  const check = (): void => {
    if (!updater || feed === '') return;
    // An unreachable feed is only logged: the lane keeps working on the version it has.
    updater.checkForUpdates().catch((err: unknown) => log.warn({ err, feed }, 'the update feed could not be read'));
  };

  const decide = (): InstallDecision => installDecision({ downloaded, ...deps.moment() });

  const look = (): void => {
    if (!updater || downloaded === undefined || stopped) return;
    const decision = decide();
    if (!decision.install) {
      // Said once per reason, not every minute.
      if (decision.words !== lastWait) log.info({ version: downloaded, waitingFor: decision.waitingFor }, `update ${downloaded} waits: ${decision.words}`);
      lastWait = decision.words;
      return;
    }
    log.info({ version: downloaded }, `installing update ${downloaded} at a quiet moment; the app restarts`);
    stop();
    // Silent (no installer pages at the counter), and the app starts again afterwards.
    updater.quitAndInstall(true, true);
  };

  const configure = (u: UpdaterLike): void => {
    u.autoDownload = true;
    // Never on an ordinary quit: only at a quiet moment, decided here.
    u.autoInstallOnAppQuit = false;
    // A feed may not take a lane back to an older version (its databases would refuse to open).
    u.allowDowngrade = false;
    u.logger = {
      info: (m) => log.debug({ updater: String(m) }, 'updater'),
      warn: (m) => log.warn({ updater: String(m) }, 'updater'),
      error: (m) => log.error({ updater: String(m) }, 'updater'),
    };
    u.on('error', (err) => log.warn({ err }, 'update failed; the app goes on with the version it has'));
    u.on('update-available', (info) => log.info({ version: info.version }, `update ${info.version} found; downloading it in the background`));
    u.on('update-downloaded', (info) => {
      downloaded = info.version;
      lastWait = '';
      log.info({ version: info.version }, `update ${info.version} downloaded; it is installed at the next quiet moment`);
      clearInterval(lookTimer);
      lookTimer = setInterval(look, deps.lookEveryMs ?? LOOK_EVERY_MS);
      lookTimer.unref?.();
      look();
    });
  };

  const follow = async (): Promise<void> => {
    const next = deps.feedUrl();
    if (next === feed || stopped) return;
    feed = next;
    clearInterval(checkTimer);
    checkTimer = undefined;
    if (feed === '') {
      // IT took updates back: a downloaded update is not installed by the app.
      clearInterval(lookTimer);
      downloaded = undefined;
      log.info('update.url is empty: IT pushes installers; the app does not look for updates');
      return;
    }
    const cannot = deps.installProblem?.();
    if (cannot) {
      // Never quit a lane for an installer that would then wait for an administrator nobody is there to be.
      log.warn({ feed }, `update.url is set, but ${cannot}: updates stay with IT`);
      return;
    }
    try {
      updater ??= await load();
    } catch (err) {
      log.error({ err }, 'the updater could not be loaded; updates stay with IT');
      return;
    }
    if (!configured) {
      configure(updater);
      configured = true;
    }
    updater.setFeedURL({ provider: 'generic', url: feed });
    log.info({ feed }, 'looking for updates on the fleet\'s feed');
    checkTimer = setInterval(check, deps.checkEveryMs ?? CHECK_EVERY_MS);
    checkTimer.unref?.();
    check();
  };

  function stop(): void {
    stopped = true;
    clearInterval(checkTimer);
    clearInterval(lookTimer);
    unsubscribe();
  }

  unsubscribe = deps.onSettingsChange(() => void follow());
  void follow();
  return {
    pending: () => (downloaded === undefined ? undefined : { version: downloaded, decision: decide() }),
    stop,
  };
}

/**
 * The folder an update has to write to replace the installed app: the Windows installation
 * folder, the folder holding the macOS .app bundle, or an AppImage's folder. A deb (or any package
 * installed by the system's package manager) has none the app may write: undefined.
 */
export function installFolder(platform: NodeJS.Platform, execPath: string, env: NodeJS.ProcessEnv): string | undefined {
  if (platform === 'win32') return win32.dirname(execPath);
  if (platform === 'darwin') {
    const bundle = execPath.split('/Contents/MacOS/')[0];
    return bundle && bundle.endsWith('.app') ? posix.dirname(bundle) : undefined;
  }
  return env.APPIMAGE ? posix.dirname(env.APPIMAGE) : undefined;
}

export interface InstallProbes {
  /** Whether this process's account can write the folder. */
  writable(dir: string): boolean;
  /** Windows: whether this process runs with administrator rights (elevated). */
  elevated(): boolean;
}

/**
 * Why the app cannot install an update by itself, in words, or undefined when it can. An installer
 * that needs an administrator would stop at the prompt (Windows UAC, a macOS or Linux password)
 * with the lane already closed and nobody at the counter able to answer: so the app installs only
 * where it needs nobody. Windows' per-machine installer always asks for administrator rights, which
 * the app has only when it runs elevated; elsewhere the app's account must be able to write the
 * installation folder; a deb is the package manager's.
 */
export function selfInstallProblem(platform: NodeJS.Platform, folder: string | undefined, probes: InstallProbes): string | undefined {
  if (folder === undefined) return 'this installation belongs to the system\'s package manager (a deb): IT installs updates with it';
  if (platform === 'win32') return probes.elevated() ? undefined : 'the app does not run with administrator rights, which the per-machine installer needs';
  return probes.writable(folder) ? undefined : `this account cannot write ${folder} without an administrator`;
}

/** By writing a file there (a folder's permissions, as the installer will meet them). */
function writableDir(dir: string): boolean {
  const probe = join(dir, `.counter-pos-update-probe-${process.pid}`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe, { force: true });
    return true;
  } catch {
    return false;
  }
}

/** `net session` answers only an elevated process (a standard account, or an administrator's filtered token, is refused). */
function elevated(): boolean {
  return spawnSync('net', ['session'], { windowsHide: true, stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** electron-updater's own updater, loaded only when a lane has a feed (a lane without one never loads it). */
export async function loadElectronUpdater(): Promise<UpdaterLike> {
  // A CommonJS package: its exports may come as named exports or under default, depending on the loader.
  const mod = (await import('electron-updater')) as unknown as { autoUpdater?: AppUpdater; default?: { autoUpdater?: AppUpdater } };
  // Typed against electron-updater's own AppUpdater, so the type check sees when UpdaterLike drifts from it.
  const updater: UpdaterLike | undefined = mod.autoUpdater ?? mod.default?.autoUpdater;
  if (!updater) throw new Error('electron-updater did not provide its updater');
  return updater;
}

/** The packaged app's updates, on the running core's settings and counter. */
export function startAppUpdates(core: Core, load: () => Promise<UpdaterLike> = loadElectronUpdater): AppUpdates {
  return startUpdates(load, {
    feedUrl: () => core.settings.get('update.url'),
    installProblem: () => selfInstallProblem(process.platform, installFolder(process.platform, process.execPath, process.env), { writable: writableDir, elevated }),
    onSettingsChange: (listener) => core.settings.onChange(listener),
    moment: () => counterMoment(core),
    log: core.log.child({ module: 'updates' }),
  });
}
