import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../main/api/dispatcher';
import { MACHINE_RECORD } from '../../../main/config/machine-provisioning';
import type { Reply, SettingView } from '../../../preload/contract';
import { openCore } from '../../support/payments';
import { tempDir } from '../../support/tmp';
import { tmpfs } from '../../support/tmpfs';

const page: CallContext = { transport: 'ws', connection: 'ws:1' };
const PASSWORD = 'it-provisioned-Pw-7731';

/** IT's file, as IT would leave it: readable by its owner and the lane's group only. */
function policy(dir: string, content: unknown, mode = 0o640): string {
  const file = join(dir, 'policy', 'provision.json');
  mkdirSync(join(dir, 'policy'), { recursive: true });
  writeFileSync(file, JSON.stringify(content, null, 2));
  chmodSync(file, mode);
  return file;
}

/** A lane as the app starts it: both provisioning files applied. */
function start(dataDir: string, file: string) {
  return openCore(dataDir, { applyProvisioning: true, machineProvisioningFile: file });
}

const valueOf = <T>(r: Reply): T => {
  if (!r.ok) throw new Error(`refused: ${r.error.message}`);
  return r.value as T;
};

describe('the machine-wide provisioning file', () => {
  it('applies its settings, seals its secrets and removes them from the file, keeping the file\'s permissions', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, {
      terminal: { name: 'Lane 31' },
      gateway: { url: 'https://gateway.example/transaction/v14', gatewayId: 'AB1234-01', password: PASSWORD },
      offline: { enabled: true, maxAmount: '250.00' },
      lock: ['gateway.*'],
    });
    const core = await start(data, file);
    expect(core.settings.get('terminal.name')).toBe('Lane 31');
    expect(core.settings.get('offline.maxAmount')).toBe(250_00);
    expect(core.settings.readSecret('gateway.password')).toBe(PASSWORD);
    expect(core.mode()).toBe('live');
    await core.close();

    const after = readFileSync(file, 'utf8');
    expect(after).not.toContain(PASSWORD);
    const rewritten = JSON.parse(after) as Record<string, unknown>;
    expect(rewritten).toMatchObject({ gateway: { url: 'https://gateway.example/transaction/v14', gatewayId: 'AB1234-01' }, lock: ['gateway.*'], sealed: { 'gateway.password': expect.any(String) as unknown } });
    expect(statSync(file).mode & 0o777).toBe(0o640);
    const record = readFileSync(join(data, MACHINE_RECORD), 'utf8');
    expect(record).not.toContain(PASSWORD);
    expect(JSON.parse(record)).toMatchObject({ file, locked: expect.arrayContaining(['gateway.url', 'gateway.password']) as unknown, settings: { 'gateway.password': '<sealed>' } });
    expect(statSync(join(data, MACHINE_RECORD)).mode & 0o777).toBe(0o600);
  });

  it('keeps a manager\'s change to what it does not lock, and puts back what it locks, until the file changes', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, { terminal: { name: 'Lane 32' }, offline: { maxAmount: '40.00' }, lock: ['offline.maxAmount'] });
    let core = await start(data, file);
    core.settings.set('terminal.name', 'Front lane');
    // Written around the lock (another tool on the database): the next start puts it back.
    core.settings.setMany([['offline.maxAmount', 1]], { overrideLocks: true });
    await core.close();

    core = await start(data, file);
    expect(core.settings.get('terminal.name')).toBe('Front lane');
    expect(core.settings.get('offline.maxAmount')).toBe(40_00);
    await core.close();

    policy(root, { terminal: { name: 'Lane 32b' }, offline: { maxAmount: '40.00' } });
    core = await start(data, file);
    expect(core.settings.get('terminal.name')).toBe('Lane 32b');
    expect(core.settings.lockedBy('offline.maxAmount')).toBeUndefined();
    await core.close();
  });

  it('shows locked settings read-only with the file named, and refuses their change through the contract', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, { offline: { enabled: true, maxAmount: '75.00' }, lock: true });
    const core = await start(data, file);
    core.manager.technicianSet('4826', 'test');
    valueOf(await core.dispatch('manager.unlock', { pin: '4826' }, page));
    const offline = valueOf<SettingView[]>(await core.dispatch('settings.list', { prefix: 'offline.' }, page));
    expect(offline.find((s) => s.key === 'offline.maxAmount')).toMatchObject({ editable: false, lockedReason: `Set by the provisioning file ${file}.`, text: '75.00' });
    expect(offline.find((s) => s.key === 'offline.maxTotal')).toMatchObject({ editable: true, lockedReason: null });
    const refused = await core.dispatch('settings.set', { key: 'offline.maxAmount', text: '80.00' }, page);
    expect(refused).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: `Set by the provisioning file ${file}. IT changes it in that file; it cannot be changed here.` } });
    expect((await core.dispatch('settings.unset', { key: 'offline.enabled' }, page)).ok).toBe(false);
    // The technician's own path (posctl's context) is refused too.
    expect((await core.dispatch('settings.set', { key: 'offline.maxAmount', text: '80.00' }, { transport: 'cli' })).ok).toBe(false);
    expect(core.settings.get('offline.maxAmount')).toBe(75_00);
    await core.close();

    // posctl does not read IT's file: it obeys the locks the app recorded.
    const cli = await openCore(data);
    expect(cli.settings.lockedBy('offline.maxAmount')).toBe(file);
    expect(() => cli.settings.setFromText('offline.maxAmount', '80.00')).toThrow(/locked by the provisioning file/);
    await cli.close();
  });

  it('refuses the data directory\'s own provision.json when it writes a locked setting', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, { gateway: { url: 'https://gateway.example/transaction/v14' }, lock: true });
    await (await start(data, file)).close();
    writeFileSync(join(data, 'provision.json'), JSON.stringify({ gateway: { url: 'https://elsewhere.example/transaction/v14' } }));
    await expect(start(data, file)).rejects.toThrow(/gateway\.url is locked by the provisioning file/);
  });

  it('stops the start when its secrets are readable by every user, and changes nothing', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, { terminal: { name: 'Lane 33' }, gateway: { password: PASSWORD } }, 0o644);
    await expect(start(data, file)).rejects.toThrow(/holds secrets \(gateway\.password\) and every user of this machine can read it/);
    expect(readFileSync(file, 'utf8')).toContain(PASSWORD);
    const cli = await openCore(data);
    expect(cli.settings.get('terminal.name')).toBe('Lane 1');
    await cli.close();
  });

  it('stops the start when every user can change it, or when it is not valid', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    await expect(start(data, policy(root, { terminal: { name: 'L' } }, 0o666))).rejects.toThrow(/every user of this machine can change it/);
    await expect(start(data, policy(root, { terminal: { nmae: 'L' } }))).rejects.toThrow(/terminal\.nmae: is not a setting.*posctl provision check/);
  });

  it('applies a file it cannot rewrite, and says in the status that its secrets stay in it', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const disk = tmpfs(join(root, 'ro'));
    const file = join(root, 'ro', 'provision.json');
    writeFileSync(file, JSON.stringify({ gateway: { password: PASSWORD } }));
    chmodSync(file, 0o600);
    disk.readOnly();
    const core = await start(data, file);
    expect(core.settings.isSet('gateway.password')).toBe(true);
    expect(core.status.current().problems).toContainEqual(
      expect.objectContaining({
        code: 'provisioning-secrets-left',
        severity: 'warning',
        audience: 'technician',
        message: expect.stringMatching(/gateway\.password were sealed but stay in .* remove them from the file by hand/) as unknown,
      }),
    );
    await core.close();
  });

  it('records its locks readable by the lane\'s group in a shared lane, so every account\'s posctl obeys them', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    mkdirSync(data);
    chmodSync(data, 0o2770);
    const file = policy(root, { terminal: { name: 'Lane 35' }, lock: true });
    await (await start(data, file)).close();
    expect(statSync(join(data, MACHINE_RECORD)).mode & 0o777).toBe(0o660);
  });

  it('lifts its locks once the file is gone; the settings it gave stay', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const file = policy(root, { terminal: { name: 'Lane 34' }, lock: true });
    await (await start(data, file)).close();
    rmSync(file);
    const core = await start(data, file);
    expect(core.settings.get('terminal.name')).toBe('Lane 34');
    expect(core.settings.lockedBy('terminal.name')).toBeUndefined();
    expect(existsSync(join(data, MACHINE_RECORD))).toBe(false);
    await core.close();
  });
});
