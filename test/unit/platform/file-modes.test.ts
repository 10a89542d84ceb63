import { describe, expect, it } from 'vitest';
import { GROUP_MODES, isGroupShared, modesForDirMode, PRIVATE_MODES } from '../../../main/platform/file-modes';

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
