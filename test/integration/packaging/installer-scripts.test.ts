import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { composeDebScripts, composeScript } from '../../../scripts/deb-scripts.mjs';
import { ROOT } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/*
 * The installers' scripts, checked the way this machine can: the NSIS include is compiled by
 * Debian's makensis with warnings as errors (as electron-builder does), inside a small installer
 * that defines what electron-builder's own script provides; the deb's scripts pass shellcheck
 * and, composed with electron-builder's templates and their names filled in, bash's parser.
 * Running them needs Windows and a real dpkg (the pre-remove guard runs in queue-guard.test.ts).
 */

const have = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

/** A minimal installer around build/installer.nsh, with electron-builder's names it relies on. */
function nsisWrapper(includeDir: string, outFile: string): string {
  return `Unicode true
!define APP_EXECUTABLE_FILENAME "Counter POS.exe"
!addincludedir "${includeDir}"
Var perMachineInstallationFolder
; electron-builder defines its flags (here --updated) as LogicLib tests.
!macro _isUpdated _a _b _t _f
  StrCmp "$R6" "true" \`\${_t}\` \`\${_f}\`
!macroend
!define isUpdated \`"" isUpdated ""\`
!include "installer.nsh"
Name "Counter POS"
OutFile "${outFile}"
RequestExecutionLevel admin
Function .onInit
  ReadRegStr $perMachineInstallationFolder HKLM "Software\\counter-pos" InstallLocation
  !insertmacro customInit
FunctionEnd
Function un.onInit
  !insertmacro customUnInit
FunctionEnd
Section "install"
  !insertmacro customInstall
  WriteUninstaller "$INSTDIR\\uninstall.exe"
SectionEnd
Section "un.install"
SectionEnd
`;
}

function makensis(dir: string, include: string): { status: number | null; output: string } {
  copyFileSync(include, join(dir, 'installer.nsh'));
  writeFileSync(join(dir, 'wrapper.nsi'), nsisWrapper(dir, join(dir, 'counter-pos-guard-check.exe')));
  const r = spawnSync('makensis', ['-WX', '-INPUTCHARSET', 'UTF8', '-V2', join(dir, 'wrapper.nsi')], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the NSIS include (build/installer.nsh)', () => {
  it.skipIf(!have('makensis'))('compiles with warnings as errors (apt-get install nsis), and a broken copy does not', () => {
    const good = makensis(tempDir(), join(ROOT, 'build', 'installer.nsh'));
    expect(good.status, good.output).toBe(0);
    const dir = tempDir();
    const broken = join(dir, 'broken.nsh');
    writeFileSync(broken, readFileSync(join(ROOT, 'build', 'installer.nsh'), 'utf8').replace('${EndIf}', ''));
    expect(makensis(dir, broken).status).not.toBe(0);
  });

  it('asks the installed app through posctl, honours /FORCE, and ends a refusal with exit code 2', () => {
    const nsh = readFileSync(join(ROOT, 'build', 'installer.nsh'), 'utf8');
    expect(nsh).toContain(`nsExec::ExecToStack '"\${EXE}" --posctl queue pending'`);
    expect(nsh).toMatch(/\$\{GetOptions\} \$R8 "\/FORCE" \$R9/);
    expect(nsh).toMatch(/SetErrorLevel 2\s+Quit/);
    expect(nsh).toMatch(/\$\{IfNot\} \$\{isUpdated\}/);
    // The folder and group the app expects (main/platform/data-dir.ts).
    expect(nsh).toContain('!define COUNTER_POS_GROUP "counter-pos"');
    expect(nsh).toContain('!define COUNTER_POS_DATA_NAME "Counter POS"');
  });
});

describe("the deb's maintainer scripts (build/deb/*.sh)", () => {
  const scripts = ['after-install.sh', 'after-remove.sh', 'before-remove.sh'].map((f) => join(ROOT, 'build', 'deb', f));

  it.skipIf(!have('shellcheck'))('pass shellcheck (apt-get install shellcheck), and a faulty script does not', () => {
    const r = spawnSync('shellcheck', ['--shell=bash', ...scripts], { encoding: 'utf8' });
    expect(r.status, r.stdout).toBe(0);
    const faulty = join(tempDir(), 'faulty.sh');
    writeFileSync(faulty, '#!/bin/bash\nrm -rf $1/data\n');
    expect(spawnSync('shellcheck', [faulty]).status).not.toBe(0);
  });

  it("follow electron-builder's own steps in the composed scripts, which bash parses once its names are filled in", () => {
    const composed = composeDebScripts(ROOT);
    // What electron-builder fills in (FpmTarget): an unknown ${name} would stop the packaging.
    const names: Record<string, string> = { executable: 'counter-pos', sanitizedProductName: 'Counter POS', productFilename: 'Counter POS' };
    for (const [file, ownStep] of [
      [composed.afterInstall, 'install -d -m 2770 -o root -g "$lane_group" "$data_dir"'],
      [composed.afterRemove, 'udevadm control --reload-rules'],
    ] as const) {
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(/update-alternatives/);
      expect(text).toContain(ownStep);
      expect(text.indexOf('update-alternatives')).toBeLessThan(text.indexOf(ownStep));
      const filled = text.replace(/\$\{([a-zA-Z]+)\}/g, (_m, name: string) => {
        const value = names[name];
        if (value === undefined) throw new Error(`${file}: electron-builder does not know \${${name}}`);
        return value;
      });
      const parsed = spawnSync('bash', ['-n'], { input: filled, encoding: 'utf8' });
      expect(parsed.status, parsed.stderr).toBe(0);
    }
  });

  it('keep our part free of names electron-builder would try to fill in', () => {
    for (const f of ['after-install.sh', 'after-remove.sh']) {
      expect(readFileSync(join(ROOT, 'build', 'deb', f), 'utf8')).not.toMatch(/\$\{[a-zA-Z]+\}/);
    }
    expect(composeScript('#!/bin/bash\necho template\n', '#!/bin/bash\necho ours\n', 'x.sh')).toBe('#!/bin/bash\necho template\n\n# ---- Counter POS (x.sh) ----\necho ours\n');
  });

  it('make the lane folder and group the app expects, and load the udev rules', () => {
    const install = readFileSync(join(ROOT, 'build', 'deb', 'after-install.sh'), 'utf8');
    expect(install).toContain('lane_group=counter-pos');
    expect(install).toContain('data_dir=/var/lib/counter-pos');
    expect(install).toMatch(/groupadd --system "\$lane_group"/);
    expect(install).toMatch(/chmod 2770 "\$data_dir"/);
    expect(install).toMatch(/udevadm trigger/);
  });

  it("make the machine key folder 0750 root:counter-pos and have the installed app keep the lane's key there, without ever failing the installation", () => {
    const install = readFileSync(join(ROOT, 'build', 'deb', 'after-install.sh'), 'utf8');
    expect(install).toContain('key_dir=/etc/counter-pos');
    expect(install).toContain('install -d -m 0750 -o root -g "$lane_group" "$key_dir"');
    expect(install).toMatch(/chmod 0750 "\$key_dir"/);
    // After the data folder and the group it needs.
    expect(install.indexOf('key_dir=')).toBeGreaterThan(install.indexOf('install -d -m 2770'));
    expect(install).toMatch(/if ! timeout 120 "\$app" --no-sandbox --ozone-platform=headless --posctl keys protect; then\n\s+echo .*sudo .*--posctl keys protect" >&2\n\s+fi/);
  });
});
