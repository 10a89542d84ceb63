import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused } from '../support/a11y-probes';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';

/** The page is no wider than the window: nothing to scroll sideways (WCAG 1.4.10 at 200 %). */
const sideways = (page: Page): Promise<number> => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/** Every running animation or transition with a duration, as the page reports them. */
const moving = (page: Page): Promise<string[]> =>
  page.evaluate<string[]>(`(() => {
    const out = document.getAnimations().map((a) => a.constructor.name + ' ' + (a.effect?.getTiming().duration ?? 0)).filter((d) => !d.endsWith(' 0'));
    for (const el of document.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      const longest = Math.max(...(s.transitionDuration + ',' + s.animationDuration).split(',').map((d) => parseFloat(d) || 0));
      if (longest > 0) out.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + longest + 's');
    }
    return out;
  })()`);

/**
 * The Register worked through a whole sale with the keyboard at 200 % zoom (a 1366×768 screen:
 * 683×384 CSS px at a device scale of 2), in reduced motion, and in forced colours; a screenshot
 * of each in test-results/e2e/.
 */
describe('the Register at 200 % zoom, in reduced motion and in forced colours', () => {
  const suite = headlessAppInChromium('pos-e2e-zoom-');

  async function saleByKeyboard(options: BrowserContextOptions, shot: string): Promise<Page> {
    const context = await suite.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    await page.keyboard.type('1250');
    await page.keyboard.press('Enter');
    const visa = page.getByRole('button', { name: 'Swipe a Visa' });
    await expect.poll(() => visa.count()).toBe(1);
    // Reached and pressed by the keyboard, scrolled into view by the browser as focus lands on it.
    await visa.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Sale approved');
    expect(await page.title()).toBe('Sale approved — Register — Counter POS');
    expect(await focused(page)).not.toBe('body');
    await page.screenshot({ path: screenshotPath(shot) });
    return page;
  }

  it('takes a sale at 200 % zoom with nothing to scroll sideways and every control in reach', async () => {
    const page = await saleByKeyboard({ viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 }, 'register-zoom-200');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const newSale = page.getByRole('button', { name: 'New sale' });
    await newSale.scrollIntoViewIfNeeded();
    expect(await newSale.isVisible()).toBe(true);
    // Every enabled control can be brought into view inside the window's width.
    const outside = await page.evaluate<string[]>(`[...document.querySelectorAll('main button:not(:disabled), main input, main select')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => { const r = el.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth + 1; })
      .map((el) => el.textContent || el.getAttribute('aria-label') || el.tagName)`);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('moves nothing when the OS asks for reduced motion', async () => {
    const page = await saleByKeyboard({ viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' }, 'register-reduced-motion');
    expect(await moving(page)).toEqual([]);
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect.poll(() => page.locator('main h1').count()).toBe(1);
    expect(await moving(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the chosen screen and the controls told apart in forced colours', async () => {
    const page = await saleByKeyboard({ viewport: { width: 1366, height: 768 }, forcedColors: 'active' }, 'register-forced-colors');
    expect(await page.evaluate<boolean>(`matchMedia('(forced-colors: active)').matches`)).toBe(true);
    // The current screen's button keeps an outline in the system's Highlight, besides aria-current.
    const outline = await page.evaluate<string>(`getComputedStyle(document.querySelector('.nav-button[aria-current="page"]')).outlineStyle`);
    expect(outline).toBe('solid');
    // New sale keeps a visible edge.
    const edge = await page.evaluate<string>(`getComputedStyle([...document.querySelectorAll('main button')].find((b) => b.textContent === 'New sale')).borderTopStyle`);
    expect(edge).toBe('solid');
    await page.context().close();
  });
});
