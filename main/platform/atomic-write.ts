import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file whole or not at all: a temporary file beside it, flushed to disk, then renamed over
 * the target. A crash or a full disk leaves the old file (or none), never half a file. The file is
 * its owner's only (0600): an export holds cardholders' names, the merchant's data.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

/** Why a file could not be written, for a person choosing another place. */
export function writeProblemWords(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EACCES':
    case 'EPERM':
      return 'this account may not write in that folder';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EROFS':
      return 'that place is read-only';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'that folder does not exist any more';
    case 'EISDIR':
      return 'a folder has that name';
    default:
      return 'the file could not be written there';
  }
}
