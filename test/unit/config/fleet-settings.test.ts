import { describe, expect, it } from 'vitest';
import { settingDef } from '../../../main/config/settings';

const accepts = (key: 'update.url' | 'log.maxSizeMb' | 'log.maxFiles', value: unknown): boolean => settingDef(key).schema.safeParse(value).success;

describe('the fleet settings', () => {
  it('update.url: empty (IT pushes installers) or an https feed; http only to this machine; no credentials', () => {
    expect(settingDef('update.url')).toMatchObject({ default: '', access: 'technician', secret: false });
    expect(accepts('update.url', '')).toBe(true);
    expect(accepts('update.url', 'https://updates.example/lanes/')).toBe(true);
    expect(accepts('update.url', 'http://127.0.0.1:8080/feed/')).toBe(true);
    expect(accepts('update.url', 'http://updates.example/lanes/')).toBe(false);
    expect(accepts('update.url', 'https://it:pw@updates.example/lanes/')).toBe(false);
    expect(accepts('update.url', 'ftp://updates.example/')).toBe(false);
    expect(accepts('update.url', 'updates.example')).toBe(false);
  });

  it('log.maxSizeMb and log.maxFiles: the technician\'s, within bounds that keep at least one older file', () => {
    expect(settingDef('log.maxSizeMb')).toMatchObject({ default: 10, access: 'technician' });
    expect(settingDef('log.maxFiles')).toMatchObject({ default: 5, access: 'technician' });
    expect([0, 1, 1024, 1025, 2.5].map((v) => accepts('log.maxSizeMb', v))).toEqual([false, true, true, false, false]);
    expect([1, 2, 100, 101].map((v) => accepts('log.maxFiles', v))).toEqual([false, true, true, false]);
  });
});
