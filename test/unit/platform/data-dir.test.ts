import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT,
  chooseDataDir,
  installKindOf,
  machineDataDirProblem,
  type DataDirInput,
  type Installation,
} from '../../../main/platform/data-dir';

const MACHINE: Installation = { packaged: true, kind: 'machine' };
const PER_USER: Installation = { packaged: true, kind: 'user' };

const WIN_ENV = { USERPROFILE: 'C:\\Users\\cashier1', APPDATA: 'C:\\Users\\cashier1\\AppData\\Roaming', ProgramData: 'C:\\ProgramData' };
const LINUX_ENV = { HOME: '/home/cashier1' };
const MAC_ENV = { HOME: '/Users/cashier1' };

function dir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, installation: Installation, flag?: string): ReturnType<typeof chooseDataDir> {
  const input: DataDirInput = { platform, env, installation, flag, home: '/nonexistent-home' };
  return chooseDataDir(input);
}

describe('chooseDataDir', () => {
  it('gives a packaged per-machine installation the machine-wide folder of each OS', () => {
    expect(dir('win32', WIN_ENV, MACHINE)).toEqual({ dir: 'C:\\ProgramData\\Counter POS', source: 'machine' });
    expect(dir('linux', LINUX_ENV, MACHINE)).toEqual({ dir: '/var/lib/counter-pos', source: 'machine' });
    expect(dir('darwin', MAC_ENV, MACHINE)).toEqual({ dir: '/Library/Application Support/Counter POS', source: 'machine' });
  });

  it('finds %ProgramData% under its other spellings, and C:\\ProgramData when none is set', () => {
    expect(dir('win32', { PROGRAMDATA: 'D:\\PD' }, MACHINE).dir).toBe('D:\\PD\\Counter POS');
    expect(dir('win32', { ALLUSERSPROFILE: 'E:\\All' }, MACHINE).dir).toBe('E:\\All\\Counter POS');
    expect(dir('win32', {}, MACHINE).dir).toBe('C:\\ProgramData\\Counter POS');
  });

  it('keeps the per-user default for a checkout, whatever the install kind says', () => {
    for (const installation of [CHECKOUT, { packaged: false, kind: 'machine' } as const]) {
      expect(dir('win32', WIN_ENV, installation)).toEqual({ dir: 'C:\\Users\\cashier1\\AppData\\Roaming\\counter-pos', source: 'user' });
      expect(dir('linux', LINUX_ENV, installation)).toEqual({ dir: '/home/cashier1/.local/share/counter-pos', source: 'user' });
      expect(dir('darwin', MAC_ENV, installation)).toEqual({ dir: '/Users/cashier1/Library/Application Support/counter-pos', source: 'user' });
    }
  });

  it('keeps the per-user default for a packaged per-user installation (AppImage, a Mac not set up as a lane)', () => {
    expect(dir('linux', { ...LINUX_ENV, XDG_DATA_HOME: '/srv/xdg' }, PER_USER)).toEqual({ dir: '/srv/xdg/counter-pos', source: 'user' });
    expect(dir('darwin', MAC_ENV, PER_USER).source).toBe('user');
    expect(dir('win32', { USERPROFILE: 'C:\\Users\\c2' }, PER_USER).dir).toBe('C:\\Users\\c2\\AppData\\Roaming\\counter-pos');
  });

  it('lets --data-dir win over POS_DATA_DIR, and POS_DATA_DIR over the machine-wide folder', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) {
      expect(dir(platform, { ...LINUX_ENV, POS_DATA_DIR: '/srv/lane-env' }, MACHINE, '/srv/lane-flag')).toEqual({ dir: resolve('/srv/lane-flag'), source: 'flag' });
      expect(dir(platform, { ...LINUX_ENV, POS_DATA_DIR: '/srv/lane-env' }, MACHINE)).toEqual({ dir: resolve('/srv/lane-env'), source: 'env' });
      expect(dir(platform, { ...LINUX_ENV, POS_DATA_DIR: '/srv/lane-env' }, CHECKOUT)).toEqual({ dir: resolve('/srv/lane-env'), source: 'env' });
    }
  });

  it('ignores an empty flag and an empty POS_DATA_DIR', () => {
    expect(dir('linux', { ...LINUX_ENV, POS_DATA_DIR: '' }, MACHINE, '')).toEqual({ dir: '/var/lib/counter-pos', source: 'machine' });
  });

  it('falls back to the given home when neither HOME nor USERPROFILE is set', () => {
    expect(dir('linux', {}, CHECKOUT).dir).toBe('/nonexistent-home/.local/share/counter-pos');
  });
});

describe('installKindOf', () => {
  const never = (): boolean => {
    throw new Error('must not look at the disk');
  };

  it('takes every packaged Windows app for the per-machine NSIS installation', () => {
    expect(installKindOf('win32', {}, never)).toBe('machine');
  });

  it('tells the deb (machine) from an AppImage (user) on Linux by the AppImage runtime variable', () => {
    expect(installKindOf('linux', {}, never)).toBe('machine');
    expect(installKindOf('linux', { APPIMAGE: '/home/c/Counter POS.AppImage' }, never)).toBe('user');
  });

  it('makes a Mac a machine-wide lane only once IT has created its folder', () => {
    expect(installKindOf('darwin', {}, () => true)).toBe('machine');
    expect(installKindOf('darwin', {}, () => false)).toBe('user');
  });

  it('treats other systems as per-user', () => {
    expect(installKindOf('freebsd', {}, never)).toBe('user');
  });
});

describe('machineDataDirProblem', () => {
  const machine = { dir: '/var/lib/counter-pos', source: 'machine' } as const;

  it('says nothing for a usable folder, or for any folder that is not the machine-wide one', () => {
    expect(machineDataDirProblem(machine, 'ok', 'linux')).toBeUndefined();
    expect(machineDataDirProblem({ dir: '/home/c/.local/share/counter-pos', source: 'user' }, 'missing', 'linux')).toBeUndefined();
    expect(machineDataDirProblem({ dir: '/srv/x', source: 'flag' }, 'denied', 'linux')).toBeUndefined();
  });

  it('asks for a reinstall when the installer-made folder is missing, and IT on a Mac', () => {
    expect(machineDataDirProblem(machine, 'missing', 'linux')).toMatch(/\/var\/lib\/counter-pos does not exist\. Install Counter POS again/);
    expect(machineDataDirProblem({ dir: 'C:\\ProgramData\\Counter POS', source: 'machine' }, 'missing', 'win32')).toMatch(/Install Counter POS again/);
    expect(machineDataDirProblem({ dir: '/Library/Application Support/Counter POS', source: 'machine' }, 'missing', 'darwin')).toMatch(/Ask IT to prepare this Mac/);
  });

  it('names the lane group and the command that adds an account to it, per OS', () => {
    expect(machineDataDirProblem(machine, 'denied', 'linux')).toMatch(/usermod -aG counter-pos ACCOUNT/);
    expect(machineDataDirProblem(machine, 'denied', 'darwin')).toMatch(/dseditgroup -o edit -a ACCOUNT -t user counter-pos/);
    expect(machineDataDirProblem({ dir: 'C:\\ProgramData\\Counter POS', source: 'machine' }, 'denied', 'win32')).toMatch(/net localgroup counter-pos ACCOUNT \/add/);
  });
});
