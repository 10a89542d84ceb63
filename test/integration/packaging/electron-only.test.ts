import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/processes';

/*
 * The packaging steps this machine cannot run, each with the reason, so a test run says plainly
 * what it did not check. They run on hosted runners (.github/workflows/installers.yml). What can
 * run here does, in the other files of this folder: the configuration against electron-builder's
 * schema, a real `--dir` package with a stand-in runtime, the NSIS include compiled, the deb's
 * scripts checked and their queue guard run against a real journal, the Electron build's failure path.
 */

const electronBinary = existsSync(join(ROOT, 'node_modules', 'electron', 'path.txt'));

const NEEDS_ELECTRON: ReadonlyArray<readonly [string, string]> = [
  ['building the installers themselves (NSIS, deb, AppImage, dmg)', "electron-builder downloads the Electron runtime and its tools (NSIS and its plugins, fpm, appimagetool) for them, and this machine reaches no host but the npm registry and Debian's archive"],
  ["rebuilding better-sqlite3 for Electron's ABI", "it compiles against Electron's headers, which are downloaded; the request and its failure in words are tested in electron-native.test.ts"],
  ['starting the packaged app, and its --posctl queue pending as the installers call it', 'the Electron runtime is downloaded on first use (the npm package ships none); the same command is tested through posctl in queue-guard.test.ts'],
  ['running the NSIS installer and uninstaller (/S, /D=, /FORCE)', 'it needs Windows; the include is compiled with makensis in installer-scripts.test.ts'],
  ['installing and removing the deb with dpkg', 'it would change this machine (a system group, /var/lib/counter-pos, udev rules); its scripts are checked and its guard is run in this folder'],
  ['signing and notarizing for macOS with the hardened runtime', "it needs macOS's codesign and a Developer ID certificate"],
];

describe('packaging steps that need the Electron runtime or another OS (run by .github/workflows/installers.yml)', () => {
  console.info(
    [
      `Skipped here (the Electron binary is ${electronBinary ? 'present but the steps need network or another OS too' : 'not installed'}):`,
      ...NEEDS_ELECTRON.map(([step, why]) => `  - ${step}: ${why}.`),
    ].join('\n'),
  );
  for (const [step, why] of NEEDS_ELECTRON) it.skip(`${step} — skipped here: ${why}`, () => undefined);

  it('are all built by the installers workflow, one job per OS', () => {
    const workflow = readFileSync(join(ROOT, '.github', 'workflows', 'installers.yml'), 'utf8');
    for (const os of ['windows-latest', 'macos-latest', 'ubuntu-latest']) expect(workflow).toContain(os);
    for (const target of ['--win nsis', '--linux deb AppImage', '--mac dmg']) expect(workflow).toContain(`dist: ${target}`);
    expect(workflow).toContain('npm run dist -- ${{ matrix.dist }} --publish never');
  });
});
