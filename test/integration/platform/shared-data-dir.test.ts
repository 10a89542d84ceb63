import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableApp, type ReadableApp } from '../../support/readable-app';
import { tempDir } from '../../support/tmp';

/*
 * A machine-wide lane as the deb leaves it: /var/lib/counter-pos is 2770 root:counter-pos. Here a
 * temporary folder stands for it, with made-up ids for the group and three accounts: two cashiers
 * in the group and one outsider. posctl runs as each (setpriv), as a cashier's session would.
 * Root ignores file permissions, so only other accounts can show what they allow.
 */

const LANE_GID = 47811;
const CASHIER_A = 47801;
const CASHIER_B = 47802;
const OUTSIDER = 47803;
const OUTSIDER_GID = 47899;

const isRoot = process.getuid?.() === 0;

// The accounts run a copy of the app they can read: the checkout may be out of their reach (/root/…, 0700).
let app: ReadableApp | undefined;
beforeAll(() => {
  if (isRoot) app = readableApp();
});
afterAll(() => app?.remove());

/** posctl as another account (setpriv), with its standard input. */
function asAccount(uid: number, gid: number, lane: string, args: string[], input = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (!app) throw new Error('the readable copy of the app is made for root only');
  const cmd = ['--reuid', String(uid), '--regid', String(gid), '--clear-groups', process.execPath, app.posctl, '--data-dir', lane, ...args];
  // The accounts have no home of their own; posctl keeps nothing there.
  const child = spawn('setpriv', cmd, { cwd: app.dir, env: { ...process.env, HOME: '/nonexistent' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function mode(path: string): { mode: string; gid: number } {
  const s = statSync(path);
  return { mode: (s.mode & 0o7777).toString(8), gid: s.gid };
}

describe('a machine-wide data directory shared by the lane group', () => {
  it.skipIf(!isRoot)('lets every cashier account of the group use the lane and its key, and nobody else in (needs root to switch accounts)', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const lane = join(parent, 'counter-pos');
    mkdirSync(lane);
    chownSync(lane, 0, LANE_GID);
    chmodSync(lane, 0o2770);

    // Cashier A's account sets up the lane: settings, a secret sealed with the new key, live credentials.
    expect((await asAccount(CASHIER_A, LANE_GID, lane, ['config', 'set', 'terminal.name', 'Lane 7'])).code).toBe(0);
    expect((await asAccount(CASHIER_A, LANE_GID, lane, ['config', 'set', 'gateway.url', 'https://gateway.invalid/transaction/v14'])).code).toBe(0);
    expect((await asAccount(CASHIER_A, LANE_GID, lane, ['config', 'set', 'gateway.gatewayId', 'AB1234-01'])).code).toBe(0);
    const secret = await asAccount(CASHIER_A, LANE_GID, lane, ['config', 'set', 'gateway.password'], 'lane-7-password');
    expect(secret.code, secret.stderr).toBe(0);

    // Everything A wrote belongs to the group: folders 2770, databases 0660, the key 0640; others get nothing.
    expect(mode(join(lane, 'keys'))).toEqual({ mode: '2770', gid: LANE_GID });
    expect(mode(join(lane, 'keys', 'terminal-key.json'))).toEqual({ mode: '640', gid: LANE_GID });
    expect(mode(join(lane, 'terminal.sqlite'))).toEqual({ mode: '660', gid: LANE_GID });
    for (const f of readdirSync(lane).filter((n) => n.endsWith('.sqlite') || n.endsWith('-wal') || n.endsWith('-shm'))) {
      expect(statSync(join(lane, f)).mode & 0o007, f).toBe(0);
    }

    // Cashier B's account reads A's settings, unseals A's secret (the lane is live, not stuck in training) and writes.
    const status = await asAccount(CASHIER_B, LANE_GID, lane, ['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ mode: 'live' });
    expect((await asAccount(CASHIER_B, LANE_GID, lane, ['config', 'get', 'terminal.name'])).stdout.trim()).toBe('Lane 7');
    expect((await asAccount(CASHIER_B, LANE_GID, lane, ['config', 'set', 'terminal.name', 'Lane 8'])).code).toBe(0);
    expect((await asAccount(CASHIER_A, LANE_GID, lane, ['config', 'get', 'terminal.name'])).stdout.trim()).toBe('Lane 8');

    // An account outside the group cannot even look.
    const outsider = await asAccount(OUTSIDER, OUTSIDER_GID, lane, ['config', 'get', 'terminal.name']);
    expect(outsider.code).toBe(2);
    expect(outsider.stdout).not.toContain('Lane 8');
  });

  it.skipIf(!isRoot)('keeps a per-user data directory private to its account (0700, files 0600)', async () => {
    const parent = tempDir();
    chmodSync(parent, 0o755);
    const own = join(parent, 'own');
    mkdirSync(own);
    chownSync(own, CASHIER_A, LANE_GID);
    chmodSync(own, 0o700);
    expect((await asAccount(CASHIER_A, LANE_GID, own, ['config', 'set', 'terminal.name', 'Mine'])).code).toBe(0);
    expect(mode(join(own, 'keys', 'terminal-key.json')).mode).toBe('600');
    expect(mode(join(own, 'terminal.sqlite')).mode).toBe('600');
    expect((await asAccount(CASHIER_B, LANE_GID, own, ['config', 'get', 'terminal.name'])).code).toBe(2);
  });
});
