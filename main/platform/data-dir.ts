import { accessSync, constants, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix, resolve, win32 } from 'node:path';

/** The per-user folder name (a checkout, an AppImage, a Mac without a machine-wide lane). */
export const APP_DIR_NAME = 'counter-pos';
/** The machine-wide folder name on Windows and macOS (Linux: /var/lib/counter-pos). */
export const MACHINE_DIR_NAME = 'Counter POS';
/** The operating-system group whose members are the lane's users (created by the installers). */
export const LANE_GROUP = 'counter-pos';

/**
 * How the program was installed. `machine`: one installation for every account of the PC, whose
 * lane keeps its data in one machine-wide folder; `user`: the data follows the OS account.
 */
export type InstallKind = 'machine' | 'user';

export interface Installation {
  /** A packaged app (installer, AppImage, dmg); false for a checkout (npm start, headless, posctl). */
  readonly packaged: boolean;
  readonly kind: InstallKind;
}

/** A checkout: the per-user default, as before installers existed. */
export const CHECKOUT: Installation = { packaged: false, kind: 'user' };

export type DataDirSource = 'flag' | 'env' | 'machine' | 'user';

export interface DataDirChoice {
  readonly dir: string;
  /** What decided: --data-dir, POS_DATA_DIR, the machine-wide folder of the installation, or the per-user default. */
  readonly source: DataDirSource;
}

export interface DataDirInput {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly installation: Installation;
  /** The value of --data-dir, if given. */
  readonly flag?: string | undefined;
  /** The account's home folder when HOME and USERPROFILE are unset (tests pass one; the default asks the OS). */
  readonly home?: string;
}

/**
 * One terminal's data directory, the same rule for the desktop app, its --posctl mode, the
 * headless start and posctl: `--data-dir` wins, then `POS_DATA_DIR`; then a packaged per-machine
 * installation uses the machine-wide folder, and everything else the per-user default.
 * Pure: the platform, the environment and the installation are inputs.
 */
export function chooseDataDir(input: DataDirInput): DataDirChoice {
  if (input.flag) return { dir: resolve(input.flag), source: 'flag' };
  if (input.env.POS_DATA_DIR) return { dir: resolve(input.env.POS_DATA_DIR), source: 'env' };
  if (input.installation.packaged && input.installation.kind === 'machine') {
    return { dir: machineDataDir(input.platform, input.env), source: 'machine' };
  }
  return { dir: userDataDir(input.platform, input.env, input.home), source: 'user' };
}

/** The machine-wide data directory of a per-machine installation. */
export function machineDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  switch (platform) {
    case 'win32':
      // %ProgramData%, which Windows always sets; ALLUSERSPROFILE is the same folder under its older name.
      return win32.join(env.ProgramData ?? env.PROGRAMDATA ?? env.ALLUSERSPROFILE ?? 'C:\\ProgramData', MACHINE_DIR_NAME);
    case 'darwin':
      return posix.join('/Library/Application Support', MACHINE_DIR_NAME);
    default:
      return posix.join('/var/lib', APP_DIR_NAME);
  }
}

/** The per-user default of the operating system. */
export function userDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home?: string): string {
  const base = env.HOME ?? env.USERPROFILE ?? home ?? homedir();
  switch (platform) {
    case 'win32':
      return win32.join(env.APPDATA ?? win32.join(base, 'AppData', 'Roaming'), APP_DIR_NAME);
    case 'darwin':
      return posix.join(base, 'Library', 'Application Support', APP_DIR_NAME);
    default:
      return posix.join(env.XDG_DATA_HOME ?? posix.join(base, '.local', 'share'), APP_DIR_NAME);
  }
}

/**
 * How a packaged app was installed, from facts each installer leaves:
 * - Windows: the only Windows target is the NSIS installer, built per machine (electron-builder.yml
 *   `nsis.perMachine`), which also creates the machine-wide folder.
 * - Linux: an AppImage runs with `APPIMAGE` set by its runtime (a per-user download); otherwise it is
 *   the deb under /opt, whose post-install script creates /var/lib/counter-pos.
 * - macOS: a dmg has no installer script, so a Mac is a machine-wide lane once IT has created
 *   /Library/Application Support/Counter POS (docs/deploying.md, "Deploying lanes"); until then, per user.
 */
export function installKindOf(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, machineDirExists: () => boolean): InstallKind {
  switch (platform) {
    case 'win32':
      return 'machine';
    case 'linux':
      return env.APPIMAGE ? 'user' : 'machine';
    case 'darwin':
      return machineDirExists() ? 'machine' : 'user';
    default:
      return 'user';
  }
}

/** The installation of the running program (looks at the disk on macOS only). */
export function detectInstallation(packaged: boolean, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): Installation {
  if (!packaged) return CHECKOUT;
  return { packaged, kind: installKindOf(platform, env, () => existsSync(machineDataDir(platform, env))) };
}

/** `chooseDataDir` for this process: its platform and, by default, its environment and a checkout. */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env, installation: Installation = CHECKOUT): string {
  return chooseDataDir({ platform: process.platform, env, installation, flag }).dir;
}

/**
 * Why the machine-wide folder cannot be used, in words for the person at the lane, or undefined.
 * The installer creates it with the lane group's permissions; the app never creates it itself
 * (it would be private to whoever started first, and locked for the other cashiers).
 */
export function machineDataDirProblem(choice: DataDirChoice, state: 'ok' | 'missing' | 'denied', platform: NodeJS.Platform): string | undefined {
  if (choice.source !== 'machine' || state === 'ok') return undefined;
  if (state === 'missing') {
    return platform === 'darwin'
      ? `The lane's data folder ${choice.dir} does not exist. Ask IT to prepare this Mac as a lane (docs/deploying.md, "Deploying lanes"), or start Counter POS with --data-dir.`
      : `The lane's data folder ${choice.dir} does not exist. Install Counter POS again (the installer creates it for the lane's users), or start it with --data-dir.`;
  }
  const how =
    platform === 'win32'
      ? `add this Windows account to the local group ${LANE_GROUP} (net localgroup ${LANE_GROUP} ACCOUNT /add)`
      : `add this account to the group ${LANE_GROUP} (${platform === 'darwin' ? `sudo dseditgroup -o edit -a ACCOUNT -t user ${LANE_GROUP}` : `sudo usermod -aG ${LANE_GROUP} ACCOUNT`}), then log out and in again`;
  return `This account may not use the lane's data folder ${choice.dir}: ask IT to ${how}.`;
}

/** Whether this process can use `dir`: it exists and the account may read, write and enter it. */
export function dataDirState(dir: string): 'ok' | 'missing' | 'denied' {
  if (!existsSync(dir)) return 'missing';
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    return 'ok';
  } catch {
    return 'denied';
  }
}
