import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../main/training/marketplace/simulator';
import { seriousViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';

const credentials = { apiKey: 'e2e-market', apiSecret: 'e2e-market-secret', algorithm: 'hmac-sha256' };

async function openCatalogue(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Catalogue', exact: true }).click();
  await expect.poll(() => page.getByRole('navigation', { name: 'Categories' }).getByRole('button').count()).toBe(9);
}

describe('Catalogue screen in Chromium', () => {
  let sim: MarketplaceSimulator;
  const suite = headlessAppInChromium('pos-e2e-catalogue-', {
    async prepare(dataDir) {
      sim = await startMarketplaceSimulator({ credentials });
      // The deployer's provisioning file points this lane at the (simulated) live marketplace.
      writeFileSync(
        join(dataDir, 'provision.json'),
        JSON.stringify({ marketplace: { url: sim.baseUrl, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, algorithm: credentials.algorithm, companyId: sim.companyId, businessConsultantId: 'BC1002' } }),
      );
    },
    cleanup: () => sim?.close(),
  });

  it('browses categories and products, shows details, and builds a cart that says what is missing', async () => {
    const { page, errors } = await suite.newPage({ width: 1400, height: 1000 });
    await openCatalogue(page, suite.app.url);
    await expect.poll(() => page.getByTestId('freshness-catalogue').textContent()).toContain('Last refreshed');

    // A category narrows the list; the virtualised list shows rows with cached pictures.
    await page.getByRole('button', { name: 'Petroleum' }).click();
    await expect.poll(() => page.getByText(/^\d+ products?$/).textContent()).toMatch(/^(1\d|[2-9]\d) products$/);
    await expect.poll(() => page.locator('.product-row img[src^="data:image/png;base64,"]').count()).toBeGreaterThan(0);

    // Nothing matches: said in words, with a way back.
    await page.getByLabel('Search').fill('zzqx no such product');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing matches' }).textContent()).toBe('Nothing matches these filters.');
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await expect.poll(() => page.locator('.product-row').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Search').inputValue()).toBe('');

    // The cart's two check boxes are the same size.
    const boxes = await Promise.all([page.getByLabel('Debit (needs a PIN pad)'), page.getByLabel('Check acceptance (needs a check reader)')].map((b) => b.boundingBox()));
    expect(boxes[0]?.width).toBe(boxes[1]?.width);
    expect(boxes[0]?.height).toBe(boxes[1]?.height);

    // Search as you type, then a product's details with its seven parts.
    await page.getByRole('button', { name: 'All categories' }).click();
    await page.getByLabel('Search').fill('countertop terminal');
    await expect.poll(() => page.locator('.product-row').first().textContent()).toContain('Countertop Terminal');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /Countertop Terminal/ }).count()).toBe(1);
    expect(await page.getByTestId('product-price').textContent()).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    for (const section of ['Purchase options', 'Features', 'Specifications', 'Included', 'Recommended with it', 'Questions']) {
      expect(await page.getByRole('heading', { name: section }).count(), section).toBe(1);
    }
    await expect.poll(() => page.locator('.product-detail img.large').getAttribute('src')).toMatch(/^data:image\/png/);
    const terminal = (await page.locator('#product-title').textContent()) ?? '';

    // The cart: a terminal alone is enough until debit is chosen; then a PIN pad is missing.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('.cart-line').count()).toBe(1);
    await expect.poll(() => page.getByText('Everything the merchant needs is in the cart.').count()).toBe(1);
    await page.getByLabel('Debit (needs a PIN pad)').check();
    const missing = page.getByRole('alert', { name: 'Missing equipment' });
    await expect.poll(() => missing.textContent()).toContain('Add a PIN pad');
    await page.screenshot({ path: screenshotPath('catalogue-missing-pinpad') });
    // The missing kind is one press away: the list comes back, filtered to it.
    await missing.getByRole('button', { name: 'Show PIN pads' }).click();
    await expect.poll(() => page.locator('#product-title').count()).toBe(0);
    expect(await page.getByLabel('Type').inputValue()).toBe('PINPAD');
    await page.getByLabel('Search').fill('');
    await expect.poll(() => page.locator('.product-row').first().textContent()).toContain('PIN Pad');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.locator('#product-title').textContent()).toMatch(/PIN Pad/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByText('Everything the merchant needs is in the cart.').count()).toBe(1);
    expect(await page.locator('.cart-line').count()).toBe(2);
    expect(await page.locator('.cart').textContent()).toContain(terminal);
    await page.screenshot({ path: screenshotPath('catalogue-cart-complete') });

    // A check reader when checks are accepted; the totals follow the quantities.
    await page.getByLabel('Check acceptance (needs a check reader)').check();
    await expect.poll(() => missing.textContent()).toContain('Add a check reader');
    await missing.getByRole('button', { name: 'Show check readers' }).click();
    await expect.poll(() => page.locator('.product-row').first().textContent()).toMatch(/Check (Reader|Scanner)/);
    expect(await page.getByLabel('Type').inputValue()).toBe('CHKRDR');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.getByTestId('product-price').count()).toBe(1);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByText('Everything the merchant needs is in the cart.').count()).toBe(1);
    const totals = page.locator('.cart .totals');
    const before = await totals.textContent();
    await page.getByRole('button', { name: `One more ${terminal}` }).click();
    await expect.poll(() => totals.textContent()).not.toBe(before);
    await page.getByRole('button', { name: `One fewer ${terminal}` }).click();
    await expect.poll(() => totals.textContent()).toBe(before);
    expect(await page.locator('.cart-line').count()).toBe(3);
    // Every type of product can be picked in words, none as a code.
    const types = await page.getByLabel('Type').locator('option').allTextContents();
    expect(types.length).toBe(22);
    for (const t of types) expect(t).not.toMatch(/_|^[A-Z]{3,}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('catalogue-cart-rules') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the catalogue, details, pictures and cart viewable with the marketplace down, and says so', async () => {
    await sim.close();
    const { page } = await suite.newPage({ width: 1400, height: 1000 });
    await openCatalogue(page, suite.app.url);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    const note = page.getByTestId('freshness-catalogue');
    await expect.poll(() => note.textContent(), { timeout: 20_000 }).toContain('Offline');
    expect(await note.textContent()).toMatch(/Showing the copy saved/);
    expect(await page.locator('.error-note').first().textContent()).toMatch(/cannot be reached/);
    // Lists, pictures and the detail seen before are all still there.
    await page.getByLabel('Search').fill('countertop terminal');
    await expect.poll(() => page.locator('.product-row').first().textContent()).toContain('Countertop Terminal');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Purchase options' }).count()).toBe(1);
    await expect.poll(() => page.locator('.product-detail img.large').getAttribute('src')).toMatch(/^data:image\/png/);
    expect(await page.locator('.cart-line').count()).toBe(3);
    await page.screenshot({ path: screenshotPath('catalogue-offline') });

    await page.close();
  });
});
