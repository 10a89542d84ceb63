import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** History: find a payment, see its receipt, void it with the manager PIN, the day's totals, CSV export. */
describe('History screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-history-');

  it('finds a sale, shows its receipt, voids it with the manager PIN and exports the day as CSV', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('4200');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Approved');
    const ref = ((await page.locator('.sale-panel').textContent()) ?? '').match(/Reference ([A-Z0-9]{19})/)?.[1] ?? '';
    await page.keyboard.press('Enter');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    const detail = page.getByRole('region', { name: `Payment ${ref}` });
    await expect.poll(() => detail.textContent()).toContain('Visa 411111******1111');
    await detail.getByRole('button', { name: 'Customer receipt' }).click();
    await expect.poll(() => page.getByLabel('Customer receipt').textContent()).toContain('42.00');
    expect(await page.getByLabel('Totals of the day').textContent()).toContain('$42.00');
    await page.screenshot({ path: screenshotPath('history-receipt') });

    await detail.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.textContent()).toContain('A void needs the manager');
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    // The void is followed on the Register.
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Approved');
    expect(await page.locator('.sale-panel').textContent()).toContain('$42.00');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('form', { name: 'Search the journal' }).getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByLabel('Totals of the day').textContent()).toMatch(/Voided\$42\.00/);
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    await expect.poll(() => page.getByRole('region', { name: `Payment ${ref}` }).textContent()).toContain('Voided.');

    // Export: the manager's; the page unlocks with the PIN, then the file downloads.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
