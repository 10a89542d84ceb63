import { describe, expect, it } from 'vitest';
import { terminalProblems } from '../../../main/status/problems';
import type { KeyHealth } from '../../../main/store/terminal-key';

const problemsFor = (key: KeyHealth) => terminalProblems({ key, log: undefined, gatewayUnencrypted: false, refusedSettings: [] });

describe('the status of the terminal key', () => {
  it('lists nothing for a key kept by the machine, outside the data folder', () => {
    expect(problemsFor({ state: 'machine', detail: 'the terminal key is kept by the machine key folder /etc/counter-pos, outside the data folder' })).toEqual([]);
  });

  it('keeps a key in the data folder a technician\'s warning, with its words (how to move it), and a detail that does not say its first clause again', () => {
    const detail = 'the terminal key is protected by file permissions only (no usable OS keyring: no Secret Service); anyone who can read the data directory or a backup of it can unseal its secrets; to keep it outside the data folder: only root can write to the machine key folder /etc/counter-pos: run `sudo posctl keys protect`';
    expect(problemsFor({ state: 'file', detail })).toEqual([
      {
        code: 'key-file-only',
        severity: 'warning',
        audience: 'technician',
        message: detail,
        detail: 'no usable OS keyring: no Secret Service; anyone who can read the data directory or a backup of it can unseal its secrets; to keep it outside the data folder: only root can write to the machine key folder /etc/counter-pos: run `sudo posctl keys protect`',
      },
    ]);
  });

  it('keeps words it does not recognise whole in the detail, rather than losing any', () => {
    const [p] = problemsFor({ state: 'file', detail: 'the key is in a file' });
    expect(p?.detail).toBe('the key is in a file');
  });

  it('says a locked key keeps the terminal in training in its message; the detail gives the reason only (the screen says "training only")', () => {
    const [p] = problemsFor({ state: 'locked', detail: 'the terminal key file /d/key cannot be read (EACCES)' });
    expect(p).toEqual({ code: 'key-locked', severity: 'error', audience: 'technician', message: 'the terminal key file /d/key cannot be read (EACCES); the terminal stays in training until then', detail: 'the terminal key file /d/key cannot be read (EACCES)' });
  });
});
