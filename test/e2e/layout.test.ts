import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** What stays in view on every screen: the banners, the navigation, the status bar with the lane's name. */
describe('layout and banners in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-layout-');

  async function open(): Promise<Page> {
    const { page } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByTestId('status-mode').textContent()).toBe('Mode: TRAINING');
    return page;
  }

  it('keeps the TRAINING banner and the status bar in view on a long screen, and names the lane', async () => {
    const page = await open();
    expect(await page.getByTestId('status-lane').textContent()).toBe('Lane 1');
    await page.getByRole('button', { name: 'Merchant', exact: true }).click();
    await expect.poll(() => page.evaluate('document.documentElement.scrollHeight > window.innerHeight')).toBe(true);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect.poll(() => page.evaluate('window.scrollY > 0')).toBe(true);
    const banner = await page.getByRole('note', { name: 'Training mode' }).boundingBox();
    const bar = await page.getByRole('contentinfo', { name: 'Terminal status' }).boundingBox();
    expect(banner?.y).toBe(0);
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeLessThanOrEqual(768);
    expect(bar?.y ?? 0).toBeGreaterThan(600);
    await page.screenshot({ path: screenshotPath('layout-scrolled') });
    await page.close();
  });

  it('shows a payment stored offline on every screen until it is forwarded (training fault switch)', async () => {
    expect((await posctl(suite.dataDir, ['config', 'set', 'offline.enabled', 'true'])).code).toBe(0);
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'unreachable'])).code).toBe(0);
    const page = await open();
    // The running app reads the setting posctl wrote on its next look at the database: wait until the queue screen says offline payments are on.
    await page.getByRole('button', { name: 'Offline queue', exact: true }).click();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Forward now' }).click();
          return (await page.locator('.queue-screen').textContent())?.includes('Offline payments are turned off');
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(false);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // Arriving from the navigation, Enter charges (the amount has the focus, not the Register button).
    await page.keyboard.type('1500');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 15_000 }).toBe('Stored offline');
    const banner = page.getByTestId('offline-banner');
    await expect.poll(() => banner.textContent()).toContain('1 payment stored offline, to be sent when the gateway answers.');
    await page.getByRole('button', { name: 'Catalogue', exact: true }).click();
    expect(await banner.textContent()).toContain('1 payment stored offline');
    await page.screenshot({ path: screenshotPath('offline-banner') });

    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'none'])).code).toBe(0);
    // Forward now, asked by a person: the payment is sent even though the app's forwarder is waiting out a back-off.
    const forwarded = await posctl(suite.dataDir, ['queue', 'forward']);
    expect(forwarded.code).toBe(0);
    expect(forwarded.stdout).toContain('Sent 1: 1 approved');
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
    await page.close();
  });
});
