import { mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './processes';

export const CHROMIUM = process.env.POS_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = `${ROOT}test-results/e2e/`;

/**
 * Debian's Chromium, never a downloaded browser. The flags keep it from reaching for the network
 * (this machine has none but loopback) and let it run as root in CI.
 */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export function screenshotPath(name: string): string {
  return `${SCREENSHOTS}${name}.png`;
}
