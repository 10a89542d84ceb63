import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Reply } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';
import { posctl, requireBuild } from '../../support/processes';

beforeAll(() => requireBuild());

/** Two pages (two WebSocket connections) and posctl, against one core with a clock the test moves. */
async function lane(): Promise<{ core: Core; dir: string; tick: (ms: number) => void; call: (page: CallContext, method: string, input?: unknown) => Promise<Reply> }> {
  const dir = tempDir('pos-roles-');
  let now = Date.parse('2030-03-01T12:00:00.000Z');
  const core = await openCore(dir, {}, () => new Date(now));
  return {
    core,
    dir,
    tick: (ms) => void (now += ms),
    call: (page, method, input = {}) => core.dispatch(method, input, page),
  };
}

/** A refused call's message ('' when it was not refused). */
const refusal = (r: Reply): string => (r.ok ? '' : r.error.message);

const pageA: CallContext = { transport: 'ws', connection: 'ws:1' };
const pageB: CallContext = { transport: 'ws', connection: 'ws:2' };

describe('roles at the contract', () => {
  it('a page is a cashier: manager methods answer FORBIDDEN in words, until the set-up sets the first PIN', async () => {
    const { core, call } = await lane();
    expect(await call(pageA, 'queue.pause')).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: "This needs a manager, and this lane's set-up is not finished. Complete the set-up screen (lane name, language, manager PIN) first, or a technician sets the PIN with posctl manager-pin set.",
        needs: 'manager',
      },
    });
    expect(await call(pageA, 'journal.exportCsv')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call(pageA, 'manager.status')).toMatchObject({ ok: true, value: { role: 'cashier', pinSet: false } });
    // The cashier's own work is open to it.
    expect(await call(pageA, 'queue.status')).toMatchObject({ ok: true });

    // A weak first PIN is refused with the reason; a good one opens no session: the manager unlocks this page alone.
    const setup = { name: 'Lane 1', language: 'en' };
    expect(refusal(await call(pageA, 'setup.complete', { ...setup, pin: '1111', pinAgain: '1111' }))).toMatch(/one digit repeated/);
    expect(await call(pageA, 'setup.complete', { ...setup, pin: '4826', pinAgain: '4826' })).toMatchObject({ ok: true, value: { needed: false } });
    expect(await call(pageA, 'manager.unlock', { pin: '4826' })).toMatchObject({ ok: true, value: { role: 'manager', pinSet: true } });
    expect(await call(pageA, 'queue.pause')).toMatchObject({ ok: true });
    expect(await call(pageB, 'queue.resume')).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'This needs a manager: enter the manager PIN first.', needs: 'manager' } });
    // Setting it again needs the current PIN.
    expect(await call(pageB, 'manager.setPin', { pin: '5937' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: 'current' }] } });
    expect(refusal(await call(pageB, 'manager.setPin', { current: '5937', pin: '5937' }))).toBe('Wrong manager PIN. 4 tries left before it locks.');
    // posctl has the OS account: the technician needs no PIN.
    expect(await call({ transport: 'cli' }, 'queue.resume')).toMatchObject({ ok: true });
    await core.close();
  });

  it('a session ends after two minutes without a call from its page, or at once on lock', async () => {
    const { core, call, tick } = await lane();
    core.manager.technicianSet('4826', 'test');
    await call(pageA, 'manager.unlock', { pin: '4826' });
    tick(119_000);
    // Something done at the counter (a search in History) keeps the session alive.
    expect(await call(pageA, 'journal.search', {})).toMatchObject({ ok: true });
    tick(119_000);
    expect(await call(pageA, 'queue.pause')).toMatchObject({ ok: true });
    // Calls the page makes by itself (its status, the queue's on an event) are not activity.
    for (let i = 0; i < 8; i++) {
      tick(15_000);
      await call(pageA, 'manager.status');
      await call(pageA, 'queue.status');
    }
    expect(await call(pageA, 'queue.resume')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call(pageA, 'manager.unlock', { pin: '4826' })).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(await call(pageA, 'manager.lock')).toMatchObject({ ok: true, value: { role: 'cashier', sessionEndsAt: null } });
    expect(await call(pageA, 'queue.resume')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    await core.close();
  });

  it('five wrong PINs lock it for a growing delay said in words, kept across a restart; a right one then opens', async () => {
    const { core, call, dir } = await lane();
    core.manager.technicianSet('4826', 'test');
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await call(pageB, 'manager.unlock', { pin: '0001' }));
    expect(tries.map((r) => (r.ok ? 'ok' : r.error.message))).toEqual([
      'Wrong manager PIN. 4 tries left before it locks.',
      'Wrong manager PIN. 3 tries left before it locks.',
      'Wrong manager PIN. 2 tries left before it locks.',
      'Wrong manager PIN. 1 try left before it locks.',
      'The manager PIN is locked after 5 wrong tries: try again in 30 seconds.',
    ]);
    // Locked: even the right PIN waits; the lock is in the database, so another host sees it too.
    expect(refusal(await call(pageB, 'manager.unlock', { pin: '4826' }))).toMatch(/locked after 5 wrong tries/);
    await core.close();
    let now = Date.parse('2030-03-01T12:00:10.000Z');
    const again = await openCore(dir, {}, () => new Date(now));
    expect(await again.dispatch('manager.status', {}, pageA)).toMatchObject({ ok: true, value: { lockedWords: 'The manager PIN is locked after 5 wrong tries: try again in 20 seconds.' } });
    now += 20_000;
    expect(refusal(await again.dispatch('manager.unlock', { pin: '0002' }, pageA))).toMatch(/try again in 1 minute/);
    now += 60_000;
    expect(await again.dispatch('manager.unlock', { pin: '4826' }, pageA)).toMatchObject({ ok: true, value: { role: 'manager', lockedUntil: null } });
    await again.close();
  });

  it('posctl manager-pin set takes the PIN from standard input only, and reset removes it', async () => {
    const { core, dir } = await lane();
    await core.close();
    const set = await posctl(dir, ['manager-pin', 'set'], { input: '5937\n' });
    expect(set.code).toBe(0);
    expect(set.stdout + set.stderr).not.toContain('5937');
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '1234\n' })).stderr).toMatch(/run of digits/);
    expect((await posctl(dir, ['manager-pin', 'status', '--json'])).stdout).toContain('"pinSet":true');
    const reopened = await openCore(dir);
    expect(await reopened.dispatch('manager.unlock', { pin: '5937' }, pageA)).toMatchObject({ ok: true, value: { role: 'manager' } });
    await reopened.close();
    expect((await posctl(dir, ['manager-pin', 'reset'])).code).toBe(0);
    const fresh = await openCore(dir);
    expect(await fresh.dispatch('manager.status', {}, pageA)).toMatchObject({ ok: true, value: { pinSet: false, role: 'cashier' } });
    await fresh.close();
  });
});
