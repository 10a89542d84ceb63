import { isAbsolute } from 'node:path';

/**
 * Where the private terminal key of a lane without a user keyring lives: outside the data folder,
 * protected by the machine itself, so a copy or a backup of the data folder alone unseals nothing.
 * - Linux: a key file under /etc/counter-pos, 0640 root:counter-pos in a 0750 folder (only root writes it).
 * - Windows: DPAPI with the LocalMachine scope (only this computer can open the blob).
 * - macOS: the System keychain (only root writes it).
 * The data folder's key file keeps the public key, the protector's name and the locator.
 */
export interface MachineKeyProtector {
  readonly name: MachineProtectorName;
  /** For messages: "the machine key folder /etc/counter-pos", "Windows DPAPI (this computer)". */
  readonly label: string;
  /** Why this process cannot store a key there now, with what to do; undefined when it can. */
  storeProblem(): string | undefined;
  /** Makes what `store` needs (the Linux folder, with its owner and mode): `posctl keys protect` run on purpose. */
  prepare(): void;
  /** Stores the private key (PKCS#8 DER) of the key `account`; returns the locator the key file keeps. */
  store(account: string, der: Buffer): string;
  /** The private key at `locator`, or undefined when this machine holds none there (a copy from another computer). */
  load(locator: string): Buffer | undefined;
  /** Whether a stored key was removed. */
  remove(locator: string): boolean;
}

export const MACHINE_PROTECTORS = ['linux-key-folder', 'windows-dpapi', 'macos-system-keychain'] as const;
export type MachineProtectorName = (typeof MACHINE_PROTECTORS)[number];

/** How each protector is named in a message read on a host that may not have it. */
export const PROTECTOR_WORDS: Record<MachineProtectorName, string> = {
  'linux-key-folder': 'the machine key folder (Linux)',
  'windows-dpapi': 'Windows DPAPI (machine scope)',
  'macos-system-keychain': 'the macOS System keychain',
};

export class MachineKeyError extends Error {
  override name = 'MachineKeyError';
}

/** The machine's protection for one lane. */
export interface MachineProtection {
  /** The OS protector, or why there is none here: it opens any key stored there. */
  readonly protector: MachineKeyProtector | { unavailable: string };
  /**
   * A machine-wide lane (shared by the lane group): its new keys, and keys left in its key file,
   * go to the protector when this process can store there. A per-user lane keeps its key with its
   * account (the OS keyring, else its 0600 file).
   */
  readonly forNewKeys: boolean;
}

/** The Linux machine key folder: `POS_MACHINE_KEY_DIR` (tests, unusual deployments) or /etc/counter-pos. */
export const DEFAULT_MACHINE_KEY_DIR = '/etc/counter-pos';

export function machineKeyDir(env: NodeJS.ProcessEnv = process.env): string | { unavailable: string } {
  const dir = env.POS_MACHINE_KEY_DIR;
  if (dir === undefined || dir === '') return DEFAULT_MACHINE_KEY_DIR;
  return isAbsolute(dir) ? dir : { unavailable: `POS_MACHINE_KEY_DIR must be an absolute path, not "${dir}"` };
}

/** Account names come from the key file of the data folder: nothing else may reach a path or a command. */
export function checkAccount(account: string): string {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(account)) throw new MachineKeyError(`"${account.slice(0, 40)}" is not a terminal key name`);
  return account;
}
