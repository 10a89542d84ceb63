import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/processes';

/*
 * electron-builder.yml against electron-builder's own configuration schema
 * (node_modules/app-builder-lib/scheme.json), read with electron-builder's own YAML parser, and
 * through electron-builder's own validation as `npm run dist` would run it. Then what the
 * configuration promises: per-machine NSIS with the guard, the deb's scripts and udev rules, the
 * hardened runtime with its entitlements, icons, the fuses.
 */

const builderRequire = createRequire(join(ROOT, 'node_modules', 'app-builder-lib', 'package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = builderRequire('./out/util/config/config.js') as {
  validateConfiguration: (config: unknown, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }) => Promise<void>;
};

type Config = Record<string, unknown> & {
  nsis: Record<string, unknown>;
  deb: { fpm: string[]; afterInstall: string; afterRemove: string; depends: string[] };
  mac: Record<string, unknown>;
  linux: Record<string, unknown>;
  win: Record<string, unknown>;
  files: string[];
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
};

const config = yaml.load(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Config;
const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'app-builder-lib', 'scheme.json'), 'utf8')) as object;
const noLog = { isEnabled: false, add: () => undefined };

function schemaErrors(candidate: unknown): string[] {
  // No type coercion (electron-builder's own run coerces): a number where a string belongs is an error here.
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return validate(candidate) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

describe('electron-builder.yml', () => {
  it("matches electron-builder's JSON schema, and passes electron-builder's own validation", async () => {
    expect(schemaErrors(config)).toEqual([]);
    await expect(validateConfiguration(structuredClone(config), noLog)).resolves.toBeUndefined();
  });

  it('is refused by both when an option is misspelt or misplaced (the check can fail)', async () => {
    const misspelt = { ...config, nsis: { ...config.nsis, perMachin: true } };
    expect(schemaErrors(misspelt).join('\n')).toMatch(/additional properties/);
    await expect(validateConfiguration(misspelt, noLog)).rejects.toThrow(/configuration\.nsis/);
    const misplaced = { ...config, mac: { ...config.mac, perMachine: true } };
    expect(schemaErrors(misplaced)).not.toEqual([]);
  });

  it('names only files that exist, or that npm run dist composes first', () => {
    for (const file of [config.nsis.include, config.mac.entitlements, config.mac.entitlementsInherit, config.mac.icon, config.linux.icon, config.win.icon]) {
      expect(existsSync(join(ROOT, String(file))), String(file)).toBe(true);
    }
    expect(config.deb.afterInstall).toBe('.cache/deb-scripts/after-install.tpl');
    expect(config.deb.afterRemove).toBe('.cache/deb-scripts/after-remove.tpl');
    const fpm = config.deb.fpm;
    const beforeRemove = fpm[fpm.indexOf('--before-remove') + 1] ?? '';
    expect(existsSync(join(ROOT, beforeRemove)), beforeRemove).toBe(true);
    const rules = fpm.find((a) => a.includes('='))?.split('=') ?? [];
    expect(rules).toEqual(['native/linux/99-counter-pos.rules', '/usr/lib/udev/rules.d/99-counter-pos.rules']);
    expect(existsSync(join(ROOT, rules[0] ?? ''))).toBe(true);
  });

  it('installs per machine on Windows, refuses nothing silently, and keeps the lane data on uninstall', () => {
    expect(config.nsis).toMatchObject({ perMachine: true, oneClick: false, include: 'build/installer.nsh', deleteAppDataOnUninstall: false });
  });

  it('signs for macOS with the hardened runtime and the serial and USB entitlements', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, entitlements: 'build/entitlements.mac.plist' });
    const plist = readFileSync(join(ROOT, 'build', 'entitlements.mac.plist'), 'utf8');
    for (const key of ['com.apple.security.cs.allow-jit', 'com.apple.security.device.serial', 'com.apple.security.device.usb']) {
      expect(plist).toMatch(new RegExp(`<key>${key.replace(/\./g, '\\.')}</key>\\s*<true/>`));
    }
    expect(plist).not.toContain('disable-library-validation');
  });

  it('leaves the one native rebuild to scripts/dist.mjs and unpacks every native binary', () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false, onlyLoadAppFromAsar: true });
  });
});
