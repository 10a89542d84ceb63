import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { choicesOf } from '../../../main/config/settings-handlers';
import { settingDef, settingDefs, type SettingKey } from '../../../main/config/settings';

const choices = (key: SettingKey) => choicesOf(settingDef(key).schema);

describe('choicesOf (the texts a setting takes, offered as a choice on the Settings screen)', () => {
  it('lists an enum setting\'s values, in the schema\'s order', () => {
    expect(choices('terminal.language')).toEqual(['en', 'fr']);
    expect(choices('payments.chipSwipe')).toEqual(['allow', 'warn', 'refuse']);
    expect(choices('payments.cardEntry')).toEqual(['reader', 'pinpad', 'both']);
  });

  it('offers true and false for a yes/no setting, the texts fromText reads back', () => {
    expect(choices('offline.enabled')).toEqual(['true', 'false']);
    const def = settingDef('offline.enabled');
    expect((choices('offline.enabled') ?? []).map((t) => def.schema.parse(def.fromText(t)))).toEqual([true, false]);
  });

  it('leaves free text, numbers, money and lists as fields', () => {
    expect(choices('terminal.name')).toBeUndefined();
    expect(choices('offline.maxAmount')).toBeUndefined();
    expect(choices('offline.maxCount')).toBeUndefined();
    expect(choices('offline.types')).toBeUndefined();
    expect(choicesOf(z.string())).toBeUndefined();
  });

  it('gives every choice of every setting back through fromText as a valid value', () => {
    for (const key of Object.keys(settingDefs) as SettingKey[]) {
      const def = settingDef(key);
      for (const text of choices(key) ?? []) expect(def.schema.safeParse(def.fromText(text)).success, `${key}=${text}`).toBe(true);
    }
  });
});
