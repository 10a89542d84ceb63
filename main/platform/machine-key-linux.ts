import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, fchmodSync, fchownSync, fsyncSync, lstatSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { errorCodeOf } from '../error-code';
import { LANE_GROUP } from './data-dir';
import { makeDirs } from './file-modes';
import { checkAccount, MachineKeyError, type MachineKeyProtector } from './machine-key';

export const KEY_FOLDER_MODE = 0o750;
export const KEY_FILE_MODE = 0o640;

export interface LinuxKeyFolderOptions {
  dir: string;
  /** The lane group's id, undefined when the group does not exist (default: `getent group counter-pos`). */
  groupId?: () => number | undefined;
  /** Whether this process runs as root (default: its effective user id). */
  isRoot?: () => boolean;
}

/** The id of a group by name, through NSS (`getent`), else /etc/group. */
export function groupIdOf(name: string): number | undefined {
  let line: string | undefined;
  try {
    line = execFileSync('getent', ['group', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    try {
      line = readFileSync('/etc/group', 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${name}:`));
    } catch {
      return undefined;
    }
  }
  const gid = Number(line?.split(':')[2]);
  return Number.isInteger(gid) && gid >= 0 ? gid : undefined;
}

/**
 * The Linux machine protector: one file per terminal key, `<dir>/<account>.key`, holding the
 * private key (PKCS#8 DER, base64), 0640 root:counter-pos in a 0750 root:counter-pos folder. The
 * lane's accounts (the group) read it, only root writes it, and it is outside the data folder, so
 * a copy or backup of /var/lib/counter-pos carries no key. Root makes it: the deb's after-install,
 * or `sudo posctl keys protect`. A start (even as root) only uses a folder that is already there,
 * so a machine never set up as a lane gets nothing under /etc.
 */
export function linuxKeyFolder(o: LinuxKeyFolderOptions): MachineKeyProtector {
  const dir = o.dir;
  const groupId = o.groupId ?? (() => groupIdOf(LANE_GROUP));
  const isRoot = o.isRoot ?? (() => process.geteuid?.() === 0);
  const fileOf = (account: string): string => join(dir, `${checkAccount(account)}.key`);
  const run = `run \`sudo posctl keys protect\``;

  function folderState(): 'ok' | 'missing' | 'not-a-folder' {
    try {
      return lstatSync(dir).isDirectory() ? 'ok' : 'not-a-folder';
    } catch (e) {
      if (errorCodeOf(e) === 'ENOENT') return 'missing';
      throw e;
    }
  }

  function gid(): number {
    const id = groupId();
    if (id === undefined) throw new MachineKeyError(`the group ${LANE_GROUP} does not exist on this computer: create it (sudo groupadd --system ${LANE_GROUP}) and add the lane's accounts to it`);
    return id;
  }

  /** The folder's owner and mode, set again each time: a folder left 0755 would list the keys to anyone. */
  function secureFolder(group: number): void {
    if (folderState() === 'not-a-folder') throw new MachineKeyError(`${dir} is not a folder (a link or a file is refused)`);
    chownSync(dir, 0, group);
    chmodSync(dir, KEY_FOLDER_MODE);
  }

  return {
    name: 'linux-key-folder',
    label: `the machine key folder ${dir}`,
    storeProblem() {
      if (!isRoot()) return `only root can write to the machine key folder ${dir}: ${run}`;
      const state = folderState();
      if (state === 'missing') return `the machine key folder ${dir} does not exist yet (the deb's installation makes it): ${run}`;
      if (state === 'not-a-folder') return `${dir} is not a folder: move it aside, then ${run}`;
      if (groupId() === undefined) return `the group ${LANE_GROUP} does not exist on this computer: create it (sudo groupadd --system ${LANE_GROUP}), then ${run}`;
      return undefined;
    },
    prepare() {
      if (!isRoot()) throw new MachineKeyError(`only root can make the machine key folder ${dir}: ${run}`);
      const group = gid();
      if (folderState() === 'missing') makeDirs(dir, KEY_FOLDER_MODE);
      secureFolder(group);
    },
    store(account, der) {
      const file = fileOf(account);
      if (!isRoot()) throw new MachineKeyError(`only root can write to the machine key folder ${dir}: ${run}`);
      const group = gid();
      secureFolder(group);
      const tmp = `${file}.tmp-${process.pid}`;
      rmSync(tmp, { force: true });
      // Owner and mode are set on the open file before any byte is written: never readable by others.
      const fd = openSync(tmp, 'wx', 0o600);
      try {
        fchownSync(fd, 0, group);
        fchmodSync(fd, KEY_FILE_MODE);
        writeSync(fd, `${der.toString('base64')}\n`);
        // On disk before the data folder's key file stops holding the key: a power cut loses neither.
        fsyncSync(fd);
      } catch (e) {
        closeSync(fd);
        rmSync(tmp, { force: true });
        throw e;
      }
      closeSync(fd);
      renameSync(tmp, file);
      const folder = openSync(dir, 'r');
      try {
        fsyncSync(folder);
      } finally {
        closeSync(folder);
      }
      return account;
    },
    load(locator) {
      const file = fileOf(locator);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (e) {
        const code = errorCodeOf(e);
        if (code === 'ENOENT') return undefined;
        if (code === 'EACCES' || code === 'EPERM') {
          throw new MachineKeyError(
            `this account may not read ${file}: add it to the group ${LANE_GROUP} (sudo usermod -aG ${LANE_GROUP} ACCOUNT), then log out and in again`,
          );
        }
        throw new MachineKeyError(`${file} cannot be read (${code || 'read error'})`);
      }
      return Buffer.from(text.trim(), 'base64');
    },
    remove(locator) {
      try {
        unlinkSync(fileOf(locator));
        return true;
      } catch (e) {
        if (errorCodeOf(e) === 'ENOENT') return false;
        throw e;
      }
    },
  };
}
