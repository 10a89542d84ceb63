import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { posctl, startHeadlessApp, type HeadlessAppProcess } from './processes';
import { tempDirForSuite } from './tmp';

export interface BrowserSuite {
  readonly browser: Browser;
  readonly app: HeadlessAppProcess;
  readonly dataDir: string;
  /** A new page, with the uncaught errors of its scripts collected. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }>;
}

/** The manager PIN of the lanes the browser suites open (set up beforehand, as IT or a technician would). */
export const E2E_MANAGER_PIN = '4826';

export interface SuiteHooks {
  /** Before the app starts, e.g. a provisioning file or a simulator it should point at. */
  prepare?(dataDir: string): Promise<void> | void;
  /**
   * The manager PIN `posctl manager-pin set` gives the lane after `prepare`, before the app starts,
   * so a page opens on the register (default E2E_MANAGER_PIN). null: a fresh lane, which opens on
   * its one-time set-up screen.
   */
  managerPin?: string | null;
  /** After the browser and the app stopped. */
  cleanup?(): Promise<void> | void;
}

/**
 * Registers the suite's beforeAll/afterAll: the built headless app on a data directory of its own
 * (set up beforehand with a manager PIN unless the suite asks for a fresh lane), and Debian's
 * Chromium; both stopped and the directory removed at the end.
 */
export function headlessAppInChromium(prefix: string, hooks: SuiteHooks = {}): BrowserSuite {
  const data = tempDirForSuite(prefix);
  let browser: Browser | undefined;
  let app: HeadlessAppProcess | undefined;

  beforeAll(async () => {
    await hooks.prepare?.(data.dir);
    const pin = hooks.managerPin === undefined ? E2E_MANAGER_PIN : hooks.managerPin;
    if (pin !== null) {
      const set = await posctl(data.dir, ['manager-pin', 'set'], { input: `${pin}\n` });
      if (set.code !== 0) throw new Error(`posctl manager-pin set failed before the app started: ${set.stderr}`);
    }
    app = await startHeadlessApp(data.dir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await hooks.cleanup?.();
    data.remove();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started yet (use it inside tests)`);
    return value;
  };

  return {
    get browser() {
      return started(browser, 'browser');
    },
    get app() {
      return started(app, 'headless app');
    },
    dataDir: data.dir,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const page = await started(browser, 'browser').newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors };
    },
  };
}
