import { closeSync, fchmodSync, openSync, writeSync } from 'node:fs';
import { errorCodeOf } from '../error-code';
import { CliError } from './output';

/**
 * Writes a file posctl hands over (a support bundle, a journal export, an exported key) readable by
 * its owner only. An existing file is refused unless `replace` (--force); a replaced file keeps the
 * mode it had, so it is made owner-only before a byte is written into it.
 */
export function writeOwnerOnly(file: string, data: string | Uint8Array, replace: boolean): void {
  let fd: number | undefined;
  try {
    fd = openSync(file, replace ? 'w' : 'wx', 0o600);
    fchmodSync(fd, 0o600);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.byteLength; ) at += writeSync(fd, bytes, at, bytes.byteLength - at);
  } catch (e) {
    if (errorCodeOf(e) === 'EEXIST') throw new CliError(`${file} exists; add --force to replace it`);
    throw new CliError(`cannot write ${file} (${errorCodeOf(e) || (e as Error).message})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
