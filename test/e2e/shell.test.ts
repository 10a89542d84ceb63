import { describe, expect, it } from 'vitest';
import { screenshotPath } from '../support/browser';
import { headlessAppInChromium } from '../support/e2e';
import { posctl } from '../support/processes';

describe('headless app in Chromium', () => {
  const suite = headlessAppInChromium('pos-e2e-');

  it('shows the TRAINING banner and a status bar with mode, gateway, devices and queue', async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByRole('note', { name: 'Training mode' }).textContent()).toContain('TRAINING');
    await expect.poll(() => page.getByTestId('status-mode').textContent()).toBe('Mode: TRAINING');
    expect(await page.getByTestId('status-gateway').textContent()).toBe('Gateway: Simulated');
    expect(await page.getByTestId('status-devices').textContent()).toBe('Devices: none configured');
    expect(await page.getByTestId('status-queue').textContent()).toBe('Offline queue: 0');
    expect(await page.getByTestId('status-link').textContent()).toBe('Connected');
    // The token left the address bar once read.
    expect(page.url()).not.toContain('token=');
    await page.screenshot({ path: screenshotPath('shell-training') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps a technician's problem off a cashier's status bar and says it once on the Status screen, in words", async () => {
    const { page, errors } = await suite.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByTestId('status-mode').textContent()).toBe('Mode: TRAINING');
    // The tests keep the key in a file (POS_KEY_PROTECTION=file): the terminal says so to the technician, not to the cashier.
    expect(await page.getByTestId('status-problems').count()).toBe(0);
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    const list = page.getByRole('region', { name: 'Problems' });
    // The screen's words for the problem's code, then main's detail (what to do), without the same sentence again.
    expect(await list.textContent()).toMatch(/Warning: The terminal key is protected by file permissions only\. no usable OS keyring/);
    expect((await list.textContent())?.toLowerCase().split('protected by file permissions only')).toHaveLength(2);
    await page.screenshot({ path: screenshotPath('shell-problems') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows status.changed live: a technician configures the gateway and the banner goes', async () => {
    const { page } = await suite.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByTestId('status-mode').textContent()).toBe('Mode: TRAINING');

    // The Register is the first screen; the Status screen is titled with the lane's name.
    await page.getByRole('button', { name: 'Status', exact: true }).click();
    expect((await posctl(suite.dataDir, ['config', 'set', 'terminal.name', 'Lane 7'])).code).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Lane 7');

    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.url', 'https://gateway.invalid/transaction/v14'])).code).toBe(0);
    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.gatewayId', 'AB1234-01'])).code).toBe(0);
    expect((await posctl(suite.dataDir, ['config', 'set', 'gateway.password'], { input: 'not-a-real-password\n' })).code).toBe(0);
    await expect.poll(() => page.getByTestId('status-mode').textContent(), { timeout: 10_000 }).toBe('Mode: LIVE');
    expect(await page.getByRole('note', { name: 'Training mode' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('shell-live') });

    expect((await posctl(suite.dataDir, ['config', 'unset', 'gateway.password'])).code).toBe(0);
    await expect.poll(() => page.getByTestId('status-mode').textContent(), { timeout: 10_000 }).toBe('Mode: TRAINING');
    await page.close();
  });

  it('refuses a page with a wrong token', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.app.origin}/#token=wrong-token`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not connected to a terminal');
    await page.screenshot({ path: screenshotPath('shell-refused') });
    await page.close();
  });

  it('answers an invalid input with a typed error, and an unknown method too', async () => {
    const { page } = await suite.newPage();
    await page.goto(suite.app.url);
    await expect.poll(() => page.getByTestId('status-link').textContent()).toBe('Connected');
    const replies = await page.evaluate(async ({ token, host }) => {
      const ws = new WebSocket(`ws://${host}/api`, ['pos.v1', `pos.token.${token}`]);
      await new Promise((r) => ws.addEventListener('open', r, { once: true }));
      const ask = (frame: object) =>
        new Promise<unknown>((resolve) => {
          ws.addEventListener('message', (e) => resolve(JSON.parse(String(e.data))), { once: true });
          ws.send(JSON.stringify(frame));
        });
      const bad = await ask({ t: 'call', id: 1, method: 'app.status', input: { unexpected: true } });
      const unknown = await ask({ t: 'call', id: 2, method: 'app.format', input: {} });
      const garbage = await ask({ nonsense: 1 });
      ws.close();
      return { bad, unknown, garbage };
    }, { token: suite.app.token, host: new URL(suite.app.origin).host });
    expect(replies.bad).toMatchObject({ t: 'reply', id: 1, reply: { ok: false, error: { code: 'BAD_INPUT' } } });
    expect(replies.unknown).toMatchObject({ t: 'reply', id: 2, reply: { ok: false, error: { code: 'UNKNOWN_METHOD' } } });
    expect(replies.garbage).toMatchObject({ t: 'refused', error: { code: 'BAD_INPUT' } });
    await page.close();
  });
});
