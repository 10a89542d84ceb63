import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppStatus } from '../../../preload/contract';
import { posctl, requireBuild, ROOT, runNode } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

describe('posctl', () => {
  it('prints the app.status object as JSON, training mode on a fresh terminal', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['status', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"mode":"training"');
    const status = AppStatus.parse(JSON.parse(r.stdout));
    expect(status).toMatchObject({ mode: 'training', gateway: { state: 'training' }, devices: [], queue: { pending: 0 } });
    const human = await posctl(dir, ['status']);
    expect(human.stdout).toMatch(/TRAINING mode/);
    expect(human.stdout).toContain(dir);
  });

  it('reads and writes settings by dotted key, validating them (exit 2 on refusal)', async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['config', 'get', 'headless.port'])).stdout.trim()).toBe('4780');
    expect((await posctl(dir, ['config', 'set', 'headless.port', '5000'])).code).toBe(0);
    expect(JSON.parse((await posctl(dir, ['config', 'get', 'headless.port', '--json'])).stdout)).toMatchObject({ key: 'headless.port', value: 5000, set: true });
    const bad = await posctl(dir, ['config', 'set', 'headless.port', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid value for headless.port/);
    const unknown = await posctl(dir, ['config', 'set', 'gateway.pasword', 'x']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown setting/);
    expect((await posctl(dir, ['config', 'unset', 'headless.port'])).code).toBe(0);
    expect((await posctl(dir, ['config', 'get', 'headless.port'])).stdout.trim()).toBe('4780');
    const all = JSON.parse((await posctl(dir, ['config', 'get', '--json'])).stdout) as Array<{ key: string }>;
    expect(all.map((s) => s.key)).toEqual(expect.arrayContaining(['terminal.name', 'gateway.url', 'gateway.gatewayId', 'gateway.password']));
  });

  it('keeps secrets write-only: set from standard input, shown only as set, never in the log', async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['config', 'set', 'gateway.password'], { input: 'Sup3r-Secret-Value\n' })).code).toBe(0);
    const shown = await posctl(dir, ['config', 'get', 'gateway.password']);
    expect(shown.stdout.trim()).toBe('(set; write-only)');
    const json = await posctl(dir, ['config', 'get', '--json']);
    expect(json.stdout).not.toContain('Sup3r-Secret-Value');
    expect(JSON.parse(json.stdout)).toEqual(expect.arrayContaining([{ key: 'gateway.password', description: expect.any(String) as unknown, secret: true, access: 'technician', set: true }]));
    expect(readFileSync(join(dir, 'logs', 'pos.log'), 'utf8')).not.toContain('Sup3r-Secret-Value');
  });

  it('switches to live when the three gateway credentials are set', async () => {
    const dir = tempDir();
    await posctl(dir, ['config', 'set', 'gateway.url', 'https://gateway.invalid/transaction/v14']);
    await posctl(dir, ['config', 'set', 'gateway.gatewayId', 'AB1234-01']);
    expect((await posctl(dir, ['status', '--json'])).stdout).toContain('"mode":"training"');
    await posctl(dir, ['config', 'set', 'gateway.password'], { input: 'pw' });
    expect((await posctl(dir, ['status', '--json'])).stdout).toContain('"mode":"live"');
  });

  it('imports a provisioning file all or nothing', async () => {
    const dir = tempDir();
    const good = join(dir, 'lane.json');
    writeFileSync(good, JSON.stringify({ terminal: { name: 'Lane 30' }, 'headless.port': 4999 }));
    const r = await posctl(dir, ['config', 'import', good, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ applied: ['terminal.name', 'headless.port'] });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ 'terminal.name': 'Lane 31', 'headless.port': 'x' }));
    expect((await posctl(dir, ['config', 'import', bad])).code).toBe(2);
    expect((await posctl(dir, ['config', 'get', 'terminal.name'])).stdout.trim()).toBe('Lane 30');
    writeFileSync(bad, '{ broken');
    expect((await posctl(dir, ['config', 'import', bad])).stderr).toMatch(/cannot read provisioning file/);
  });

  it('finds the data directory from POS_DATA_DIR when --data-dir is absent', async () => {
    const dir = tempDir();
    const set = await runNode([`${ROOT}bin/posctl.js`, 'config', 'set', 'terminal.name', 'From Env'], { env: { POS_DATA_DIR: dir } });
    expect(set.code).toBe(0);
    expect((await posctl(dir, ['config', 'get', 'terminal.name'])).stdout.trim()).toBe('From Env');
  });

  it('refuses a data directory named on purpose that does not exist, unless --create', async () => {
    const typo = join(tempDir(), 'lane-1-typo');
    const r = await posctl(typo, ['config', 'set', 'terminal.name', 'Lane 1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/lane-1-typo \(from --data-dir\) does not exist; check the path, or add --create/);
    expect(existsSync(typo)).toBe(false);
    const status = await posctl(typo, ['status']);
    expect(status.code).toBe(2);
    const env = await runNode([`${ROOT}bin/posctl.js`, 'status'], { env: { POS_DATA_DIR: typo } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/\(from POS_DATA_DIR\) does not exist/);
    expect((await posctl(typo, ['--create', 'config', 'set', 'terminal.name', 'Lane 1'])).code).toBe(0);
    expect((await posctl(typo, ['config', 'get', 'terminal.name'])).stdout.trim()).toBe('Lane 1');
    // An existing, empty directory is a new terminal, as before.
    const empty = tempDir();
    expect((await posctl(empty, ['status', '--json'])).code).toBe(0);
  });

  it('says why it cannot start where no folder can be made (procfs), and exits 2, instead of hanging', async () => {
    // Node's recursive mkdir loops without end where mkdir answers ENOENT under a parent that exists.
    for (const args of [['status'], ['--create', 'status']]) {
      const r = await posctl(args[0] === '--create' ? '/proc/pos-no-such-lane' : '/proc', args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(`${r.stdout}${r.stderr}`).toMatch(/cannot start on \/proc/);
    }
  });

  it('refuses a secret given as a command-line value and shows the standard-input form', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['config', 'set', 'gateway.password', 'Hunter2-on-the-line']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is secret, so it is never taken from the command line.*posctl config set gateway\.password < file/);
    expect(r.stdout + r.stderr).not.toContain('Hunter2');
    expect((await posctl(dir, ['config', 'get', 'gateway.password'])).stdout.trim()).toBe('(not set)');
    const help = await posctl(dir, ['config', 'set', '--help']);
    expect(help.stdout).toMatch(/a secret is never given here: it is read from\s+standard input/);
  });

  it('never prints card data that an input quotes, even in its own usage errors', async () => {
    const dir = tempDir();
    const r = await posctl(dir, ['status', '--card=4111111111111111']);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).not.toContain('4111111111111111');
    expect(r.stderr).toMatch(/unknown option/);
  });

  it('answers usage errors with exit code 2 and help with 0', async () => {
    const dir = tempDir();
    expect((await posctl(dir, ['frobnicate'])).code).toBe(2);
    expect((await posctl(dir, ['status', '--bogus'])).code).toBe(2);
    const help = await posctl(dir, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/status/);
    expect(help.stdout).toMatch(/config/);
  });
});
