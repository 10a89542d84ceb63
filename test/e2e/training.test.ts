import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

/** What the page function below uses of the DOM (this suite's types have no DOM library); it runs in the page. */
interface PageNode {
  contains(other: PageNode): boolean;
}
declare const document: { elementFromPoint(x: number, y: number): PageNode | null };

interface JournalRow {
  requestedCents: number;
  state: string;
  entry: string | null;
}

/** The Training panel in Chromium: the trainee breaks the gateway and plays the customer at the PIN pad, without a shell. */
describe('Training panel in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-training-', {
    // Offline payments are a manager's choice (off by default): this lane takes them, as a store that trains for it would.
    async prepare(dataDir) {
      const set = await posctl(dataDir, ['config', 'set', 'offline.enabled', 'true']);
      if (set.code !== 0) throw new Error(`posctl config set offline.enabled failed: ${set.stderr}`);
    },
  });

  async function registerPage(viewport = { width: 1366, height: 768 }): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await suite.newPage(viewport);
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    return { page, errors };
  }
  const toggle = (page: Page) => page.getByRole('button', { name: 'Training: practise what goes wrong' });
  const faults = (page: Page) => page.getByRole('group', { name: 'How the training gateway behaves' });
  const padScreen = (page: Page) => page.getByTestId('training-pad-screen').textContent();
  const padKey = (page: Page, name: string) => page.getByRole('group', { name: 'PIN pad keys' }).getByRole('button', { name, exact: true });
  /** Inside the viewport, and the element at its centre is it (nothing covers it). */
  async function inView(page: Page, control: Locator): Promise<boolean> {
    const box = await control.boundingBox();
    const size = page.viewportSize();
    if (!box || !size) return false;
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
    const hit = await control.evaluate((el: PageNode, [x, y]: [number, number]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (el === top || el.contains(top));
    }, [box.x + box.width / 2, box.y + box.height / 2] as [number, number]);
    return inside && hit;
  }
  async function journalRow(cents: number): Promise<JournalRow | undefined> {
    const out = await posctl(suite.dataDir, ['journal', 'list', '--json']);
    return (JSON.parse(out.stdout) as { rows: JournalRow[] }).rows.find((r) => r.requestedCents === cents);
  }
  async function openPanel(page: Page): Promise<void> {
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
  }
  /** A card sale typed at the counter, the card swiped on the customer's pad from the panel, up to the pad's question. */
  async function saleUpToTheQuestion(page: Page, digits: string, shown: string): Promise<void> {
    await page.locator('output.amount').focus();
    await page.keyboard.type(digits);
    await page.keyboard.press('Enter');
    await expect.poll(() => padScreen(page), { timeout: 10_000 }).toBe(`Swipe CardAmount on the pad: ${shown}`);
    await page.getByRole('button', { name: 'Swipe on the pad' }).click();
    await expect.poll(() => padScreen(page), { timeout: 10_000 }).toContain(`Total ${shown} OK?`);
  }

  it('moves none of the Register’s controls when opened, at 1024×768', async () => {
    const { page, errors } = await registerPage({ width: 1024, height: 768 });
    const controls: Locator[] = [page.locator('output.amount'), page.getByRole('group', { name: 'Amount keypad' }), page.getByRole('button', { name: /Charge card/ }), page.getByRole('button', { name: 'Check', exact: true })];
    const boxes = () => Promise.all(controls.map((c) => c.boundingBox()));
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    const closed = await boxes();
    await openPanel(page);
    await expect.poll(() => padScreen(page)).toContain('Welcome');
    expect(await boxes()).toEqual(closed);
    await page.screenshot({ path: screenshotPath('training-panel-open'), fullPage: true });
    // Remembered: the next visit finds it open.
    await page.reload();
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('switches the gateway to unreachable: the sale is stored offline; back to Normal, it is sent by itself', async () => {
    const { page, errors } = await registerPage();
    await openPanel(page);
    await faults(page).getByRole('button', { name: 'Unreachable' }).click();
    await expect.poll(() => page.getByTestId('training-fault').textContent()).toContain('Now: Unreachable');
    expect(await page.getByTestId('training-fault').textContent()).toContain('will be stored offline');

    await saleUpToTheQuestion(page, '1500', '$15.00');
    await padKey(page, 'Yes').click();
    await expect.poll(async () => (await journalRow(15_00))?.state, { timeout: 15_000 }).toBe('offline');
    await expect.poll(() => page.locator('.sale-panel').getAttribute('data-state')).toBe('offline');
    await page.screenshot({ path: screenshotPath('training-stored-offline') });

    await faults(page).getByRole('button', { name: 'Normal' }).click();
    await expect.poll(() => page.getByTestId('training-fault').textContent()).toContain('Now: Normal');
    // The gateway answers again: the app forwards what it stored at once, as when a live gateway comes back.
    await expect.poll(async () => (await journalRow(15_00))?.state, { timeout: 15_000 }).toBe('approved');
    await expect.poll(() => page.getByTestId('status-gateway').textContent()).not.toContain('Offline since');
    await page.getByRole('button', { name: 'Offline queue', exact: true }).click();
    await expect.poll(() => page.locator('.queue-row').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('cancels the sale when the trainee, playing the customer, presses No on the pad', async () => {
    const { page, errors } = await registerPage();
    await openPanel(page);
    await saleUpToTheQuestion(page, '2675', '$26.75');
    // The question waits for the trainee: nothing was answered for them.
    expect(await page.locator('.sale-panel').getAttribute('data-state')).not.toBe('approved');
    await page.screenshot({ path: screenshotPath('training-customer-question') });
    // Docked beside the Register at 1366×768: the sale's controls and the pad's keys are all in view at once.
    const controls = [
      page.locator('output.amount'),
      page.getByRole('group', { name: 'Amount keypad' }),
      page.getByRole('button', { name: /Charge card/ }),
      page.getByRole('button', { name: 'Check', exact: true }),
      page.locator('.sale-head button'),
      padKey(page, 'No'),
    ];
    for (const control of controls) expect(await inView(page, control)).toBe(true);
    await padKey(page, 'No').click();
    await expect.poll(() => page.locator('.sale-panel').getAttribute('data-state'), { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(() => padScreen(page)).toContain('CANCELLED');
    expect((await journalRow(26_75))?.state).toBe('cancelled');
    await page.screenshot({ path: screenshotPath('training-customer-no') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
