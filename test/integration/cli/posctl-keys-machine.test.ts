import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFilePath } from '../../../main/store/key-file';
import { isRoot, laneFolder, laneGroupId, machineWith } from '../../support/lane-group';
import { posctl, requireBuild } from '../../support/processes';
import { readableApp, type ReadableApp } from '../../support/readable-app';
import { tempDir } from '../../support/tmp';

/*
 * posctl keys protect, export and import on a machine-wide lane (a 2770 folder of the lane group),
 * with POS_MACHINE_KEY_DIR naming the machine key folder, as IT runs them. Root is needed for the
 * machine folder; a cashier account of the group is played with setpriv.
 */

const PASSPHRASE = 'moving lane 7 to the new PC';
const CASHIER = 47801;

beforeAll(() => requireBuild());

function keyKind(lane: string): unknown {
  return (JSON.parse(readFileSync(keyFilePath(lane), 'utf8')) as { protection: unknown }).protection;
}

// The cashier account runs a copy of the app it can read: the checkout may be out of its reach (/root/…, 0700).
let app: ReadableApp | undefined;
afterAll(() => app?.remove());

/** posctl as a cashier account of the lane group (setpriv). */
function asCashier(lane: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  app ??= readableApp();
  const cmd = ['--reuid', String(CASHIER), '--regid', String(laneGroupId()), '--clear-groups', process.execPath, app.posctl, '--data-dir', lane, ...args];
  const child = spawn('setpriv', cmd, { cwd: app.dir, env: { ...process.env, HOME: '/nonexistent', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A lane made live by posctl (the password sealed with its key). */
async function liveLane(env: NodeJS.ProcessEnv): Promise<string> {
  const lane = laneFolder();
  for (const [k, v] of [['gateway.url', 'https://gateway.invalid/transaction/v14'], ['gateway.gatewayId', 'AB1234-01']] as const) {
    expect((await posctl(lane, ['config', 'set', k, v], { env })).code).toBe(0);
  }
  const set = await posctl(lane, ['config', 'set', 'gateway.password'], { env, input: 'lane-7-password' });
  expect(set.code, set.stderr).toBe(0);
  return lane;
}

describe.skipIf(!isRoot)('posctl keys protect (needs root)', () => {
  it('moves a key left in the data folder to the machine key folder, which it makes; the status warning names the command until then', async () => {
    const machine = machineWith({ prepared: false });
    laneGroupId();
    const env = { POS_MACHINE_KEY_DIR: machine.dir };
    const lane = await liveLane(env);
    // No folder yet (a start never makes it): the key stays in the data folder, and the status says what to run.
    expect(keyKind(lane)).toBe('file');
    const before = await posctl(lane, ['keys', 'status'], { env });
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/^file: the terminal key is protected by file permissions only .*; to keep it outside the data folder: the machine key folder .* does not exist yet .*: run `sudo posctl keys protect`/);
    const warned = JSON.parse((await posctl(lane, ['status', '--json'], { env })).stdout) as { problems: Array<{ code: string; severity: string }> };
    expect(warned.problems).toContainEqual(expect.objectContaining({ code: 'key-file-only', severity: 'warning' }));

    // A cashier's account cannot move it (only root writes there), and says so.
    const cashier = await asCashier(lane, ['keys', 'protect'], env);
    expect(cashier.code).toBe(2);
    expect(cashier.stderr).toContain('only root can make the machine key folder');
    expect(keyKind(lane)).toBe('file');

    const moved = await posctl(lane, ['keys', 'protect'], { env });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout.trim()).toBe(`the terminal key is kept by the machine key folder ${machine.dir}, outside the data folder, and opens here`);
    expect(keyKind(lane)).toBe('machine');
    expect(readFileSync(keyFilePath(lane), 'utf8')).not.toContain('privateKey');
    expect(statSync(machine.dir).mode & 0o7777).toBe(0o750);
    expect(readdirSync(machine.dir)).toHaveLength(1);
    const after = JSON.parse((await posctl(lane, ['status', '--json'], { env })).stdout) as { mode: string; problems: Array<{ code: string }> };
    expect(after).toMatchObject({ mode: 'live' });
    expect(after.problems.map((p) => p.code)).not.toContain('key-file-only');
    // A cashier of the group opens it from there.
    const status = await asCashier(lane, ['keys', 'status'], env);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/kept by the machine key folder .*, and opens here/);
  });
});

describe.skipIf(!isRoot)('posctl keys export and import (needs root)', () => {
  it('moves a lane on purpose: the key in a passphrase-encrypted file, imported on the new machine, where the copied data folder opens again', async () => {
    const old = machineWith();
    const lane = await liveLane({ POS_MACHINE_KEY_DIR: old.dir });
    expect(keyKind(lane)).toBe('machine');
    const [machineFile] = readdirSync(old.dir);
    const secret = readFileSync(join(old.dir, machineFile ?? ''), 'utf8').trim();

    const out = join(tempDir('pos-export-'), 'lane-7.key');
    const short = await posctl(lane, ['keys', 'export', '--to', out], { env: { POS_MACHINE_KEY_DIR: old.dir }, input: 'too short' });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');
    expect(existsSync(out)).toBe(false);
    const exported = await posctl(lane, ['keys', 'export', '--to', out], { env: { POS_MACHINE_KEY_DIR: old.dir }, input: `${PASSPHRASE}\n` });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`posctl keys import ${out}`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    // Never the key in clear.
    expect(readFileSync(out, 'utf8')).not.toContain(secret);
    expect(readFileSync(out, 'utf8')).not.toContain(Buffer.from(secret, 'base64').toString('hex'));
    const again = await posctl(lane, ['keys', 'export', '--to', out], { env: { POS_MACHINE_KEY_DIR: old.dir }, input: PASSPHRASE });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists; add --force');

    // The new machine: the data folder copied, its own machine key folder, no key yet.
    const fresh = machineWith();
    const env = { POS_MACHINE_KEY_DIR: fresh.dir };
    const copy = join(tempDir('pos-new-pc-'), 'counter-pos');
    execFileSync('cp', ['-a', lane, copy]);
    expect((await posctl(copy, ['keys', 'status'], { env })).code).toBe(2);

    const wrong = await posctl(copy, ['keys', 'import', out], { env, input: 'not the right passphrase' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('the passphrase does not open this key file');
    expect(readdirSync(fresh.dir)).toEqual([]);

    const imported = await posctl(copy, ['keys', 'import', out], { env, input: PASSPHRASE });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`kept by the machine key folder ${fresh.dir}`);
    expect(readdirSync(fresh.dir)).toEqual([machineFile]);
    expect(JSON.parse((await posctl(copy, ['status', '--json'], { env })).stdout)).toMatchObject({ mode: 'live' });
    expect((await posctl(copy, ['keys', 'status'], { env })).code).toBe(0);
  });

  it('refuses to import another key over values sealed with this lane\'s key, unless forced', async () => {
    const machine = machineWith();
    const env = { POS_MACHINE_KEY_DIR: machine.dir };
    const source = await liveLane(env);
    const out = join(tempDir('pos-export-'), 'other.key');
    expect((await posctl(source, ['keys', 'export', '--to', out], { env, input: PASSPHRASE })).code).toBe(0);
    const target = await liveLane(env);
    const refused = await posctl(target, ['keys', 'import', out], { env, input: PASSPHRASE });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/another one, and 1 value\(s\) are sealed with it \(gateway\.password\).*--force/);
    expect(JSON.parse((await posctl(target, ['status', '--json'], { env })).stdout)).toMatchObject({ mode: 'live' });
    const forced = await posctl(target, ['keys', 'import', out, '--force', '--json'], { env, input: PASSPHRASE });
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ state: 'machine' });
    // Its password was sealed with the key it had: keys reset names it, to be entered again.
    const reset = await posctl(target, ['keys', 'reset', '--json'], { env });
    expect(JSON.parse(reset.stdout)).toMatchObject({ replaced: false, clearedSettings: ['gateway.password'] });
  });

  it('refuses a file that is not an export, naming it', async () => {
    const lane = laneFolder();
    const bogus = join(tempDir(), 'bogus.key');
    writeFileSync(bogus, '{"version":2,"protection":"file"}');
    const r = await posctl(lane, ['keys', 'import', bogus], { input: PASSPHRASE });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('this is not a terminal key export of a known version');
  });
});
