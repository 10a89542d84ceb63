import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { keyFilePath } from '../../../main/store/key-file';
import { StartupError } from '../../../main/store/open-store';
import { memoryLog } from '../../support/memory-log';
import { posctl, requireBuild, runNode, DIST } from '../../support/processes';
import { tempDir } from '../../support/tmp';
import { damageHeader, tmpfs } from '../../support/tmpfs';

beforeAll(() => requireBuild());

const platform = (dataDir: string) => createNodePlatform({ host: 'headless', dataDir, version: 'test' });

async function core(dataDir: string, options: { logFile?: boolean } = {}): Promise<{ core: Core; log: ReturnType<typeof memoryLog> }> {
  const log = memoryLog();
  const c = await createCore({ watchIntervalMs: 0, ...(options.logFile ? {} : { logDestination: log.stream }) }, platform(dataDir));
  return { core: c, log };
}

/** A terminal with settings, a sealed password and both journals on disk, then closed. */
async function terminal(dataDir: string): Promise<void> {
  const { core: c } = await core(dataDir);
  c.settings.set('terminal.name', 'Lane 7');
  c.settings.set('gateway.password', 'pw-1');
  c.journal();
  await c.close();
}

describe('a damaged cache', () => {
  it('is moved aside and rebuilt, with a log line, and the terminal starts', async () => {
    const dir = tempDir();
    await terminal(dir);
    damageHeader(join(dir, 'cache.sqlite'));
    const { core: c, log } = await core(dir);
    await c.close();
    expect(readdirSync(dir).some((f) => f.startsWith('cache.sqlite.damaged-'))).toBe(true);
    expect(log.text()).toMatch(/the cache could not be used; it was moved aside/);
    expect(c.settings.get('terminal.name')).toBe('Lane 7');
  });

  it('whose image folder is not a folder is moved aside and made again', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'cache'), { recursive: true });
    writeFileSync(join(dir, 'cache', 'images'), 'not a folder');
    const { core: c, log } = await core(dir);
    await c.close();
    expect(statSync(join(dir, 'cache', 'images')).isDirectory()).toBe(true);
    expect(readdirSync(join(dir, 'cache')).some((f) => f.startsWith('images.damaged-'))).toBe(true);
    expect(log.text()).toMatch(/image cache folder could not be used/);
  });
});

describe('a damaged terminal database or journal', () => {
  it('stops the start with a message naming the file and what to do; the file is left as it is', async () => {
    const dir = tempDir();
    await terminal(dir);
    for (const name of ['terminal.sqlite', 'journal-training.sqlite']) {
      const file = join(dir, name);
      const copy = join(dir, `${name}.good`);
      writeFileSync(copy, readFileSync(file));
      damageHeader(file);
      const bytes = readFileSync(file);
      const failure = await createCore({ watchIntervalMs: 0, logDestination: memoryLog().stream }, platform(dir)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toContain(file);
      expect((failure as Error).message).toMatch(/restore it from a backup, or stop the terminal and move it aside/);
      expect(readFileSync(file).equals(bytes)).toBe(true);
      // posctl status still answers, with that problem, and exits 2.
      const status = await posctl(dir, ['status']);
      expect(status.code).toBe(2);
      expect(status.stdout).toContain(`cannot start on ${dir}`);
      expect(status.stdout).toContain(file);
      const json = await posctl(dir, ['status', '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ problems: [{ code: 'cannot-start', severity: 'error' }] });
      // The headless start says it and exits 2, without a stack.
      const headless = await runNode([`${DIST}headless.js`, '--data-dir', dir, '--port', '0']);
      expect(headless.code).toBe(2);
      expect(headless.stderr).toContain(file);
      expect(headless.stderr).not.toMatch(/\n\s+at /);
      writeFileSync(file, readFileSync(copy));
      rmSync(copy);
    }
  });

  it('never recreates a damaged live journal', async () => {
    const dir = tempDir();
    await terminal(dir);
    const live = join(dir, 'journal-live.sqlite');
    writeFileSync(live, Buffer.alloc(4096, 7));
    await expect(createCore({ watchIntervalMs: 0, logDestination: memoryLog().stream }, platform(dir))).rejects.toThrow(/journal-live\.sqlite \(the live payments\) cannot be used/);
    expect(readFileSync(live).equals(Buffer.alloc(4096, 7))).toBe(true);
  });
});

describe('a deleted key file', () => {
  it('is never silently replaced: training only, said in the status, until posctl keys reset and the secrets again', async () => {
    const dir = tempDir();
    await terminal(dir);
    const { core: c0 } = await core(dir);
    c0.settings.setMany([['gateway.url', 'https://gw.example/transaction/v14'], ['gateway.gatewayId', 'GW1']]);
    expect(c0.mode()).toBe('live');
    await c0.close();
    rmSync(keyFilePath(dir));

    const status = JSON.parse((await posctl(dir, ['status', '--json'])).stdout) as { mode: string; problems: Array<{ code: string; message: string }> };
    expect(status.mode).toBe('training');
    expect(status.problems[0]).toMatchObject({ code: 'key-lost' });
    expect(status.problems[0]?.message).toMatch(/gateway\.password.*posctl keys reset/);
    expect(existsSync(keyFilePath(dir))).toBe(false);
    const refused = await posctl(dir, ['config', 'set', 'gateway.hmacKey'], { input: 'k' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot seal/);

    const reset = await posctl(dir, ['keys', 'reset']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/a new terminal key was made/);
    expect(reset.stdout).toMatch(/cleared \(they could not be opened\): gateway\.password/);
    const between = JSON.parse((await posctl(dir, ['status', '--json'])).stdout) as { mode: string };
    expect(between.mode).toBe('training');
    expect((await posctl(dir, ['config', 'set', 'gateway.password'], { input: 'pw-2' })).code).toBe(0);
    const after = JSON.parse((await posctl(dir, ['status', '--json'])).stdout) as { mode: string; problems: Array<{ code: string }> };
    expect(after.mode).toBe('live');
    expect(after.problems.map((p) => p.code)).toEqual(['key-file-only']);
    expect((await posctl(dir, ['keys', 'reset'])).stdout).toMatch(/the terminal key works; it was kept[\s\S]*nothing was cleared/);
  });
});

describe('a running terminal whose key was lost', () => {
  it('follows posctl keys reset and the secret entered again, without a restart', async () => {
    const dir = tempDir();
    await terminal(dir);
    const { core: c0 } = await core(dir);
    c0.settings.setMany([['gateway.url', 'https://gw.example/transaction/v14'], ['gateway.gatewayId', 'GW1']]);
    await c0.close();
    rmSync(keyFilePath(dir));
    const app = await createCore({ watchIntervalMs: 50, logDestination: memoryLog().stream }, platform(dir));
    onTestFinished(() => app.close());
    await app.start();
    expect(app.mode()).toBe('training');
    const live = new Promise<void>((resolve) => app.bus.on('status.changed', (s) => s.mode === 'live' && resolve()));
    expect((await posctl(dir, ['keys', 'reset'])).code).toBe(0);
    expect((await posctl(dir, ['config', 'set', 'gateway.password'], { input: 'pw-2' })).code).toBe(0);
    await live;
    expect(app.status.current().problems.map((p) => p.code)).toEqual(['key-file-only']);
    expect(app.settings.readSecret('gateway.password')).toBe('pw-2');
  });
});

describe('a log that cannot be written', () => {
  it('on a read-only disk is a problem in the status, never a crash; posctl keeps its exit codes', async () => {
    const dir = tempDir();
    await terminal(dir);
    const logs = join(dir, 'logs');
    rmSync(logs, { recursive: true, force: true });
    tmpfs(logs).readOnly();
    const { core: c } = await core(dir, { logFile: true });
    c.log.info('a line that cannot be written');
    const problems = c.status.current().problems;
    await c.close();
    expect(problems.map((p) => [p.code, p.severity])).toEqual([['log-unwritable', 'error'], ['key-file-only', 'warning']]);
    expect(problems[0]?.message).toMatch(/read-only/);
    const ok = await posctl(dir, ['config', 'get', 'terminal.name']);
    expect(ok).toMatchObject({ code: 0, stdout: 'Lane 7\n' });
    const bad = await posctl(dir, ['config', 'set', 'headless.port', 'eighty']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toMatch(/sonic|SonicBoom|\n\s+at /i);
    const status = await posctl(dir, ['status']);
    expect(status.stdout).toMatch(/PROBLEM: the log .* cannot be opened \(the disk is read-only\)/);
  });

  it('on a full disk is a problem in the status, and the headless start runs and stops cleanly', async () => {
    const dir = tempDir();
    await terminal(dir);
    const logs = join(dir, 'logs');
    rmSync(logs, { recursive: true, force: true });
    tmpfs(logs, '256k').fill();
    const { core: c } = await core(dir, { logFile: true });
    for (let i = 0; i < 20; i++) c.log.info({ i }, 'filling');
    expect(c.status.current().problems.map((p) => p.code)).toEqual(['log-unwritable', 'key-file-only']);
    await c.close();
    const headless = await runNode([`${DIST}headless.js`, '--data-dir', dir, '--port', '0', '--help']);
    expect(headless.code).toBe(0);
  });

  it('is created 0600 in a data directory tightened to 0700', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const { core: c } = await core(dir, { logFile: true });
    c.log.info('hello');
    await c.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'logs', 'pos.log')).mode & 0o777).toBe(0o600);
  });
});

describe('a data directory on a read-only disk', () => {
  it('stops the start with a message naming the file, and posctl status says so', async () => {
    const dir = join(tempDir(), 'lane');
    const disk = tmpfs(dir, '4m');
    await terminal(dir);
    disk.readOnly();
    const status = await posctl(dir, ['status']);
    expect(status.code).toBe(2);
    expect(status.stdout).toMatch(/terminal\.sqlite \(the settings and secrets\) cannot be used: it is on a read-only disk/);
    expect(status.stderr).not.toMatch(/sonic|\n\s+at /i);
  });
});
