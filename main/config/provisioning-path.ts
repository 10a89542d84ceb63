import { posix, win32 } from 'node:path';

/**
 * Where IT puts the machine-wide provisioning file of a lane, one fixed place per OS outside any
 * user's profile. On Windows and macOS it sits in a `provisioning` folder beside the machine-wide
 * data, never as the data directory's own `provision.json` (that one is applied once and deleted):
 * - Windows: `%ProgramData%\Counter POS\provisioning\provision.json`
 * - Linux:   `/etc/counter-pos/provision.json`
 * - macOS:   `/Library/Application Support/Counter POS/provisioning/provision.json`
 * `POS_PROVISIONING_FILE` names another file (tests, a lane whose policy lives elsewhere). Pure:
 * the OS and the environment are parameters, so each OS is tested on any machine.
 */
export const PROVISIONING_ENV = 'POS_PROVISIONING_FILE';

export function machineProvisioningFile(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[PROVISIONING_ENV];
  if (override) return platform === 'win32' ? win32.resolve(override) : posix.resolve(override);
  switch (platform) {
    case 'win32':
      // ProgramData is per machine; its name differs in case between Windows versions' environments.
      return win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'Counter POS', 'provisioning', 'provision.json');
    case 'darwin':
      return posix.join('/Library', 'Application Support', 'Counter POS', 'provisioning', 'provision.json');
    default:
      return posix.join('/etc', 'counter-pos', 'provision.json');
  }
}
