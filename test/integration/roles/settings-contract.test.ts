import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import type { Reply, SettingView } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';

const page: CallContext = { transport: 'ws', connection: 'ws:3' };
const technician: CallContext = { transport: 'cli' };
const valueOf = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r.value as T;
};
const refused = (r: Reply): { code: string; message: string; needs?: string } => (r.ok ? { code: 'ok', message: '' } : r.error);

async function managerLane() {
  const core = await openCore(tempDir('pos-settings-'));
  core.manager.technicianSet('4826', 'test');
  return core;
}

describe('settings through the contract', () => {
  it('are the manager\'s to change: a cashier page reads them read-only, may not unlock or change them', async () => {
    const core = await managerLane();
    const read = valueOf<SettingView[]>(await core.dispatch('settings.list', {}, page));
    expect(read.every((s) => !s.editable)).toBe(true);
    // A manager's key reads as not locked (only not unlocked); a technician's says why; a secret stays write-only.
    expect(read.find((s) => s.key === 'offline.maxAmount')).toMatchObject({ text: '100.00', editable: false, lockedReason: null });
    expect(read.find((s) => s.key === 'gateway.url')).toMatchObject({ editable: false, lockedReason: 'Set by the technician.' });
    expect(read.filter((s) => s.secret).every((s) => s.text === null && s.defaultText === null)).toBe(true);
    expect(refused(await core.dispatch('settings.unlock', {}, page))).toEqual({ code: 'FORBIDDEN', message: 'This needs a manager: enter the manager PIN first.', needs: 'manager' });
    expect(refused(await core.dispatch('settings.set', { key: 'offline.enabled', text: 'true' }, page)).code).toBe('FORBIDDEN');
    expect(core.settings.get('offline.enabled')).toBe(false);
    await core.close();
  });

  it('take and show text as posctl does, with its rules and words, money in dollars', async () => {
    const core = await managerLane();
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    const offline = valueOf<SettingView[]>(await core.dispatch('settings.list', { prefix: 'offline.' }, page));
    expect(offline.map((s) => s.key)).toContain('offline.maxAmount');
    expect(offline.find((s) => s.key === 'offline.maxAmount')).toMatchObject({ text: '100.00', defaultText: '100.00', editable: true, lockedReason: null, set: false });

    expect(valueOf<SettingView>(await core.dispatch('settings.set', { key: 'offline.maxAmount', text: '50.00' }, page))).toMatchObject({ text: '50.00', set: true });
    expect(core.settings.get('offline.maxAmount')).toBe(50_00);
    const bad = await core.dispatch('settings.set', { key: 'offline.maxAmount', text: '50.5x' }, page);
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: 'offline.maxAmount' }] } });
    expect(refused(bad).message).toMatch(/dollars and cents, e\.g\. 50\.00/);
    // The rule between keys names both, whichever is written.
    expect(refused(await core.dispatch('settings.set', { key: 'offline.maxAmount', text: '5000.00' }, page)).message).toMatch(/offline\.maxAmount.*offline\.maxTotal|offline\.maxTotal.*offline\.maxAmount/);
    expect(valueOf<SettingView>(await core.dispatch('settings.set', { key: 'offline.types', text: 'sale,preauth' }, page)).text).toBe('["sale","preauth"]');
    expect(valueOf<SettingView>(await core.dispatch('settings.unset', { key: 'offline.maxAmount' }, page)).text).toBe('100.00');
    expect(refused(await core.dispatch('settings.set', { key: 'offline.nothing', text: '1' }, page)).code).toBe('NOT_FOUND');
    await core.close();
  });

  it('carry receipts.afterApproval to every page with the status, a change announced at once', async () => {
    const core = await managerLane();
    const announced: string[] = [];
    core.bus.on('status.changed', (s) => announced.push(s.receipts.afterApproval));
    expect(valueOf<{ receipts: unknown }>(await core.dispatch('app.status', {}, page)).receipts).toEqual({ afterApproval: 'ask' });
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    valueOf(await core.dispatch('settings.set', { key: 'receipts.afterApproval', text: 'print' }, page));
    expect(announced).toEqual(['print']);
    expect(valueOf<{ receipts: unknown }>(await core.dispatch('app.status', {}, page)).receipts).toEqual({ afterApproval: 'print' });
    await core.close();
  });

  it('show the technician\'s keys read-only with the reason, and keep secrets write-only', async () => {
    const core = await managerLane();
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    const all = valueOf<SettingView[]>(await core.dispatch('settings.list', {}, page));
    expect(all.find((s) => s.key === 'gateway.url')).toMatchObject({ access: 'technician', editable: false, lockedReason: 'Set by the technician.' });
    // A fixed set of values travels as choices (the screen offers them instead of a text field).
    expect(all.find((s) => s.key === 'terminal.language')).toMatchObject({ editable: true, text: 'en', choices: ['en', 'fr'] });
    expect(all.find((s) => s.key === 'offline.maxAmount')?.choices).toBeUndefined();
    expect(refused(await core.dispatch('settings.set', { key: 'gateway.url', text: 'https://gw.example/transaction/v14' }, page))).toEqual({
      code: 'FORBIDDEN',
      message: 'gateway.url is set by the technician (posctl config set gateway.url); it cannot be changed here.',
    });
    // The technician (posctl) may.
    valueOf(await core.dispatch('settings.set', { key: 'gateway.url', text: 'https://gw.example/transaction/v14' }, technician));

    const secret = valueOf<SettingView>(await core.dispatch('settings.set', { key: 'marketplace.apiSecret', text: 'sekrit-value-123' }, page));
    expect(secret).toMatchObject({ secret: true, set: true, text: null, defaultText: null });
    const listed = await core.dispatch('settings.list', {}, page);
    expect(JSON.stringify(listed)).not.toContain('sekrit-value-123');
    expect(core.settings.readSecret('marketplace.apiSecret')).toBe('sekrit-value-123');
    await core.close();
  });

  it('describe money and list settings so the screen shows dollars and check boxes', async () => {
    const core = await managerLane();
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    const all = valueOf<SettingView[]>(await core.dispatch('settings.list', {}, page));
    expect(all.find((s) => s.key === 'offline.maxAmount')).toMatchObject({ unit: 'cents', text: '100.00' });
    expect(all.find((s) => s.key === 'offline.types')).toMatchObject({ text: '["sale"]', listOf: ['sale', 'preauth', 'completion', 'refund', 'void', 'verify'] });
    expect(all.find((s) => s.key === 'offline.maxCount')).not.toHaveProperty('unit');
    expect(all.find((s) => s.key === 'offline.maxCount')).not.toHaveProperty('listOf');
    await core.close();
  });

  it('save several settings at once with setMany, all or nothing', async () => {
    const core = await managerLane();
    const changes = [
      { key: 'offline.enabled', text: 'true' },
      { key: 'offline.maxAmount', text: '80.00' },
      { key: 'offline.maxCount', text: '20' },
      { key: 'offline.types', text: '["sale","refund"]' },
      { key: 'receipts.afterApproval', text: 'print' },
    ];
    // A cashier page may not.
    expect(refused(await core.dispatch('settings.setMany', { changes }, page)).code).toBe('FORBIDDEN');
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));

    // Two bad values: both named by key, and none of the good ones written.
    const bad = await core.dispatch('settings.setMany', { changes: [...changes.slice(0, 3), { key: 'offline.maxAgeHours', text: 'soon' }, { key: 'payments.overrideAbove', text: '5,00' }] }, page);
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: 'offline.maxAgeHours' }, { path: 'payments.overrideAbove' }] } });
    expect(core.settings.get('offline.enabled')).toBe(false);
    expect(core.settings.get('offline.maxAmount')).toBe(100_00);

    // A rule between settings refuses the lot, naming the key it read.
    const rule = await core.dispatch('settings.setMany', { changes: [{ key: 'offline.enabled', text: 'true' }, { key: 'offline.maxAmount', text: '900.00' }, { key: 'offline.maxTotal', text: '500.00' }] }, page);
    expect(rule).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(refused(rule).message).toMatch(/offline\.maxAmount.*offline\.maxTotal/);
    expect(core.settings.get('offline.enabled')).toBe(false);
    expect(core.settings.get('offline.maxTotal')).toBe(1_000_00);

    // A key IT's provisioning file locks: refused whole, naming the file.
    core.settings.setLocks('/etc/counter-pos/provision.json', ['offline.maxCount']);
    const locked = refused(await core.dispatch('settings.setMany', { changes }, page));
    expect(locked).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('/etc/counter-pos/provision.json') as unknown });
    expect(core.settings.get('offline.enabled')).toBe(false);
    core.settings.setLocks('/etc/counter-pos/provision.json', []);

    // A technician's key among them: refused whole, nothing written.
    expect(refused(await core.dispatch('settings.setMany', { changes: [...changes, { key: 'gateway.url', text: 'https://gw.example/x' }] }, page)).code).toBe('FORBIDDEN');
    expect(core.settings.get('offline.maxCount')).toBe(50);

    const after = valueOf<SettingView[]>(await core.dispatch('settings.setMany', { changes }, page));
    expect(after.find((s) => s.key === 'offline.maxAmount')).toMatchObject({ text: '80.00', set: true });
    expect(core.settings.get('offline.enabled')).toBe(true);
    expect(core.settings.get('offline.maxAmount')).toBe(80_00);
    expect(core.settings.get('offline.maxCount')).toBe(20);
    expect(core.settings.get('offline.types')).toEqual(['sale', 'refund']);
    expect(core.settings.get('receipts.afterApproval')).toBe('print');
    await core.close();
  });
});
