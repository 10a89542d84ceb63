import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** Arrives at Settings (read-only, no dialog) and unlocks it with the keyboard: Enter on Unlock, the PIN, Enter. */
async function unlockByKeyboard(page: Page, words: { settings: string; unlock: RegExp; pin: string } = { settings: 'Settings', unlock: /^Unlock to change/, pin: 'PIN' }): Promise<void> {
  await page.getByRole('button', { name: words.settings, exact: true }).click();
  const unlock = page.getByRole('button', { name: words.unlock });
  await expect.poll(() => unlock.count()).toBe(1);
  expect(await page.getByRole('dialog').count()).toBe(0);
  // A cashier's page sees the values read-only before Unlock.
  await expect.poll(() => page.locator('.settings-form input[readonly]').count()).toBeGreaterThan(3);
  expect(await page.getByRole('button', { name: /^(Save|Enregistrer)$/ }).count()).toBe(0);
  await unlock.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  await page.keyboard.type('4826');
  await page.keyboard.press('Enter');
  await expect.poll(() => dialog.count()).toBe(0);
  // The form is open: focus on its first field, not on the page.
  await expect.poll(() => page.evaluate("document.activeElement?.closest('.settings-form') !== null")).toBe(true);
}

const config = async (dataDir: string, key: string): Promise<string> => (await posctl(dataDir, ['config', 'get', key])).stdout.trim();

/** Settings as one form behind the manager PIN, with posctl's rules and words. */
describe('Settings screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-settings-');

  it('lets a manager change five settings with one Save, by keyboard alone', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await unlockByKeyboard(page);

    await page.getByRole('textbox', { name: 'Hours a payment may wait' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('24');
    // A choice by keyboard: Yes is the option above No.
    await page.getByRole('combobox', { name: 'Take payments offline' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.getByRole('textbox', { name: 'Largest offline payment' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('80.50');
    await page.getByRole('textbox', { name: 'Most payments waiting offline' }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('20');
    // The list is check boxes: Space ticks one.
    await page.getByRole('checkbox', { name: 'Refunds' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.save-count').textContent()).toBe('5 unsaved changes.');
    // Enter inside a field saves every change at once.
    await page.getByRole('textbox', { name: 'Most payments waiting offline' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'changes saved' }).textContent()).toBe('5 changes saved.');
    expect(await config(suite.dataDir, 'offline.maxAgeHours')).toBe('24');
    expect(await config(suite.dataDir, 'offline.enabled')).toBe('true');
    expect(await config(suite.dataDir, 'offline.maxAmount')).toBe('80.50');
    expect(await config(suite.dataDir, 'offline.maxCount')).toBe('20');
    await page.screenshot({ path: screenshotPath('settings-refused') });
    expect(await config(suite.dataDir, 'offline.types')).toMatch(/"sale",\s*"refund"/);
    await page.screenshot({ path: screenshotPath('settings') });

    // A refused value: nothing saved, the field named in the summary and marked, main's words under it.
    const limit = page.getByRole('textbox', { name: 'Largest offline payment' });
    await limit.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('25.5x');
    await page.getByRole('textbox', { name: 'Most payments waiting offline' }).fill('30');
    await limit.press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing was saved' }).textContent()).toBe('Nothing was saved: 1 setting needs fixing.');
    expect(await page.getByRole('link', { name: /^Largest offline payment: .*dollars and cents, e\.g\. 50\.00/ }).count()).toBe(1);
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    expect(await config(suite.dataDir, 'offline.maxCount')).toBe('20');
    await page.screenshot({ path: screenshotPath('settings-refused') });

    // Leaving with changes asks: No stays with them, Discard drops them.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await limit.inputValue()).toBe('25.5x');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    expect(await limit.inputValue()).toBe('80.50');

    const gateway = page.getByRole('group', { name: 'Gateway address' });
    expect(await gateway.textContent()).toContain('Set by the technician.');
    expect(await gateway.getByRole('textbox').getAttribute('readonly')).not.toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches the whole page to French when the manager chooses it, without a reload, and back to English', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await unlockByKeyboard(page);
    // A mark on this page's window: a reload would lose it.
    await page.evaluate('window.samePage = true');

    const language = page.getByRole('combobox', { name: 'Language' });
    // A choice in words, not a text field.
    expect(await language.locator('option').allTextContents()).toEqual(['English', 'Français']);
    await language.selectOption('fr');
    await page.getByRole('button', { name: 'Save' }).click();

    // The navigation, the status bar and this screen, all at once.
    await expect.poll(() => page.getByRole('navigation').textContent()).toContain('Paramètres');
    expect(await page.getByRole('button', { name: 'Caisse', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'File hors ligne', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('status-gateway').textContent()).toBe('Passerelle : Simulée');
    expect(await page.getByTestId('status-mode').textContent()).toBe('Mode : FORMATION');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Paramètres');
    expect(await page.getByRole('group', { name: 'Paiements hors ligne', exact: true }).count()).toBe(1);
    expect(await page.locator('.save-outcome').textContent()).toBe('1 changement enregistré.');
    // Money as money in French: the decimal comma.
    expect(await page.getByRole('textbox', { name: 'Paiement hors ligne maximal' }).inputValue()).toMatch(/^\d+,\d{2}$/);
    expect(await page.getByRole('group', { name: 'Adresse de la passerelle' }).count()).toBe(1);
    expect(await page.evaluate('document.documentElement.lang')).toBe('fr-CA');
    expect(await page.evaluate('window.samePage === true')).toBe(true);
    expect(await config(suite.dataDir, 'terminal.language')).toBe('fr');
    await page.screenshot({ path: screenshotPath('settings-french') });

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
    expect(await page.getByRole('navigation').textContent()).toContain('Offline queue');
    expect(await page.getByTestId('status-gateway').textContent()).toBe('Gateway: Simulated');
    expect(await page.evaluate('window.samePage === true')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
