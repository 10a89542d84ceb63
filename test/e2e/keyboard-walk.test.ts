import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../main/training/marketplace/simulator';
import { allViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';
import { chargeSampleVisa } from '../support/register-page';

const credentials = { apiKey: 'e2e-market', apiSecret: 'e2e-market-secret', algorithm: 'hmac-sha256' };

/** Where Tab landed: inside the screen or not, and in which list (its place among the screen's grids, -1 for none). */
const Landing = z.object({ inMain: z.boolean(), grid: z.number().int() });
const LANDING = `(() => {
  const el = document.activeElement;
  const grid = el?.closest('[role="grid"]');
  return { inMain: !!el?.closest('#main'), grid: grid ? [...document.querySelectorAll('#main [role="grid"]')].indexOf(grid) : -1 };
})()`;

/**
 * The same walk with the lists taken out (inert): the screen's own Tab stops, as Chrome counts them
 * (a date field is three stops, one per part), to measure what the lists add.
 */
async function stopsOutsideLists(page: Page): Promise<number> {
  await page.evaluate(`document.querySelectorAll('#main [role="grid"]').forEach((g) => g.setAttribute('inert', ''))`);
  const { presses } = await tabWalk(page);
  await page.evaluate(`document.querySelectorAll('#main [role="grid"]').forEach((g) => g.removeAttribute('inert'))`);
  return presses;
}

/**
 * Tab from the top of the screen (its <main>) until focus leaves it: how many presses reach the
 * last control, and how many of them landed in each list.
 */
async function tabWalk(page: Page): Promise<{ presses: number; perList: number[]; lists: number }> {
  await page.locator('#main').focus();
  const lists = await page.locator('#main [role="grid"]:not([inert])').count();
  const perList = Array.from({ length: lists }, () => 0);
  let presses = 0;
  for (;;) {
    await page.keyboard.press('Tab');
    const at = Landing.parse(await page.evaluate(LANDING));
    if (!at.inMain) break;
    presses += 1;
    if (at.grid >= 0) perList[at.grid] = (perList[at.grid] ?? 0) + 1;
    // Far more than any screen has without its lists: the walk stops instead of looping.
    if (presses > 300) break;
  }
  return { presses, perList, lists };
}

/** axe-core over the screen's lists alone (the grid, row and cell roles, names, counts): any impact. */
async function listViolations(page: Page): Promise<unknown[]> {
  // The first call puts axe in the page; its answer covers the whole page, which other tests judge.
  await allViolations(page);
  return z
    .array(z.unknown())
    .parse(await page.evaluate(`axe.run({ include: [...document.querySelectorAll('#main [role="grid"]')] }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })))`));
}

/** The walk's promise: each list is crossed in at most 3 presses (here: 1), the rest is the screen's own controls. */
async function expectListsCrossedQuickly(page: Page, screenName: string): Promise<void> {
  const walk = await tabWalk(page);
  const outside = await stopsOutsideLists(page);
  expect(walk.lists, screenName).toBeGreaterThan(0);
  for (const landings of walk.perList) expect(landings, screenName).toBeLessThanOrEqual(3);
  expect(walk.perList.every((n) => n === 1), `${screenName}: ${walk.perList.join(',')}`).toBe(true);
  expect(walk.presses, screenName).toBeLessThanOrEqual(outside + 3 * walk.lists);
  expect(await listViolations(page), screenName).toEqual([]);
}

/** The focused element: its text, its place in a virtualised list (aria-rowindex) and its row in any list. */
const Focused = z.object({ text: z.string(), rowIndex: z.string().nullable(), row: z.string().nullable() });
const focused = async (page: Page) =>
  Focused.parse(
    await page.evaluate(`(() => {
      const el = document.activeElement;
      return {
        text: el?.textContent ?? '',
        rowIndex: el?.closest('[aria-rowindex]')?.getAttribute('aria-rowindex') ?? null,
        row: el?.closest('[data-row]')?.getAttribute('data-row') ?? null,
      };
    })()`),
  );

/** A card sale swiped on the Register; the result dismissed so the next one can start. */
async function swipedSale(page: Page, digits: string, result: string): Promise<void> {
  await chargeSampleVisa(page, digits);
  await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 15_000 }).toBe(result);
  await page.keyboard.press('Escape');
}

describe('keyboard walk: every list is one Tab stop, walked with the arrow keys (Chromium, headless app in training mode)', () => {
  let sim: MarketplaceSimulator;
  const suite = headlessAppInChromium('pos-e2e-keys-', {
    async prepare(dataDir) {
      sim = await startMarketplaceSimulator({ credentials });
      writeFileSync(
        join(dataDir, 'provision.json'),
        JSON.stringify({ marketplace: { url: sim.baseUrl, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, algorithm: credentials.algorithm, companyId: sim.companyId, businessConsultantId: 'BC1002' } }),
      );
    },
    cleanup: () => sim?.close(),
  });

  it('crosses the Catalogue’s product list in one Tab press and walks it with the arrow keys', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Catalogue', exact: true }).click();
    await page.getByRole('button', { name: 'All categories' }).click();
    const products = page.getByRole('grid', { name: 'Product results' });
    await expect.poll(() => products.locator('.product-row').count()).toBeGreaterThan(5);
    const total = Number(await products.getAttribute('aria-rowcount'));
    expect(total).toBeGreaterThan(10);

    await expectListsCrossedQuickly(page, 'Catalogue');

    // Into the list: arrows, a page, the end of the whole list scrolled into view, then back.
    await products.locator('[tabindex="0"]').focus();
    expect((await focused(page)).rowIndex).toBe('1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await focused(page)).rowIndex).toBe('3');
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await focused(page)).rowIndex).toBe('11');
    await page.keyboard.press('End');
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(String(total));
    expect(await page.evaluate(`document.activeElement.matches(':focus-visible')`)).toBe(true);
    await page.screenshot({ path: screenshotPath('keyboard-walk-catalogue-last-product') });
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focused(page)).rowIndex).toBe('1');
    await page.keyboard.press('ArrowDown');
    const second = await focused(page);
    // Tab out and back in: the same product.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toEqual(second);
    // Enter opens it.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#product-title').count()).toBe(1);
    expect(second.text).toContain((await page.locator('#product-title').textContent()) ?? '?');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('crosses History’s payments and the queue’s lists in one Tab press each, and walks them with the arrow keys', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    for (const digits of ['1100', '1200', '1300']) await swipedSale(page, digits, 'Sale approved');
    // Answers lost: the payments wait for a manager's lookup in the Offline queue.
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'drop-after'])).code).toBe(0);
    for (const digits of ['2100', '2200']) await swipedSale(page, digits, 'Needs lookup');
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'none'])).code).toBe(0);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const payments = page.getByRole('grid', { name: 'Payments' });
    await expect.poll(() => payments.getByRole('row').count()).toBe(6);
    await expectListsCrossedQuickly(page, 'History');
    await payments.locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ row: '1', text: '$21.00' });
    await page.screenshot({ path: screenshotPath('keyboard-walk-history-cell') });
    await page.keyboard.press('End');
    const ref = (await focused(page)).text;
    expect(ref).toMatch(/^[A-Z0-9]{19}$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: `Payment ${ref}` }).count()).toBe(1);

    await page.getByRole('button', { name: 'Offline queue', exact: true }).click();
    await expect.poll(() => page.locator('.queue-row').count()).toBe(2);
    await page.getByLabel('Your name, recorded with each decision').fill('Manager Mo');
    await expectListsCrossedQuickly(page, 'Offline queue');
    const lookup = page.getByRole('grid').first();
    await lookup.locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).row).toBe('1');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(`document.activeElement?.getAttribute('inputmode')`)).toBe('numeric');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    expect(await focused(page)).toMatchObject({ row: '0', text: 'Write it off' });
    await page.screenshot({ path: screenshotPath('keyboard-walk-queue-control') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
