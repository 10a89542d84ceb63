import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatedLogFiles } from '../../../main/log/log-file';
import { childRunner, openCore, type ChildRunner } from '../../support/payments';
import { spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

let runner: ChildRunner;
beforeAll(async () => {
  runner = await childRunner({ 'log-then-wait': join(import.meta.dirname, 'children', 'log-then-wait.ts') });
});
afterAll(() => runner.remove());

/** Every numbered line in the log files, oldest file first. */
function loggedLines(dataDir: string): number[] {
  const log = join(dataDir, 'logs', 'pos.log');
  return [...rotatedLogFiles(log).reverse(), log]
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').filter(Boolean))
    .map((l) => (JSON.parse(l) as { line?: number }).line)
    .filter((n): n is number => n !== undefined);
}

describe('the log file', () => {
  it('keeps every line written before a SIGKILL, across a rotation', async () => {
    const dataDir = tempDir();
    const setup = await openCore(dataDir);
    setup.settings.setMany([['log.maxSizeMb', 1], ['log.maxFiles', 3]]);
    await setup.close();

    // About 150 bytes a line: 10,000 lines rotate the 1 MB file once.
    const count = 10_000;
    const child = spawnNode([...runner.args('log-then-wait'), dataDir, String(count)]);
    await child.waitFor(/LOGGED/);
    child.kill('SIGKILL');
    expect((await child.closed).signal).toBe('SIGKILL');

    expect(rotatedLogFiles(join(dataDir, 'logs', 'pos.log'))).toHaveLength(1);
    const lines = loggedLines(dataDir);
    expect(lines).toHaveLength(count);
    expect(lines.at(-1)).toBe(count);
    expect(lines.every((n, i) => n === i + 1)).toBe(true);
  });
});
