import { describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../../main/config/machine-provisioning';
import { checkProvisioning } from '../../../main/config/provisioning-check';
import { SettingLockedError } from '../../../main/config/settings-store';
import { memorySettings } from '../../support/memory-settings';

const FILE = '/etc/counter-pos/provision.json';

const GOOD = {
  terminal: { name: 'Lane 12' },
  'gateway.url': 'https://gateway.example/transaction/v14',
  gateway: { gatewayId: 'AB1234-01', password: 'pw-from-it' },
  offline: { enabled: true, maxAmount: '250.00', maxTotal: 2500 },
  update: { url: 'https://updates.example/lanes/' },
  lock: ['gateway.*', 'offline.maxAmount'],
};

describe('checkProvisioning', () => {
  it('accepts a good file: its settings, its secrets, and what it locks', () => {
    const c = checkProvisioning(GOOD, { allowLock: true });
    expect(c.problems).toEqual([]);
    expect(c.entries.map(([k]) => k)).toEqual(['terminal.name', 'gateway.url', 'gateway.gatewayId', 'gateway.password', 'offline.enabled', 'offline.maxAmount', 'offline.maxTotal', 'update.url']);
    expect(c.secrets).toEqual(['gateway.password']);
    expect(c.locked).toEqual(expect.arrayContaining(['gateway.url', 'gateway.password', 'gateway.proxyPassword', 'offline.maxAmount']));
    expect(c.locked).not.toContain('offline.maxTotal');
  });

  it('names each unknown key', () => {
    const c = checkProvisioning({ 'gateway.pasword': 'x', terminal: { nmae: 'L' }, printer: 'yes' }, { allowLock: true });
    expect(c.problems).toEqual([
      { key: 'gateway.pasword', reason: expect.stringMatching(/not a setting of this version/) as unknown },
      { key: 'terminal.nmae', reason: expect.stringMatching(/not a setting/) as unknown },
      { key: 'printer', reason: expect.stringMatching(/not a setting/) as unknown },
    ]);
  });

  it('names each value of the wrong type with the rule, never the value', () => {
    const c = checkProvisioning(
      { 'headless.port': 'eighty', 'offline.enabled': 'yes', 'offline.maxAmount': '1,000.00', 'gateway.url': 'http://gateway.example/v14', 'gateway.password': '' },
      { allowLock: true },
    );
    expect(c.problems.map((p) => p.key)).toEqual(['headless.port', 'offline.enabled', 'offline.maxAmount', 'gateway.url', 'gateway.password']);
    expect(c.problems.find((p) => p.key === 'offline.maxAmount')?.reason).toMatch(/dollars and cents/);
    expect(c.problems.find((p) => p.key === 'gateway.url')?.reason).toMatch(/https/);
    expect(JSON.stringify(c.problems)).not.toMatch(/eighty|1,000/);
  });

  it('checks the rules between settings as a new lane would hold them', () => {
    const c = checkProvisioning({ offline: { maxAmount: '2000.00' } }, { allowLock: true });
    expect(c.problems).toEqual([{ key: 'offline.maxAmount', reason: expect.stringMatching(/must not exceed offline\.maxTotal \(1000\.00\)/) as unknown }]);
  });

  it('reads lock as true (everything the file gives, sealed secrets too) or a list, and names what it cannot lock', () => {
    const all = checkProvisioning({ terminal: { name: 'L' }, sealed: { 'gateway.password': '2026-01-01T00:00:00.000Z' }, lock: true }, { allowLock: true });
    expect(all.locked.sort()).toEqual(['gateway.password', 'terminal.name']);
    const bad = checkProvisioning({ lock: ['gateway.ur1', 'nothing.*', 'terminal.name'] }, { allowLock: true });
    expect(bad.problems).toEqual([
      { key: 'lock', reason: expect.stringMatching(/"gateway\.ur1", which is not a setting/) as unknown },
      { key: 'lock', reason: expect.stringMatching(/"nothing\.\*"/) as unknown },
    ]);
    expect(bad.locked).toEqual(['terminal.name']);
    expect(checkProvisioning({ lock: 'yes' }, { allowLock: true }).problems).toEqual([{ key: 'lock', reason: expect.stringMatching(/true, false, or a list/) as unknown }]);
    expect(checkProvisioning({ lock: false, terminal: { name: 'L' } }, { allowLock: true }).locked).toEqual([]);
  });

  it('refuses locks where they do not apply, and a sealed record naming what is not a secret', () => {
    expect(checkProvisioning({ lock: true }).problems).toEqual([{ key: 'lock', reason: 'locks apply only in the machine-wide provisioning file' }]);
    expect(checkProvisioning({ sealed: { 'terminal.name': 'x' } }, { allowLock: true }).problems).toEqual([{ key: 'sealed', reason: 'names terminal.name, which is not a secret setting' }]);
  });

  it('refuses what is not one object, and a key given twice', () => {
    expect(checkProvisioning(['a']).problems).toMatchObject([{ key: '(file)' }]);
    expect(checkProvisioning({ 'terminal.name': 'A', terminal: { name: 'B' } }).problems).toEqual([{ key: 'terminal.name', reason: expect.stringMatching(/given twice/) as unknown }]);
  });
});

describe('withoutSecrets', () => {
  it('drops the secrets wherever IT wrote them, keeps the rest as written, and names them as sealed', () => {
    const out = withoutSecrets(
      { 'gateway.hmacKey': 'k', gateway: { url: 'https://g.example/v14', password: 'pw' }, merchant: { apiSecret: 's' }, lock: true, sealed: { 'gateway.proxyPassword': 'earlier' } },
      new Set(['gateway.password', 'gateway.hmacKey', 'merchant.apiSecret']),
      '2026-11-22T12:00:00.000Z',
    );
    expect(out).toEqual({
      gateway: { url: 'https://g.example/v14' },
      lock: true,
      sealed: { 'gateway.proxyPassword': 'earlier', 'gateway.password': '2026-11-22T12:00:00.000Z', 'gateway.hmacKey': '2026-11-22T12:00:00.000Z', 'merchant.apiSecret': '2026-11-22T12:00:00.000Z' },
    });
    // What is left passes the check, and a lock: true still covers the sealed secrets.
    expect(checkProvisioning(out, { allowLock: true })).toMatchObject({ problems: [], secrets: [] });
    expect(checkProvisioning(out, { allowLock: true }).locked).toEqual(expect.arrayContaining(['gateway.url', 'gateway.password', 'merchant.apiSecret']));
  });
});

describe('settings locked by a provisioning file', () => {
  it('refuses every write to a locked key with the file named, and lets the file itself write', () => {
    const store = memorySettings().store;
    store.setLocks(FILE, ['offline.maxAmount', 'gateway.password']);
    expect(() => store.set('offline.maxAmount', 500)).toThrow(SettingLockedError);
    expect(() => store.setFromText('offline.maxAmount', '5.00')).toThrow(`offline.maxAmount is locked by the provisioning file ${FILE}`);
    expect(() => store.setMany([['terminal.name', 'L2'], ['gateway.password', 'x']])).toThrow(/gateway\.password is locked/);
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(() => store.unset('offline.maxAmount')).toThrow(SettingLockedError);
    store.setMany([['offline.maxAmount', 500]], { overrideLocks: true });
    expect(store.get('offline.maxAmount')).toBe(500);
    store.set('terminal.name', 'L2');
    expect(store.describe('offline.maxAmount')[0]).toMatchObject({ lockedBy: FILE });
    expect(store.describe('terminal.name')[0]?.lockedBy).toBeUndefined();
  });

  it('lifts the locks when the file no longer gives any', () => {
    const store = memorySettings().store;
    store.setLocks(FILE, ['terminal.name']);
    store.setLocks(FILE, []);
    store.set('terminal.name', 'L3');
    expect(store.lockedBy('terminal.name')).toBeUndefined();
  });
});
