import type { SettingView } from '../../../../preload/contract';
import { knownKey, type MessageKey } from '../../i18n/keys';

export type SettingsKey = MessageKey<'settings'>;

/** Groups of the screen, in order, by key prefix; a key of no group is not shown. */
export const GROUPS: ReadonlyArray<{ prefixes: readonly string[]; title: SettingsKey }> = [
  { prefixes: ['terminal.'], title: 'group.terminal' },
  { prefixes: ['offline.'], title: 'group.offline' },
  { prefixes: ['payments.'], title: 'group.payments' },
  { prefixes: ['receipts.'], title: 'group.receipts' },
  { prefixes: ['devices.'], title: 'group.devices' },
  { prefixes: ['marketplace.'], title: 'group.marketplace' },
  { prefixes: ['merchant.'], title: 'group.merchant' },
  { prefixes: ['gateway.'], title: 'group.gateway' },
  { prefixes: ['headless.', 'log.', 'update.'], title: 'group.system' },
];

/**
 * How the screen names a setting: its label and description in the page's language where it has
 * them, else main's words (a key added in main before the screen knows it still shows, described).
 */
export function settingWords(s: SettingView): { label: SettingsKey | undefined; description: SettingsKey | undefined } {
  return { label: knownKey('settings', 'label.', s.key), description: knownKey('settings', 'describe.', s.key) };
}

/** A choice's words: this setting's own (`choice.<key>.<value>`), yes/no, or the value as it is typed. */
export function choiceWords(key: string, value: string): SettingsKey | undefined {
  return knownKey('settings', 'choice.', `${key}.${value}`) ?? knownKey('settings', 'choice.', value);
}

/** The id of a setting's control (its first check box for a list): the Save summary links to it and focuses it. */
export function fieldId(key: string): string {
  return `setting-${key.replace(/\./g, '-')}`;
}
