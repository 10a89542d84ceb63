import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const APP_DIR_NAME = 'counter-pos';

/**
 * One terminal's data directory. The same rule serves the Electron app, the headless start and
 * posctl, so a technician's command finds the lane's data without flags:
 * `--data-dir` wins, then `POS_DATA_DIR`, then the per-user default of the operating system.
 */
export function resolveDataDir(flag?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env.POS_DATA_DIR) return resolve(env.POS_DATA_DIR);
  return defaultDataDir(process.platform, env);
}

export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  switch (platform) {
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_DIR_NAME);
    default:
      return join(env.XDG_DATA_HOME ?? join(home, '.local', 'share'), APP_DIR_NAME);
  }
}
