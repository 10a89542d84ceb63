import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../main/training/marketplace/simulator';
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

  it('browses categories and products, shows details, builds a cart that says what is missing, and submits a lead', async () => {
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
    await missing.getByRole('button', { name: 'Show PIN pads' }).click();
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByLabel('Search').fill('');
    await expect.poll(() => page.locator('.product-row').first().textContent()).toContain('PIN Pad');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.locator('#product-title').textContent()).toMatch(/PIN Pad/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByText('Everything the merchant needs is in the cart.').count()).toBe(1);
    expect(await page.locator('.cart-line').count()).toBe(2);
    expect(await page.locator('.cart').textContent()).toContain(terminal);
    await page.screenshot({ path: screenshotPath('catalogue-cart-complete') });

    // A lead: the form checks the required fields, then the lead system creates it.
    await page.getByRole('button', { name: 'Submit a lead for this merchant' }).click();
    const form = page.getByRole('form', { name: 'New lead' });
    await form.getByLabel('First name').fill('Marta');
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => form.locator('.field-problem').count()).toBeGreaterThan(3);
    expect(await form.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Last name').fill('Quill');
    await form.getByLabel('Company (DBA) name').fill('Quill Stationers');
    await form.getByLabel('E-mail').fill('marta@quill.test');
    await form.getByLabel('Phone').fill('217-555-0142');
    await form.getByLabel('Street address').fill('12 Paper Lane');
    await form.getByLabel('City').fill('Springfield');
    await form.getByLabel('State').fill('IL');
    await form.getByLabel('Zip / postal code').fill('62701');
    await form.getByLabel('Annual card volume ($)').fill('180,000');
    await form.locator('summary').click();
    await form.getByLabel('Action type').fill('Create');
    await form.getByLabel('Record type').fill('Merchant');
    await form.getByLabel('Bank id').fill('TB-0042');
    await form.getByLabel('Campaign id').fill('SPRING');
    await form.getByLabel('Reference type').fill('LeadSystem');
    await form.getByLabel('Consultant AMA id').fill('AMA-55102');
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => page.getByTestId('lead-result').textContent()).toMatch(/^Lead created: 00Q/);
    const sent = sim.requests.filter((r) => r.path.endsWith('/lead/create')).at(-1);
    expect(sent?.body).toMatchObject({ first_name: 'Marta', company: 'Quill Stationers', annualVolume: 180000, businessConsultantId: 'BC1002', leadType: 'Self Sourced' });
    await page.screenshot({ path: screenshotPath('catalogue-lead-created') });
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
    expect(await note.textContent()).toMatch(/showing the copy saved/);
    expect(await page.locator('.error-note').first().textContent()).toMatch(/cannot be reached/);
    // Lists, pictures and the detail seen before are all still there.
    await page.getByLabel('Search').fill('countertop terminal');
    await expect.poll(() => page.locator('.product-row').first().textContent()).toContain('Countertop Terminal');
    await page.locator('.product-row').first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'Purchase options' }).count()).toBe(1);
    await expect.poll(() => page.locator('.product-detail img.large').getAttribute('src')).toMatch(/^data:image\/png/);
    expect(await page.locator('.cart-line').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('catalogue-offline') });

    // A lead keyed in now waits in the outbox instead of being lost.
    await page.getByRole('button', { name: 'Submit a lead for this merchant' }).click();
    const form = page.getByRole('form', { name: 'New lead' });
    for (const [label, value] of [['First name', 'Ola'], ['Last name', 'Nordmann'], ['Company (DBA) name', 'Offline Outfitters'], ['E-mail', 'ola@offline.test'], ['Phone', '503-555-0177'], ['Street address', '1 Fjord St'], ['City', 'Portland'], ['State', 'OR'], ['Zip / postal code', '97205'], ['Annual card volume ($)', '50000']] as const) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => page.getByTestId('lead-result').textContent(), { timeout: 20_000 }).toMatch(/Not sent yet/);
    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: /Waiting to be sent \(1\)/ }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('leads-outbox-offline') });
    await page.close();
  });
});
