import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, headings, listenToAnnouncer, announced, weakEdges } from '../support/a11y-probes';
import { allViolations } from '../support/axe';
import { headlessAppInChromium } from '../support/e2e';

/** What one screen or payment state shows wrong: axe's violations of any impact, weak control edges, h1s other than one. */
type Findings = Record<string, unknown>;

/** Weak edges left out of the probe while their style sheet waits for a fix (none now: every control is probed). */
const FIXED_ELSEWHERE: string[] = [];

async function inspect(page: Page): Promise<Findings> {
  const found: Findings = {};
  const axe = await allViolations(page, { targetSize: true });
  if (axe.length > 0) found.axe = axe;
  const edges = (await weakEdges(page)).filter((e) => !FIXED_ELSEWHERE.some((c) => e.control.startsWith(c)));
  if (edges.length > 0) found.edges = edges;
  const h1 = await headings(page);
  if (h1.length !== 1) found.h1 = h1;
  return found;
}

/**
 * axe-core (every impact), a probe of every control's edge contrast and the count of h1 over every
 * screen and the Register's payment states; the window title and the live region's sentences of a
 * payment; focus after each switch of screen.
 */
describe('accessibility in Chromium, headless app in training mode', () => {
  const suite = headlessAppInChromium('pos-e2e-axe-');

  it('finds no violation, weak edge or missing h1 on any screen or payment state, and titles and announces each step once', async () => {
    const { page } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    const report: Record<string, Findings> = {};
    const titles: Record<string, string> = {};
    const state = async (name: string): Promise<void> => {
      report[name] = await inspect(page);
      titles[name] = await page.title();
    };
    await state('register (idle)');
    await listenToAnnouncer(page);

    await page.keyboard.type('1200');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Swipe a Visa' }).count()).toBe(1);
    await state('register (waiting for the card)');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Sale approved');
    await expect.poll(() => announced(page)).toContain('Sale approved. Give the customer the receipt.');
    await state('register (approved)');
    const said = await announced(page);
    // Each step once, the first the card wait, the last the result; nothing said twice.
    expect(said[0]).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    expect(said.at(-1)).toBe('Sale approved. Give the customer the receipt.');
    expect(new Set(said).size).toBe(said.length);

    await page.getByRole('button', { name: 'Customer receipt' }).click();
    await expect.poll(() => page.locator('.sale-result-receipt').count()).toBe(1);
    await state('register (receipt shown)');

    await page.getByRole('button', { name: 'New sale' }).click();
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe an expired card' }).click();
    // The reader's problem is said (role=alert) and the sale waits for another card.
    await expect.poll(() => page.locator('.sale-problem').textContent(), { timeout: 10_000 }).not.toBe('');
    await state('register (card problem)');
    await page.locator('.sale-head').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator('.sale-panel').getAttribute('data-state')).toBe('cancelled');
    await state('register (cancelled)');

    await page.getByRole('button', { name: 'New sale' }).click();
    await page.keyboard.type('700');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Read a sample check' }).count()).toBe(1);
    await state('register (waiting for the check)');
    await page.getByRole('button', { name: 'Read a sample check' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Check details' }).count()).toBe(1);
    await state('register (check details)');

    await page.locator('.sale-head').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'New sale' }).click();
    // A payment that asks the manager's PIN (a refund): the dialog over the Register.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    const paymentPin = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => paymentPin.count()).toBe(1);
    const { h1: _register, ...refundPin } = await inspect(page);
    report['register (refund asks the manager PIN)'] = refundPin;
    await page.keyboard.press('Escape');
    await expect.poll(() => paymentPin.count()).toBe(0);

    for (const name of ['History', 'Offline queue', 'Status', 'Devices', 'Catalogue', 'Merchant', 'Leads']) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
      // A switch of screen leaves focus on the new screen, never on the page.
      await expect.poll(() => focused(page)).not.toBe('body');
      // The probe reads the screen once its data is in: a list still loading has fewer controls to judge.
      await expect.poll(() => page.locator('main .loading, main [aria-busy="true"]').count()).toBe(0);
      if (name === 'Catalogue') {
        await expect.poll(() => page.locator('.category').count()).toBeGreaterThan(1);
        await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
      }
      await state(name);
    }

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => page.locator('main h1').count()).toBeGreaterThan(0);
    // Arriving at Settings shows them read-only with Unlock (issue 21 item 2), or asks the PIN at once as before.
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    const unlock = page.getByRole('button', { name: /^Unlock to change/ });
    await expect.poll(async () => (await dialog.count()) + (await unlock.count())).toBeGreaterThan(0);
    if ((await dialog.count()) === 0) {
      await state('Settings (read-only)');
      await unlock.click();
    }
    await expect.poll(() => dialog.count()).toBe(1);
    const { h1: _behind, ...inDialog } = await inspect(page);
    report['manager PIN dialog'] = inDialog;
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog gone, focus is on the form or back on what opened it, never on the page.
    await expect.poll(() => focused(page)).not.toBe('body');
    await state('Settings');

    // The screens that do not fit go under More on a narrow window: the open list is checked too.
    await page.setViewportSize({ width: 800, height: 600 });
    const more = page.getByRole('button', { name: /^More/ });
    await expect.poll(() => more.count()).toBe(1);
    await more.click();
    await expect.poll(() => page.locator('.nav-more-list').count()).toBe(1);
    await state('navigation (More open, 800×600)');

    const found = Object.entries(report).filter(([, v]) => Object.keys(v).length > 0);
    expect(Object.fromEntries(found)).toEqual({});
    expect(titles).toMatchObject({
      'register (idle)': 'Register — Counter POS',
      'register (waiting for the card)': 'Waiting for the card — Register — Counter POS',
      'register (approved)': 'Sale approved — Register — Counter POS',
      'register (waiting for the check)': 'Waiting for the check — Register — Counter POS',
      History: 'History — Counter POS',
      'Offline queue': 'Offline queue — Counter POS',
      Settings: 'Settings — Counter POS',
    });
    // The checks themselves work: an image without a text alternative, a field with a faint edge.
    await page.evaluate(`document.querySelector('main').append(Object.assign(document.createElement('img'), { src: 'data:,' }))`);
    expect((await allViolations(page)).map((v) => v.id)).toContain('image-alt');
    await page.evaluate(`document.querySelector('main').append(Object.assign(document.createElement('input'), { style: 'border: 2px solid #2a3442; background: transparent', ariaLabel: 'faint' }))`);
    expect((await weakEdges(page)).map((e) => e.control)).toContain('input "faint"');
    await page.close();
  });

  it('gives focus back to what opened the manager PIN dialog when it is cancelled', async () => {
    const { page } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    // The Register starts from nothing, whatever the test before left on it.
    await expect.poll(() => page.locator('.sale-panel').count()).toBe(1);
    if ((await page.locator('.sale-head').getByRole('button', { name: 'Cancel' }).count()) > 0) await page.locator('.sale-head').getByRole('button', { name: 'Cancel' }).click();
    if ((await page.getByRole('button', { name: 'New sale' }).count()) > 0) await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('300');
    const charge = page.getByRole('button', { name: /Charge card|Refund card/ }).first();
    await charge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focused(page)).not.toBe('body');
    await page.close();
  });

  it('keeps focus on the page when the control that held it goes (Lock ends the manager session, the badge goes)', async () => {
    const { page } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    const unlock = page.getByRole('button', { name: /^Unlock to change/ });
    await expect.poll(async () => (await dialog.count()) + (await unlock.count())).toBeGreaterThan(0);
    if ((await dialog.count()) === 0) await unlock.click();
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    const lock = page.locator('.manager-badge').getByRole('button', { name: 'Lock' });
    await expect.poll(() => lock.count()).toBe(1);
    await lock.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.manager-badge').count()).toBe(0);
    await expect.poll(() => focused(page)).not.toBe('body');
    await page.close();
  });
});
