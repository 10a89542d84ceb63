import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';
import { ClosedDay, DayReport } from '../../../preload/contract';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const SWIPE = swipeText(SAMPLE_CARDS.visa);

describe('posctl report', { timeout: 90_000 }, () => {
  it('prints the day’s report as text and JSON, closes the day, and lists it', async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['sale', '--amount', '12.34', '--swipe', '-', '--json'], { input: SWIPE })).code).toBe(0);

    const json = await posctl(dir, ['report', 'day', '--json']);
    expect(json.code).toBe(0);
    const report = DayReport.parse(JSON.parse(json.stdout));
    expect(report).toMatchObject({ mode: 'training', payments: 1, total: { approved: { count: 1, cents: 12_34 }, netCents: 12_34 }, closed: null });

    const text = await posctl(dir, ['report', 'day', '--date', report.date, '--columns', '32']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/DAY REPORT/);
    expect(text.stdout.trimEnd().split('\n').every((l) => l.length <= 32)).toBe(true);
    const pdf = join(dir, 'day.pdf');
    expect((await posctl(dir, ['report', 'day', '--pdf', pdf])).code).toBe(0);
    expect(readFileSync(pdf, 'latin1')).toMatch(/^%PDF-1\.4[\s\S]*\( *DAY REPORT \\\(TRAINING\\\)\) Tj/);

    expect((await posctl(dir, ['report', 'close', '--date', report.date])).code).toBe(0);
    const closed = await posctl(dir, ['report', 'closed', '--json']);
    expect((JSON.parse(closed.stdout) as unknown[]).map((d) => ClosedDay.parse(d))).toMatchObject([{ date: report.date, payments: 1, netCents: 12_34 }]);
    expect((await posctl(dir, ['report', 'day', '--date', report.date])).stdout).toMatch(/CLOSED/);
    expect((await posctl(dir, ['report', 'day', '--date', 'yesterday'])).code).not.toBe(0);
  });
});
