import { describe, expect, it } from 'vitest';
import { applyProvisioning } from '../../../main/config/provisioning';
import { memorySettings, settingRefusal as refusal } from '../../support/memory-settings';
import { settingDefs } from '../../../main/config/settings';

describe('offline and payments settings', () => {
  it('start conservative: offline off, sales only, 100.00 a payment, 1000.00 in all', () => {
    const { store } = memorySettings();
    expect(store.get('offline.enabled')).toBe(false);
    expect(store.get('offline.maxAmount')).toBe(100_00);
    expect(store.get('offline.maxTotal')).toBe(1_000_00);
    expect(store.get('offline.maxCount')).toBe(50);
    expect(store.get('offline.maxAgeHours')).toBe(48);
    expect(store.get('offline.types')).toEqual(['sale']);
    expect(store.get('offline.checks')).toBe(false);
    expect(store.get('offline.keyed')).toBe(false);
    expect(store.get('payments.chipSwipe')).toBe('warn');
    expect(store.get('payments.cardEntry')).toBe('both');
    expect(store.get('payments.confirmOnPinpad')).toBe(true);
    expect(store.get('payments.partialApproval')).toBe(true);
    expect(store.get('payments.cardWaitSeconds')).toBe(60);
  });

  it('are all the manager\'s to change', () => {
    const keys = Object.entries(settingDefs).filter(([k]) => k.startsWith('offline.') || k.startsWith('payments.'));
    expect(keys).toHaveLength(14);
    for (const [key, def] of keys) expect(def.access, key).toBe('manager');
  });

  it('stores money as cents and describes it in dollars too', () => {
    const { db, store } = memorySettings();
    store.setFromText('offline.maxAmount', '$50.00');
    expect(store.get('offline.maxAmount')).toBe(5000);
    expect(db.prepare("SELECT value_json FROM settings WHERE key = 'offline.maxAmount'").pluck().get()).toBe('5000');
    expect(store.describe('offline.maxAmount')[0]).toMatchObject({ value: 5000, default: 10_000, unit: 'cents', display: '50.00', set: true });
    expect(store.describe('offline.maxCount')[0]).not.toHaveProperty('unit');
    expect(() => store.setFromText('offline.maxAmount', '50.005')).toThrow(/invalid value for offline.maxAmount: must be dollars and cents, e\.g\. 50\.00/);
  });

  it('checks ranges, enums and payment types', () => {
    const { store } = memorySettings();
    expect(() => store.setFromText('offline.maxCount', '0')).toThrow(/offline.maxCount/);
    expect(() => store.setFromText('offline.maxAgeHours', '721')).toThrow(/offline.maxAgeHours/);
    expect(() => store.setFromText('payments.cardWaitSeconds', '5')).toThrow(/payments.cardWaitSeconds/);
    expect(() => store.setFromText('payments.chipSwipe', 'maybe')).toThrow(/payments.chipSwipe/);
    expect(() => store.setFromText('offline.types', 'sale,capture')).toThrow(/one of sale, preauth, completion, refund, void, verify/);
    store.setFromText('offline.types', 'sale,preauth');
    expect(store.get('offline.types')).toEqual(['sale', 'preauth']);
    store.setFromText('payments.cardEntry', 'pinpad');
    expect(store.get('payments.cardEntry')).toBe('pinpad');
  });
});

describe('rules between settings', () => {
  it('refuses a per-payment limit above the total, naming both keys, whichever is written', () => {
    const { store } = memorySettings();
    const raised = refusal(() => store.setFromText('offline.maxAmount', '1000.01'));
    expect(raised.message).toBe('offline.maxAmount (1000.01) must not exceed offline.maxTotal (1000.00)');
    expect(raised.key).toBe('offline.maxAmount');
    const lowered = refusal(() => store.setFromText('offline.maxTotal', '99.99'));
    expect(lowered.message).toBe('offline.maxAmount (100.00) must not exceed offline.maxTotal (99.99)');
    expect(lowered.key).toBe('offline.maxTotal');
    expect(store.isSet('offline.maxAmount') || store.isSet('offline.maxTotal')).toBe(false);
    store.setFromText('offline.maxAmount', '1000.00');
    expect(store.get('offline.maxAmount')).toBe(1_000_00);
  });

  it('judges several values written together as a whole, in either order', () => {
    const { store } = memorySettings();
    store.setMany([['offline.maxAmount', 600_00], ['offline.maxTotal', 5_000_00]]);
    store.setMany([['offline.maxTotal', 500_00], ['offline.maxAmount', 400_00]]);
    expect([store.get('offline.maxAmount'), store.get('offline.maxTotal')]).toEqual([400_00, 500_00]);
    expect(() => store.setMany([['terminal.name', 'Lane 2'], ['offline.maxAmount', 600_00]])).toThrow(
      'offline.maxAmount (600.00) must not exceed offline.maxTotal (500.00)',
    );
    expect(store.get('terminal.name')).toBe('Lane 1');
  });

  it('checks the default that an unset brings back', () => {
    const { store } = memorySettings();
    store.setMany([['offline.maxAmount', 50_00], ['offline.maxTotal', 80_00]]);
    expect(() => store.unset('offline.maxAmount')).toThrow('offline.maxAmount (100.00) must not exceed offline.maxTotal (80.00)');
    expect(store.get('offline.maxAmount')).toBe(50_00);
    store.unset('offline.maxTotal');
    store.unset('offline.maxAmount');
    expect(store.isSet('offline.maxAmount')).toBe(false);
  });

  it('reads the other key as stored, even when another process wrote it since the last reload', () => {
    const { db, store } = memorySettings();
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('offline.maxTotal', '5000', 'now')").run();
    expect(() => store.setFromText('offline.maxAmount', '60.00')).toThrow(/offline.maxTotal \(50\.00\)/);
  });

  it('leaves writes of unrelated keys alone', () => {
    const { db, store } = memorySettings();
    // A pair stored before the rule existed does not block other settings.
    db.prepare("INSERT INTO settings (key, value_json, updated_at) VALUES ('offline.maxAmount', '90000', 'now')").run();
    store.reload();
    expect(() => store.set('terminal.name', 'Lane 4')).not.toThrow();
  });
});

describe('provisioning money and limits', () => {
  it('takes dollars as text or numbers, exactly', () => {
    const { store } = memorySettings();
    applyProvisioning(store, { offline: { enabled: true, maxAmount: 1.15, maxTotal: '4.35' } });
    expect([store.get('offline.maxAmount'), store.get('offline.maxTotal')]).toEqual([115, 435]);
    applyProvisioning(store, { 'offline.maxTotal': 100000, 'offline.maxAmount': '$0.29' });
    expect([store.get('offline.maxAmount'), store.get('offline.maxTotal')]).toEqual([29, 10_000_000]);
    expect(() => applyProvisioning(store, { 'offline.maxAmount': 100000.01 })).toThrow(/offline.maxAmount: must be at most 100000.00/);
    expect(() => applyProvisioning(store, { 'offline.maxAmount': '1,000.00' })).toThrow(/offline.maxAmount: must be dollars and cents/);
  });

  it('applies both limits of a file together, in either order, and nothing when they disagree', () => {
    const { store } = memorySettings();
    applyProvisioning(store, { 'offline.maxAmount': 600, 'offline.maxTotal': 5000 });
    applyProvisioning(store, { 'offline.maxTotal': 500, 'offline.maxAmount': 400 });
    expect([store.get('offline.maxAmount'), store.get('offline.maxTotal')]).toEqual([400_00, 500_00]);
    expect(() => applyProvisioning(store, { terminal: { name: 'Lane 7' }, offline: { maxTotal: '500.00', maxAmount: '600.00' } })).toThrow(
      'offline.maxAmount (600.00) must not exceed offline.maxTotal (500.00)',
    );
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(store.get('offline.maxAmount')).toBe(400_00);
  });
});
