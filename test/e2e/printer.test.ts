import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';

/**
 * The receipt printer in training mode: a receipt printed from the Register's result comes out of
 * the simulated printer (seen on the Devices screen), the printer's Print test page, and the PIN
 * pad's test swiping the card chosen.
 */
describe('Receipt printer in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-printer-');

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await suite.newPage({ width: 1366, height: 900 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    return { page, errors };
  }

  async function devices(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Devices', level: 1 }).count()).toBe(1);
  }

  it('prints the receipt of a sale on the simulated printer, and the Devices screen shows what came out', async () => {
    const { page, errors } = await open();
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Sale approved');
    await page.getByRole('button', { name: 'Customer receipt' }).click();
    const onScreen = page.getByLabel('Customer receipt');
    await expect.poll(() => onScreen.textContent()).toContain('24.68');
    const lines = ((await onScreen.textContent()) ?? '').split('\n');
    // No print dialog opens: the terminal printed it.
    await page.evaluate("window.print = () => { document.body.dataset.printDialog = 'opened'; }");
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => page.getByTestId('receipt-printed').textContent()).toBe('Printed on Simulated receipt printer.');
    expect(await page.evaluate('document.body.dataset.printDialog ?? null')).toBeNull();
    await page.screenshot({ path: screenshotPath('printer-register-printed') });

    await devices(page);
    const printout = page.getByTestId('printout');
    await expect.poll(() => printout.locator('span').allTextContents()).toEqual(lines.map((l) => l || ' '));
    expect(await printout.textContent()).toContain('CUSTOMER COPY');
    expect(await page.getByRole('region', { name: 'Simulated receipt printer' }).getByRole('alert').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('printer-printout'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prints a test page from the printer\'s button on the Devices screen', async () => {
    const { page, errors } = await open();
    await devices(page);
    const printer = page.getByTestId('device-training-printer');
    await expect.poll(() => printer.textContent()).toContain('Ready');
    expect(await printer.textContent()).toContain('Receipt printer · simulated');
    await printer.getByRole('button', { name: 'Print test page' }).click();
    await expect.poll(() => printer.getByRole('status').textContent()).toBe(
      'Passed: printed a test page on Simulated receipt printer; the printer reported paper and cover fine',
    );
    const printout = page.getByTestId('printout');
    await expect.poll(() => printout.textContent()).toContain('Test page - no payment');
    expect(await printout.textContent()).toContain('1234567890'.repeat(4));
    expect(await printout.textContent()).toContain('Accents: é è à ç ô ü ñ £');
    await page.screenshot({ path: screenshotPath('printer-test-page'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tests the PIN pad with the card chosen, not the last one swiped on it', async () => {
    const { page, errors } = await open();
    await devices(page);
    const pad = page.getByTestId('device-training-pinpad');
    await expect.poll(() => pad.textContent()).toContain('Ready');
    await page.getByRole('radio', { name: 'Customer swipes on the PIN pad' }).check();
    await page.getByRole('button', { name: 'Simulate swipe' }).click();
    await expect.poll(() => page.getByTestId('last-read-card').textContent()).toBe('Visa 411111******1111');
    await page.getByLabel('Card', { exact: true }).selectOption('amex');
    await pad.getByRole('button', { name: 'Test with a swipe' }).click();
    await expect.poll(() => pad.getByRole('status').textContent(), { timeout: 10_000 }).toContain('read 371449*****8431');
    expect(await pad.getByRole('status').textContent()).toContain('Passed');
    expect(errors).toEqual([]);
    await page.close();
  });
});
