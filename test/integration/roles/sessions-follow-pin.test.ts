import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Core } from '../../../main/core';
import type { EventPayload } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const pageA: CallContext = { transport: 'ws', connection: 'ws:1' };
const pageB: CallContext = { transport: 'ws', connection: 'ws:2' };

let open: Core[] = [];
afterEach(async () => {
  for (const core of open) await core.close();
  open = [];
});

/** The running app's core (its watch on, as the app and the headless start have it) with a manager PIN and two manager pages. */
async function app(watchIntervalMs: number): Promise<{ core: Core; dir: string }> {
  const dir = tempDir('pos-pin-sessions-');
  const core = await openCore(dir, { watchIntervalMs });
  open.push(core);
  core.manager.technicianSet('4826', 'test');
  await core.start();
  for (const page of [pageA, pageB]) expect(await core.dispatch('manager.unlock', { pin: '4826' }, page)).toMatchObject({ ok: true, value: { role: 'manager' } });
  return { core, dir };
}

/** The next manager.changed, and when it came (rejects after `ms`: a bound for the failure, not a wait). */
function nextChange(core: Core, ms = 5_000): Promise<{ payload: EventPayload<'manager.changed'>; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no manager.changed within ${ms} ms`)), ms);
    const off = core.bus.onAny((name, payload) => {
      if (name !== 'manager.changed') return;
      clearTimeout(timer);
      off();
      resolve({ payload: payload as EventPayload<'manager.changed'>, at: Date.now() });
    });
  });
}

/** When the PIN row was last changed (posctl writes it with this machine's clock as it commits). */
const changedAt = (core: Core): number => Date.parse(core.db.prepare('SELECT changed_at FROM manager_pin WHERE id = 1').pluck().get() as string);

describe('sessions follow the PIN', () => {
  it('posctl manager-pin reset, then set, each end every open manager session of the running app within a second, and the pages are told', async () => {
    const { core, dir } = await app(1_000);
    const reset = nextChange(core);
    expect((await posctl(dir, ['manager-pin', 'reset'])).code).toBe(0);
    const first = await reset;
    expect(first.payload).toEqual({ pinSet: false });
    expect(first.at - changedAt(core)).toBeLessThan(1_000);
    for (const page of [pageA, pageB]) {
      expect(await core.dispatch('manager.status', {}, page)).toMatchObject({ ok: true, value: { role: 'cashier', sessionEndsAt: null } });
      expect(await core.dispatch('queue.pause', {}, page)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', needs: 'manager' } });
    }

    // A new PIN set by posctl: a session opened with it ends when it is set again, even to the same PIN.
    const set = nextChange(core);
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '5937\n' })).code).toBe(0);
    expect((await set).payload).toEqual({ pinSet: true });
    expect(await core.dispatch('manager.unlock', { pin: '5937' }, pageA)).toMatchObject({ ok: true, value: { role: 'manager' } });
    const again = nextChange(core);
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '5937\n' })).code).toBe(0);
    const second = await again;
    expect(second.at - changedAt(core)).toBeLessThan(1_000);
    expect(await core.dispatch('queue.pause', {}, pageA)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', needs: 'manager' } });
  });

  it('refuses a manager-only call right after another process changed the PIN, without waiting for the watch', async () => {
    // No watch at all: the role is asked of the PIN row on every call.
    const { core, dir } = await app(0);
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '5937\n' })).code).toBe(0);
    const told = nextChange(core);
    expect(await core.dispatch('queue.pause', {}, pageA)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', needs: 'manager' } });
    expect((await told).payload).toEqual({ pinSet: true });
    expect(await core.dispatch('manager.status', {}, pageB)).toMatchObject({ ok: true, value: { role: 'cashier' } });
  });

  it('a PIN changed on one page ends the manager sessions of the others, which are told', async () => {
    const { core } = await app(0);
    const told = nextChange(core);
    expect(await core.dispatch('manager.setPin', { current: '4826', pin: '5937' }, pageA)).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect((await told).payload).toEqual({ pinSet: true });
    expect(await core.dispatch('manager.status', {}, pageB)).toMatchObject({ ok: true, value: { role: 'cashier' } });
    expect(await core.dispatch('queue.pause', {}, pageA)).toMatchObject({ ok: true });
  });
});
