import { describe, expect, it } from 'vitest';
import { machineProvisioningFile } from '../../../main/config/provisioning-path';

describe('machineProvisioningFile', () => {
  it('is under ProgramData on Windows, whatever case the environment spells it in', () => {
    expect(machineProvisioningFile('win32', { ProgramData: 'C:\\ProgramData' })).toBe('C:\\ProgramData\\Counter POS\\provisioning\\provision.json');
    expect(machineProvisioningFile('win32', { PROGRAMDATA: 'D:\\Data' })).toBe('D:\\Data\\Counter POS\\provisioning\\provision.json');
    expect(machineProvisioningFile('win32', {})).toBe('C:\\ProgramData\\Counter POS\\provisioning\\provision.json');
  });

  it('is under /etc on Linux and other Unixes', () => {
    expect(machineProvisioningFile('linux', { HOME: '/home/cashier', XDG_CONFIG_HOME: '/home/cashier/.config' })).toBe('/etc/counter-pos/provision.json');
    expect(machineProvisioningFile('freebsd', {})).toBe('/etc/counter-pos/provision.json');
  });

  it('is in the machine-wide Application Support on macOS, apart from the data directory\'s own provision.json', () => {
    expect(machineProvisioningFile('darwin', { HOME: '/Users/lane' })).toBe('/Library/Application Support/Counter POS/provisioning/provision.json');
  });

  it('follows POS_PROVISIONING_FILE on every OS, made absolute', () => {
    expect(machineProvisioningFile('linux', { POS_PROVISIONING_FILE: '/srv/policy/lane.json' })).toBe('/srv/policy/lane.json');
    expect(machineProvisioningFile('win32', { POS_PROVISIONING_FILE: 'E:\\policy\\lane.json', ProgramData: 'C:\\ProgramData' })).toBe('E:\\policy\\lane.json');
    expect(machineProvisioningFile('darwin', { POS_PROVISIONING_FILE: '/Volumes/it/lane.json' })).toBe('/Volumes/it/lane.json');
  });
});
