import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MERCHANT_BOOK } from '../../main/training/merchant/data';
import { startMerchantSimulator, type MerchantSimulator } from '../../main/training/merchant/simulator';
import { seriousViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

const credentials = { apiKey: 'e2e-merchant', apiSecret: 'e2e-merchant-secret', algorithm: 'hmac-sha1' };
const home = MERCHANT_BOOK.merchants.find((m) => m.merchantId === MERCHANT_BOOK.home)!;

async function openMerchant(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Merchant', exact: true }).click();
  await expect.poll(() => page.getByTestId('merchant-name').textContent()).toBe(home.search.dbaName);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('Merchant screen in Chromium', () => {
  let sim: MerchantSimulator;
  const suite = headlessAppInChromium('pos-e2e-merchant-', {
    async prepare(dataDir) {
      sim = await startMerchantSimulator({ credentials, countPerPage: 10 });
      writeFileSync(
        join(dataDir, 'provision.json'),
        JSON.stringify({ merchant: { url: sim.baseUrl, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, algorithm: credentials.algorithm, merchantId: String(home.merchantId) } }),
      );
    },
    cleanup: () => sim?.close(),
  });

  it("shows this store's account with code meanings, contacts, hierarchy, entitlements and fees, and finds other merchants", async () => {
    const { page, errors } = await suite.newPage({ width: 1400, height: 1000 });
    await openMerchant(page, suite.app.url);
    const fields = page.locator('dl.fields');
    expect(await fields.textContent()).toContain(home.search.mid);
    // Coded values carry their meaning; the tax id is cut to its last four.
    expect(await fields.textContent()).toMatch(/Ownership type.+—/);
    expect(await fields.textContent()).not.toContain(String(home.record.taxId));
    expect(await fields.textContent()).toContain(`•••${String(home.record.taxId).slice(-4)}`);
    await expect.poll(() => page.getByTestId('freshness-account').textContent()).toContain('Last refreshed');
    await page.screenshot({ path: screenshotPath('merchant-account') });

    await tab(page, 'Contacts').click();
    await expect.poll(() => page.locator('.card h2').allTextContents()).toEqual(['Doing-business-as address', 'Billing address', 'Statement delivery address']);

    await tab(page, 'Hierarchy').click();
    await expect.poll(() => page.locator('.hierarchy-item').count()).toBe(1);
    expect(await page.locator('tr.matched').textContent()).toContain(String(home.merchantId));
    await page.getByLabel('Level', { exact: true }).selectOption('50');
    await page.getByRole('button', { name: 'Show hierarchy' }).click();
    await expect.poll(() => page.getByText(/no hierarchy items|items?, page/).first().textContent()).toBeTruthy();
    await page.screenshot({ path: screenshotPath('merchant-hierarchy') });

    await tab(page, 'Entitlements').click();
    await expect.poll(() => page.getByRole('table', { name: 'Entitlements' }).locator('tbody tr').count()).toBeGreaterThan(1);
    await tab(page, 'Fees').click();
    await expect.poll(() => page.getByRole('table', { name: 'Fees' }).locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await page.getByRole('table', { name: 'Fees' }).textContent()).toContain('Monthly');
    // Amounts in the merchant's base currency, two decimals.
    const amounts = await page.getByRole('table', { name: 'Fees' }).locator('td.num').allTextContents();
    expect(amounts.filter((t) => t !== '').length).toBeGreaterThan(0);
    for (const t of amounts.filter((x) => x !== '')) expect(t).toMatch(/^([A-Z]{3}\s)?-?\d+\.\d{2}$/);

    // Search: an empty search is refused with words; a partial name finds, pages and opens merchants.
    await tab(page, 'Search').click();
    const search = page.getByRole('form', { name: 'Merchant search' });
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.error-note').textContent()).toMatch(/at least one search field/);
    await search.getByLabel('Business name').fill('harbor');
    await search.getByLabel('Sort by').selectOption('city');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText(/merchants; page 1 of \d+, 10 per page/).count()).toBe(1);
    // Sort options and levels are offered in words, never as the service's field keys or codes.
    expect(await search.getByLabel('Sort by').locator('option').allTextContents()).not.toContain('dbaName');
    expect((await page.locator('.product-row .tag').allTextContents()).every((t) => /^[A-Z][a-z]/.test(t))).toBe(true);
    expect(await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').count()).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText(/page 2 of/).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('merchant-search') });
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('button').first();
    const picked = ((await first.locator('strong').textContent()) ?? '').trim();
    await first.click();
    await expect.poll(() => page.getByTestId('merchant-name').textContent()).toBe(picked);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows a hierarchy link to that merchant at its level, and refuses a malformed id without asking the service', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await openMerchant(page, suite.app.url);
    await tab(page, 'Hierarchy').click();
    await expect.poll(() => page.locator('.hierarchy-item').count()).toBe(1);
    expect(await page.locator('.hierarchy-item').textContent()).not.toMatch(/lvl\d/);
    const item = MERCHANT_BOOK.items.find((h) => h.merchantId === home.merchantId && h.dateTo.startsWith('9999'))!;
    const chain = Number(item.lvl[1]?.id);
    await page.getByRole('button', { name: `Open merchant ${chain} at its level, Corporate` }).click();
    const heading = page.getByTestId('hierarchy-heading');
    await expect.poll(() => heading.textContent()).toBe(`Merchant ${chain} at the Corporate level`);
    expect(await page.evaluate<string>("document.activeElement?.getAttribute('data-testid') ?? ''")).toBe('hierarchy-heading');
    // At the Corporate level every item holding the chain in its chain field: its own and its outlets'.
    await expect.poll(() => page.locator('tr.matched').count()).toBeGreaterThan(1);
    for (const row of await page.locator('tr.matched').allTextContents()) expect(row).toContain(String(chain));
    expect(await page.getByLabel('Level', { exact: true }).inputValue()).toBe('100');
    expect(sim.requests.some((r) => r.path === `/api/manage/merchants/${chain}/hierarchies/100`)).toBe(true);
    await page.screenshot({ path: screenshotPath('merchant-hierarchy-followed') });

    const before = sim.requests.length;
    await page.getByLabel('Merchant id').fill('70002A');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => page.getByText('A merchant id is digits only, and not 0 (for example 700025).').count()).toBe(1);
    expect(await page.getByLabel('Merchant id').getAttribute('aria-invalid')).toBe('true');
    expect(sim.requests.length).toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the last merchant view with the service down, marked offline', async () => {
    await sim.close();
    const { page } = await suite.newPage({ width: 1400, height: 1000 });
    await openMerchant(page, suite.app.url);
    const note = page.getByTestId('freshness-account');
    await expect.poll(() => note.textContent(), { timeout: 20_000 }).toContain('Offline');
    expect(await note.textContent()).toMatch(/merchant service cannot be reached/);
    expect(await page.locator('dl.fields').textContent()).toContain(home.search.mid);
    await tab(page, 'Contacts').click();
    await expect.poll(() => page.locator('.card').count()).toBe(3);
    await tab(page, 'Fees').click();
    await expect.poll(() => page.getByRole('table', { name: 'Fees' }).locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('freshness-fees').textContent()).toContain('Offline');
    await page.screenshot({ path: screenshotPath('merchant-offline') });
    await tab(page, 'Search').click();
    await page.getByLabel('Business name').fill('harbor');
    await page.getByRole('form', { name: 'Merchant search' }).getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.error-note').textContent(), { timeout: 20_000 }).toMatch(/cannot be reached/);
    await page.close();
  });
});

describe('Merchant screen in French', () => {
  // The technician chose French before the app started, as a lane in Quebec would be set up.
  const suite = headlessAppInChromium('pos-e2e-merchant-fr-', {
    async prepare(dataDir) {
      expect((await posctl(dataDir, ['config', 'set', 'terminal.language', 'fr'])).code).toBe(0);
    },
  });

  it('shows the account, its hierarchy and fees in French', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Commerçant', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Commerçant');
    await expect.poll(() => page.getByTestId('merchant-name').textContent()).toBe(home.search.dbaName);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Compte', 'Adresses', 'Hiérarchie', 'Services', 'Frais', 'Recherche']);
    expect(await page.locator('dl.fields').textContent()).toContain('Code d’activité (MCC)');
    expect(await page.getByTestId('freshness-account').textContent()).toMatch(/^Mis à jour/);
    await page.getByRole('tab', { name: 'Frais' }).click();
    const fees = page.getByRole('table', { name: 'Frais' });
    await expect.poll(() => fees.locator('tbody tr').count()).toBeGreaterThan(3);
    for (const t of (await fees.locator('td.num').allTextContents()).filter((x) => x !== '')) expect(t).toMatch(/^-?\d+,\d{2}\sUSD$/);
    expect(await fees.textContent()).toContain('Mensuel');
    await page.getByRole('tab', { name: 'Hiérarchie' }).click();
    await expect.poll(() => page.getByTestId('hierarchy-heading').textContent()).toBe(`Commerçant ${home.merchantId} au niveau Emplacement`);
    await page.screenshot({ path: screenshotPath('merchant-french') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
