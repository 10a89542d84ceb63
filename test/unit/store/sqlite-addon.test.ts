import { describe, expect, it } from 'vitest';
import { sqliteAddon } from '../../../main/store/sqlite-addon';

describe('the SQLite addon each connection is opened with', () => {
  it("is the running program's own build when it names one (the desktop app outside a package)", () => {
    expect(sqliteAddon('/opt/app/better_sqlite3.node')).toEqual({ nativeBinding: '/opt/app/better_sqlite3.node' });
  });

  // The bundled case (posctl, the headless start) is run by test/integration/start/lean-start.test.ts.
  it("is left to better-sqlite3's own search outside the code-cached bundles", () => {
    expect(sqliteAddon()).toEqual({});
    expect(sqliteAddon('')).toEqual({});
  });
});
