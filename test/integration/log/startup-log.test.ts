import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupLog } from '../../../main/electron/start-failure';
import { tempDir } from '../../support/tmp';

describe('startupLog', () => {
  it('writes one redacted line to the lane\'s log for a start that never reached the core', () => {
    const dir = tempDir();
    startupLog(dir)('the journal quotes 5454545454545454 and cannot be opened');
    const [line, ...rest] = readFileSync(join(dir, 'logs', 'pos.log'), 'utf8').split('\n').filter(Boolean);
    expect(rest).toEqual([]);
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 60, host: 'electron', msg: 'the desktop app could not start: the journal quotes [PAN …5454] and cannot be opened' });
  });

  it('creates no data directory that is not there (a machine-wide one is the installer\'s to make)', () => {
    const dir = join(tempDir(), 'missing');
    startupLog(dir)('the data directory is missing');
    expect(existsSync(dir)).toBe(false);
  });
});
