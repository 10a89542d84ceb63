import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_MODES, isGroupShared, makeDirs, modesForDirMode, PRIVATE_MODES } from '../../../main/platform/file-modes';

const DIR = 0o040000;

describe('modesForDirMode', () => {
  it('shares with the group only a folder with set-group-ID and full group access (the installers make 2770)', () => {
    expect(modesForDirMode(DIR | 0o2770)).toBe(GROUP_MODES);
    expect(modesForDirMode(DIR | 0o2775)).toBe(GROUP_MODES);
    expect(isGroupShared(0o2770)).toBe(true);
  });

  it('keeps everything else private: 0700, a group-writable folder without set-group-ID, set-group-ID without group write', () => {
    for (const mode of [0o700, 0o770, 0o775, 0o2750, 0o2700, 0o755]) {
      expect(modesForDirMode(DIR | mode), mode.toString(8)).toBe(PRIVATE_MODES);
    }
    expect(modesForDirMode(undefined)).toBe(PRIVATE_MODES);
  });

  it('gives others nothing either way, and lets the group read but not change the key file', () => {
    for (const m of [PRIVATE_MODES, GROUP_MODES]) {
      expect(m.dir & 0o007).toBe(0);
      expect(m.file & 0o007).toBe(0);
      expect(m.secret & 0o007).toBe(0);
    }
    expect(GROUP_MODES).toMatchObject({ dir: 0o2770, file: 0o660, secret: 0o640 });
    expect(PRIVATE_MODES).toMatchObject({ dir: 0o700, file: 0o600, secret: 0o600 });
  });
});

describe('makeDirs', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const temp = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'pos-makedirs-'));
    made.push(d);
    return d;
  };

  it('makes the folder and its missing parents, each with the mode asked (less the umask), and leaves an existing one be', () => {
    const root = temp();
    const deep = join(root, 'a', 'b', 'c');
    makeDirs(deep, 0o700);
    for (const d of [join(root, 'a'), join(root, 'a', 'b'), deep]) expect(statSync(d).mode & 0o777).toBe(0o700);
    makeDirs(deep, 0o700);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('throws where no folder can be made: a file in the way, or a parent that refuses (procfs), never looping', () => {
    const root = temp();
    writeFileSync(join(root, 'file'), '');
    expect(() => makeDirs(join(root, 'file', 'inside'), 0o700)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(() => makeDirs(join(root, 'file'), 0o700)).toThrow(/is not a folder/);
    // mkdir answers ENOENT under /proc although /proc exists: Node's recursive mkdir looped on it for ever.
    expect(() => makeDirs('/proc/pos-no-such-lane/data', 0o700)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
