import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { errorCodeOf } from '../error-code';

/**
 * Permissions of what the terminal writes in its data directory. A per-user directory is its
 * owner's alone (0700, files 0600). A machine-wide lane is shared by the lane's OS group: the
 * installer makes it 2770 root:counter-pos (set-group-ID, so everything inside belongs to the
 * group), and the terminal then writes folders 2770, databases 0660 (every cashier account writes
 * the journal) and the key file 0640 (the group reads it, only its writer changes it). Others get
 * nothing either way. The folder decides, so the app, the headless start and posctl agree without
 * being told. Windows ignores these modes: there the installer's ACL on the folder is inherited.
 */
export interface DataModes {
  readonly shared: boolean;
  readonly dir: number;
  readonly file: number;
  readonly secret: number;
}

export const PRIVATE_MODES: DataModes = { shared: false, dir: 0o700, file: 0o600, secret: 0o600 };
export const GROUP_MODES: DataModes = { shared: true, dir: 0o2770, file: 0o660, secret: 0o640 };

const SET_GROUP_ID = 0o2000;

/** A folder is shared by its group when it has the set-group-ID bit and full group access. */
export function isGroupShared(mode: number): boolean {
  return (mode & SET_GROUP_ID) !== 0 && (mode & 0o070) === 0o070;
}

export function modesForDirMode(mode: number | undefined): DataModes {
  return mode !== undefined && isGroupShared(mode) ? GROUP_MODES : PRIVATE_MODES;
}

/** The modes for what is written in `dir` (private while it does not exist). */
export function modesOf(dir: string): DataModes {
  try {
    return modesForDirMode(statSync(dir).mode);
  } catch {
    return PRIVATE_MODES;
  }
}

/**
 * `mkdir -p`: makes `dir` and its missing parents, each with `mode` (less the umask). One folder
 * at a time from the nearest one that exists, so a place where no folder can be made throws:
 * Node's own `mkdirSync(dir, { recursive: true })` loops without end where mkdir answers ENOENT
 * under a parent that exists (procfs, sysfs: `--data-dir /proc` hung posctl).
 */
export function makeDirs(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if (!statSync(d).isDirectory()) throw Object.assign(new Error(`${d} is not a folder`), { code: 'ENOTDIR' });
      break;
    } catch (e) {
      if (errorCodeOf(e) !== 'ENOENT' || dirname(d) === d) throw e;
      missing.push(d);
    }
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, { mode });
    } catch (e) {
      // Made meanwhile by another process (a second register starting): fine if it is a folder.
      if (errorCodeOf(e) !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
    }
  }
}

/**
 * Makes `dir` (and missing parents) with the modes of the folder it is made in, and returns the
 * modes for what goes inside. The mode is set again after mkdir: the umask removes group bits.
 */
export function makeDataFolder(dir: string): DataModes {
  try {
    return modesForDirMode(statSync(dir).mode);
  } catch (e) {
    if (errorCodeOf(e) !== 'ENOENT') throw e;
  }
  const modes = modesOf(nearestExisting(dirname(dir)));
  makeDirs(dir, modes.dir & 0o777);
  chmodSync(dir, modes.dir);
  return modes;
}

function nearestExisting(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    try {
      statSync(d);
      return d;
    } catch {
      if (dirname(d) === d) return d;
    }
  }
}

/**
 * Sets `file` to `mode` unless it already is. In a shared folder another cashier's account may own
 * the file and set it when it made it: changing it is then not ours to do, and not needed as long
 * as it grants no more than `mode`.
 */
export function restrictFile(file: string, mode: number): void {
  const current = statSync(file).mode & 0o7777;
  if (current === mode) return;
  try {
    chmodSync(file, mode);
  } catch (e) {
    if (errorCodeOf(e) !== 'EPERM' || (current & ~mode) !== 0) throw e;
  }
}
