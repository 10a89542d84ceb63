import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DayReport } from '../../preload/contract';
import { allViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';
import { swipedSale } from '../support/register-page';

/** A sale swiped with the sample Visa, its result then left without a receipt (Esc). */
async function saleWithoutReceipt(page: Page, digits: string): Promise<void> {
  await swipedSale(page, digits);
  await page.keyboard.press('Escape');
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
}

/** History's Close the day: the report on screen, printed, saved as CSV, closed; a later payment goes to the next report. */
describe('Close the day in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-close-day-');

  it('shows the day’s report, prints it, saves it as CSV, closes the day, and puts a later payment in the next report', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await saleWithoutReceipt(page, '4200');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('button', { name: 'Close the day' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    const panel = page.getByRole('region', { name: /^Close the day: / });
    await expect.poll(() => panel.getByRole('table', { name: 'Total' }).textContent(), { timeout: 10_000 }).toContain('$42.00');
    expect(await panel.getByRole('table', { name: 'By card brand' }).textContent()).toContain('visa');
    // The panel is checked as every screen is (issue 21 item 4): no axe violation of any impact.
    expect(await allViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 10_000 }).toMatch(/^Printed on /);
    await panel.getByText('Printout').click();
    expect(await panel.locator('pre').textContent()).toMatch(/DAY REPORT \(TRAINING\)[\s\S]*NOT CLOSED/);

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Save as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^day-report-training-\d{4}-\d{2}-\d{2}\.csv$/);

    const pdfDownload = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Save as PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toMatch(/^day-report-training-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfText = readFileSync((await pdf.path()) ?? '', 'latin1');
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText).toMatch(/\( *DAY REPORT \\\(TRAINING\\\)\) Tj/);
    expect(pdfText).toMatch(/\( +Approved +1 +\$42\.00\) Tj/);

    await panel.getByRole('button', { name: 'Close this day' }).click();
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 10_000 }).toMatch(/is closed\. Payments from now on go to the next report/);
    await expect.poll(() => panel.locator('pre').textContent()).toMatch(/CLOSED/);
    await page.screenshot({ path: screenshotPath('close-day') });

    const kept = DayReport.parse(JSON.parse((await posctl(suite.dataDir, ['report', 'day', '--json'])).stdout));
    expect(kept.closed).not.toBeNull();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await saleWithoutReceipt(page, '700');
    const next = DayReport.parse(JSON.parse((await posctl(suite.dataDir, ['report', 'day', '--date', nextDay(kept.date), '--json'])).stdout));
    expect(next.total.approved).toEqual({ count: 1, cents: 7_00 });
    // The closed day is reprinted as it was kept.
    expect(DayReport.parse(JSON.parse((await posctl(suite.dataDir, ['report', 'day', '--date', kept.date, '--json'])).stdout))).toEqual(kept);
    expect(errors).toEqual([]);
    await page.close();
  });
});
