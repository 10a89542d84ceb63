import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CODE_PAGES, NO_CHAR, type CodePageName } from '../../../native/protocol/code-pages';

/** glibc's name of each table the printer is told to use. */
const ICONV: Record<CodePageName, string> = { pc437: 'CP437', pc850: 'CP850', pc858: 'CP858', wpc1252: 'CP1252' };

const iconv = (name: CodePageName, bytes: number[]) => spawnSync('iconv', ['-f', ICONV[name], '-t', 'UTF-8'], { input: Buffer.from(bytes) });

describe('the printer\'s character tables', () => {
  it.each(Object.keys(ICONV) as CodePageName[])('%s matches the C library\'s iconv byte for byte', (name) => {
    const table = [...CODE_PAGES[name].high];
    const printing = table.flatMap((ch, i) => (ch === NO_CHAR ? [] : [0x80 + i]));
    const run = iconv(name, printing);
    expect(run.status, run.stderr.toString()).toBe(0);
    expect(table.filter((ch) => ch !== NO_CHAR).join('')).toBe(run.stdout.toString('utf8'));
    // The table's empty places are bytes iconv refuses too.
    for (const [i, ch] of table.entries()) if (ch === NO_CHAR) expect(iconv(name, [0x80 + i]).status, `0x${(0x80 + i).toString(16)}`).not.toBe(0);
  });
});
