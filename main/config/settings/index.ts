import type { SettingDef, SettingRule } from '../setting';
import { gatewayRules, gatewaySettings } from './gateway';
import { terminalSettings } from './terminal';
import { marketplaceSettings } from './marketplace';
import { merchantSettings } from './merchant';
import { deviceSettings } from './devices';
import { offlineRules, offlineSettings } from './offline';
import { paymentSettings } from './payments';
import { receiptSettings } from './receipts';
import { logSettings } from './logs';
import { updateSettings } from './updates';

/** Every setting of the terminal, by dotted key. Domains add their own file here. */
export const settingDefs = {
  ...terminalSettings,
  ...gatewaySettings,
  ...marketplaceSettings,
  ...merchantSettings,
  ...deviceSettings,
  ...paymentSettings,
  ...receiptSettings,
  ...offlineSettings,
  ...logSettings,
  ...updateSettings,
} as const;

/** Rules between settings, checked on every write that touches one of their keys. */
export const settingRules: readonly SettingRule[] = [...gatewayRules, ...offlineRules];

export type SettingDefs = typeof settingDefs;
export type SettingKey = keyof SettingDefs;
export type SettingValue<K extends SettingKey> = SettingDefs[K] extends SettingDef<infer T> ? T : never;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefs, key);
}

export function settingDef(key: SettingKey): SettingDef<unknown> {
  return settingDefs[key];
}
