import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { E2E_MANAGER_PIN, headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';
import { swipedSale } from '../support/register-page';

/** Searches the journal again and reads the state word of one payment's row (its standing once something was made from it). */
async function searchedStanding(page: Page, ref: string): Promise<string | null> {
  await page.getByRole('form', { name: 'Search the journal' }).getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open payment ${ref}` }) });
  if ((await row.count()) !== 1) return null;
  return row.locator('.state-word').textContent();
}

/** A sale swiped on the Register, then found approved and opened in History: its reference and detail. */
async function saleOpenedInHistory(page: Page, digits: string): Promise<{ ref: string; detail: Locator }> {
  const ref = await swipedSale(page, digits);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await expect.poll(() => searchedStanding(page, ref)).toBe('Approved');
  await page.getByRole('button', { name: `Open payment ${ref}` }).click();
  return { ref, detail: page.getByRole('region', { name: `Payment ${ref}` }) };
}

/** History: find a payment, see its receipt, void it with the manager PIN, the day's totals, CSV export. */
describe('History screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-history-');

  it('finds a sale, shows its receipt, voids it with the manager PIN and exports the day as CSV', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    const { ref, detail } = await saleOpenedInHistory(page, '4200');
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
    // The void is followed on the Register (its own result words are the Register's to test).
    await expect.poll(() => page.locator('.sale-panel').textContent(), { timeout: 10_000 }).toContain('$42.00');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect.poll(() => searchedStanding(page, ref), { timeout: 10_000 }).toBe('Voided');
    await expect.poll(() => page.getByLabel('Totals of the day').textContent()).toMatch(/Voided\$42\.00/);
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    await expect.poll(() => page.getByRole('region', { name: `Payment ${ref}` }).textContent()).toContain('Voided.');
    expect(await page.getByRole('region', { name: `Payment ${ref}` }).getByRole('button', { name: 'Void' }).count()).toBe(0);

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

  it('refunds part of a sale from its row, which then reads Refunded $x of $y and offers what is left', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    const { ref, detail } = await saleOpenedInHistory(page, '1999');
    await detail.getByLabel(/Amount/).fill('5.00');
    await detail.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await dialog.getByLabel('PIN').fill(E2E_MANAGER_PIN);
    await dialog.getByLabel('PIN').press('Enter');
    // The refund is followed on the Register; History then says where the sale stands.
    await expect.poll(() => page.locator('.sale-panel').textContent(), { timeout: 10_000 }).toContain('$5.00');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect.poll(() => searchedStanding(page, ref), { timeout: 10_000 }).toBe('Refunded $5.00 of $19.99');
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe('Sale $19.99, Refunded $5.00 of $19.99');
    expect(await detail.getByLabel(/Amount/).getAttribute('placeholder')).toBe('14.99');
    expect(await detail.getByRole('button', { name: 'Void' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('history-standing') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
