import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** Settings behind the manager PIN, with posctl's rules and words. */
describe('Settings screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-settings-');

  it('opens for the manager, saves the offline limit in dollars, refuses a bad value in words, and shows the gateway read-only', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');

    const limit = page.getByRole('form', { name: 'offline.maxAmount' });
    await expect.poll(() => limit.count()).toBe(1);
    await limit.getByRole('textbox').fill('25.5x');
    await limit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => limit.getByRole('alert').textContent()).toMatch(/dollars and cents, e\.g\. 50\.00/);
    await limit.getByRole('textbox').fill('25.00');
    await limit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'offline.maxAmount' }).textContent()).toContain('Saved.');
    expect((await posctl(suite.dataDir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('25.00');

    const gateway = page.getByRole('form', { name: 'gateway.url' });
    expect(await gateway.textContent()).toContain('Set by the technician.');
    expect(await gateway.getByRole('textbox').getAttribute('readonly')).not.toBeNull();
    await page.screenshot({ path: screenshotPath('settings') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
