import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startMarketplaceSimulator, type MarketplaceSimulator } from '../../main/training/marketplace/simulator';
import { seriousViolations } from '../support/axe';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

const credentials = { apiKey: 'e2e-leads', apiSecret: 'e2e-leads-secret', algorithm: 'hmac-sha256' };

/** A terminal in the cart, as a store manager puts it there on the Catalogue screen. */
async function cartWithTerminal(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Catalogue', exact: true }).click();
  await page.getByLabel('Search').fill('countertop terminal');
  await expect.poll(() => page.locator('.product-row').first().textContent(), { timeout: 20_000 }).toContain('Countertop Terminal');
  await page.locator('.product-row').first().click();
  await expect.poll(() => page.getByTestId('product-price').count()).toBe(1);
  const terminal = (await page.locator('#product-title').textContent()) ?? '';
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.locator('.cart-line').count()).toBe(1);
  return terminal;
}

async function fillPerson(page: Page, company: string): Promise<void> {
  const form = page.getByRole('form', { name: 'New lead' });
  for (const [label, value] of [['First name', 'Marta'], ['Last name', 'Quill'], ['Company (DBA) name', company], ['E-mail', 'marta@quill.test'], ['Phone', '217-555-0142'], ['Street address', '12 Paper Lane'], ['City', 'Springfield'], ['State', 'IL'], ['Zip / postal code', '62701'], ['Annual card volume ($)', '180,000']] as const) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
}

// Evaluated as text: this file is type-checked without the DOM's types.
const focusedId = (page: Page) => page.evaluate<string>("document.activeElement?.id ?? ''");

describe('Leads in Chromium', () => {
  let sim: MarketplaceSimulator;
  const suite = headlessAppInChromium('pos-e2e-leads-', {
    async prepare(dataDir) {
      sim = await startMarketplaceSimulator({ credentials });
      // Set by the technician (not a provisioning file), so the address can change later.
      for (const [key, value] of [['marketplace.url', sim.baseUrl], ['marketplace.apiKey', credentials.apiKey], ['marketplace.algorithm', credentials.algorithm], ['marketplace.companyId', sim.companyId], ['marketplace.businessConsultantId', 'BC1003']]) {
        expect((await posctl(dataDir, ['config', 'set', key!, value!])).code).toBe(0);
      }
      expect((await posctl(dataDir, ['config', 'set', 'marketplace.apiSecret'], { input: `${credentials.apiSecret}\n` })).code).toBe(0);
    },
    cleanup: () => sim?.close(),
  });

  it('creates a lead with the cart\'s equipment from the Catalogue, and the cart empties', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    const terminal = await cartWithTerminal(page, suite.app.url);

    // The button at the foot of the cart brings the form into view with the focus in it.
    await page.getByRole('button', { name: 'Submit a lead for this merchant' }).click();
    const form = page.getByRole('form', { name: 'New lead' });
    await expect.poll(() => focusedId(page)).toBe('lead-first_name');
    await expect
      .poll(async () => {
        const box = await form.getByLabel('First name').boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 768;
      })
      .toBe(true);
    expect(await form.textContent()).toContain(`1 × ${terminal}, Purchased`);

    // A live marketplace gives no lead-system defaults: those fields are marked, their section
    // opens and the first of them takes the focus.
    await fillPerson(page, 'Quill Stationers');
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('The lead is not complete. See the marked fields');
    expect(await form.locator('details').getAttribute('open')).not.toBeNull();
    await expect.poll(() => focusedId(page)).toBe('lead-businessConsultantAMAId');
    expect(await form.getByLabel('Bank id').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: screenshotPath('leads-marked-fields') });
    expect(await seriousViolations(page)).toEqual([]);

    for (const [label, value] of [['Consultant AMA id', 'AMA-55103'], ['Action type', 'Create'], ['Record type', 'Merchant'], ['Bank id', 'TB-0042'], ['Campaign id', 'SPRING'], ['Reference type', 'LeadSystem']] as const) {
      await form.getByLabel(label, { exact: true }).fill(value);
    }
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => page.getByTestId('lead-result').textContent()).toMatch(/^Lead created: 00Q\d+\. The cart’s 1 line went with the lead; the cart is empty now\.$/);
    const sent = sim.requests.filter((r) => r.path.endsWith('/lead/create')).at(-1);
    expect(sent?.body).toMatchObject({ first_name: 'Marta', company: 'Quill Stationers', annualVolume: 180000, businessConsultantId: 'BC1003', bankId: 'TB-0042' });
    expect(sent?.body).not.toHaveProperty('withCart');
    await expect.poll(() => page.locator('.cart-line').count()).toBe(0);
    expect(await page.locator('.cart').textContent()).toContain('Nothing chosen yet.');
    await page.screenshot({ path: screenshotPath('leads-created-from-cart') });

    // The Leads screen lists it with the equipment that went with it.
    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    const row = page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Quill Stationers' });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain(`1 × ${terminal}, Purchased`);
    await page.screenshot({ path: screenshotPath('leads-list') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps a lead queued offline in view when the marketplace address changes', async () => {
    const port = sim.port;
    await sim.close();
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await cartWithTerminal(page, suite.app.url);
    await page.getByRole('button', { name: 'Submit a lead for this merchant' }).click();
    await fillPerson(page, 'Offline Outfitters');
    // The lead-system fields this terminal sent last are remembered.
    const form = page.getByRole('form', { name: 'New lead' });
    await form.getByRole('button', { name: 'Submit lead' }).click();
    await expect.poll(() => page.getByTestId('lead-result').textContent(), { timeout: 20_000 }).toMatch(/^Not sent yet: the marketplace cannot be reached\./);
    // Safely kept: the lead was taken, so the cart empties as for a lead created.
    await expect.poll(() => page.locator('.cart-line').count()).toBe(0);

    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    const outbox = page.getByRole('region', { name: 'Waiting to be sent (1)' });
    await expect.poll(() => outbox.count()).toBe(1);
    expect(await outbox.textContent()).toContain('Offline Outfitters');

    // The technician points the lane at another marketplace: the lead stays, saying where it waits to go.
    expect((await posctl(suite.dataDir, ['config', 'set', 'marketplace.url', 'http://127.0.0.1:9/gw'])).code).toBe(0);
    const kept = `Keyed for the marketplace at http://127.0.0.1:${port}: it is sent when that address is set again.`;
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Show leads' }).click();
        return page.getByText(kept).count();
      }, { timeout: 15_000 })
      .toBe(1);
    expect(await outbox.textContent()).toContain('Offline Outfitters');
    await page.screenshot({ path: screenshotPath('leads-outbox-settings-changed') });

    // Back to its address: it waits as any lead does, to be sent there.
    expect((await posctl(suite.dataDir, ['config', 'set', 'marketplace.url', `http://127.0.0.1:${port}`])).code).toBe(0);
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Show leads' }).click();
        return page.getByText(kept).count();
      }, { timeout: 15_000 })
      .toBe(0);
    expect(await outbox.textContent()).toContain('Offline Outfitters');
    expect(errors).toEqual([]);
    await page.close();
  });
});
