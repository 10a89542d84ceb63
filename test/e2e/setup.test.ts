import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

const focusedId = (page: Page): Promise<unknown> => page.evaluate('document.activeElement?.id ?? null');
const alert = (page: Page): Promise<string | null> => page.locator('form.setup [role="alert"]').textContent();

/** A fresh lane (no manager PIN set beforehand): the one-time set-up comes before the register. */
describe('the first set-up of a fresh lane, in Chromium (headless app)', () => {
  const suite = headlessAppInChromium('pos-e2e-setup-', { managerPin: null });

  it('opens on the set-up, done with the keyboard alone, then the register in the chosen language with the lane name; a reload does not ask again', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('heading', { name: 'Set up this lane' }).count()).toBe(1);
    // Nothing else is reachable before it is done.
    expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => focusedId(page)).toBe('setup-name');

    await page.keyboard.press('Control+A');
    await page.keyboard.type('Front counter');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('setup-language');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#setup-language').inputValue()).toBe('fr');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('setup-pin');
    await page.keyboard.type('4826');
    await page.keyboard.press('Tab');
    await page.keyboard.type('4827');
    await page.keyboard.press('Enter');
    // Two PINs that differ: refused in words, and the second PIN is typed again.
    await expect.poll(() => alert(page)).toBe('The two PINs are not the same: type the same PIN twice.');
    expect(await focusedId(page)).toBe('setup-pin-again');

    // A PIN too easy to guess is refused by main, in words, on its field.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert(page)).toContain('one digit repeated');
    await expect.poll(() => focusedId(page)).toBe('setup-pin');
    await page.screenshot({ path: screenshotPath('setup-refused') });

    await page.keyboard.type('5937');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5937');
    await page.keyboard.press('Enter');
    // The register, in French, with the lane's name in the status bar.
    await expect.poll(() => page.getByRole('group', { name: 'Clavier du montant' }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('heading', { name: 'Set up this lane' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Caisse', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('status-lane').textContent()).toBe('Front counter');
    await page.screenshot({ path: screenshotPath('setup-done-register') });

    await page.reload();
    await expect.poll(() => page.getByRole('group', { name: 'Clavier du montant' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Configurer cette caisse' }).count()).toBe(0);
    // The PIN chosen there is the manager's.
    expect((await posctl(suite.dataDir, ['manager-pin', 'status', '--json'])).stdout).toContain('"pinSet":true');
    expect((await posctl(suite.dataDir, ['config', 'get', 'terminal.name'])).stdout).toBe('Front counter\n');
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A lane whose technician ran `posctl manager-pin set` before the app ever started: no set-up screen. */
describe('a lane given its manager PIN by posctl beforehand, in Chromium (headless app)', () => {
  const suite = headlessAppInChromium('pos-e2e-setup-skipped-', {
    managerPin: null,
    async prepare(dataDir) {
      expect((await posctl(dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    },
  });

  it('opens straight on the register', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Set up this lane' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
