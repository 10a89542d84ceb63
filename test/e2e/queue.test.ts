import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** The Offline queue screen: a payment whose outcome is unknown, decided by the manager behind the PIN. */
describe('Offline queue screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-queue-');

  it('lists a payment whose answer was lost, and lets the manager (PIN) send it again, recorded with their name', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'drop-after'])).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('2500');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 15_000 }).toBe('Needs lookup');
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'none'])).code).toBe(0);

    await page.getByRole('button', { name: 'Offline queue', exact: true }).click();
    await expect.poll(() => page.locator('.queue-row').count()).toBe(1);
    expect(await page.getByTestId('offline-banner').textContent()).toContain('1 payment with an unknown outcome');
    const resend = page.getByRole('button', { name: 'Not in the report: send again' });
    expect(await resend.isDisabled()).toBe(true);
    await page.getByLabel('Your name, recorded with each decision').fill('Manager Mo');
    await resend.click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.textContent()).toContain('This needs a manager');
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => page.locator('.manager-badge').count()).toBe(1);
    // Decided: it goes back to the queue and is sent (the training gateway answers now).
    await expect.poll(() => page.getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(0);
    const rows = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as { rows: Array<{ decidedBy: string | null; state: string }> };
    expect(rows.rows[0]).toMatchObject({ decidedBy: 'Manager Mo' });
    await page.screenshot({ path: screenshotPath('queue-decided') });
    await page.getByRole('button', { name: 'Lock' }).click();
    await expect.poll(() => page.locator('.manager-badge').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
