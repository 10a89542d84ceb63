import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SAMPLE_CARDS, swipeText } from '../../native/sim/sample-cards';
import { screenshotPath } from '../support/browser';
import { E2E_MANAGER_PIN, headlessAppInChromium } from '../support/e2e';
import { posctl, ROOT } from '../support/processes';

/**
 * What stays in view on every screen: the banners, the navigation, the status bar with the lane's
 * name; and on the Register, at each counter screen size, zoom and language with every banner and
 * badge on, the amount, the keypad and the pay buttons, uncovered and without scrolling.
 */
const SIZES = [
  [1024, 768],
  [1280, 800],
  [1366, 768],
  [1920, 1080],
] as const;
/** 125 %: what an operating system scaled to 125 % gives the page (fewer CSS pixels, denser ones). */
const ZOOMS = [1, 1.25] as const;
const LANGUAGES = ['en', 'fr'] as const;

const WORDS = {
  en: { amount: 'Amount', keypad: 'Amount keypad', card: /^Charge card/, check: /^Check$/, cancel: /^Cancel/, register: 'Register', settings: 'Settings' },
  fr: { amount: 'Montant', keypad: 'Clavier du montant', card: /^Payer par carte/, check: /^Chèque$/, cancel: /^Annuler/, register: 'Caisse', settings: 'Paramètres' },
} as const;

const SWIPE = swipeText(SAMPLE_CARDS.visa);
const CASHIER_PIN = '5937';

/** Run in the page (the tests have no DOM types): the frame's measures, read back through zod. */
const FRAME = `(() => {
  const height = (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? -1;
  const cut = ['status-gateway', 'status-queue'].filter((id) => {
    const el = document.querySelector('[data-testid="' + id + '"]');
    return !el || el.scrollWidth > el.clientWidth + 1;
  });
  return {
    scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight,
    header: height('.app-header'), nav: height('.nav-button'), bar: height('.status-bar'),
    line: parseFloat(getComputedStyle(document.querySelector('.status-item') ?? document.body).lineHeight), cut,
  };
})()`;
const Frame = z.object({ scrollY: z.number(), width: z.number(), height: z.number(), header: z.number(), nav: z.number(), bar: z.number(), line: z.number(), cut: z.array(z.string()) });

/** What the measure below uses of an element (the tests have no DOM types; it runs in the page). */
interface Placeable {
  getBoundingClientRect(): { x: number; y: number; width: number; height: number; right: number; bottom: number };
  contains(other: Placeable): boolean;
  readonly tagName: string;
  readonly className: string;
  readonly ownerDocument: { elementFromPoint(x: number, y: number): Placeable | null };
}

/** Where a control is, and whether the element at its centre is the control itself (or inside it): nothing covers it. */
function placed(el: Placeable) {
  const r = el.getBoundingClientRect();
  const at = el.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, hit: at !== null && (at === el || el.contains(at)), over: at ? `${at.tagName}.${at.className}` : 'nothing' };
}
const Placed = z.object({ x: z.number(), y: z.number(), right: z.number(), bottom: z.number(), hit: z.boolean(), over: z.string() });

/** A lane with something in every list of the offline banner, its payments made by posctl before the app starts. */
async function preparePayments(dataDir: string): Promise<void> {
  const run = async (args: string[], input?: string): Promise<string> => {
    const r = await posctl(dataDir, args, input === undefined ? {} : { input });
    return `${r.stdout}${r.stderr}`;
  };
  const file = join(dataDir, 'offline.json');
  writeFileSync(file, JSON.stringify({ offline: { enabled: true, maxAmount: '6000.00', maxTotal: '20000.00' } }));
  expect(await run(['config', 'import', file])).toContain('applied 3 setting(s)');
  // Stored offline, then declined once sent ($5,521.00: the simulator's bank decline 521): a manager must contact the customer.
  await run(['gateway', 'training-fault', 'unreachable']);
  expect(await run(['sale', '--amount', '5521.00', '--swipe', '-'], SWIPE)).toMatch(/stored offline/i);
  await run(['gateway', 'training-fault', 'none']);
  expect(await run(['queue', 'forward'])).toMatch(/declined/i);
  // Processed, its answer lost: a manager must look it up.
  await run(['gateway', 'training-fault', 'drop-after']);
  expect(await run(['sale', '--amount', '7.00', '--swipe', '-'], SWIPE)).toMatch(/unknown/i);
  await run(['gateway', 'training-fault', 'unreachable']);
  // A cashier signs in at the Register: their line sits above the keypad too.
  expect((await posctl(dataDir, ['cashiers', 'save', '12', '--name', 'Pat Lee'], { input: `${CASHIER_PIN}\n` })).code).toBe(0);
  expect(await run(['config', 'set', 'terminal.cashierSignIn', 'true'])).not.toMatch(/invalid|refused/i);
}

describe('layout and banners in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-layout-', { prepare: preparePayments });

  async function open(viewport = { width: 1366, height: 768 }): Promise<Page> {
    const { page } = await suite.newPage(viewport);
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByTestId('status-mode').textContent()).toBe('Mode: TRAINING');
    return page;
  }

  /** The viewport as a 125 % (or 100 %) screen of `width`×`height` device pixels gives it to the page. */
  async function screen(cdp: CDPSession, width: number, height: number, zoom: number): Promise<{ width: number; height: number }> {
    const css = { width: Math.round(width / zoom), height: Math.round(height / zoom) };
    await cdp.send('Emulation.setDeviceMetricsOverride', { ...css, deviceScaleFactor: zoom, mobile: false });
    return css;
  }

  /** A picture of the page as emulated (Playwright's own screenshot would put its viewport back first). */
  async function shoot(cdp: CDPSession, name: string): Promise<void> {
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(screenshotPath(name), Buffer.from(data, 'base64'));
  }

  /**
   * What is wrong with the frame and the Register's controls at this viewport (nothing: []): each
   * control inside the viewport with the page unscrolled, the element at its centre itself or inside
   * it, the header and the status bar each one line.
   */
  async function problems(page: Page, controls: Record<string, Locator>, viewport: { width: number; height: number }): Promise<string[]> {
    const out: string[] = [];
    const frame = Frame.parse(await page.evaluate(FRAME));
    if (frame.scrollY !== 0) out.push(`page scrolled by ${frame.scrollY}`);
    if (frame.width !== viewport.width || frame.height !== viewport.height) out.push(`viewport is ${frame.width}×${frame.height}`);
    for (const [name, control] of Object.entries(controls)) {
      const found = Placed.parse(await control.evaluate(placed));
      if (found.x < 0 || found.y < 0 || found.right > viewport.width || found.bottom > viewport.height) out.push(`${name} is outside the viewport: ${JSON.stringify(found)}`);
      else if (!found.hit) out.push(`${name} is covered by ${found.over}`);
    }
    // What a cashier acts on is read whole, never cut by an ellipsis: since when the gateway is offline, what waits.
    if (frame.cut.length > 0) out.push(`cut short: ${frame.cut.join(', ')}`);
    // One line each: the header a row of buttons (plus its padding), the bar one line of text (plus its padding).
    if (frame.header < 0 || frame.header > frame.nav + 16) out.push(`header is ${frame.header}px high for ${frame.nav}px buttons`);
    if (frame.bar < 0 || frame.bar > frame.line * 1.5 + 16) out.push(`status bar is ${frame.bar}px high for ${frame.line}px lines`);
    return out;
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

  it('puts the screens that do not fit under More, on one line, and opens them from there by keyboard', async () => {
    const page = await open({ width: 1024, height: 768 });
    const more = page.getByRole('button', { name: 'More' });
    await expect.poll(() => more.count()).toBe(1);
    // Hidden from the row (and from the keyboard and screen readers), not gone: More lists them.
    expect(await page.getByRole('button', { name: 'Leads', exact: true }).count()).toBe(0);
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate('document.activeElement?.textContent')).toContain('More');
    await page.keyboard.press('Enter');
    const leads = page.getByRole('button', { name: 'Leads', exact: true });
    await leads.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Leads');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await more.getAttribute('class')).toContain('holds-current');
    // Wide again, every screen is back on the row and More goes.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => more.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Leads', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('fits the Register at every counter screen size, at 100 % and 125 %, in English and French, with every banner and badge on', async () => {
    const page = await open({ width: 1920, height: 1080 });
    const cdp = await page.context().newCDPSession(page);
    await screen(cdp, 1920, 1080, 1);
    // The manager badge: this page holds a manager session.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    // Settings opens read-only; Unlock asks for the manager PIN.
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await page.getByRole('button', { name: /^Unlock to change/ }).click();
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByLabel('PIN').fill(E2E_MANAGER_PIN);
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => page.locator('.manager-badge').count()).toBe(1);

    // A sale stored offline by this app (its gateway then says since when), then one waiting for the card (Cancel shows).
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByLabel('Cashier number').fill('12');
    await page.getByLabel('PIN').fill(CASHIER_PIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.cashier-line').textContent()).toContain('Pat Lee');
    await page.locator('.amount').focus();
    await page.keyboard.type('1500');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 15_000 }).toBe('Stored offline');
    await expect.poll(() => page.getByTestId('status-gateway').textContent()).toMatch(/^Gateway: Offline since \d{1,2}:\d{2}\s[AP]M$/);
    const banner = page.getByTestId('offline-banner');
    await expect.poll(() => banner.textContent()).toMatch(/has not answered since .*1 payment stored offline.*1 payment with an unknown outcome.*1 stored payment was declined or paid only in part after sending/);
    await page.keyboard.press('Enter'); // a new sale
    await page.keyboard.type('2000');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: WORDS.en.cancel }).count()).toBe(1);
    // The status bar counts what the banner counts.
    expect(await page.getByTestId('status-queue').textContent()).toBe('Offline queue: 1, 1 to look up, 1 to contact');

    const shots: string[] = [];
    for (const language of LANGUAGES) {
      if (language !== 'en') {
        expect((await posctl(suite.dataDir, ['config', 'set', 'terminal.language', language])).code).toBe(0);
        await expect.poll(() => page.evaluate('document.documentElement.lang'), { timeout: 10_000 }).toBe('fr-CA');
      }
      const w = WORDS[language];
      const controls = {
        amount: page.getByRole('status', { name: w.amount }),
        keypad: page.getByRole('group', { name: w.keypad }),
        'Charge card': page.getByRole('button', { name: w.card }),
        Check: page.getByRole('button', { name: w.check }),
        Cancel: page.getByRole('button', { name: w.cancel }),
        'TRAINING banner': page.locator('.training-banner'),
        'offline banner': banner,
        'manager badge': page.locator('.manager-badge'),
        'cashier signed in': page.locator('.cashier-line'),
      };
      for (const [width, height] of SIZES) {
        for (const zoom of ZOOMS) {
          const viewport = await screen(cdp, width, height, zoom);
          const name = `register-${width}x${height}-${zoom * 100}-${language}`;
          try {
            await expect.poll(() => problems(page, controls, viewport), { message: name }).toEqual([]);
          } finally {
            // Kept whether it fits or not: the picture says what went wrong.
            await shoot(cdp, name);
          }
          shots.push(name);
        }
      }
    }
    expect(shots).toHaveLength(SIZES.length * ZOOMS.length * LANGUAGES.length);
    // The README's pictures: refreshed on purpose (POS_DOC_IMAGES=1), not by every run.
    if (process.env.POS_DOC_IMAGES === '1') {
      mkdirSync(`${ROOT}docs/images`, { recursive: true });
      for (const language of LANGUAGES) copyFileSync(screenshotPath(`register-1366x768-100-${language}`), `${ROOT}docs/images/register-1366-${language}.png`);
    }
    expect((await posctl(suite.dataDir, ['config', 'set', 'terminal.language', 'en'])).code).toBe(0);
    await expect.poll(() => page.evaluate('document.documentElement.lang'), { timeout: 10_000 }).toBe('en-US');

    // Once this app's own attempt gets through, the gateway is no longer offline and the stored payment is gone from every count.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: WORDS.en.cancel }).count()).toBe(0);
    expect((await posctl(suite.dataDir, ['gateway', 'training-fault', 'none'])).code).toBe(0);
    await page.getByRole('button', { name: 'Offline queue', exact: true }).click();
    await page.getByRole('button', { name: 'Forward now' }).click();
    await expect.poll(() => page.getByTestId('status-gateway').textContent(), { timeout: 10_000 }).toBe('Gateway: Simulated');
    await expect.poll(() => page.getByTestId('status-queue').textContent()).toBe('Offline queue: 0, 1 to look up, 1 to contact');
    expect(await banner.textContent()).not.toContain('stored offline');
    // The queue screen reads its own count on queue.changed (at most every 250 ms): waited for, not raced.
    await expect.poll(() => page.getByTestId('queue-waiting').locator('.big').textContent()).toBe('0');
    await page.close();
  });
});
