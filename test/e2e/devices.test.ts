import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CARDS, type SampleCard } from '../../native/sim/sample-cards';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

const CARDS: SampleCard[] = Object.values(SAMPLE_CARDS);
const SECRETS = [
  ...CARDS.flatMap((c) => c.tracks.filter((t): t is string => t !== null)),
  ...CARDS.flatMap((c) => (c.tracks[1] ? [/^;(\d+)[=D]/.exec(c.tracks[1])?.[1] ?? ''] : [])),
  '123456789',
].filter((s) => s.length >= 9);

describe('Devices screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-devices-');

  async function devicesPage(): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await suite.newPage({ width: 1280, height: 900 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Devices', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Devices', level: 1 }).count()).toBe(1);
    return { page, errors };
  }

  it('clicks Simulate swipe and shows the masked card the main process validated', async () => {
    const { page, errors } = await devicesPage();
    await expect.poll(() => page.getByTestId('device-training-msr').textContent()).toContain('Ready');
    // In a browser, keys typed into the page are not swipes: the simulated wedge says so.
    expect(await page.getByTestId('wedge-not-captured').textContent()).toContain('keys typed into a browser page are not captured');
    await page.getByRole('button', { name: 'Simulate swipe' }).click();
    await expect.poll(() => page.getByTestId('last-read-card').textContent()).toBe('Visa 411111******1111');
    expect(await page.getByTestId('last-read').textContent()).toContain('TRAINING/VISA');
    await expect.poll(() => page.getByTestId('device-training-msr').textContent()).toContain('1 read');
    await page.screenshot({ path: screenshotPath('devices-swipe'), fullPage: true });

    // The same through the PIN pad dialogue, and a driver's licence refused in words.
    await page.getByRole('radio', { name: 'Customer swipes on the PIN pad' }).check();
    await page.getByLabel('Card', { exact: true }).selectOption('amex');
    await page.getByRole('button', { name: 'Simulate swipe' }).click();
    await expect.poll(() => page.getByTestId('last-read-card').textContent()).toBe('American Express 371449*****8431');
    expect(await page.getByTestId('last-read').textContent()).toContain('Simulated PIN pad');
    await page.getByRole('radio', { name: 'Keyboard-wedge reader' }).check();
    await page.getByLabel('Card', { exact: true }).selectOption('licence');
    await page.getByRole('button', { name: 'Simulate swipe' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('not a bank card');

    await page.getByLabel('Check', { exact: true }).selectOption('business');
    await page.getByRole('button', { name: 'Simulate check' }).click();
    await expect.poll(() => page.getByTestId('last-read-check').textContent()).toBe('Business check #5678');
    expect(await page.getByTestId('last-read').textContent()).toContain('account ******3210');
    await page.screenshot({ path: screenshotPath('devices-check') });

    const html = await page.content();
    for (const s of SECRETS) expect(html).not.toContain(s);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tests a device: the simulated PIN pad answers a status request', async () => {
    const { page } = await devicesPage();
    const pad = page.getByTestId('device-training-pinpad');
    await pad.getByRole('button', { name: 'Test link' }).click();
    await expect.poll(() => pad.getByRole('status').textContent()).toContain('Passed: PIN pad answered the status request: ready');
    await page.close();
  });

  it('keeps card data out of the terminal log', async () => {
    const log = readFileSync(join(suite.dataDir, 'logs', 'pos.log'), 'utf8');
    expect(log).toContain('card read');
    for (const s of SECRETS) expect(log).not.toContain(s);
  });

  it('hides the simulators in live mode', async () => {
    const { page } = await devicesPage();
    await expect.poll(() => page.getByRole('button', { name: 'Simulate swipe' }).count()).toBe(1);
    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.url', 'https://gateway.invalid/transaction/v14'])).code).toBe(0);
    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.gatewayId', 'AB1234-01'])).code).toBe(0);
    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.password'], { input: 'not-a-real-password\n' })).code).toBe(0);
    await expect.poll(() => page.getByTestId('status-mode').textContent(), { timeout: 10_000 }).toBe('Mode: LIVE');
    await expect.poll(() => page.getByRole('button', { name: 'Simulate swipe' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Simulate check' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('devices-live') });
    await page.close();
  });
});
