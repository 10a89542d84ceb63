import { describe, expect, it } from 'vitest';
import { DeviceConfig } from '../../../main/config/settings/devices';
import { settingDefs, type SettingKey } from '../../../main/config/settings';
import { redactText } from '../../../main/log/redact';
import { memorySettings, settingRefusal } from '../../support/memory-settings';

/** A valid value of each free-text setting (the control character goes in its middle). */
const SAMPLES: Partial<Record<SettingKey, string>> = {
  'gateway.url': 'https://gateway.example/transaction/v14',
  'gateway.proxy': 'http://proxy.lan:3128',
  'marketplace.url': 'https://market.example/api',
  'merchant.url': 'https://merchant.example/api',
  'update.url': 'https://updates.example/pos/',
  'merchant.merchantId': '444500700025',
};

const CONTROLS = { ESC: '\u001b', NUL: '\u0000', newline: '\n', DEL: '\u007f', 'C1 CSI': '\u009b', tab: '\t' };

/** Text settings take command-line text as it is; enums trim it, numbers and lists parse it. */
const textKeys = (Object.keys(settingDefs) as SettingKey[]).filter((k) => typeof settingDefs[k].default === 'string' && settingDefs[k].fromText(' x ') === ' x ');

describe('control characters in settings', () => {
  it('finds the free-text settings (terminal.name, credentials, addresses, names)', () => {
    expect(textKeys).toEqual(expect.arrayContaining(['terminal.name', 'gateway.gatewayId', 'gateway.password', 'gateway.url', 'receipts.systemPrinter', 'marketplace.businessConsultantId']));
    expect(textKeys).not.toContain('log.level');
  });

  it.each(Object.entries(CONTROLS))('refuses %s in every free-text setting, naming the setting', (_name, control) => {
    const { store } = memorySettings();
    for (const key of textKeys) {
      const fallback = settingDefs[key].default;
      const sample = SAMPLES[key] ?? (typeof fallback === 'string' && fallback !== '' ? fallback : 'AB12');
      const value = `${sample.slice(0, 2)}${control}${sample.slice(2)}`;
      const refusal = settingRefusal(() => store.setFromText(key, value));
      expect(refusal.key, key).toBe(key);
      expect(refusal.message, key).toMatch(new RegExp(`^invalid value for ${key.replace('.', '\\.')}: .*must not contain control characters`));
      // The sample itself is fine: the refusal is the control character's.
      expect(() => store.setFromText(key, sample), key).not.toThrow();
    }
  });

  it("says why a secret setting's value is refused in words the redactor keeps (the rule, never the value)", () => {
    const { store } = memorySettings();
    const secrets = (Object.keys(settingDefs) as SettingKey[]).filter((k) => settingDefs[k].secret && textKeys.includes(k));
    expect(secrets).toEqual(expect.arrayContaining(['gateway.password', 'gateway.hmacKey', 'marketplace.apiSecret', 'merchant.apiSecret']));
    for (const key of secrets) {
      const message = settingRefusal(() => store.set(key, 'ab\u0001cd')).message;
      expect(redactText(message, 'data'), key).toBe(message);
      expect(message, key).toMatch(new RegExp(`^invalid value for ${key.replace('.', '\\.')}: must not contain control characters .*\\(U\\+0001\\)$`));
      expect(message, key).not.toContain('ab');
    }
    // A value in clear after such a name is still hidden.
    expect(redactText('gateway.password: hunter2', 'data')).not.toContain('hunter2');
  });

  it('refuses them in a device name and path of devices.list', () => {
    const printer = { id: 'front', name: 'Front printer', kind: 'printer', transport: 'serial', path: '/dev/ttyUSB0' };
    expect(DeviceConfig.safeParse(printer).success).toBe(true);
    expect(DeviceConfig.safeParse({ ...printer, name: 'Front\u001b@printer' }).error?.issues.map((i) => i.path)).toEqual([['name']]);
    expect(DeviceConfig.safeParse({ ...printer, path: '/dev/ttyUSB0\n' }).error?.issues.map((i) => i.path)).toEqual([['path']]);
    const { store } = memorySettings();
    expect(settingRefusal(() => store.set('devices.list', [{ ...printer, name: 'Front\u0000' }])).message).toMatch(/^invalid value for devices\.list: .*control characters/);
  });

  it('never uses a stored value with one (written by an older version): the default applies, and the value is named as refused', () => {
    const { db, store } = memorySettings();
    db.prepare(`INSERT INTO settings (key, value_json, sealed, updated_at) VALUES ('terminal.name', ?, NULL, '2026-01-01T00:00:00Z')`).run(JSON.stringify('Lane\u001b@7'));
    store.reload();
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(store.refused()).toEqual([{ key: 'terminal.name', why: expect.stringMatching(/control characters .*U\+001B/) as unknown }]);
  });
});
