import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

describe('posctl config with money settings', () => {
  it('takes and shows dollars while --json keeps cents beside the dollars', async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('100.00');
    expect((await posctl(dir, ['config', 'set', 'offline.maxAmount', '$4.35'])).code).toBe(0);
    expect((await posctl(dir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('4.35');
    expect(JSON.parse((await posctl(dir, ['config', 'get', 'offline.maxAmount', '--json'])).stdout)).toMatchObject({
      key: 'offline.maxAmount',
      value: 435,
      default: 10_000,
      unit: 'cents',
      display: '4.35',
      set: true,
      access: 'manager',
    });
    const all = (await posctl(dir, ['config', 'get'])).stdout;
    expect(all).toMatch(/^offline\.maxTotal +1000\.00$/m);
    expect(all).toMatch(/^offline\.types +\["sale"\]$/m);
  });

  it('refuses amounts that are not dollars and cents, with exit 2', async () => {
    const dir = tempDir();
    for (const text of ['50.001', '-5', '5e2', '1,000.00']) {
      const r = await posctl(dir, ['config', 'set', 'offline.maxAmount', text]);
      expect(r.code, text).toBe(2);
      expect(r.stderr).toMatch(/invalid value for offline\.maxAmount: must be dollars and cents, e\.g\. 50\.00/);
    }
    expect((await posctl(dir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('100.00');
  });

  it('refuses a per-payment limit above the total, naming both keys', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['config', 'set', 'offline.maxTotal', '50']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('offline.maxAmount (100.00) must not exceed offline.maxTotal (50.00)');
    expect((await posctl(dir, ['config', 'set', 'offline.types', 'sale,refund'])).code).toBe(0);
    expect((await posctl(dir, ['config', 'get', 'offline.types'])).stdout.trim()).toBe('["sale","refund"]');
  });

  it('imports limits in dollars, both together whatever their order', async () => {
    const dir = tempDir();
    const file = join(dir, 'lane.json');
    writeFileSync(file, '{"offline": {"maxTotal": "5000.00", "maxAmount": 1200.5, "enabled": true}}');
    expect((await posctl(dir, ['config', 'import', file])).code).toBe(0);
    expect((await posctl(dir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('1200.50');
    writeFileSync(file, '{"offline.maxAmount": 600, "offline.maxTotal": 500}');
    const bad = await posctl(dir, ['config', 'import', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('offline.maxAmount (600.00) must not exceed offline.maxTotal (500.00)');
    expect((await posctl(dir, ['config', 'get', 'offline.maxTotal'])).stdout.trim()).toBe('5000.00');
  });
});
