import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Core } from '../../../main/core';
import { technician } from '../../../main/cli/technician';
import type { Reply, SettingView } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

/** The desktop app's page (IPC), a browser page (WebSocket), and a clock the test moves. */
const app: CallContext = { transport: 'ipc', connection: 'ipc:0' };
const appAfterReload: CallContext = { transport: 'ipc', connection: 'ipc:1' };
const browser: CallContext = { transport: 'ws', connection: 'ws:1' };

const refusal = (r: Reply): string => (r.ok ? '' : `${r.error.code}: ${r.error.message}`);

let open: Core[] = [];
afterEach(async () => {
  for (const core of open) await core.close();
  open = [];
});

async function lane(dir = tempDir('pos-tech-')) {
  let now = Date.parse('2030-03-01T12:00:00.000Z');
  const core = await openCore(dir, {}, () => new Date(now));
  open.push(core);
  // A manager PIN and a manager page: technician keys stay read-only for it.
  core.manager.technicianSet('4826', 'test');
  await core.dispatch('manager.unlock', { pin: '4826' }, app);
  return {
    core,
    dir,
    tick: (ms: number) => void (now += ms),
    call: (ctx: CallContext, method: string, input: unknown = {}) => core.dispatch(method, input, ctx),
    code: () => core.manager.issueTechnicianCode(technician()).code,
  };
}

describe('technician.unlock', () => {
  it("turns the desktop app page into a technician's, which may then write technician keys", async () => {
    const { call, code } = await lane();
    expect(refusal(await call(app, 'settings.set', { key: 'gateway.gatewayId', text: 'TECH-1' }))).toMatch(/^FORBIDDEN: gateway.gatewayId is set by the technician/);
    const listed = await call(app, 'settings.list', { prefix: 'gateway.' });
    expect(listed.ok && (listed.value as SettingView[]).every((s) => s.editable === (s.access !== 'technician'))).toBe(true);

    const issued = code();
    expect(issued).toMatch(/^\d{8}$/);
    expect(await call(app, 'technician.unlock', { code: issued })).toMatchObject({ ok: true, value: { role: 'technician' } });
    expect(await call(app, 'settings.set', { key: 'gateway.gatewayId', text: 'TECH-1' })).toMatchObject({ ok: true, value: { key: 'gateway.gatewayId', text: 'TECH-1', editable: true } });
    const after = await call(app, 'settings.list', { prefix: 'gateway.' });
    expect(after.ok && (after.value as SettingView[]).every((s) => s.editable)).toBe(true);
    // The manager's work stays open to it.
    expect(await call(app, 'queue.pause')).toMatchObject({ ok: true });
  });

  it('is refused over the WebSocket in words, without using the code', async () => {
    const { call, code } = await lane();
    const issued = code();
    expect(refusal(await call(browser, 'technician.unlock', { code: issued }))).toBe(
      'UNAVAILABLE: Technician settings can be unlocked only in the desktop app on this PC, not in a browser page. Use posctl on this PC instead.',
    );
    expect(await call(browser, 'manager.status')).toMatchObject({ ok: true, value: { role: 'cashier' } });
    // The code is still there for the desktop app.
    expect(await call(app, 'technician.unlock', { code: issued })).toMatchObject({ ok: true, value: { role: 'technician' } });
  });

  it('works once, and not after five minutes', async () => {
    const { call, code, tick } = await lane();
    const issued = code();
    expect(await call(app, 'technician.unlock', { code: issued })).toMatchObject({ ok: true });
    expect(refusal(await call(appAfterReload, 'technician.unlock', { code: issued }))).toBe('FORBIDDEN: No technician code is waiting: run "posctl technician code" on this PC for a new one.');

    const late = code();
    tick(5 * 60_000);
    expect(refusal(await call(appAfterReload, 'technician.unlock', { code: late }))).toMatch(/^FORBIDDEN: That technician code has expired/);
    // A new code replaces the last one.
    const first = code();
    const second = code();
    expect(first).not.toBe(second);
    expect(refusal(await call(appAfterReload, 'technician.unlock', { code: first }))).toMatch(/not right/);
    expect(await call(appAfterReload, 'technician.unlock', { code: second })).toMatchObject({ ok: true, value: { role: 'technician' } });
  });

  it('keeps the manager session rules: this page only, two idle minutes, lock, and a reload starts a cashier', async () => {
    const { core, call, code, tick } = await lane();
    await call(app, 'manager.lock');
    expect(await call(app, 'technician.unlock', { code: code() })).toMatchObject({ ok: true, value: { role: 'technician' } });
    expect(await call(appAfterReload, 'manager.status')).toMatchObject({ ok: true, value: { role: 'cashier' } });
    tick(119_000);
    expect(await call(app, 'settings.set', { key: 'gateway.gatewayId', text: 'TECH-2' })).toMatchObject({ ok: true });
    tick(119_000);
    expect(await call(app, 'manager.status')).toMatchObject({ ok: true, value: { role: 'technician' } });
    tick(2_000);
    expect(await call(app, 'manager.status')).toMatchObject({ ok: true, value: { role: 'cashier' } });

    expect(await call(app, 'technician.unlock', { code: code() })).toMatchObject({ ok: true });
    // The manager PIN on a technician's page keeps it a technician's; a changed PIN ends managers' sessions only.
    expect(await call(app, 'manager.unlock', { pin: '4826' })).toMatchObject({ ok: true, value: { role: 'technician' } });
    core.manager.technicianSet('5937', 'test');
    expect(await call(app, 'manager.status')).toMatchObject({ ok: true, value: { role: 'technician' } });
    expect(await call(app, 'manager.lock')).toMatchObject({ ok: true, value: { role: 'cashier', sessionEndsAt: null } });

    // The shell closes a reloaded page's session (as it does on did-start-loading).
    expect(await call(app, 'technician.unlock', { code: code() })).toMatchObject({ ok: true });
    core.manager.sessions.close(app.connection ?? '');
    expect(await call(app, 'manager.status')).toMatchObject({ ok: true, value: { role: 'cashier' } });
  });

  it('locks after five wrong codes for a growing delay, where even the right code waits', async () => {
    const { call, code, tick } = await lane();
    const issued = code();
    const wrong = issued === '00000000' ? '00000001' : '00000000';
    const tries: string[] = [];
    for (let i = 0; i < 5; i++) tries.push(refusal(await call(app, 'technician.unlock', { code: wrong })));
    expect(tries).toEqual([
      'FORBIDDEN: That technician code is not right. 4 tries left before it locks.',
      'FORBIDDEN: That technician code is not right. 3 tries left before it locks.',
      'FORBIDDEN: That technician code is not right. 2 tries left before it locks.',
      'FORBIDDEN: That technician code is not right. 1 try left before it locks.',
      'FORBIDDEN: The technician code is locked after 5 wrong tries: try again in 30 seconds.',
    ]);
    expect(refusal(await call(app, 'technician.unlock', { code: issued }))).toMatch(/locked after 5 wrong tries: try again in 30 seconds/);
    tick(30_000);
    expect(refusal(await call(app, 'technician.unlock', { code: wrong }))).toMatch(/try again in 1 minute/);
    tick(60_000);
    expect(await call(app, 'technician.unlock', { code: issued })).toMatchObject({ ok: true, value: { role: 'technician' } });
  });

  it('refuses what is not an 8-digit code before looking at it', async () => {
    const { call } = await lane();
    expect(await call(app, 'technician.unlock', { code: '1234' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });
});

describe('posctl technician code', () => {
  it('prints a code the running app takes once, and keeps only its hash', async () => {
    const dir = tempDir('pos-tech-cli-');
    const out = await posctl(dir, ['--create', 'technician', 'code', '--json']);
    expect(out.code).toBe(0);
    const issued = JSON.parse(out.stdout) as { code: string; expiresAt: string };
    expect(issued.code).toMatch(/^\d{8}$/);
    const words = await posctl(dir, ['technician', 'code']);
    expect(words.code).toBe(0);
    expect(words.stdout).toMatch(/^technician code: \d{8}\n.*Settings, Technician unlock.*works once/s);
    const latest = /technician code: (\d{8})/.exec(words.stdout)?.[1] ?? '';

    const core = await openCore(dir);
    open.push(core);
    const stored = core.db.prepare<[], { hash: string; issuedBy: string }>(`SELECT hash, issued_by AS issuedBy FROM technician_code`).get();
    expect(stored?.hash).toMatch(/^kscrypt\$/);
    expect(stored?.hash).not.toContain(latest);
    expect(stored?.issuedBy).toMatch(/^technician .*\(posctl\)$/);
    expect(await core.dispatch('technician.unlock', { code: latest }, app)).toMatchObject({ ok: true, value: { role: 'technician' } });
    expect(await core.dispatch('technician.unlock', { code: latest }, appAfterReload)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
