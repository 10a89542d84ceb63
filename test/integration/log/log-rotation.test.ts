import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLogFile, rotatedLogFiles } from '../../../main/log/log-file';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';

const line = (n: number): string => `${JSON.stringify({ n, msg: 'x'.repeat(80) })}\n`;

function numbers(file: string): number[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { n: number }).n);
}

describe('log rotation', () => {
  it('rotates at the size, keeps the count of files, and loses or splits no line', () => {
    const path = join(tempDir(), 'logs', 'pos.log');
    const log = openLogFile(path, { rotation: { maxBytes: 1000, maxFiles: 3 } });
    for (let n = 1; n <= 40; n++) log.write(line(n));
    log.close();

    expect(rotatedLogFiles(path)).toEqual([`${path}.1`, `${path}.2`]);
    for (const f of [path, `${path}.1`, `${path}.2`]) {
      expect(statSync(f).size).toBeLessThanOrEqual(1000);
      expect(statSync(f).mode & 0o777).toBe(0o600);
    }
    // The newest lines, in order, across the three files; the oldest went with the files past the count.
    const kept = [...numbers(`${path}.2`), ...numbers(`${path}.1`), ...numbers(path)];
    expect(kept.at(-1)).toBe(40);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 40 - kept.length + 1 + i));
    expect(kept.length).toBeGreaterThanOrEqual(2 * 10);
  });

  it('removes the files past a lowered count at the next rotation, and grows without limit when off', () => {
    const path = join(tempDir(), 'pos.log');
    const log = openLogFile(path, { rotation: { maxBytes: 300, maxFiles: 5 } });
    for (let n = 1; n <= 30; n++) log.write(line(n));
    expect(rotatedLogFiles(path)).toHaveLength(4);
    log.setRotation({ maxBytes: 300, maxFiles: 2 });
    for (let n = 31; n <= 34; n++) log.write(line(n));
    expect(rotatedLogFiles(path)).toEqual([`${path}.1`]);
    log.setRotation(undefined);
    for (let n = 35; n <= 60; n++) log.write(line(n));
    log.close();
    expect(rotatedLogFiles(path)).toEqual([`${path}.1`]);
    expect(numbers(path).at(-1)).toBe(60);
  });

  it('follows log.maxSizeMb and log.maxFiles in the core, changed while it runs', async () => {
    const dir = tempDir();
    const core = await openCore(dir, { logDestination: join(dir, 'logs', 'pos.log'), logLevel: 'info' });
    core.settings.setMany([['log.maxSizeMb', 1], ['log.maxFiles', 2]]);
    const pad = 'y'.repeat(200);
    for (let n = 0; n < 12_000; n++) core.log.info({ n, pad }, 'filler');
    await core.close();
    const path = join(dir, 'logs', 'pos.log');
    expect(rotatedLogFiles(path)).toEqual([`${path}.1`]);
    expect(existsSync(`${path}.2`)).toBe(false);
    expect(statSync(path).size).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('the log of a lane shared by its group', () => {
  it('is written 0660 in a 2770 logs folder, so every cashier account can append, rotated files too', () => {
    const lane = join(tempDir(), 'lane');
    mkdirSync(lane);
    chmodSync(lane, 0o2770);
    const path = join(lane, 'logs', 'pos.log');
    const log = openLogFile(path, { rotation: { maxBytes: 300, maxFiles: 3 } });
    for (let n = 1; n <= 10; n++) log.write(line(n));
    log.close();
    expect(statSync(join(lane, 'logs')).mode & 0o7777).toBe(0o2770);
    for (const f of [path, ...rotatedLogFiles(path)]) expect(statSync(f).mode & 0o777, f).toBe(0o660);
    expect(rotatedLogFiles(path).length).toBeGreaterThan(0);
  });
});
