import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The client reference the Register shows with a result ('' while there is none). */
export const referenceOf = async (page: Page): Promise<string> => ((await page.locator('.sale-panel').textContent()) ?? '').match(/Reference ([A-Z0-9]{19})/)?.[1] ?? '';

/** On the Register of a training lane: the amount typed, Enter (Charge card), and the sample Visa swiped on the simulated reader. */
export async function chargeSampleVisa(page: Page, digits: string): Promise<void> {
  await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
  await page.keyboard.type(digits);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Swipe a Visa' }).click();
}

/** A card sale swiped with the sample Visa; its client reference once the result shows it. */
export async function swipedSale(page: Page, digits: string): Promise<string> {
  await chargeSampleVisa(page, digits);
  await expect.poll(() => referenceOf(page), { timeout: 10_000 }).toMatch(/^[A-Z0-9]{19}$/);
  return referenceOf(page);
}
