import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

function file(dir: string, name: string, content: unknown, mode = 0o640): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  chmodSync(path, mode);
  return path;
}

const check = (dir: string, path: string, json = false) => posctl(dir, ['provision', 'check', path, ...(json ? ['--json'] : [])]);

describe('posctl provision check', { timeout: 60_000 }, () => {
  it('says a good file is good, with what it sets, locks and will seal (exit 0), and changes nothing', async () => {
    const dir = tempDir();
    const good = file(dir, 'good.json', { terminal: { name: 'Lane 50' }, gateway: { url: 'https://gateway.example/transaction/v14', password: 'Pw-Check-1' }, lock: ['gateway.*'] }, 0o600);
    const before = readFileSync(good, 'utf8');
    const r = await check(dir, good);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${good}: good`);
    expect(r.stdout).toMatch(/3 setting\(s\): terminal\.name, gateway\.url, gateway\.password/);
    expect(r.stdout).toMatch(/secrets sealed and removed from the file at the app's next start: gateway\.password/);
    expect(r.stdout).not.toContain('Pw-Check-1');
    expect(readFileSync(good, 'utf8')).toBe(before);
    expect(JSON.parse((await check(dir, good, true)).stdout)).toMatchObject({ file: good, ok: true, secrets: ['gateway.password'], problems: [] });
  });

  it('names each unknown key, value of the wrong type and lock it cannot apply (exit 1)', async () => {
    const dir = tempDir();
    const bad = file(dir, 'bad.json', { 'gateway.pasword': 'x', headless: { port: 'eighty' }, offline: { maxAmount: '12.345' }, lock: ['gateway.ur1'] });
    const r = await check(dir, bad);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${bad}: 4 problem(s)`);
    expect(r.stdout).toMatch(/ {2}gateway\.pasword: is not a setting of this version/);
    expect(r.stdout).toMatch(/ {2}headless\.port: /);
    expect(r.stdout).toMatch(/ {2}offline\.maxAmount: must be dollars and cents/);
    expect(r.stdout).toMatch(/ {2}lock: names "gateway\.ur1", which is not a setting/);
    expect(r.stderr).toMatch(/the app would refuse it/);
    expect(r.stdout).not.toContain('eighty');
  });

  it("says what is wrong with a secret in words, not hidden as if they were the secret, never showing the secret; config import refuses the same file", async () => {
    const dir = tempDir();
    const twice = file(dir, 'twice.json', { 'gateway.password': 'Pw-Twice-1', gateway: { password: 'Pw-Twice-2', hmacKey: 7 } }, 0o600);
    const r = await check(dir, twice);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/ {2}gateway\.password: is given twice \(once dotted, once nested\): keep one/);
    expect(r.stdout).toMatch(/ {2}gateway\.hmacKey: \S/);
    expect(r.stdout).not.toMatch(/REDACTED|Pw-Twice/);
    const imported = await posctl(dir, ['--create', 'config', 'import', twice]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(/given twice in the provisioning file.*: gateway\.password/);
    expect(`${imported.stdout}${imported.stderr}`).not.toContain('Pw-Twice');
  });

  it('refuses secrets every user can read (exit 1), and a file that is not JSON without quoting it', async () => {
    const dir = tempDir();
    const open = file(dir, 'open.json', { gateway: { password: 'Pw-Check-2' } }, 0o644);
    const r = await check(dir, open, true);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, problems: [{ key: '(file)', reason: expect.stringMatching(/every user of this machine can read it/) as unknown }] });
    const broken = file(dir, 'broken.json', '{"gateway": {"password": "Pw-Check-3" oops}}', 0o600);
    const b = await check(dir, broken);
    expect(b.code).toBe(1);
    expect(b.stdout).toMatch(/\(file\): the file is not valid JSON/);
    expect(b.stdout + b.stderr).not.toContain('Pw-Check-3');
  });

  it('says it cannot read a missing file or a folder (exit 2)', async () => {
    const dir = tempDir();
    const missing = await check(dir, join(dir, 'none.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*none\.json: there is no such file/);
    mkdirSync(join(dir, 'folder.json'));
    expect((await check(dir, join(dir, 'folder.json'))).code).toBe(2);
  });
});

describe('posctl on a lane whose provisioning file locks settings', { timeout: 60_000 }, () => {
  it('refuses to change a locked setting, naming the file, shows the lock, and has no --force', async () => {
    const root = tempDir();
    const dataDir = join(root, 'lane');
    const policy = file(root, 'provision.json', { offline: { enabled: true, maxAmount: '60.00' }, lock: ['offline.*'] });
    // The app applied it at its start.
    await (await openCore(dataDir, { applyProvisioning: true, machineProvisioningFile: policy })).close();

    const set = await posctl(dataDir, ['config', 'set', 'offline.maxAmount', '90.00']);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain(`offline.maxAmount is locked by the provisioning file ${policy}: IT changes it there, and the change applies when the app next starts`);
    expect((await posctl(dataDir, ['config', 'unset', 'offline.enabled'])).code).toBe(2);
    const imported = await posctl(dataDir, ['config', 'import', file(root, 'other.json', { offline: { maxCount: 5 } })]);
    expect(imported.code).toBe(2);
    expect((await posctl(dataDir, ['config', 'set', 'offline.maxAmount', '90.00', '--force'])).code).toBe(2);

    expect((await posctl(dataDir, ['config', 'get', 'offline.maxAmount'])).stdout.trim()).toBe('60.00');
    expect((await posctl(dataDir, ['config', 'get'])).stdout).toMatch(new RegExp(`offline\\.maxAmount +60\\.00 +\\(locked by ${policy.replace(/[.]/g, '\\.')}\\)`));
    expect(JSON.parse((await posctl(dataDir, ['config', 'get', 'offline.maxAmount', '--json'])).stdout)).toMatchObject({ lockedBy: policy });
    // What the file does not lock stays the technician's.
    expect((await posctl(dataDir, ['config', 'set', 'terminal.name', 'Lane 51'])).code).toBe(0);
  });
});
