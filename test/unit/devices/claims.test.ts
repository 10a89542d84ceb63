import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import type { ReadClaim, ReadMeta } from '../../../main/devices/claims';
import { createNodePlatform } from '../../../main/platform/platform';
import type { EventName, Reply } from '../../../preload/contract';
import type { CardRead } from '../../../native/card/card-read';
import type { CheckRead } from '../../../native/check/micr';
import type { ReadError } from '../../../native/read-error';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

let core: Core | undefined;
const claims: Array<{ release(): void }> = [];
const pending: Array<Promise<unknown>> = [];

afterEach(async () => {
  for (const c of claims.splice(0)) c.release();
  const c = core;
  core = undefined;
  // Closing the core ends the PIN pad's pending requests and the test waits' links.
  await c?.close();
  await Promise.allSettled(pending.splice(0));
});

async function startCore(): Promise<{ core: Core; log: ReturnType<typeof memoryLog>; events: Array<{ name: EventName; payload: unknown }> }> {
  const log = memoryLog();
  const c = await createCore({ logDestination: log.stream, logLevel: 'debug', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: tempDir(), version: 't' }));
  core = c;
  c.settings.set('devices.scanIntervalMs', 0);
  const events: Array<{ name: EventName; payload: unknown }> = [];
  c.bus.onAny((name, payload) => events.push({ name, payload }));
  await c.start();
  // The simulated HID reader is found and opened like a real one, and the pad must answer "online".
  await vi.waitFor(async () => {
    for (const id of ['training-hid', 'training-pinpad']) expect(await call(c, 'devices.test', { id })).toMatchObject({ ok: true, value: { ok: true } });
  });
  return { core: c, log, events };
}

const call = (c: Core, method: string, input: unknown): Promise<Reply> => c.dispatch(method, input, { transport: 'test' });

/** A claim whose handlers record what they get. */
function recorder(c: Core, owner: string, kinds: ReadonlyArray<'msr' | 'micr'>) {
  const cards: Array<{ card: CardRead; meta: ReadMeta }> = [];
  const checks: Array<{ check: CheckRead; meta: ReadMeta }> = [];
  const failures: Array<{ error: ReadError; meta: ReadMeta }> = [];
  const claim: ReadClaim = c.devices.claims.reads(owner, kinds, {
    onCard: (card, meta) => cards.push({ card, meta }),
    onCheck: (check, meta) => checks.push({ check, meta }),
    onFailure: (error, meta) => failures.push({ error, meta }),
  });
  claims.push(claim);
  return { claim, cards, checks, failures };
}

const named = <E extends { name: EventName }>(events: E[], ...names: EventName[]): E[] => events.filter((e) => names.includes(e.name));

/** What `fn` threw, to check its code and words. */
function refusal(fn: () => unknown): { code?: string; message?: string } {
  try {
    fn();
  } catch (e) {
    return e as { code?: string; message?: string };
  }
  throw new Error('expected a refusal');
}

const refused = (reply: Reply): { code: string; message: string } | undefined => (reply.ok ? undefined : reply.error);

describe('read claims', () => {
  it('hand every read of the claimed kinds to the owner alone, and still count them', async () => {
    const { core: c, events } = await startCore();
    const heard: string[] = [];
    c.devices.claims.unclaimed.on('card', () => heard.push('card'));
    c.devices.claims.unclaimed.on('check', () => heard.push('check'));
    const sale = recorder(c, 'sale 1', ['msr', 'micr']);
    for (const via of ['msr', 'hid', 'wedge'] as const) expect(await call(c, 'devices.simulateSwipe', { card: 'mastercard', via })).toMatchObject({ ok: true });
    await call(c, 'devices.simulateCheck', { check: 'personal' });
    await call(c, 'devices.simulateSwipe', { card: 'licence', via: 'wedge' });
    await vi.waitFor(() => expect(sale.cards.length + sale.checks.length).toBe(4));
    expect(sale.cards.map((r) => [r.meta.deviceId, r.card.masked().masked]).sort()).toEqual([
      ['training-hid', '545454******5454'],
      ['training-msr', '545454******5454'],
      ['training-wedge', '545454******5454'],
    ]);
    expect(sale.checks[0]?.meta).toMatchObject({ deviceId: 'training-micr', kind: 'micr', simulated: true });
    expect(sale.failures.map((f) => f.error.code)).toEqual(['NOT_BANK_CARD']);
    expect(named(events, 'card.read', 'check.read', 'device.readFailed')).toEqual([]);
    expect(heard).toEqual([]);
    const list = await call(c, 'devices.list', {});
    const reads = list.ok ? (list.value as { devices: Array<{ id: string; reads: number; lastReadAt?: string }> }).devices : [];
    expect(reads.find((d) => d.id === 'training-wedge')?.reads).toBe(1);
    expect(reads.find((d) => d.id === 'training-wedge')?.lastReadAt).toBeTypeOf('string');
    expect(reads.find((d) => d.id === 'training-micr')).toMatchObject({ reads: 1 });
  });

  it('leave the kinds nobody claimed to the Devices screen', async () => {
    const { core: c, events } = await startCore();
    const checks = recorder(c, 'check sale', ['micr']);
    await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' });
    await call(c, 'devices.simulateCheck', { check: 'business' });
    await vi.waitFor(() => expect(checks.checks).toHaveLength(1));
    expect(named(events, 'card.read', 'check.read').map((e) => e.name)).toEqual(['card.read']);
  });

  it('refuse a second owner with BUSY naming the holder, and let the same owner replace its handlers', async () => {
    const { core: c } = await startCore();
    const first = recorder(c, 'the sale on lane 1', ['msr']);
    const busy = refusal(() => c.devices.claims.reads('the sale on lane 2', ['micr', 'msr'], {}));
    expect(busy.code).toBe('BUSY');
    expect(busy.message).toContain('in use by the sale on lane 1');
    // All or nothing: the refused claim did not take the check readers either.
    const checks = recorder(c, 'another sale', ['micr']);
    const again = recorder(c, 'the sale on lane 1', ['msr']);
    await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' });
    expect(again.cards).toHaveLength(1);
    expect(first.cards).toHaveLength(0);
    // The replaced handle's release no longer gives the reader back.
    first.claim.release();
    expect(refusal(() => c.devices.claims.reads('the sale on lane 2', ['msr'], {})).code).toBe('BUSY');
    checks.claim.release();
  });

  it('give the readers back to the Devices screen on release, which may be called twice', async () => {
    const { core: c, events } = await startCore();
    const sale = recorder(c, 'sale 1', ['msr']);
    await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' });
    sale.claim.release();
    sale.claim.release();
    await call(c, 'devices.simulateSwipe', { card: 'amex', via: 'wedge' });
    expect(sale.cards).toHaveLength(1);
    expect(named(events, 'card.read').map((e) => (e.payload as { card: { brand: string } }).card.brand)).toEqual(['amex']);
    expect(() => recorder(c, 'sale 2', ['msr'])).not.toThrow();
  });

  it('contain a handler that throws: the read is counted and logged, the swipe does not fail', async () => {
    const { core: c, log } = await startCore();
    claims.push(
      c.devices.claims.reads('sale 1', ['msr'], {
        onCard: () => {
          throw new Error('bug in the sale');
        },
      }),
    );
    expect(await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' })).toMatchObject({ ok: true });
    expect(log.text()).toContain('a read claim handler threw');
  });
});

describe('read claims and device tests', () => {
  it('end a test waiting for a read on a reader of the claimed kind', async () => {
    const { core: c } = await startCore();
    const others = c.devices.claims.unclaimed.listenerCount('card');
    const waiting = call(c, 'devices.test', { id: 'training-msr', waitForReadMs: 60_000 });
    pending.push(waiting);
    await vi.waitFor(() => expect(c.devices.claims.unclaimed.listenerCount('card')).toBe(others + 1));
    recorder(c, 'sale 1', ['msr']);
    const reply = await waiting;
    expect(reply).toMatchObject({ ok: true, value: { ok: false } });
    expect((reply as { value: { detail: string } }).value.detail).toContain('a sale took over the reader (sale 1)');
    expect(c.devices.claims.unclaimed.listenerCount('card')).toBe(others);
  });

  it('answer BUSY to a test that would wait on a claimed reader or PIN pad; a link check alone still runs', async () => {
    const { core: c } = await startCore();
    recorder(c, 'sale 1', ['micr']);
    const pad = c.devices.claims.pinpad('sale 1');
    if (pad) claims.push(pad);
    const micr = refused(await call(c, 'devices.test', { id: 'training-micr', waitForReadMs: 5000 }));
    expect(micr?.code).toBe('BUSY');
    expect(micr?.message).toContain('a payment is waiting for this reader (sale 1)');
    const pinpad = refused(await call(c, 'devices.test', { id: 'training-pinpad', waitForReadMs: 5000 }));
    expect(pinpad?.code).toBe('BUSY');
    expect(pinpad?.message).toContain('a payment is waiting for this PIN pad (sale 1)');
    expect(await call(c, 'devices.test', { id: 'training-micr' })).toMatchObject({ ok: true, value: { ok: true } });
    expect(await call(c, 'devices.test', { id: 'training-msr', waitForReadMs: 10 })).toMatchObject({ ok: true, value: { ok: false } });
  });
});

describe('the PIN pad claim', () => {
  it('answers undefined without a pad, and BUSY to a second owner', async () => {
    const { core: c } = await startCore();
    expect(c.devices.claims.pinpad('sale 1', 'no-such-pad')).toBeUndefined();
    const held = c.devices.claims.pinpad('sale 1');
    expect(held?.device.id).toBe('training-pinpad');
    if (held) claims.push(held);
    const busy = refusal(() => c.devices.claims.pinpad('sale 2'));
    expect(busy.code).toBe('BUSY');
    expect(busy.message).toContain('in use by sale 1');
    held?.release();
    held?.release();
    const next = c.devices.claims.pinpad('sale 2');
    if (next) claims.push(next);
    expect(next?.device.id).toBe('training-pinpad');
  });

  it('takes the trainer\'s simulated swipe on its pending card request, unseen by the Devices screen', async () => {
    const { core: c, events } = await startCore();
    const held = c.devices.claims.pinpad('sale 1');
    if (!held) throw new Error('no simulated PIN pad');
    claims.push(held);
    // Not asking for a card yet: there is nothing to swipe on.
    expect(await call(c, 'devices.simulateSwipe', { card: 'mastercard', via: 'pinpad' })).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    const read = held.device.readCard('Swipe Card', 5000);
    pending.push(read);
    await vi.waitFor(() => expect(named(events, 'pinpad.activity').some((e) => (e.payload as { activity: string }).activity === 'card')).toBe(true));
    expect(await call(c, 'devices.simulateSwipe', { card: 'mastercard', via: 'pinpad' })).toEqual({ ok: true, value: { deviceId: 'training-pinpad' } });
    const result = await read;
    // The simulated customer waited for the trainer (its own card is a visa).
    expect(result.status === 'read' && result.card.masked().brand).toBe('mastercard');
    expect(named(events, 'card.read')).toEqual([]);
  });

  it('readCard answers its caller without a card.read broadcast; the read is still counted', async () => {
    const { core: c, events } = await startCore();
    const pad = c.devices.pinpad();
    const result = await pad?.readCard('Swipe Card', 5000);
    expect(result?.status).toBe('read');
    expect(named(events, 'card.read', 'device.readFailed')).toEqual([]);
    const list = await call(c, 'devices.list', {});
    const padInfo = list.ok ? (list.value as { devices: Array<{ id: string; reads: number }> }).devices.find((d) => d.id === 'training-pinpad') : undefined;
    expect(padInfo?.reads).toBe(1);
  });

  it('a simulated swipe on a free pad is shown on the Devices screen', async () => {
    const { core: c, events } = await startCore();
    expect(await call(c, 'devices.simulateSwipe', { card: 'bad-read', via: 'pinpad' })).toMatchObject({ ok: true });
    expect(await call(c, 'devices.simulateSwipe', { card: 'amex', via: 'pinpad' })).toMatchObject({ ok: true });
    expect(named(events, 'card.read', 'device.readFailed').map((e) => [e.name, (e.payload as { deviceId: string }).deviceId])).toEqual([
      ['device.readFailed', 'training-pinpad'],
      ['card.read', 'training-pinpad'],
    ]);
  });
});

describe('device manager listeners', () => {
  it('run each in its own try/catch: a throwing one stops neither the next one, the bus, nor the swipe', async () => {
    const { core: c, events, log } = await startCore();
    const heard: string[] = [];
    c.devices.claims.unclaimed.on('card', () => {
      throw new Error('bug in a listener');
    });
    c.devices.claims.unclaimed.on('card', (card) => heard.push(card.masked().masked));
    expect(await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' })).toMatchObject({ ok: true });
    expect(heard).toEqual(['411111******1111']);
    expect(named(events, 'card.read')).toHaveLength(1);
    expect(log.text()).toContain('a device event listener threw');
  });
});
