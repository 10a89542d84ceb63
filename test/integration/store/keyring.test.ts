import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFilePath } from '../../../main/store/key-file';
import { generateTerminalKeyPair, privateKeyToDer, rawPublicKey } from '../../../main/store/sealing';
import { posctl, requireBuild, ROOT, runCommand } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';

/**
 * The terminal key in a real OS keyring: GNOME Keyring's Secret Service on a private D-Bus
 * session (Debian's gnome-keyring, dbus and libsecret-tools), no mock. posctl, the headless start
 * and the status all go through it; outside the session there is no keyring at all, which is the
 * path of a lane without one.
 */
const data = tempDirForSuite('pos-keyring-');
const lane = join(data.dir, 'lane');
const old = join(data.dir, 'old-lane');
let out = '';

function runSession(): ReturnType<typeof runCommand> {
  const env = { ...process.env };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  return runCommand('dbus-run-session', ['--', 'bash', join(ROOT, 'test/integration/store/keyring-session.sh'), ROOT, lane, old, join(data.dir, 'xdg')], env);
}

function marked(name: string): unknown {
  const line = out.split('\n').find((l) => l.startsWith(`@@${name} `));
  if (!line) throw new Error(`no @@${name} line in:\n${out}`);
  return JSON.parse(line.slice(name.length + 3)) as unknown;
}

beforeAll(async () => {
  requireBuild();
  // A lane of an earlier version: its private key in the key file (format 1).
  mkdirSync(join(old, 'keys'), { recursive: true, mode: 0o700 });
  const pair = generateTerminalKeyPair();
  writeFileSync(
    keyFilePath(old),
    JSON.stringify({ version: 1, protection: 'file', publicKey: rawPublicKey(pair.publicKey).toString('base64url'), privateKey: privateKeyToDer(pair.privateKey).toString('base64') }),
    { mode: 0o600 },
  );
  const session = await runSession();
  out = session.stdout;
  if (session.code !== 0) throw new Error(`the keyring session failed (${session.code}):\n${session.stdout}\n${session.stderr}`);
}, 120_000);
afterAll(() => data.remove());

describe('the terminal key in the Secret Service', () => {
  it('is created in the keyring by posctl, with only the public key left in the key file', () => {
    expect(marked('keys')).toEqual({ state: 'keyring', detail: '' });
    const file = JSON.parse(readFileSync(keyFilePath(lane), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ version: 2, protection: 'os-keyring' });
    expect(file).not.toHaveProperty('privateKey');
    const search = out.slice(out.indexOf('@@search-begin'), out.indexOf('@@search-end'));
    expect(search).toContain(String(file.account));
    expect(search).toMatch(/service = counter-pos/);
  });

  it('unseals for posctl and the headless start alike: both see a live terminal with no key warning', () => {
    expect(marked('status')).toMatchObject({ mode: 'live', problems: [] });
    expect(out).toMatch(/@@headless Counter POS .*LIVE mode/);
  });

  it("takes in the key of an older lane from its file at the lane's own start, not when posctl reads it", () => {
    const before = marked('old') as { state: string; detail: string };
    expect(before.state).toBe('file');
    expect(before.detail).toMatch(/not moved into the Secret Service by this command/);
    expect(marked('old-started')).toEqual({ state: 'keyring', detail: '' });
    const file = readFileSync(keyFilePath(old), 'utf8');
    expect(JSON.parse(file)).toMatchObject({ version: 2, protection: 'os-keyring' });
    expect(file).not.toContain('privateKey');
  });

  it('is locked where no keyring is reachable: training only, said in the status, never live', async () => {
    const env = { POS_KEY_PROTECTION: '', DBUS_SESSION_BUS_ADDRESS: '' };
    const status = await posctl(lane, ['status', '--json'], { env });
    expect(status.code).toBe(0);
    const s = JSON.parse(status.stdout) as { mode: string; problems: Array<{ code: string; message: string }> };
    expect(s.mode).toBe('training');
    expect(s.problems).toEqual([expect.objectContaining({ code: 'key-locked' })]);
    const keys = await posctl(lane, ['keys', 'status'], { env });
    expect(keys.code).toBe(2);
    // A technician in such a session cannot wipe a key the desktop session still opens.
    const reset = await posctl(lane, ['keys', 'reset'], { env });
    expect(reset.code).toBe(2);
    expect(reset.stderr).toMatch(/may still open.*--force/);
  });
});
