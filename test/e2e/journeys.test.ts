import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/**
 * Journeys a newcomer takes in training mode that the other suites do not: a sale by touch alone,
 * a refund started from History with the manager PIN, and the receipt as the printer gets it.
 */
describe('Counter journeys in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-journeys-');
  const result = (page: Page) => page.locator('.sale-result').textContent();

  async function touchPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await suite.browser.newPage({ viewport: { width: 1366, height: 768 }, hasTouch: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    return { page, errors };
  }

  it('takes a card sale by touch alone, on targets at least 48 px square', async () => {
    const { page, errors } = await touchPage();
    const keypad = page.getByRole('group', { name: 'Amount keypad' });
    for (const key of ['1', '5', '0', '0']) await keypad.getByRole('button', { name: key, exact: true }).tap();
    await expect.poll(() => page.locator('output.amount').textContent()).toBe('$15.00');
    const targets = [...(await keypad.getByRole('button').all()), page.getByRole('button', { name: /Charge card/ }), page.getByRole('button', { name: 'Check', exact: true })];
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(48);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    }
    await page.getByRole('button', { name: /Charge card/ }).tap();
    await page.getByRole('button', { name: 'Swipe a Mastercard' }).tap();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    expect(await page.locator('.sale-panel').textContent()).toContain('$15.00');
    await page.screenshot({ path: screenshotPath('journey-touch-sale') });
    await page.getByRole('button', { name: 'New sale' }).tap();
    await expect.poll(() => page.locator('output.amount').textContent()).toBe('$0.00');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refunds a sale from its row in History with the manager PIN, followed on the Register', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('3150');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const ref = ((await page.locator('.sale-panel').textContent()) ?? '').match(/Reference ([A-Z0-9]{19})/)?.[1] ?? '';
    expect(ref).not.toBe('');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    const detail = page.getByRole('region', { name: `Payment ${ref}` });
    await detail.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.textContent()).toContain('A refund needs the manager');
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => result(page), { timeout: 10_000 }).toMatch(/^Refunded \$31\.50/);
    expect(await page.locator('.sale-panel').textContent()).toContain('$31.50');
    await page.screenshot({ path: screenshotPath('journey-history-refund') });

    const rows = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as {
      rows: Array<{ type: string; state: string; requestedCents: number; approvedBy: string | null }>;
    };
    const refund = rows.rows.find((r) => r.type === 'refund' && r.requestedCents === 3150);
    expect(refund).toMatchObject({ state: 'approved' });
    expect(refund?.approvedBy).toMatch(/manager/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prints only the receipt: the print preview hides the screens around it', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('777');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    await page.getByRole('button', { name: 'Customer receipt' }).click();
    const receipt = page.getByLabel('Customer receipt');
    await expect.poll(() => receipt.textContent()).toContain('7.77');

    await page.emulateMedia({ media: 'print' });
    expect(await receipt.isVisible()).toBe(true);
    const around = [
      page.getByRole('group', { name: 'Amount keypad' }),
      page.getByRole('navigation', { name: 'Screens' }),
      page.locator('output.amount'),
      page.locator('.sale-result'),
      page.locator('.status-bar'),
      page.locator('.training-banner'),
    ];
    for (const hidden of around) {
      expect(await hidden.isVisible()).toBe(false);
    }
    await page.screenshot({ path: screenshotPath('journey-receipt-print-preview'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('group', { name: 'Amount keypad' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
