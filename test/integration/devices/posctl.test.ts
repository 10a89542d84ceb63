import { execFileSync } from 'node:child_process';
import { chmodSync, realpathSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SAMPLE_CARDS, SAMPLE_CHECKS, swipeText, type SampleCard } from '../../../native/sim/sample-cards';
import { micrLine } from '../../../native/sim/micr-sim';
import { posctl, requireBuild, ROOT, spawnNode, type Spawned } from '../../support/processes';
import { readableApp } from '../../support/readable-app';
import { tempDir } from '../../support/tmp';
import { ptyPair, type PtyPair } from './socat';

const POSCTL = `${ROOT}bin/posctl.js`;
/** Every full card number, track and account number the simulators use: none may be printed. */
const CARDS: SampleCard[] = Object.values(SAMPLE_CARDS);
const SECRETS = [
  ...CARDS.flatMap((c) => c.tracks.filter((t): t is string => t !== null)),
  ...CARDS.flatMap((c) => (c.tracks[1] ? [/^;(\d+)[=D]/.exec(c.tracks[1])?.[1] ?? ''] : [])),
  '123456789',
  '9876543210',
  '1234567',
].filter((s) => s.length >= 7);

function expectNoSecrets(...texts: string[]): void {
  const all = texts.join('\n');
  for (const s of SECRETS) expect(all, 'a full card number, track or account number was printed').not.toContain(s);
}

const running: Spawned[] = [];
const pairs: PtyPair[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop();
  for (const p of pairs.splice(0)) await p.kill();
});

function start(args: string[]): Spawned {
  const p = spawnNode([POSCTL, ...args]);
  running.push(p);
  return p;
}

async function pair(): Promise<PtyPair> {
  const p = await ptyPair(tempDir('pos-pty-'));
  pairs.push(p);
  return p;
}

const jsonLines = (text: string): Array<Record<string, unknown>> => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(() => requireBuild());

describe('posctl parse', () => {
  it('parses a swipe into a masked card, and reads it from standard input with -', async () => {
    const data = tempDir();
    const text = swipeText(SAMPLE_CARDS.visa);
    const r = await posctl(data, ['parse', 'swipe', text, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: true,
      card: { brand: 'visa', first6: '411111', last4: '1111', masked: '411111******1111', name: 'TRAINING/VISA', expiry: '2030-12', expired: false, chip: false, tracks: [1, 2], warnings: [] },
    });
    const piped = await posctl(data, ['parse', 'swipe', '-', '--json'], { input: `${swipeText(SAMPLE_CARDS.amex)}\n` });
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.stdout)).toMatchObject({ ok: true, card: { brand: 'amex', masked: '371449*****8431' } });
    const words = await posctl(data, ['parse', 'swipe', swipeText(SAMPLE_CARDS.chip)]);
    expect(words.stdout).toContain('chip card swiped');
    expectNoSecrets(r.stdout, r.stderr, piped.stdout, piped.stderr, words.stdout);
  });

  it('refuses bad input with a typed error and exit code 2', async () => {
    const data = tempDir();
    for (const [text, code] of [
      [swipeText(SAMPLE_CARDS.licence), 'NOT_BANK_CARD'],
      ['%E?;E?', 'BAD_READ'],
      ['hello', 'NO_TRACKS'],
      [';4111111111111112=3012101?', 'LUHN'],
    ] as const) {
      const r = await posctl(data, ['parse', 'swipe', text, '--json']);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, error: { code } });
      expect(r.stderr).toContain(code);
      expectNoSecrets(r.stdout, r.stderr);
    }
  });

  it('parses MICR lines in the given symbol spelling, masking the account', async () => {
    const data = tempDir();
    const r = await posctl(data, ['parse', 'micr', micrLine(SAMPLE_CHECKS.business, 'dcb'), '--symbols', 'dcb', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, check: { routing: '121181976', accountMasked: '******3210', checkNumber: '5678', amountCents: 12345, business: true } });
    const auto = await posctl(data, ['parse', 'micr', micrLine(SAMPLE_CHECKS.personal, 'unicode'), '--json']);
    expect(JSON.parse(auto.stdout)).toMatchObject({ ok: true, check: { routing: '011000015', checkNumber: '1001' } });
    const unreadable = await posctl(data, ['parse', 'micr', micrLine(SAMPLE_CHECKS.unreadable), '--json']);
    expect(unreadable.code).toBe(2);
    expect(JSON.parse(unreadable.stdout)).toEqual({ ok: false, error: expect.objectContaining({ code: 'UNREADABLE', unreadable: { routing: [4] } }) as unknown });
    const badSymbols = await posctl(data, ['parse', 'micr', micrLine(SAMPLE_CHECKS.personal, 'unicode'), '--symbols', 'dcb', '--json']);
    expect(badSymbols.code).toBe(2);
    expect(JSON.parse(badSymbols.stdout)).toMatchObject({ ok: false, error: { code: 'BAD_SYMBOL' } });
    const usage = await posctl(data, ['parse', 'micr', 'T1T', '--symbols', 'klingon']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown symbol map');
    expectNoSecrets(r.stdout, auto.stdout, unreadable.stdout, badSymbols.stdout);
  });
});

describe('posctl devices and sim over socat pairs', () => {
  it('devices list shows configured devices and what is plugged in', async () => {
    const data = tempDir();
    const pty = await pair();
    const config = JSON.stringify([{ id: 'front', name: 'Front reader', kind: 'msr', transport: 'serial', path: pty.a }]);
    expect((await posctl(data, ['config', 'set', 'devices.list', config])).code).toBe(0);
    const r = await posctl(data, ['devices', 'list', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { devices: unknown[]; discovered: unknown[]; training: boolean };
    expect(list.devices).toEqual([expect.objectContaining({ id: 'front', kind: 'msr', transport: 'serial', address: pty.a, origin: 'settings' })]);
    expect(Array.isArray(list.discovered)).toBe(true);
    expect(list.training).toBe(true);
    const words = await posctl(data, ['devices', 'list']);
    expect(words.stdout).toContain('front');
    const bad = await posctl(data, ['config', 'set', 'devices.list', '[{"id":"x","name":"X","kind":"msr","transport":"serial"}]']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('a serial device needs a path or usb ids');
  });

  it('watch prints one JSON line per read from `sim msr`, swipes typed on its standard input', async () => {
    const pty = await pair();
    const watch = start(['devices', 'watch', '--kind', 'msr', '--port', pty.a, '--count', '3', '--json']);
    await vi.waitFor(() => expect(watch.stderr()).toContain('connected'), { timeout: 5000 });
    const sim = start(['sim', 'msr', '--port', pty.b]);
    await sim.waitFor(/ready on/);
    sim.child.stdin.write('visa\nlicence\namex\n');
    expect(await watch.exited).toBe(0);
    const lines = jsonLines(watch.stdout());
    expect(lines.map((l) => l.type)).toEqual(['card', 'error', 'card']);
    expect(lines[0]).toMatchObject({ type: 'card', source: 'msr', card: { masked: '411111******1111' } });
    expect(lines[1]).toMatchObject({ type: 'error', code: 'NOT_BANK_CARD' });
    expect(lines[2]).toMatchObject({ card: { masked: '371449*****8431' } });
    await sim.waitFor(/sent 3: swipe amex 371449\*+8431/);
    expectNoSecrets(watch.stdout(), watch.stderr(), sim.stdout(), sim.stderr());
  });

  it('`sim msr` keeps swipes piped in before its port is open, sends them all, and ends with its input', async () => {
    const pty = await pair();
    const watch = start(['devices', 'watch', '--kind', 'msr', '--port', pty.a, '--count', '2', '--json']);
    await vi.waitFor(() => expect(watch.stderr()).toContain('connected'), { timeout: 5000 });
    const sim = start(['sim', 'msr', '--port', pty.b]);
    // Written at once and closed, as `printf ... | posctl sim msr` does: before "ready on".
    sim.child.stdin.end('visa\nmastercard\n');
    expect(await sim.exited).toBe(0);
    expect(sim.stdout()).toMatch(/sent 2: swipe mastercard/);
    expect(sim.stderr()).not.toContain('not sent');
    expect(await watch.exited).toBe(0);
    expect(jsonLines(watch.stdout()).map((l) => (l.card as { brand?: string } | undefined)?.brand)).toEqual(['visa', 'mastercard']);
  });

  it('watch reads checks from `sim micr` in another framing and symbol spelling', async () => {
    const pty = await pair();
    const watch = start(['devices', 'watch', '--kind', 'micr', '--port', pty.a, '--framing', 'stx-etx-lrc', '--symbols', 'dcb', '--count', '2', '--json']);
    await vi.waitFor(() => expect(watch.stderr()).toContain('connected'), { timeout: 5000 });
    const sim = start(['sim', 'micr', '--port', pty.b, '--framing', 'stx-etx-lrc', '--symbols', 'dcb', '--check', 'business', '--every', '50', '--count', '2']);
    expect(await watch.exited).toBe(0);
    const lines = jsonLines(watch.stdout());
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l).toMatchObject({ type: 'check', check: { routing: '121181976', accountMasked: '******3210', checkNumber: '5678' } });
    expect(await sim.exited).toBe(0);
    expectNoSecrets(watch.stdout(), watch.stderr(), sim.stdout(), sim.stderr());
  });

  it('watch drives `sim pinpad` through card read requests and prints the cards swiped on the pad', async () => {
    const pty = await pair();
    const sim = start(['sim', 'pinpad', '--port', pty.b, '--card', 'discover']);
    await sim.waitFor(/ready on/);
    const watch = start(['devices', 'watch', '--kind', 'pinpad', '--port', pty.a, '--count', '2', '--json']);
    expect(await watch.exited).toBe(0);
    const lines = jsonLines(watch.stdout());
    expect(lines.map((l) => [l.type, (l.card as { masked?: string } | undefined)?.masked])).toEqual([
      ['card', '601100******9424'],
      ['card', '601100******9424'],
    ]);
    expect(lines[0]).toMatchObject({ source: 'pinpad' });
    await sim.waitFor(/<- 01\./);
    expect(sim.stdout()).toMatch(/<- 23\.Swipe Card/);
    expect(sim.stdout()).toMatch(/-> 23\. card discover 601100\*+9424/);
    expectNoSecrets(watch.stdout(), watch.stderr(), sim.stdout(), sim.stderr());
  });

  it('watch keeps going when the cable is pulled and plugged back', async () => {
    const pty = await pair();
    const watch = start(['devices', 'watch', '--kind', 'msr', '--port', pty.a, '--count', '2', '--json']);
    await vi.waitFor(() => expect(watch.stderr()).toContain('connected'), { timeout: 5000 });
    await pty.kill();
    await vi.waitFor(() => expect(watch.stderr()).toMatch(/disconnected: .*(went away|replaced|disconnected|not found)/), { timeout: 5000 });
    await pty.start();
    await vi.waitFor(() => expect(watch.stderr().split('\n').filter((l) => l.startsWith('connected'))).toHaveLength(2), { timeout: 3000 });
    const sim = start(['sim', 'msr', '--port', pty.b, '--card', 'mastercard', '--every', '50', '--count', '2']);
    expect(await watch.exited).toBe(0);
    expect(jsonLines(watch.stdout()).map((l) => (l.card as { last4: string }).last4)).toEqual(['5454', '5454']);
    await sim.exited;
  });

  it('says what to do when the port cannot be opened for lack of permission', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip(); // needs root to run posctl as an unprivileged user
    const pty = await pair();
    const node = realpathSync(process.execPath);
    // The checkout may be out of that account's reach (/root/…): it runs a copy it can read.
    const app = readableApp();
    onTestFinished(() => app.remove());
    chmodSync(realpathSync(pty.a), 0o600);
    let stderr = '';
    try {
      execFileSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'timeout', '2', node, app.posctl, 'devices', 'watch', '--kind', 'msr', '--port', pty.a, '--count', '1'], {
        cwd: app.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      stderr = String((e as { stderr?: Buffer }).stderr ?? '');
    }
    expect(stderr).toContain(`permission denied on ${pty.a}`);
    expect(stderr).toContain('dialout');
  });
});
