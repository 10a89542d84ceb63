import { copyFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { E2E_MANAGER_PIN, headlessAppInChromium } from '../support/e2e';
import { posctl, ROOT } from '../support/processes';

/** The Register in Chromium, through the headless app in training mode, by keyboard where a cashier would use it. */
describe('Register screen in Chromium (headless app, training mode)', () => {
  const suite = headlessAppInChromium('pos-e2e-register-');

  async function registerPage(): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Amount keypad' }).count()).toBe(1);
    return { page, errors };
  }
  // Each read gives up after 5 s (Playwright's own limit is 30 s), so a poll whose element never comes
  // fails soon after its own timeout, with what it last saw, not at the test's 60 s.
  const READ = { timeout: 5_000 };
  const amount = (page: Page) => page.locator('.sale-step').textContent(READ);
  const shown = (page: Page) => page.locator('output.amount').textContent(READ);
  const result = (page: Page) => page.locator('.sale-result').textContent(READ);

  it('takes a card sale by keyboard alone: digits, Enter, a simulated swipe, the result in words', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('12345');
    await page.keyboard.press('Backspace');
    await expect.poll(() => shown(page)).toBe('$12.34');
    await page.keyboard.press('Enter');
    await expect.poll(() => amount(page)).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    await page.getByRole('button', { name: 'Swipe a Visa' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const panel = (await page.locator('.sale-panel').textContent()) ?? '';
    expect(panel).toContain('Visa 411111******1111');
    expect(panel).toContain('$12.34');
    expect(panel).toMatch(/Authorization\s*\w+/);
    await page.screenshot({ path: screenshotPath('register-approved') });
    // The receipt of the result, on screen, ready to print.
    await page.getByRole('button', { name: 'Customer receipt' }).click();
    await expect.poll(() => page.getByLabel('Customer receipt').textContent()).toContain('12.34');
    await page.getByRole('button', { name: 'New sale' }).focus();
    // Enter again starts over.
    await page.keyboard.press('Enter');
    await expect.poll(() => shown(page)).toBe('$0.00');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes a card swiped on the PIN pad, which the customer confirms there', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('875');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Customer swipes a Visa on the PIN pad' }).click();
    await expect.poll(() => result(page), { timeout: 15_000 }).toBe('Sale approved');
    const rows = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as { rows: Array<{ requestedCents: number; entry: string | null }> };
    expect(rows.rows.find((r) => r.requestedCents === 875)?.entry).toBe('pad');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes a check: the MICR read shown masked, the check details, then the result', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('6400');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect.poll(() => amount(page)).toBe('Run the check through the check reader.');
    await page.getByRole('button', { name: 'Read a sample check' }).click();
    const form = page.getByRole('form', { name: 'Check details' });
    await expect.poll(() => form.count()).toBe(1);
    const panel = (await page.locator('.sale-panel').textContent()) ?? '';
    expect(panel).toMatch(/check(?: #\d+)? · routing \d{9} · account \*+\d{4}/);
    await form.getByLabel('Customer name (optional)').fill('Pat Lee');
    await form.getByRole('button', { name: 'Send the check' }).click();
    await expect.poll(() => result(page), { timeout: 15_000 }).toBe('Check approved');
    await page.screenshot({ path: screenshotPath('register-check') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a decline in words (training demo amount 5521.00) and what to do next', async () => {
    const { page } = await registerPage();
    await page.keyboard.type('552100');
    await page.getByRole('button', { name: /Charge card/ }).click();
    await page.getByRole('button', { name: 'Swipe a Mastercard' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Declined');
    expect(await page.locator('.sale-panel').textContent()).toContain('Ask for another card');
    await page.screenshot({ path: screenshotPath('register-declined') });
    await page.close();
  });

  it('asks the manager for the PIN set up beforehand when a refund needs one (never a first PIN), for that refund alone', async () => {
    const { page, errors } = await registerPage();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('250');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.count()).toBe(1);
    // One field: the PIN in force. The first PIN is chosen on the set-up screen, never on the way (test/e2e/setup.test.ts).
    expect(await dialog.locator('input').count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Set the manager PIN' }).count()).toBe(0);
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Refunded $2.50');
    // The PIN approved that refund only: the next one asks again (Esc: no receipt; Enter: a new sale).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: 'Manager PIN' }).count()).toBe(1);
    await page.getByRole('dialog', { name: 'Manager PIN' }).getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks for the manager PIN for a refund, refuses a wrong one in words, and goes on with the right one', async () => {
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const { page } = await registerPage();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('500');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.textContent()).toContain('A refund needs the manager');
    await dialog.getByLabel('PIN').fill('1357');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.textContent()).toContain('Wrong manager PIN. 4 tries left before it locks.');
    await page.screenshot({ path: screenshotPath('register-manager-pin') });
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Refunded $5.00');
    expect((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout).toContain('"approvedBy":"manager PIN at the counter');
    await page.close();
  });

  it('locks the manager PIN after five wrong tries and says for how long', async () => {
    const { page } = await registerPage();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    await expect.poll(() => dialog.count()).toBe(1);
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await dialog.getByLabel('PIN').fill('1357');
      await dialog.getByLabel('PIN').press('Enter');
      await expect.poll(() => dialog.textContent()).toContain(`${left} left before it locks`);
    }
    await dialog.getByLabel('PIN').fill('1357');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.textContent()).toContain('The manager PIN is locked after 5 wrong tries: try again in 30 seconds.');
    // Even the right PIN waits now.
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => dialog.textContent()).toMatch(/locked after \d+ wrong tries/);
    await page.screenshot({ path: screenshotPath('register-pin-locked') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // The technician's way back in clears the lock.
    expect((await posctl(suite.dataDir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    await page.close();
  });

  it('keeps every part of the screen in place while a payment runs (no layout shift), card and check', async () => {
    const { page, errors } = await registerPage();
    // Every layout shift Chromium reports, the input-driven ones too (a tap on a simulated swipe).
    await page.evaluate(`(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__shifts.push({ value: e.value, moved: e.sources.map((s) => (s.node && s.node.nodeType === 1 ? s.node.className : s.node ? s.node.textContent : '?')) });
        }
      }).observe({ type: 'layout-shift' });
    })()`);
    // Entries arrive with the next frames: wait two before reading or forgetting them.
    const settled = () => page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    const take = async (): Promise<Array<{ value: number; moved: string[] }>> => {
      await settled();
      return page.evaluate<Array<{ value: number; moved: string[] }>>('window.__shifts.splice(0)');
    };
    // Typing the amount grows the right-aligned number, as it should: the payment starts after it.
    await page.keyboard.type('1234');
    await expect.poll(() => shown(page)).toBe('$12.34');
    await take();
    await page.keyboard.press('Enter');
    await expect.poll(() => amount(page)).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    await page.screenshot({ path: screenshotPath('register-waiting') });
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const card = await take();
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.keyboard.type('6400');
    await expect.poll(() => shown(page)).toBe('$64.00');
    await take();
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('button', { name: 'Read a sample check' }).click();
    await page.getByRole('form', { name: 'Check details' }).getByRole('button', { name: 'Send the check' }).click();
    await expect.poll(() => result(page), { timeout: 15_000 }).toBe('Check approved');
    const check = await take();
    expect({ card, check }, JSON.stringify(check)).toEqual({ card: [], check: [] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives every control of the Register a touch target of at least 48 px, idle, during a sale and after it', async () => {
    const { page } = await registerPage();
    const small = () =>
      page.evaluate<string[]>(`[...document.querySelectorAll('.register-screen :is(button, select, input:not([type=radio]), label:has(input[type=radio]))')]
        .map((e) => ({ e, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.width < 48 || r.height < 48))
        .map(({ e, r }) => (e.getAttribute('aria-label') || e.textContent).trim() + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))`);
    expect(await small()).toEqual([]);
    await page.keyboard.type('6400');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('button', { name: 'Read a sample check' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Check details' }).count()).toBe(1);
    expect(await small()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Cancelled');
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Swipe a Visa' }).count()).toBe(1);
    expect(await small()).toEqual([]);
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    expect(await small()).toEqual([]);
    await page.close();
  });

  it('finds a sale in progress again after a reload, and finishes it', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('300');
    await page.keyboard.press('Enter');
    await expect.poll(() => amount(page)).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    await page.reload();
    await expect.poll(() => amount(page), { timeout: 10_000 }).toBe('Swipe the card, or ask the customer to swipe it on the PIN pad.');
    expect(await page.locator('.sale-amount').textContent()).toBe('Sale $3.00');
    // The big display too: the amount of the sale found again, not $0.00.
    expect(await shown(page)).toBe('$3.00');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks "Print the receipt?" after an approval and answers it by keyboard: Enter prints, Esc goes on without; a digit then starts a new amount', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const prompt = page.getByRole('group', { name: 'Print the receipt?' });
    expect(await prompt.count()).toBe(1);
    // Print has the focus: Enter prints the customer receipt on the simulated printer, and focus goes on to New sale.
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Print (Enter)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('receipt-printed').textContent(), { timeout: 10_000 }).toBe('Printed on Simulated receipt printer.');
    expect(await prompt.count()).toBe(0);
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('New sale');
    // The receipt shows beside the result: the result and New sale stay in view at 1366×768.
    for (const shownPart of [page.locator('.sale-result'), page.getByRole('button', { name: 'New sale' }), page.getByLabel('Customer receipt')]) {
      const box = await shownPart.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 768, `${String(shownPart)} at ${JSON.stringify(box)}`).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('register-receipt-printed') });
    // The README's first picture: refreshed on purpose (POS_DOC_IMAGES=1), not by every run.
    if (process.env.POS_DOC_IMAGES === '1') copyFileSync(screenshotPath('register-receipt-printed'), `${ROOT}docs/images/register.png`);
    // A digit over the result starts the next amount ($0.07), never $432.17.
    await page.keyboard.type('7');
    await expect.poll(() => shown(page)).toBe('$0.07');
    await page.keyboard.type('77');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    await page.keyboard.press('Escape');
    expect(await prompt.count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('New sale');
    // Enter on the result starts a new sale with an empty amount; the amount has the focus for the next one.
    await page.keyboard.press('Enter');
    await expect.poll(() => shown(page)).toBe('$0.00');
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('OUTPUT');
    const listed = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as { rows: Array<{ type: string; requestedCents: number }> };
    expect(listed.rows.filter((r) => r.type === 'sale' && r.requestedCents === 7_77)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a void started from History on the Register as Void and the voided amount, then "Voided"', async () => {
    const { page, errors } = await registerPage();
    await page.keyboard.type('1999');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const ref = ((await page.locator('.sale-panel').textContent()) ?? '').match(/Reference ([A-Z0-9]{19})/)?.[1] ?? '';
    expect(ref).toMatch(/^[A-Z0-9]{19}$/);
    await page.keyboard.press('Escape');
    // Verify card chosen before, so a stale type would show.
    await page.getByRole('button', { name: 'Verify card' }).click();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('form', { name: 'Search the journal' }).getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Open payment ${ref}` }).click();
    await page.getByRole('region', { name: `Payment ${ref}` }).getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manager PIN' });
    // While the manager is asked, the counter already shows the void, not the card check chosen before.
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await page.getByTestId('entry-operation').textContent()).toBe('Void');
    await dialog.getByLabel('PIN').fill(E2E_MANAGER_PIN);
    await dialog.getByLabel('PIN').press('Enter');
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Voided');
    expect(await page.locator('.sale-amount').textContent()).toBe('Void $19.99');
    expect(await page.getByTestId('entry-operation').textContent()).toBe('Void');
    expect(await shown(page)).toBe('$19.99');
    expect(await page.locator('.sale-panel').getAttribute('class')).toContain('tone-ok');
    await page.screenshot({ path: screenshotPath('register-voided') });
    expect(errors).toEqual([]);
    await page.close();
  });

  // Last: it turns cashier sign-in on for this app.
  it('asks a cashier to sign in when the store wants it, and records the cashier on the payment', async () => {
    expect((await posctl(suite.dataDir, ['cashiers', 'save', '12', '--name', 'Pat Lee'], { input: '5937\n' })).code).toBe(0);
    expect((await posctl(suite.dataDir, ['config', 'set', 'terminal.cashierSignIn', 'true'])).code).toBe(0);
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    const form = page.getByRole('form', { name: 'Cashier sign-in' });
    // The running app reads the setting posctl wrote on its next look at the database (about a second).
    await expect
      .poll(
        async () => {
          if ((await form.count()) === 0) await page.reload();
          return form.count();
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(1);
    await form.getByLabel('Cashier number').fill('12');
    await form.getByLabel('PIN').fill('1357');
    await form.getByLabel('PIN').press('Enter');
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('That cashier number and PIN do not match.');
    await form.getByLabel('PIN').fill('5937');
    await form.getByLabel('PIN').press('Enter');
    await expect.poll(() => page.locator('.cashier-line').textContent()).toContain('Cashier 12, Pat Lee');
    // Sign out is a touch target like every other control (a link-styled button was 32 px high).
    expect((await page.getByRole('button', { name: 'Sign out' }).boundingBox())?.height).toBeGreaterThanOrEqual(48);
    await page.keyboard.type('700');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Swipe a Visa' }).click();
    await expect.poll(() => result(page), { timeout: 10_000 }).toBe('Sale approved');
    const listed = JSON.parse((await posctl(suite.dataDir, ['journal', 'list', '--json'])).stdout) as { rows: Array<{ requestedCents: number; cashier: string | null }> };
    expect(listed.rows.find((r) => r.requestedCents === 700)?.cashier).toBe('12');
    await page.screenshot({ path: screenshotPath('register-cashier') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The same Register on a lane whose manager chose French (terminal.language fr, set before the app starts). */
describe('Register screen in French (terminal.language fr)', () => {
  const suite = headlessAppInChromium('pos-e2e-register-fr-', {
    async prepare(dataDir) {
      expect((await posctl(dataDir, ['config', 'set', 'terminal.language', 'fr'])).code).toBe(0);
    },
  });

  it('speaks French and writes money as French Canada does, through a card sale', async () => {
    const { page, errors } = await suite.newPage({ width: 1366, height: 768 });
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('group', { name: 'Clavier du montant' }).count()).toBe(1);
    expect(await page.evaluate('document.documentElement.lang')).toBe('fr-CA');
    expect(await page.getByRole('button', { name: 'Caisse', exact: true }).count()).toBe(1);
    await page.keyboard.type('1234');
    await expect.poll(() => page.locator('output.amount').textContent()).toBe('12,34\u00a0$');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.sale-step').textContent()).toBe('Glissez la carte, ou demandez au client de la glisser sur le clavier NIP.');
    await page.getByRole('button', { name: 'Glisser une Visa' }).click();
    await expect.poll(() => page.locator('.sale-result').textContent(), { timeout: 10_000 }).toBe('Vente approuvée');
    const panel = (await page.locator('.sale-panel').textContent()) ?? '';
    expect(panel).toContain('Remettez le reçu au client.');
    expect(panel).toContain('Visa 411111******1111');
    expect(panel).toMatch(/Autorisation\s*\w+/);
    expect(await page.getByRole('button', { name: 'Nouvelle vente' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('register-french') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
