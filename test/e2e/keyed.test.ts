import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { E2E_MANAGER_PIN, headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

const PAN = '4111111111111111';
const CVD = '739';

/** The accessible name (or text) of the element that has the focus. */
const focused = (page: Page) => page.evaluate<string>("(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '').trim()");

/** Tabs forward until `name` has the focus, as a cashier would; fails after a page's worth of stops. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** A card typed in at the Register, in Chromium, through the headless app in training mode: keyboard only. */
describe('Type the card at the Register (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-keyed-');

  it('takes a keyed card by keyboard alone, with the manager PIN, and leaves no full card number on the page', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Type the card' }).count()).toBe(1);

    await tabTo(page, 'Type the card');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Type the card' });
    await expect.poll(() => form.count()).toBe(1);
    // The number field has the focus; typed whole and valid, it is masked at once.
    await page.keyboard.type(PAN);
    await expect.poll(() => form.getByLabel('Card number').inputValue()).toBe('411111******1111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    // Tab to the CVD presence (On the card, already chosen), then to the code itself.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(CVD);
    await page.keyboard.press('Tab');
    await page.keyboard.type('62701');
    await page.keyboard.press('Tab');
    await page.keyboard.type('PAT LEE');
    await page.screenshot({ path: screenshotPath('register-keyed-form') });
    expect(await page.content()).not.toContain(PAN);
    await page.keyboard.press('Enter');

    // Manager approval, as for a refund: the PIN dialog has the focus.
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.count()).toBe(1);
    await page.keyboard.type(E2E_MANAGER_PIN);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 15_000 }).toMatch(/approved/i);
    const panel = (await page.locator('.sale-panel').textContent()) ?? '';
    expect(panel).toContain('411111******1111');
    expect(panel).toContain('$24.68');
    await page.screenshot({ path: screenshotPath('register-keyed-approved') });

    const html = await page.content();
    for (const secret of [PAN, '4111 1111 1111 1111', CVD]) expect(html).not.toContain(secret);
    const rows = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as { rows: Array<{ requestedCents: number; entry: string | null; state: string }> };
    expect(rows.rows.find((r) => r.requestedCents === 24_68)).toMatchObject({ entry: 'keyed', state: 'approved' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    [1024, 768],
    [1366, 768],
  ])('fits the form and its buttons at %i×%i without scrolling, nothing covering any part of them', async (width, height) => {
    const { page, errors } = await suite.newPage({ width, height });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('135');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Type the card' }).click();
    for (const name of ['Send for approval', 'Close (Esc)']) {
      const button = page.getByRole('button', { name });
      const box = await button.boundingBox();
      if (!box) throw new Error(`${name} is not laid out`);
      expect(box.y + box.height, name).toBeLessThanOrEqual(height);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      // Its centre and the middle of each edge (inside the rounded corners) are the button itself: nothing over any part of it.
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      for (const [x, y] of [[cx, cy], [cx, box.y + 3], [cx, box.y + box.height - 3], [box.x + 3, cy], [box.x + box.width - 3, cy]] as const) {
        const at = await page.evaluate<string>(`document.elementFromPoint(${x}, ${y})?.closest('button')?.textContent ?? ''`);
        expect(at, `${name} at ${x},${y}`).toBe(name);
      }
    }
    await page.screenshot({ path: screenshotPath(`register-keyed-${width}x${height}`) });
    // Esc closes the form; the sale still waits for its card, and is cancelled with its own button.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Type the card' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Cancel (Esc)' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Type the card' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
