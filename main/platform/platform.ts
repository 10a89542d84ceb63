import { LANE_GROUP } from './data-dir';
import { modesOf } from './file-modes';
import { keyProtectionChoice, osKeyVault, type KeyVault } from './key-vault';
import { machineKeyDir, type MachineKeyProtector, type MachineProtection } from './machine-key';
import { linuxKeyFolder } from './machine-key-linux';
import { macSystemKeychain } from './machine-key-macos';
import { windowsDpapi } from './machine-key-windows';

export type HostKind = 'electron' | 'headless' | 'cli';

/**
 * The operating system's printers, where the host can reach them (the desktop app prints silently
 * through Electron). Receipts go there when the lane has no ESC/POS printer (receipts.printer).
 */
export interface HostPrinter {
  /** Prints the lines as they are (monospaced, 40 columns); `printerName` '' is the OS default printer. Rejects with words for a person. */
  printLines(lines: readonly string[], options: { printerName: string; title: string }): Promise<void>;
}

/** A file the person saves where they choose (the desktop app's save dialog). */
export interface SaveFileRequest {
  /** The name the dialog proposes, without a folder. */
  defaultName: string;
  content: string;
}
export interface SaveFileResult {
  /** False when the person closed the dialog without choosing. */
  saved: boolean;
  path?: string;
}

/**
 * What differs between the hosts the core runs on (the Electron app, the headless start, posctl):
 * where data lives, where the terminal key is protected, and the clock. The key protection is
 * the same for every host (the OS keyring; for a machine-wide lane the machine's protector; else a
 * file in the data folder), so any host can unseal.
 */
export interface Platform {
  readonly host: HostKind;
  readonly dataDir: string;
  readonly version: string;
  /** The OS keyring, or why it is not used on this host. */
  readonly keyVault: KeyVault | { unavailable: string };
  /** The machine's protector (outside the data folder), and whether this lane keeps its key there. */
  readonly machineKey?: MachineProtection;
  /** The desktop app only: opens a terminal key that an earlier version sealed with Electron's safeStorage, to migrate it. */
  readonly legacyKeyUnprotect?: (blob: Buffer) => Buffer;
  now(): Date;
  /** Path of a better-sqlite3 binary built for this runtime's ABI, when not the one in node_modules. */
  readonly sqliteNativeBinding?: string;
  /** The OS printers, when this host can print to them (the desktop app). */
  readonly hostPrinter?: HostPrinter;
  /** Asks where to save, then writes the file whole (the desktop app). Rejects with words for a person. */
  readonly saveFile?: (request: SaveFileRequest) => Promise<SaveFileResult>;
}

/** The OS keyring unless `POS_KEY_PROTECTION=file` asks for the key file (a lane set up without a keyring, the test suite). */
export function defaultKeyVault(env: NodeJS.ProcessEnv = process.env): Platform['keyVault'] {
  return keyProtectionChoice(env) === 'file' ? { unavailable: 'POS_KEY_PROTECTION=file is set' } : osKeyVault();
}

/**
 * The key protection for a data directory. A machine-wide lane (the installer's folder, or any
 * group-shared 2770 folder) is used by several OS accounts, while an OS keyring entry belongs to one
 * account: its key stays in the lane's key file, which only the lane's group can read.
 */
export function keyVaultFor(dataDir: string, machineWide: boolean, env: NodeJS.ProcessEnv = process.env): Platform['keyVault'] {
  if (machineWide || modesOf(dataDir).shared) {
    return { unavailable: `a machine-wide lane is shared by the accounts of the ${LANE_GROUP} group and a keyring entry belongs to one account` };
  }
  return defaultKeyVault(env);
}

/** The machine protector of this operating system; nothing native is loaded until it is used (DPAPI on Windows only). */
export function osMachineKeyProtector(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): MachineKeyProtector | { unavailable: string } {
  switch (platform) {
    case 'win32':
      return windowsDpapi();
    case 'darwin':
      return macSystemKeychain();
    case 'linux': {
      const dir = machineKeyDir(env);
      return typeof dir === 'string' ? linuxKeyFolder({ dir }) : dir;
    }
    default:
      return { unavailable: `there is no machine key protection on ${platform}` };
  }
}

/**
 * The machine protection for a data directory: every lane can open a key kept there; a
 * machine-wide lane (the same rule as keyVaultFor) also keeps its own key there, since no user
 * keyring serves all of its accounts.
 */
export function machineKeyFor(dataDir: string, machineWide: boolean, env: NodeJS.ProcessEnv = process.env): MachineProtection {
  return { protector: osMachineKeyProtector(process.platform, env), forNewKeys: machineWide || modesOf(dataDir).shared };
}

export function createNodePlatform(options: {
  host: HostKind;
  dataDir: string;
  version: string;
  now?: () => Date;
  keyVault?: Platform['keyVault'];
  machineKey?: MachineProtection;
  /** The data directory is the machine-wide folder of a per-machine installation (see keyVaultFor). */
  machineWide?: boolean;
}): Platform {
  return {
    host: options.host,
    dataDir: options.dataDir,
    version: options.version,
    keyVault: options.keyVault ?? keyVaultFor(options.dataDir, options.machineWide ?? false),
    machineKey: options.machineKey ?? machineKeyFor(options.dataDir, options.machineWide ?? false),
    now: options.now ?? (() => new Date()),
  };
}
