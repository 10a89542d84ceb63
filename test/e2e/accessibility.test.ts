import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** axe-core over every screen and the Register's states: no serious or critical violation. */
describe('accessibility (axe-core) in Chromium, headless app in training mode', () => {
  const suite = headlessAppInChromium('pos-e2e-axe-');

  it('finds no serious violation on any screen', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    const report: Record<string, unknown> = {};
    report['register (idle)'] = await seriousViolations(page);
    await page.keyboard.type('1200');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Swipe a Visa' }).count()).toBe(1);
    report['register (waiting for the card)'] = await seriousViolations(page);
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Sale approved');
    report['register (approved)'] = await seriousViolations(page);

    for (const name of ['History', 'Offline queue', 'Status', 'Devices', 'Catalogue', 'Merchant', 'Leads']) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
      report[name] = await seriousViolations(page);
    }
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.count()).toBe(1);
    report['manager PIN dialog'] = await seriousViolations(page);
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => page.getByRole('form', { name: 'Largest offline payment' }).count()).toBe(1);
    report['Settings'] = await seriousViolations(page);

    const found = Object.entries(report).filter(([, v]) => (v as unknown[]).length > 0);
    expect(Object.fromEntries(found)).toEqual({});
    // The check itself works: an image without a text alternative is found.
    await page.evaluate(`document.querySelector('main').append(Object.assign(document.createElement('img'), { src: 'data:,' }))`);
    expect((await seriousViolations(page)).map((v) => v.id)).toContain('image-alt');
    await page.close();
  });
});
