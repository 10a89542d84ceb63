import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CODE_PAGES, type CodePageName } from '../../../native/protocol/code-pages';

/** glibc's name of each table the printer is told to use. */
const ICONV: Record<CodePageName, string> = { pc437: 'CP437', pc850: 'CP850', pc858: 'CP858' };

describe('the printer\'s character tables', () => {
  it.each(Object.keys(ICONV) as CodePageName[])('%s matches the C library\'s iconv byte for byte', (name) => {
    const high = Buffer.from(Array.from({ length: 128 }, (_, i) => 0x80 + i));
    const run = spawnSync('iconv', ['-f', ICONV[name], '-t', 'UTF-8'], { input: high });
    expect(run.status, run.stderr.toString()).toBe(0);
    expect(CODE_PAGES[name].high).toBe(run.stdout.toString('utf8'));
  });
});
