import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Core } from '../../../main/core';
import type { Reply } from '../../../preload/contract';
import { childRunner, openCore, type ChildRunner } from '../../support/payments';
import { posctl, requireBuild, spawnNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

const page: CallContext = { transport: 'ws', connection: 'ws:1' };
const other: CallContext = { transport: 'ws', connection: 'ws:2' };
const refusal = (r: Reply): string => (r.ok ? '' : `${r.error.code}: ${r.error.message}`);
const issues = (r: Reply): string[] => (r.ok ? [] : (r.error.issues ?? []).map((i) => i.path));
const NOT_SET_UP = "this lane's set-up is not finished. Complete the set-up screen (lane name, language, manager PIN) first, or a technician sets the PIN with posctl manager-pin set.";
const DONE = 'CONFLICT: The set-up is already done: a manager PIN is set. The manager changes the PIN and the settings on the Settings screen.';
const setup = { name: 'Front counter', language: 'fr', pin: '4826', pinAgain: '4826' } as const;

let runner: ChildRunner | undefined;
beforeAll(async () => {
  requireBuild();
  runner = await childRunner({ 'setup-race': join(import.meta.dirname, 'children', 'setup-race.ts') });
}, 60_000);
afterAll(() => runner?.remove());

let open: Core[] = [];
afterEach(async () => {
  for (const core of open) await core.close();
  open = [];
});

async function lane(dir = tempDir('pos-setup-'), config = {}): Promise<Core> {
  const core = await openCore(dir, config);
  open.push(core);
  return core;
}

describe('the first set-up', () => {
  it('is needed on a fresh lane, where no page gets a manager role or a PIN prompt on the way', async () => {
    const core = await lane();
    expect(await core.dispatch('setup.status', {}, page)).toEqual({ ok: true, value: { needed: true, name: 'Lane 1', language: 'en', nameLocked: null, languageLocked: null } });
    expect(await core.dispatch('queue.pause', {}, page)).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: `This needs a manager, and ${NOT_SET_UP}`, needs: 'manager' } });
    // No first PIN from a manager action: not by manager.setPin, nor by a payment's approval (no PIN prompt asked).
    expect(refusal(await core.dispatch('manager.setPin', { pin: '4826' }, page))).toMatch(/^BAD_INPUT/);
    expect(refusal(await core.dispatch('manager.setPin', { current: '4826', pin: '5937' }, page))).toBe(`FORBIDDEN: T${NOT_SET_UP.slice(1)}`);
    expect(refusal(await core.dispatch('manager.unlock', { pin: '4826' }, page))).toBe(`FORBIDDEN: T${NOT_SET_UP.slice(1)}`);
    const refund = await core.dispatch('payments.start', { saleId: 'setup-refund-1', type: 'refund', amountCents: 1_000, tender: 'card', cardEntry: 'any' }, page);
    expect(refusal(refund)).toBe(`FORBIDDEN: A refund needs the manager, and ${NOT_SET_UP}`);
    expect(issues(refund)).toEqual([]);
    expect(await core.dispatch('manager.status', {}, page)).toMatchObject({ ok: true, value: { role: 'cashier', pinSet: false } });
  });

  it('saves the name and language and sets the first PIN, once: then it is refused and cannot replace the PIN', async () => {
    const core = await lane();
    const told = new Promise((resolve) => core.bus.on('manager.changed', resolve));
    expect(await core.dispatch('setup.complete', setup, page)).toEqual({ ok: true, value: { needed: false, name: 'Front counter', language: 'fr', nameLocked: null, languageLocked: null } });
    // Every page leaves its set-up screen: told as any PIN change is.
    expect(await told).toEqual({ pinSet: true });
    expect(core.status.current().terminal).toEqual({ name: 'Front counter', language: 'fr' });
    // The set-up opens no manager session: the register comes up as a cashier's.
    expect(await core.dispatch('manager.status', {}, page)).toMatchObject({ ok: true, value: { role: 'cashier', pinSet: true } });
    expect(refusal(await core.dispatch('setup.complete', { ...setup, name: 'Taken over', pin: '5937', pinAgain: '5937' }, other))).toBe(DONE);
    expect(refusal(await core.dispatch('manager.unlock', { pin: '5937' }, other))).toMatch(/^FORBIDDEN: Wrong manager PIN/);
    expect(await core.dispatch('manager.unlock', { pin: '4826' }, other)).toMatchObject({ ok: true, value: { role: 'manager' } });
    expect(core.settings.get('terminal.name')).toBe('Front counter');
  });

  it('refuses, naming the field and writing nothing: two PINs that differ, a weak PIN, a name its setting refuses', async () => {
    const core = await lane();
    const cases: Array<[Record<string, string>, string]> = [
      [{ pinAgain: '4827' }, 'pinAgain'],
      [{ pin: '1234', pinAgain: '1234' }, 'pin'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      // terminal.name is printed on receipts: its setting refuses control characters (an ESC would reach the printer).
      [{ name: 'Lane\u001b[2J' }, 'name'],
    ];
    for (const [change, field] of cases) {
      const r = await core.dispatch('setup.complete', { ...setup, ...change }, page);
      expect(refusal(r), field).toMatch(/^BAD_INPUT: /);
      expect(issues(r), JSON.stringify(change)).toEqual([field]);
    }
    expect(refusal(await core.dispatch('setup.complete', { ...setup, pinAgain: '4827' }, page))).toBe('BAD_INPUT: The two PINs are not the same: type the same PIN twice.');
    expect(await core.dispatch('setup.status', {}, page)).toMatchObject({ ok: true, value: { needed: true, name: 'Lane 1', language: 'en' } });
    expect(core.manager.pinSet()).toBe(false);
  });

  it('is skipped by posctl manager-pin set run beforehand; a provisioned name is shown, read-only where the machine-wide file locks it', async () => {
    const dir = tempDir('pos-setup-');
    expect((await posctl(dir, ['manager-pin', 'set'], { input: '4826\n' })).code).toBe(0);
    const core = await lane(dir);
    expect(await core.dispatch('setup.status', {}, page)).toMatchObject({ ok: true, value: { needed: false } });
    await core.close();
    open = [];

    const fresh = tempDir('pos-setup-');
    const machineFile = join(tempDir('pos-setup-etc-'), 'provision.json');
    writeFileSync(machineFile, JSON.stringify({ terminal: { name: 'Lane 12' }, lock: ['terminal.name'] }), { mode: 0o640 });
    const provisioned = await lane(fresh, { applyProvisioning: true, machineProvisioningFile: machineFile });
    const status = await provisioned.dispatch('setup.status', {}, page);
    expect(status).toMatchObject({ ok: true, value: { needed: true, name: 'Lane 12', language: 'en', languageLocked: null } });
    expect(status.ok && status.value).toMatchObject({ nameLocked: expect.stringContaining(machineFile) as unknown });
    expect(issues(await provisioned.dispatch('setup.complete', setup, page))).toEqual(['name']);
    expect(await provisioned.dispatch('setup.complete', { ...setup, name: 'Lane 12' }, page)).toMatchObject({ ok: true, value: { needed: false, name: 'Lane 12', language: 'fr' } });
  });

  it('of four processes finishing it at once with different PINs, exactly one sets the PIN, the name and the language', async () => {
    const dir = tempDir('pos-setup-');
    await (await lane(dir)).close();
    open = [];
    const pins = ['4826', '5937', '6048', '7159'];
    const racers = pins.map((pin) => spawnNode([...(runner?.args('setup-race') ?? []), dir, pin]));
    await Promise.all(racers.map((r) => r.waitFor(/^READY$/m)));
    for (const r of racers) r.write('go\n');
    const replies = await Promise.all(racers.map(async (r) => JSON.parse((await r.waitFor(/^RESULT (.*)$/m))[1] ?? '{}') as Reply));
    await Promise.all(racers.map((r) => r.closed));
    const winners = pins.filter((_pin, i) => replies[i]?.ok);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => !r.ok).map(refusal)).toEqual([DONE, DONE, DONE]);
    const core = await lane(dir);
    expect(core.settings.get('terminal.name')).toBe(`Lane ${winners[0]}`);
    expect(await core.dispatch('manager.unlock', { pin: winners[0] }, page)).toMatchObject({ ok: true, value: { role: 'manager' } });
  });
});
