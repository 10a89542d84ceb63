import { appendFileSync, chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CARDS, SAMPLE_CHECKS, swipeText } from '../../../native/sim/sample-cards';
import { openCore } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

const SECRETS = ['Gw-Pass-Bundle-9931', 'Mkt-Secret-Bundle-4420', 'Prov-Pass-Bundle-5517'];
const CARDS = [SAMPLE_CARDS.visa, SAMPLE_CARDS.mastercard, SAMPLE_CARDS.amex];
const PANS = CARDS.map((c) => /^;(\d+)=/.exec(c.tracks[1] ?? '')?.[1] ?? '');
/** Account and routing of the sample check's MICR line. */
const CHECK_ACCOUNT = '123456789';

/** What must never be found in any file of the bundle, in every spelling a log might use. */
function forbidden(): string[] {
  const grouped = PANS.flatMap((p) => [p, p.replace(/(\d{4})(?=\d)/g, '$1 '), p.replace(/(\d{4})(?=\d)/g, '$1-')]);
  const tracks = CARDS.flatMap((c) => c.tracks.filter((t): t is string => t !== null));
  return [...grouped, ...tracks, ...tracks.map((t) => t.slice(1, -1)), 'TRAINING/VISA', 'TRAINING/MASTERCARD', ...SECRETS];
}

describe('posctl logs bundle', { timeout: 90_000 }, () => {
  it('zips logs, settings, status, versions and devices with no card data and no secret in any file', async () => {
    const root = tempDir();
    const dataDir = join(root, 'lane');
    // IT's file seals a password at the app's start (0600: only the lane may read it).
    mkdirSync(join(root, 'it'));
    const policy = join(root, 'it', 'provision.json');
    writeFileSync(policy, JSON.stringify({ terminal: { name: 'Lane 40' }, gateway: { proxyPassword: SECRETS[2] }, lock: ['terminal.name'] }));
    chmodSync(policy, 0o600);

    // The product's own paths fill the log: the core's logger at debug, settings, a refused value.
    const core = await openCore(dataDir, { applyProvisioning: true, machineProvisioningFile: policy, logDestination: join(dataDir, 'logs', 'pos.log'), logLevel: 'debug' });
    core.settings.set('gateway.password', SECRETS[0]);
    core.settings.set('marketplace.apiSecret', SECRETS[1]);
    core.log.info('bundle-marker: the lane is set up');
    for (const [i, card] of CARDS.entries()) {
      core.log.info({ pan: PANS[i], track2: card.tracks[1], note: `swiped ${card.tracks[0] ?? ''}` }, `card ${PANS[i] ?? ''} read, track ${card.tracks[1] ?? ''}`);
      core.log.warn('grouped %s and %o', (PANS[i] ?? '').replace(/(\d{4})(?=\d)/g, '$1 '), { tracks: card.tracks });
      core.log.error(new Error(`declined for ${PANS[i] ?? ''} password=${SECRETS[0]}`));
    }
    core.log.child({ password: SECRETS[1], module: 'bundle-test' }).info(`MICR ${SAMPLE_CHECKS.personal.line}`);
    expect(() => core.settings.setFromText('gateway.url', `https://user:${SECRETS[0]}@gw.example/v14`)).toThrow();
    await core.close();

    // posctl's payments log too: a swipe and a keyed card from standard input, in training.
    expect((await posctl(dataDir, ['sale', '--amount', '12.34', '--swipe', '-'], { input: swipeText(SAMPLE_CARDS.visa) })).code).toBe(0);
    expect((await posctl(dataDir, ['sale', '--amount', '3.00', '--keyed', '-', '--expiry', '1230', '--name', 'Pat Doe'], { input: `${PANS[1] ?? ''}\n` })).code).toBe(0);
    // A rotated file an older version wrote without the redactor: the bundle scrubs it again.
    appendFileSync(join(dataDir, 'logs', 'pos.log.1'), `{"level":30,"msg":"old ${PANS[0] ?? ''} ${CARDS[0]?.tracks[1] ?? ''}","password":"${SECRETS[0]}"}\nplain text ${PANS[2] ?? ''} ${CARDS[2]?.tracks[0] ?? ''}\n`);

    const out = join(root, 'support.zip');
    const r = await posctl(dataDir, ['logs', 'bundle', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ file: out });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect((await posctl(dataDir, ['logs', 'bundle', '--out', out])).code).toBe(2);
    // Replacing a file others could read leaves it readable by its owner only, like a new one.
    chmodSync(out, 0o644);
    expect((await posctl(dataDir, ['logs', 'bundle', '--out', out, '--force'])).code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);

    const files = unzipSync(new Uint8Array(readFileSync(out)));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'devices.json', 'logs/pos.log', 'logs/pos.log.1', 'provisioning/provision.machine.json', 'settings.json', 'status.json', 'versions.json'].sort(),
    );
    const text = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
    for (const [name, content] of Object.entries(text)) {
      for (const bad of forbidden()) expect(content.includes(bad), `${name} holds ${bad.slice(0, 6)}…`).toBe(false);
      expect(content, name).not.toContain(CHECK_ACCOUNT);
    }

    // It holds what support needs.
    expect(text['logs/pos.log']).toContain('bundle-marker: the lane is set up');
    expect(text['logs/pos.log']).toContain('[PAN …1111]');
    expect(text['logs/pos.log.1']).toContain('[TRACK2]');
    const settings = JSON.parse(text['settings.json'] ?? '[]') as Array<Record<string, unknown>>;
    expect(settings.find((s) => s.key === 'gateway.password')).toEqual({ key: 'gateway.password', writeOnly: true, set: true });
    expect(settings.find((s) => s.key === 'gateway.hmacKey')).toEqual({ key: 'gateway.hmacKey', writeOnly: true, set: false });
    expect(settings.find((s) => s.key === 'terminal.name')).toMatchObject({ value: 'Lane 40', lockedBy: policy });
    expect(JSON.parse(text['status.json'] ?? '{}')).toMatchObject({ terminal: { name: 'Lane 40' }, queue: { pending: 0 }, view: { source: 'posctl' } });
    expect(JSON.parse(text['versions.json'] ?? '{}')).toMatchObject({ runtime: { node: process.versions.node }, os: { platform: process.platform }, dataDir });
    expect(JSON.parse(text['devices.json'] ?? '{}')).toHaveProperty('devices');
    expect(JSON.parse(text['provisioning/provision.machine.json'] ?? '{}')).toMatchObject({ locked: ['terminal.name'], settings: { 'terminal.name': 'Lane 40', 'gateway.proxyPassword': '[REDACTED]' } });
  });
});
