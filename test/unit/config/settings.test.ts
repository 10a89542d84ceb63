import { describe, expect, it } from 'vitest';
import { deriveMode } from '../../../main/config/mode';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyProvisioning, flattenProvisioning, readProvisioningFile } from '../../../main/config/provisioning';
import { SettingError } from '../../../main/config/settings-store';
import { memorySettings } from '../../support/memory-settings';

describe('settings store', () => {
  it('answers defaults until a value is stored, and stores only what differs', () => {
    const { db, store } = memorySettings();
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(store.get('headless.port')).toBe(4780);
    expect(store.isSet('terminal.name')).toBe(false);
    store.set('terminal.name', 'Lane 3');
    expect(store.get('terminal.name')).toBe('Lane 3');
    expect(db.prepare('SELECT count(*) FROM settings').pluck().get()).toBe(1);
    store.unset('terminal.name');
    expect(store.get('terminal.name')).toBe('Lane 1');
  });

  it('validates against the schema and names the rule, never the rejected value', () => {
    const { store } = memorySettings();
    expect(() => store.set('headless.port', 70000)).toThrow(SettingError);
    expect(() => store.setFromText('headless.port', 'eighty')).toThrow(/headless.port/);
    expect(() => store.set('gateway.url', 'ftp://example')).toThrow(/http/);
    expect(() => store.set('log.level', 'chatty')).toThrow(SettingError);
    expect(() => store.set('no.such.key', 1)).toThrow(/unknown setting/);
    store.setFromText('headless.port', '8080');
    expect(store.get('headless.port')).toBe(8080);
    let message = '';
    try {
      store.set('terminal.name', 'x'.repeat(41));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/invalid value for terminal.name/);
    expect(message).not.toContain('xxxx');
  });

  it('keeps secrets write-only: sealed at rest, presence visible, value never described', () => {
    const { db, store } = memorySettings();
    store.set('gateway.password', 'Pa55word!');
    const row = db.prepare('SELECT value_json, sealed FROM settings WHERE key = ?').get('gateway.password') as { value_json: string | null; sealed: Buffer };
    expect(row.value_json).toBeNull();
    expect(row.sealed.toString('latin1')).not.toContain('Pa55word!');
    expect(store.isSet('gateway.password')).toBe(true);
    expect(() => store.get('gateway.password')).toThrow(/write-only/);
    expect(store.describe('gateway.password')).toEqual([
      expect.objectContaining({ key: 'gateway.password', secret: true, set: true }),
    ]);
    expect(JSON.stringify(store.describe())).not.toContain('Pa55word!');
    expect(store.readSecret('gateway.password')).toBe('Pa55word!');
    expect(() => store.set('gateway.password', '')).toThrow(/cannot be empty/);
  });

  it('falls back to the default for a stored value that no longer passes its schema, and says which', () => {
    const { db, store } = memorySettings();
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('headless.port', '-5', 'now')").run();
    // The value in force did not move, but the list of refused values did (the status shows it).
    expect(store.reload()).toBe(true);
    expect(store.get('headless.port')).toBe(4780);
    expect(store.refused().map((r) => r.key)).toEqual(['headless.port']);
    expect(store.refused()[0]?.why).toMatch(/>=0/);
    expect(store.reload()).toBe(false);
  });

  it('refuses a plain-http live gateway except on this machine, and credentials inside any URL', () => {
    const { store } = memorySettings();
    expect(() => store.set('gateway.url', 'http://gw.example/transaction/v14')).toThrow(/https:\/\/.*PCI DSS 4\.2\.1/);
    store.set('gateway.url', 'http://127.0.0.1:8443/transaction/v14');
    store.set('gateway.url', 'http://localhost:8443/transaction/v14');
    store.set('gateway.url', 'https://gw.example/transaction/v14');
    for (const [key, url] of [
      ['gateway.url', 'https://id:pw@gw.example/transaction/v14'],
      ['gateway.proxy', 'http://bob:secret@proxy.lan:3128'],
      ['marketplace.url', 'https://key:secret@market.example/api'],
      ['merchant.url', 'https://user@merchant.example/'],
    ] as const) {
      expect(() => store.set(key, url), key).toThrow(/must not contain a user name or password/);
    }
    expect(() => store.set('gateway.proxy', 'http://bob:secret@proxy.lan:3128')).not.toThrow(/secret/);
  });

  it('tells listeners about changes, including ones found by reload', () => {
    const { db, store } = memorySettings();
    let calls = 0;
    store.onChange(() => calls++);
    store.set('terminal.name', 'A');
    expect(calls).toBe(1);
    db.prepare("UPDATE settings SET value_json = '\"B\"' WHERE key = 'terminal.name'").run();
    expect(store.reload()).toBe(true);
    expect(calls).toBe(2);
    expect(store.reload()).toBe(false);
    expect(calls).toBe(2);
  });

  it('writes several values atomically: one bad value changes nothing', () => {
    const { store } = memorySettings();
    expect(() => store.setMany([['terminal.name', 'Good'], ['headless.port', -1]])).toThrow();
    expect(store.get('terminal.name')).toBe('Lane 1');
  });
});

describe('mode', () => {
  it('is live exactly when url, gatewayId and password are all set', () => {
    const { store } = memorySettings();
    expect(deriveMode(store)).toBe('training');
    store.set('gateway.url', 'https://gw.example/transaction/v14');
    store.set('gateway.gatewayId', 'AB1234-01');
    expect(deriveMode(store)).toBe('training');
    store.set('gateway.password', 'pw');
    expect(deriveMode(store)).toBe('live');
    store.unset('gateway.url');
    expect(deriveMode(store)).toBe('training');
  });
});

describe('provisioning', () => {
  it('accepts dotted and nested keys alike', () => {
    expect(flattenProvisioning({ 'terminal.name': 'L1', gateway: { url: 'https://x.example/v14', gatewayId: 'G' } })).toEqual([
      ['terminal.name', 'L1'],
      ['gateway.url', 'https://x.example/v14'],
      ['gateway.gatewayId', 'G'],
    ]);
  });

  it('says a file is broken without quoting it (the fault may sit next to a password)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-prov-'));
    const file = join(dir, 'provision.json');
    try {
      writeFileSync(file, '{"gateway": {"url": "https://x.example/v14", "password": "hunter2-secret" bad}}');
      expect(() => readProvisioningFile(file)).toThrow(/is not valid JSON/);
      expect(() => readProvisioningFile(file)).not.toThrow(/secret|hunter/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a key given both dotted and nested, as provision check does, changing nothing', () => {
    const { store } = memorySettings();
    expect(() => applyProvisioning(store, { 'terminal.name': 'Alpha', terminal: { name: 'Beta' }, gateway: { gatewayId: 'G' } })).toThrow(
      'settings given twice in the provisioning file, once dotted and once nested (keep one of each): terminal.name',
    );
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(store.get('gateway.gatewayId')).toBe('');
  });

  it('applies all or nothing and names unknown keys', () => {
    const { store } = memorySettings();
    expect(() => applyProvisioning(store, { 'terminal.name': 'L9', 'gateway.pasword': 'typo' })).toThrow(/gateway.pasword/);
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(() => applyProvisioning(store, ['not', 'an', 'object'])).toThrow(SettingError);
    expect(applyProvisioning(store, { terminal: { name: 'L9' }, gateway: { password: 'pw' } })).toEqual(['terminal.name', 'gateway.password']);
    expect(store.get('terminal.name')).toBe('L9');
    expect(store.isSet('gateway.password')).toBe(true);
  });
});
