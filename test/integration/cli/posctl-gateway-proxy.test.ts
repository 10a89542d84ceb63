import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

/** Issue 19, item 2, from the technician's side: posctl refuses plain http with a proxy, in any order, and says so in its status. */
const LOCAL_HTTP = 'http://127.0.0.1:8080/transaction/v14';
const PROXY = 'http://proxy.lan:3128';
const REFUSED = 'gateway.url is not https:// while gateway.proxy is set: the proxy would receive the card data and the gateway password in clear';

const value = async (dir: string, key: string): Promise<unknown> => (JSON.parse((await posctl(dir, ['config', 'get', key, '--json'])).stdout) as { value: unknown }).value;

describe('posctl and a plain-http gateway with a proxy', { timeout: 60_000 }, () => {
  it('config set refuses the proxy after the address, and the address after the proxy (exit 2, both keys named)', async () => {
    const first = tempDir();
    expect((await posctl(first, ['config', 'set', 'gateway.url', LOCAL_HTTP])).code).toBe(0);
    const proxy = await posctl(first, ['config', 'set', 'gateway.proxy', PROXY]);
    expect(proxy.code).toBe(2);
    expect(proxy.stderr).toContain(REFUSED);
    expect(await value(first, 'gateway.proxy')).toBe('');

    const second = tempDir();
    expect((await posctl(second, ['config', 'set', 'gateway.proxy', PROXY])).code).toBe(0);
    const url = await posctl(second, ['config', 'set', 'gateway.url', LOCAL_HTTP]);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain(REFUSED);
    expect(await value(second, 'gateway.url')).toBe('');
    expect((await posctl(second, ['config', 'set', 'gateway.url', 'https://gateway.example/transaction/v14'])).code).toBe(0);
  });

  it('config import refuses a file with both and applies none of it', async () => {
    const dir = tempDir();
    const file = join(dir, 'lane.json');
    writeFileSync(file, JSON.stringify({ terminal: { name: 'Lane 19' }, gateway: { url: LOCAL_HTTP, proxy: PROXY } }));
    const r = await posctl(dir, ['config', 'import', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(REFUSED);
    expect(await value(dir, 'terminal.name')).toBe('Lane 1');
  });

  it('provision check reports a file with both (exit 1), naming the keys', async () => {
    const dir = tempDir();
    const file = join(dir, 'provision.json');
    writeFileSync(file, JSON.stringify({ gateway: { url: LOCAL_HTTP, proxy: PROXY } }));
    chmodSync(file, 0o640);
    const r = await posctl(dir, ['provision', 'check', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`  gateway.url: ${REFUSED}`);
  });

  it('status names the refused route of values an older version stored, and never calls it plain http to this machine', async () => {
    const dir = tempDir();
    const core = await openCore(dir);
    core.settings.setMany([['gateway.url', LOCAL_HTTP], ['gateway.gatewayId', 'LIVE-19'], ['gateway.password', 'pw-19']]);
    await core.close();
    const db = new Database(join(dir, 'terminal.sqlite'));
    db.prepare("INSERT INTO settings (key, value_json, sealed, updated_at) VALUES ('gateway.proxy', ?, NULL, ?)").run(JSON.stringify(PROXY), new Date().toISOString());
    db.close();
    const r = await posctl(dir, ['status']);
    expect(r.stdout).toContain(`PROBLEM: the live gateway is not used, every payment is refused until this is fixed: ${REFUSED}`);
    expect(r.stdout).not.toContain('UNENCRYPTED');
    expect(r.stdout).not.toContain('plain http directly on this machine');
  });
});
