import { describe, expect, it } from 'vitest';
import { terminalProblems } from '../../../main/status/problems';
import type { KeyHealth } from '../../../main/store/terminal-key';

const problemsFor = (key: KeyHealth) => terminalProblems({ key, log: undefined, gatewayUnencrypted: false, refusedSettings: [] });

describe('the status of the terminal key', () => {
  it('lists nothing for a key kept by the machine, outside the data folder', () => {
    expect(problemsFor({ state: 'machine', detail: 'the terminal key is kept by the machine key folder /etc/counter-pos, outside the data folder' })).toEqual([]);
  });

  it('keeps a key in the data folder a warning, with its words (how to move it)', () => {
    const detail = 'the terminal key is protected by file permissions only (…); to keep it outside the data folder: only root can write to the machine key folder /etc/counter-pos: run `sudo posctl keys protect`';
    expect(problemsFor({ state: 'file', detail })).toEqual([{ code: 'key-file-only', severity: 'warning', message: detail }]);
  });
});
