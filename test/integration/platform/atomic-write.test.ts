import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../main/platform/atomic-write';
import { tempDir } from '../../support/tmp';

describe('writeFileAtomic', () => {
  it('writes a new file readable by its owner only, leaving no temporary file', async () => {
    const dir = tempDir('pos-atomic-');
    const file = join(dir, 'march.csv');
    await writeFileAtomic(file, 'a,b\r\n1,2\r\n');
    expect(readFileSync(file, 'utf8')).toBe('a,b\r\n1,2\r\n');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['march.csv']);
  });

  it('replaces an existing file whole', async () => {
    const dir = tempDir('pos-atomic-');
    const file = join(dir, 'march.csv');
    writeFileSync(file, 'old content that is longer than the new one');
    await writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['march.csv']);
  });

  it('leaves the old file and no temporary file behind when it cannot finish', async () => {
    const dir = tempDir('pos-atomic-');
    // The target is a folder: the temporary file is written, the rename fails.
    const target = join(dir, 'taken.csv');
    mkdirSync(target);
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['taken.csv']);
    expect(statSync(target).isDirectory()).toBe(true);
  });

  // Root writes anywhere, and Windows has no mode bits: there the permission cannot be taken away.
  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)('fails on a folder it may not write in, and writes nothing there', async () => {
    const dir = tempDir('pos-atomic-');
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    try {
      await expect(writeFileAtomic(join(locked, 'a.csv'), 'x')).rejects.toMatchObject({ code: 'EACCES' });
      expect(existsSync(join(locked, 'a.csv'))).toBe(false);
    } finally {
      chmodSync(locked, 0o700);
    }
  });
});
