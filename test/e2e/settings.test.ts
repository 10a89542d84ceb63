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

    const limit = page.getByRole('form', { name: 'Largest offline payment' });
    await expect.poll(() => limit.count()).toBe(1);
    await limit.getByRole('textbox').fill('25.5x');
    await limit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => limit.getByRole('alert').textContent()).toMatch(/dollars and cents, e\.g\. 50\.00/);
    await limit.getByRole('textbox').fill('25.00');
    await limit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Largest offline payment' }).textContent()).toContain('Saved.');
    expect((await posctl(suite.dataDir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('25.00');

    const gateway = page.getByRole('form', { name: 'Gateway address' });
    expect(await gateway.textContent()).toContain('Set by the technician.');
    expect(await gateway.getByRole('textbox').getAttribute('readonly')).not.toBeNull();
    await page.screenshot({ path: screenshotPath('settings') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches the whole page to French when the manager chooses it, without a reload, and back to English', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    // A mark on this page's window: a reload would lose it.
    await page.evaluate('window.samePage = true');

    const language = page.getByRole('form', { name: 'Language' });
    await expect.poll(() => language.count()).toBe(1);
    // A choice in words, not a text field.
    expect(await language.getByRole('combobox').locator('option').allTextContents()).toEqual(['English', 'Français']);
    await language.getByRole('combobox').selectOption('fr');
    await language.getByRole('button', { name: 'Save' }).click();

    // The navigation, the status bar and this screen, all at once.
    await expect.poll(() => page.getByRole('navigation').textContent()).toContain('Paramètres');
    expect(await page.getByRole('button', { name: 'Caisse', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'File hors ligne', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('status-gateway').textContent()).toBe('Passerelle : Simulée');
    expect(await page.getByTestId('status-mode').textContent()).toBe('Mode : FORMATION');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Paramètres');
    expect(await page.getByRole('group', { name: 'Paiements hors ligne' }).count()).toBe(1);
    const langue = page.getByRole('form', { name: 'Langue' });
    expect(await langue.textContent()).toContain('Enregistré.');
    expect(await page.getByRole('form', { name: 'Adresse de la passerelle' }).count()).toBe(1);
    expect(await page.evaluate('document.documentElement.lang')).toBe('fr-CA');
    expect(await page.evaluate('window.samePage === true')).toBe(true);
    expect((await posctl(suite.dataDir, ['config', 'get', 'terminal.language'])).stdout.trim()).toBe('fr');
    await page.screenshot({ path: screenshotPath('settings-french') });

    await langue.getByRole('combobox').selectOption('en');
    await langue.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await page.getByRole('navigation').textContent()).toContain('Offline queue');
    expect(await page.getByTestId('status-gateway').textContent()).toBe('Gateway: Simulated');
    expect(await page.evaluate('window.samePage === true')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
