import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import type { KeyedCard } from '../../../main/gateway/builders';
import type { MachineProtection } from '../../../main/platform/machine-key';
import { createNodePlatform } from '../../../main/platform/platform';
import { keyFilePath } from '../../../main/store/key-file';
import { journalFile } from '../../../main/payments/journal/journal';
import { SAMPLE_CARDS } from '../../../native/sim/sample-cards';
import { isRoot, laneFolder, machineWith } from '../../support/lane-group';
import { allowOffline, gatewayGate, goLive, LIVE_CREDENTIALS, sampleCheck, samplePan, swipe } from '../../support/payments';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/*
 * Issue 19, "Done when": a copy of a machine-wide lane's data folder, taken to a machine without a
 * keyring, unseals nothing: not the tracks, the CVD, the check account with the driver's licence,
 * nor the gateway password. Tried as an attacker would: with the project's own code (in process and
 * posctl) and with a plain script of its own that reads the key file and tries whatever it finds.
 * The same lane on its own machine still unseals everything, with both: the test can fail.
 */

const KEYED: KeyedCard = { entry: 'keyed', pan: '5105105105105100', expiryMonth: 9, expiryYear: 2034, cardholderName: 'Keyed Customer', cvd: '8362', zipCode: '62701' };
const LICENCE = 'IL40512345';
const ACCOUNT = '123456789';

/**
 * The attacker's script: node:crypto only, no import from the project. It reads the data folder's
 * key file (and any folder named after it), tries every string it finds as an X25519 private key
 * (PKCS#8, base64 or base64url), and opens the sealed blobs given on standard input with each,
 * following the documented layout: version | ephemeral public key | iv | tag | AES-256-GCM data,
 * key = HKDF-SHA256(X25519 shared secret, ephemeral || recipient, "counter-pos seal v1").
 */
const PLAIN_SCRIPT = String.raw`
const { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, hkdfSync } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const [dataDir, ...extraDirs] = process.argv.slice(2);
const blobs = JSON.parse(readFileSync(0, 'utf8'));
const texts = [readFileSync(join(dataDir, 'keys', 'terminal-key.json'), 'utf8')];
for (const dir of extraDirs) for (const f of readdirSync(dir)) texts.push(readFileSync(join(dir, f), 'utf8'));
const strings = [];
const walk = (v) => (typeof v === 'string' ? strings.push(v) : v && typeof v === 'object' ? Object.values(v).forEach(walk) : undefined);
for (const t of texts) { try { walk(JSON.parse(t)); } catch { strings.push(t.trim()); } }
const keys = new Map();
for (const s of strings) for (const enc of ['base64', 'base64url']) {
  try {
    const k = createPrivateKey({ key: Buffer.from(s, enc), format: 'der', type: 'pkcs8' });
    if (k.asymmetricKeyType === 'x25519') keys.set(k.export({ format: 'der', type: 'pkcs8' }).toString('hex'), k);
  } catch {}
}
const raw = (pub) => Buffer.from(pub.export({ format: 'jwk' }).x, 'base64url');
function open(blob, context, key) {
  const eph = blob.subarray(1, 33);
  const ephKey = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: eph.toString('base64url') }, format: 'jwk' });
  const shared = diffieHellman({ privateKey: key, publicKey: ephKey });
  const k = Buffer.from(hkdfSync('sha256', shared, Buffer.concat([eph, raw(createPublicKey(key))]), Buffer.from('counter-pos seal v1'), 32));
  const d = createDecipheriv('aes-256-gcm', k, blob.subarray(33, 45));
  d.setAAD(Buffer.from(context));
  d.setAuthTag(blob.subarray(45, 61));
  return Buffer.concat([d.update(blob.subarray(61)), d.final()]).toString('utf8');
}
const opened = [];
for (const b of blobs) for (const k of keys.values()) {
  try { opened.push({ context: b.context, text: open(Buffer.from(b.hex, 'hex'), b.context, k) }); break; } catch {}
}
process.stdout.write(JSON.stringify({ strings: strings.length, keys: keys.size, opened }));
`;

interface Sealed {
  context: string;
  blob: Buffer;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

beforeAll(() => requireBuild());

async function openLane(dataDir: string, machine: MachineProtection): Promise<Core> {
  const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'cli', dataDir, version: 'test', machineKey: machine }));
  cleanups.push(() => core.close());
  return core;
}

/** Every sealed value at rest in a data folder, read with SQLite alone (no key). */
function sealedIn(dataDir: string): Sealed[] {
  const out: Sealed[] = [];
  const settings = new Database(join(dataDir, 'terminal.sqlite'), { readonly: true });
  for (const r of settings.prepare<[], { key: string; sealed: Buffer }>('SELECT key, sealed FROM settings WHERE sealed IS NOT NULL').all()) out.push({ context: `setting:${r.key}`, blob: r.sealed });
  settings.close();
  const journal = new Database(journalFile(dataDir, 'live'), { readonly: true });
  for (const r of journal.prepare<[], { client_ref: string; sealed: Buffer }>('SELECT client_ref, sealed FROM journal WHERE sealed IS NOT NULL').all()) out.push({ context: `journal:${r.client_ref}`, blob: r.sealed });
  journal.close();
  return out;
}

function plainScript(dataDir: string, sealed: Sealed[], extraDirs: string[] = []): { keys: number; opened: Array<{ context: string; text: string }> } {
  const file = join(tempDir('pos-attacker-'), 'unseal.cjs');
  writeFileSync(file, PLAIN_SCRIPT);
  const r = spawnSync(process.execPath, [file, dataDir, ...extraDirs], { input: JSON.stringify(sealed.map((s) => ({ context: s.context, hex: s.blob.toString('hex') }))), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the plain script failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { keys: number; opened: Array<{ context: string; text: string }> };
}

/** What must not come out of a copy, as it is sealed in the blobs. */
function secretsIn(texts: string[]): string[] {
  const all = texts.join('\n');
  const found: string[] = [];
  if (all.includes(LIVE_CREDENTIALS.password)) found.push('gateway password');
  if (all.includes(samplePan('visa'))) found.push('swiped card number');
  if (all.includes((SAMPLE_CARDS.visa.tracks[1] ?? '').slice(1, 30))) found.push('track 2');
  if (all.includes(KEYED.pan)) found.push('keyed card number');
  if (all.includes(`"${KEYED.cvd}"`)) found.push('CVD');
  if (all.includes(ACCOUNT)) found.push('check account');
  if (all.includes(LICENCE.slice(2))) found.push("driver's licence");
  return found;
}

const EVERYTHING = ['gateway password', 'swiped card number', 'track 2', 'keyed card number', 'CVD', 'check account', "driver's licence"];

describe.skipIf(!isRoot)('a copy of a machine-wide lane on a machine without a keyring (needs root for the machine key folder)', () => {
  it('unseals nothing, with the project\'s code or a plain script; on its own machine the lane unseals everything', async () => {
    // The lane, as the deb makes it (2770 root:counter-pos), on a machine whose key folder stands for /etc/counter-pos.
    const lane = laneFolder();
    const home = machineWith();
    const core = await openLane(lane, home.protection);
    expect(core.key.health().state).toBe('machine');

    // Live with the gateway unreachable (a gate that refuses connections): a swipe, a keyed card with
    // its CVD and a check with a driver's licence are stored offline, sealed.
    const gate = await gatewayGate('http://127.0.0.1:9/transaction/v14');
    cleanups.push(() => gate.close());
    gate.down();
    goLive(core, gate.url);
    allowOffline(core);
    expect(core.mode()).toBe('live');
    const { payments } = core.payments;
    expect((await payments.runSale({ saleId: 'copy-swipe', type: 'sale', amountCents: 2_100 }, { card: swipe('visa') })).state).toBe('offline');
    expect((await payments.runSale({ saleId: 'copy-keyed', type: 'sale', amountCents: 2_200, cardEntry: 'keyed' }, { card: { kind: 'keyed', card: KEYED }, entry: 'keyed' })).state).toBe('offline');
    const check = { checkType: 'personal', customerName: 'Pat Doe', idType: 0, id: LICENCE } as const;
    expect((await payments.runSale({ saleId: 'copy-check', type: 'sale', amountCents: 2_300, tender: 'check', check }, { check: sampleCheck('personal') })).state).toBe('offline');
    await core.close();

    // A backup: the whole data folder, copied as it is (modes, group) to another place.
    const copy = join(tempDir('pos-copy-'), 'counter-pos');
    execFileSync('cp', ['-a', lane, copy]);
    const sealed = sealedIn(copy);
    expect(sealed.filter((s) => s.context.startsWith('journal:'))).toHaveLength(3);
    expect(sealed.filter((s) => s.context === 'setting:gateway.password')).toHaveLength(1);
    const keyFileText = readFileSync(keyFilePath(copy), 'utf8');
    expect(JSON.parse(keyFileText)).toMatchObject({ version: 2, protection: 'machine', protector: 'linux-key-folder' });

    // Another machine: no keyring, its own (empty) machine key folder.
    const elsewhere = machineWith();
    const stolen = await openLane(copy, elsewhere.protection);
    expect(stolen.key.health()).toMatchObject({ state: 'locked', mayReturn: true });
    expect(stolen.key.canUnseal()).toBe(false);
    expect(stolen.mode()).toBe('training');
    expect(() => stolen.settings.readSecret('gateway.password')).toThrow();
    for (const s of sealed) expect(() => stolen.key.unseal(s.blob, s.context), s.context).toThrow(/cannot unseal/);
    expect(() => stolen.key.derive('pin-verifier')).toThrow();
    expect(() => stolen.key.exportPrivateKey()).toThrow();
    await stolen.close();
    // posctl on that machine (POS_MACHINE_KEY_DIR names its folder) says the same.
    const env = { POS_MACHINE_KEY_DIR: elsewhere.dir };
    const keys = await posctl(copy, ['keys', 'status'], { env });
    expect(keys.code).toBe(2);
    expect(keys.stdout).toMatch(/^locked: the machine key folder .* has no terminal key .* for this data folder/);
    expect(JSON.parse((await posctl(copy, ['status', '--json'], { env })).stdout)).toMatchObject({ mode: 'training' });
    // Opening the copy changed nothing in it.
    expect(readFileSync(keyFilePath(copy), 'utf8')).toBe(keyFileText);

    // The plain script finds no private key in the copy, so opens nothing.
    const attack = plainScript(copy, sealed);
    expect(attack).toEqual({ strings: expect.any(Number) as unknown, keys: 0, opened: [] });

    // The control, on the lane's own machine: the project's code opens every blob, and so does the
    // plain script once it is shown the machine's key folder (where the key is, and the only place).
    const own = await openLane(lane, home.protection);
    expect(own.key.health().state).toBe('machine');
    expect(own.mode()).toBe('live');
    expect(own.settings.readSecret('gateway.password')).toBe(LIVE_CREDENTIALS.password);
    const opened = sealedIn(lane).map((s) => own.key.unseal(s.blob, s.context).toString('utf8'));
    expect(secretsIn(opened)).toEqual(EVERYTHING);
    const withMachine = plainScript(lane, sealedIn(lane), [home.dir]);
    expect(withMachine.keys).toBe(1);
    expect(secretsIn(withMachine.opened.map((o) => o.text))).toEqual(EVERYTHING);
    expect(secretsIn(attack.opened.map((o) => o.text))).toEqual([]);
  });

  it('gets a copy working again with posctl keys reset --force: a new key kept by that machine; the secrets are to be entered again and the stored payments stay sealed', async () => {
    const lane = laneFolder();
    const home = machineWith();
    const core = await openLane(lane, home.protection);
    core.settings.set('gateway.password', 'pw-lane-9');
    const blob = core.key.seal('{"Track2":"x"}', 'journal:L-9');
    await core.close();
    const copy = join(tempDir('pos-copy-'), 'counter-pos');
    execFileSync('cp', ['-a', lane, copy]);
    const elsewhere = machineWith();
    const env = { POS_MACHINE_KEY_DIR: elsewhere.dir };
    // The key may still open on its own machine: a reset asks for --force.
    const refused = await posctl(copy, ['keys', 'reset'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/may still open.*--force/);
    const reset = await posctl(copy, ['keys', 'reset', '--force', '--json'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ replaced: true, health: { state: 'machine' }, clearedSettings: ['gateway.password'] });
    const after = await openLane(copy, elsewhere.protection);
    expect(after.key.health().state).toBe('machine');
    expect(after.settings.isSet('gateway.password')).toBe(false);
    expect(() => after.key.unseal(blob, 'journal:L-9')).toThrow();
    // The lane on its own machine is untouched by what was done to its copy.
    const own = await openLane(lane, home.protection);
    expect(own.settings.readSecret('gateway.password')).toBe('pw-lane-9');
  });
});
