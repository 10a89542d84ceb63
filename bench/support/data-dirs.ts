/**
 * Where benchmark data directories go, and what kind of file system that is. On tmpfs an fsync
 * costs nothing, so a journal figure measured there says nothing about a lane's disk: benches that
 * write the journal run once on tmpfs (when there is one) and once on the real disk, and say which.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The file system type of the mount holding `path` (longest mount-point prefix in /proc/mounts). */
export function fsTypeOf(path: string): string {
  let mounts: string;
  try {
    mounts = readFileSync('/proc/mounts', 'utf8');
  } catch {
    return 'unknown';
  }
  const full = resolve(path);
  let best = { point: '', type: 'unknown' };
  for (const line of mounts.split('\n')) {
    const [, point, type] = line.split(' ');
    if (!point || !type) continue;
    const inside = full === point || full.startsWith(point.endsWith('/') ? point : `${point}/`);
    if (inside && point.length >= best.point.length) best = { point, type };
  }
  return best.type;
}

export interface BenchDir {
  /** e.g. "disk (ext4, /var/tmp)" */
  label: string;
  path: string;
  tmpfs: boolean;
  remove(): void;
}

function make(parent: string, prefix: string): BenchDir {
  const path = mkdtempSync(join(parent, prefix));
  const type = fsTypeOf(path);
  const tmpfs = type === 'tmpfs' || type === 'ramfs';
  return { label: `${tmpfs ? 'tmpfs' : 'disk'} (${type}, ${parent})`, path, tmpfs, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A directory on the real disk: /var/tmp (kept on disk by convention), else the OS temp dir if it is not tmpfs. */
export function diskDir(prefix: string): BenchDir {
  for (const parent of ['/var/tmp', tmpdir(), process.cwd()]) {
    const type = fsTypeOf(parent);
    if (type !== 'tmpfs' && type !== 'ramfs' && type !== 'unknown') return make(parent, prefix);
  }
  return make(tmpdir(), prefix);
}

/** A directory in RAM (/dev/shm), or undefined on a host without one. */
export function ramDir(prefix: string): BenchDir | undefined {
  for (const parent of ['/dev/shm', tmpdir()]) {
    const type = fsTypeOf(parent);
    if (type === 'tmpfs' || type === 'ramfs') {
      try {
        return make(parent, prefix);
      } catch {
        // Not writable here: try the next.
      }
    }
  }
  return undefined;
}

/** The disk directory, and a tmpfs one when the host has it (disk first: the figure that counts). */
export function journalDirs(prefix: string): BenchDir[] {
  const ram = ramDir(prefix);
  return [diskDir(prefix), ...(ram ? [ram] : [])];
}
