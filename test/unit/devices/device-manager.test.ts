import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { TEST_WAITS } from '../../../main/devices/claims';
import { DeviceManager } from '../../../main/devices/device-manager';
import { createNodePlatform } from '../../../main/platform/platform';
import { EventBus } from '../../../main/events/bus';
import { MaskedCard, MaskedCheck, SimCard, SimCheck, type EventName, type Reply } from '../../../preload/contract';
import { SimulatedHid } from '../../../native/sim/hid-sim';
import { msrHidReport } from '../../../native/sim/msr-sim';
import { SAMPLE_CARD_NAMES, SAMPLE_CARDS, SAMPLE_CHECK_NAMES, swipeText } from '../../../native/sim/sample-cards';
import { parseSwipe } from '../../../native/card/card-read';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

async function startCore(options: { start?: boolean } = {}): Promise<{ core: Core; log: ReturnType<typeof memoryLog>; events: Array<{ name: EventName; payload: unknown }> }> {
  const log = memoryLog();
  const core = await createCore({ logDestination: log.stream, logLevel: 'debug', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: tempDir(), version: 't' }));
  core.settings.set('devices.scanIntervalMs', 0);
  const events: Array<{ name: EventName; payload: unknown }> = [];
  core.bus.onAny((name, payload) => events.push({ name, payload }));
  if (options.start ?? true) await core.start();
  return { core, log, events };
}

const call = async (core: Core, method: string, input: unknown) => {
  const reply = await core.dispatch(method, input, { transport: 'test' });
  return reply;
};

const FULL_PANS = Object.values(SAMPLE_CARDS).flatMap((c) => (c.tracks[1] ? [/^;(\d+)[=D]/.exec(c.tracks[1])?.[1] ?? ''] : [])).filter(Boolean);

describe('device manager in training mode', () => {
  it('lists the simulators, connected, apart from app.status', async () => {
    const { core } = await startCore();
    const reply = await call(core, 'devices.list', {});
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const list = reply.value as { devices: Array<{ id: string; state: string; origin: string }>; training: boolean };
    expect(list.training).toBe(true);
    await vi.waitFor(async () => {
      const r = await call(core, 'devices.list', {});
      const devices = r.ok ? (r.value as typeof list).devices : [];
      expect(devices.map((d) => [d.id, d.state])).toEqual([
        ['training-msr', 'connected'],
        ['training-hid', 'connected'],
        ['training-wedge', 'connected'],
        ['training-micr', 'connected'],
        ['training-pinpad', 'connected'],
        ['training-printer', 'connected'],
      ]);
    });
    expect(core.status.current().devices).toEqual([]);
    await core.close();
  });

  it('simulated swipes on every path reach the bus as masked, validated card.read events', async () => {
    const { core, log, events } = await startCore();
    // The simulated HID reader is found and opened like a real one: wait until it is.
    await vi.waitFor(async () => expect(await call(core, 'devices.test', { id: 'training-hid' })).toMatchObject({ ok: true, value: { ok: true } }));
    for (const via of ['msr', 'hid', 'wedge', 'pinpad'] as const) {
      const reply = await call(core, 'devices.simulateSwipe', { card: 'mastercard', via });
      expect(reply).toEqual({ ok: true, value: { deviceId: `training-${via}` } });
    }
    await vi.waitFor(() => expect(events.filter((e) => e.name === 'card.read')).toHaveLength(4));
    for (const e of events.filter((x) => x.name === 'card.read')) {
      expect(e.payload).toMatchObject({ simulated: true, card: { masked: '545454******5454', brand: 'mastercard' } });
      expect(MaskedCard.safeParse((e.payload as { card: unknown }).card).success).toBe(true);
    }
    // The serial path is asynchronous like a real port; the others deliver at once.
    expect(events.filter((e) => e.name === 'card.read').map((e) => (e.payload as { source: string }).source).sort()).toEqual(['hid', 'msr', 'pinpad', 'wedge']);
    await core.close();
    const everything = JSON.stringify(events) + log.text();
    for (const pan of FULL_PANS) expect(everything).not.toContain(pan);
    expect(everything).not.toContain(SAMPLE_CARDS.mastercard.tracks[1] ?? '§');
  });

  it('reports refusals and bad reads as device.readFailed, and checks as check.read', async () => {
    const { core, events } = await startCore();
    await call(core, 'devices.simulateSwipe', { card: 'licence' });
    await call(core, 'devices.simulateSwipe', { card: 'bad-read', via: 'wedge' });
    await call(core, 'devices.simulateCheck', { check: 'business' });
    await call(core, 'devices.simulateCheck', { check: 'unreadable' });
    await vi.waitFor(() => expect(events.filter((e) => e.name === 'device.readFailed' || e.name === 'check.read')).toHaveLength(4));
    expect(events.filter((e) => e.name === 'device.readFailed').map((e) => (e.payload as { code: string }).code).sort()).toEqual(['BAD_READ', 'NOT_BANK_CARD', 'UNREADABLE']);
    const check = events.find((e) => e.name === 'check.read')?.payload as { check: unknown };
    expect(check.check).toMatchObject({ routing: '121181976', business: true, checkNumber: '5678', amountCents: 12345, accountLast4: '3210' });
    expect(MaskedCheck.safeParse(check.check).success).toBe(true);
    expect(JSON.stringify(events)).not.toContain('9876543210');
    await core.close();
  });

  it('tests devices: a PIN pad status round trip, and a reader waiting for a swipe', async () => {
    const { core } = await startCore();
    await vi.waitFor(async () => {
      const pad = await call(core, 'devices.test', { id: 'training-pinpad' });
      expect(pad).toMatchObject({ ok: true, value: { ok: true } });
      expect((pad as { value: { detail: string } }).value.detail).toContain('ready');
    });
    const waiting = call(core, 'devices.test', { id: 'training-micr', waitForReadMs: 5000 });
    await call(core, 'devices.simulateCheck', { check: 'personal' });
    expect(await waiting).toMatchObject({ ok: true, value: { ok: true, read: { kind: 'check', check: { checkNumber: '1001' } } } });
    const quiet = await call(core, 'devices.test', { id: 'training-msr', waitForReadMs: 50 });
    expect(quiet).toMatchObject({ ok: true, value: { ok: false } });
    expect((quiet as { value: { detail: string } }).value.detail).toContain('nothing was read');
    expect(await call(core, 'devices.test', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await core.close();
  });

  it('refuses simulations with FORBIDDEN in live mode, and stops the simulators', async () => {
    const { core } = await startCore();
    core.settings.setMany([
      ['gateway.url', 'https://gateway.invalid/v14'],
      ['gateway.gatewayId', 'AB1234-01'],
      ['gateway.password', 'not-a-real-password'],
    ]);
    expect(core.mode()).toBe('live');
    expect(await call(core, 'devices.simulateSwipe', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call(core, 'devices.simulateCheck', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const list = await call(core, 'devices.list', {});
    expect(list.ok && (list.value as { devices: unknown[] }).devices).toEqual([]);
    await core.close();
  });

  it('validates input against the contract', async () => {
    const { core } = await startCore();
    expect(await call(core, 'devices.simulateSwipe', { card: '4111111111111111' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await call(core, 'devices.test', { id: 'x', waitForReadMs: 10 ** 9 })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    await core.close();
  });
});

describe('configured devices', () => {
  it('shows configured devices in app.status with plain-words details, and follows settings changes', async () => {
    const { core, events } = await startCore();
    const dir = tempDir();
    core.settings.set('devices.list', [
      { id: 'front', name: 'Front reader', kind: 'msr', transport: 'serial', path: `${dir}/no-such-port` },
      { id: 'pad', name: 'PIN pad', kind: 'pinpad', transport: 'serial', path: `${dir}/no-pad`, enabled: false },
    ]);
    await vi.waitFor(() =>
      expect(core.status.current().devices).toEqual([
        { id: 'front', kind: 'msr', name: 'Front reader', state: 'disconnected', detail: `${dir}/no-such-port not found (unplugged?)` },
        { id: 'pad', kind: 'pinpad', name: 'PIN pad', state: 'disabled' },
      ]),
    );
    expect(events.some((e) => e.name === 'status.changed')).toBe(true);
    core.settings.set('devices.list', []);
    expect(core.status.current().devices).toEqual([]);
    await core.close();
  });

  it('describes configured devices without opening them when the core is not started (posctl)', async () => {
    const { core } = await startCore({ start: false });
    core.settings.set('devices.list', [{ id: 'micr', name: 'Check reader', kind: 'micr', transport: 'serial', path: '/dev/ttyUSB5', symbols: 'dcb' }]);
    expect(core.status.current().devices).toEqual([{ id: 'micr', kind: 'micr', name: 'Check reader', state: 'disconnected', detail: 'not open in this process' }]);
    expect(await call(core, 'devices.test', { id: 'micr' })).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    await core.close();
  });

  it('refuses device lists that cannot work, naming the device and the rule', async () => {
    const { core } = await startCore({ start: false });
    const bad: Array<[unknown, string]> = [
      [[{ id: 'a', name: 'A', kind: 'msr', transport: 'serial' }], 'a serial device needs a path or usb ids'],
      [[{ id: 'b', name: 'B', kind: 'msr', transport: 'hid' }], 'a HID device needs usb ids'],
      [[{ id: 'c', name: 'C', kind: 'micr', transport: 'wedge' }], 'only swipe readers (msr) can be keyboard wedges'],
      [[{ id: 'd', name: 'D', kind: 'msr', transport: 'serial', path: '/dev/x', symbols: 'dcb' }], 'symbols apply to MICR readers'],
      [[{ id: 'e', name: 'E', kind: 'msr', transport: 'wedge' }, { id: 'e', name: 'E2', kind: 'msr', transport: 'wedge' }], 'unique'],
      ['not json', 'expected array'],
    ];
    for (const [value, words] of bad) expect(() => core.settings.set('devices.list', value)).toThrow(words);
    expect(() => core.settings.setFromText('devices.list', '[{"id":"ok","name":"OK","kind":"pinpad","transport":"serial","usb":"0b00:0061"}]')).not.toThrow();
    await core.close();
  });
});

describe('hot-plug of a known HID reader', () => {
  it('adopts a MagTek HID reader when it appears, reads it, and shows it unplugged when it goes', async () => {
    const { core } = await startCore({ start: false });
    const hid = new SimulatedHid();
    hid.plugged = false;
    const bus = new EventBus();
    const cards: string[] = [];
    bus.on('card.read', (e) => cards.push(e.card.masked));
    const refresh = vi.fn();
    const manager = new DeviceManager({
      settings: core.settings,
      bus,
      log: core.log,
      mode: () => 'live',
      refresh,
      hid,
      serialList: async () => [],
      reconnect: { initialBackoffMs: 5, maxBackoffMs: 20 },
    });
    core.settings.set('devices.scanIntervalMs', 100);
    await manager.start();
    expect(manager.statuses()).toEqual([]);
    hid.plugged = true;
    await vi.waitFor(() => expect(manager.statuses()).toEqual([expect.objectContaining({ id: 'usb-0801-0002', kind: 'msr', state: 'connected' })]), { timeout: 3000 });
    hid.report(msrHidReport(SAMPLE_CARDS.amex));
    expect(cards).toEqual(['371449*****8431']);
    hid.unplug();
    expect(manager.statuses()[0]?.state).toBe('disconnected');
    const list = await manager.list();
    expect(list.devices[0]).toMatchObject({ id: 'usb-0801-0002', origin: 'detected', reads: 1 });
    await manager.stop();
    await core.close();
  });
});

describe('the first scan', () => {
  it('is a service of its own after start(), so a deferred start lists the ports once it answers', async () => {
    const { core } = await startCore({ start: false });
    const listed = vi.fn(async () => []);
    const hid = new SimulatedHid();
    hid.plugged = false;
    const manager = new DeviceManager({ settings: core.settings, bus: new EventBus(), log: core.log, mode: () => 'live', refresh: vi.fn(), hid, serialList: listed });
    core.settings.set('devices.scanIntervalMs', 60_000);
    await manager.start();
    expect(listed).not.toHaveBeenCalled();
    await manager.firstScan.start();
    await vi.waitFor(() => expect(listed).toHaveBeenCalledTimes(1));
    // devices.list waits for a scan under way rather than starting another.
    await manager.list();
    expect(listed).toHaveBeenCalledTimes(1);
    await manager.firstScan.stop();
    await manager.stop();
    await core.close();
  });

  it('does not run with scanning turned off (devices.scanIntervalMs 0), nor before start()', async () => {
    const { core } = await startCore({ start: false });
    const listed = vi.fn(async () => []);
    const manager = new DeviceManager({ settings: core.settings, bus: new EventBus(), log: core.log, mode: () => 'live', refresh: vi.fn(), hid: new SimulatedHid(), serialList: listed });
    await manager.firstScan.start();
    await manager.start();
    await manager.firstScan.start();
    expect(listed).not.toHaveBeenCalled();
    await manager.stop();
    await core.close();
  });
});

describe('contract', () => {
  it('names exactly the simulators\' samples', () => {
    expect(SimCard.options).toEqual(SAMPLE_CARD_NAMES);
    expect(SimCheck.options).toEqual(SAMPLE_CHECK_NAMES);
  });
  it('masked card and check schemas refuse full numbers and track data', () => {
    const good = { brand: 'visa', first6: '411111', last4: '1111', masked: '411111******1111', expiry: '2030-12', expired: false, chip: false, tracks: [1, 2], warnings: [] };
    expect(MaskedCard.safeParse(good).success).toBe(true);
    expect(MaskedCard.safeParse({ ...good, masked: '4111111111111111' }).success).toBe(false);
    expect(MaskedCard.safeParse({ ...good, first6: '41111111' }).success).toBe(false);
    expect(MaskedCard.safeParse({ ...good, track2: swipeText(SAMPLE_CARDS.visa) }).success).toBe(false);
    const check = { routing: '011000015', country: 'US', accountLast4: '6789', accountMasked: '*****6789', business: false, warnings: [], unreadable: {} };
    expect(MaskedCheck.safeParse(check).success).toBe(true);
    expect(MaskedCheck.safeParse({ ...check, accountMasked: '123456789' }).success).toBe(false);
    expect(MaskedCheck.safeParse({ ...check, account: '123456789' }).success).toBe(false);
  });
});

describe('keyboard-wedge swipes in the desktop app', () => {
  it('go to an implicit reader until one is configured, then to the configured reader, even under the same id', async () => {
    const { core, events } = await startCore();
    const sink = core.devices.attachWedgeCapture();
    const swipe = () => {
      const r = parseSwipe(swipeText(SAMPLE_CARDS.visa));
      if (!r.ok) throw new Error('sample card does not parse');
      sink.accept({ card: r.value });
    };
    const lastReader = () => (events.filter((e) => e.name === 'card.read').at(-1)?.payload as { deviceId: string } | undefined)?.deviceId;
    swipe();
    expect(lastReader()).toBe('keyboard-wedge');
    core.settings.set('devices.list', [{ id: 'front', name: 'Front reader', kind: 'msr', transport: 'wedge' }]);
    swipe();
    expect(lastReader()).toBe('front');
    core.settings.set('devices.list', [{ id: 'keyboard-wedge', name: 'Counter reader', kind: 'msr', transport: 'wedge' }]);
    swipe();
    expect(lastReader()).toBe('keyboard-wedge');
    const listed = await call(core, 'devices.list', {});
    const names = listed.ok ? (listed.value as { devices: Array<{ id: string; name: string }> }).devices.filter((d) => d.id === 'keyboard-wedge').map((d) => d.name) : [];
    expect(names).toEqual(['Counter reader']);
    await core.close();
  });
});

describe('device tests waiting for a read', () => {
  let core: Core | undefined;
  const waiting: Array<Promise<Reply>> = [];

  /** Ends every wait still open with a read on its device, then stops the core. */
  afterEach(async () => {
    if (!core) return;
    const c = core;
    core = undefined;
    if (waiting.length > 0) {
      await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
      await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'wedge' });
      await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'hid' });
      await call(c, 'devices.simulateCheck', { check: 'personal' });
      await Promise.all(waiting.splice(0));
    }
    await c.close();
  });

  const wait = (c: Core, id: string): void => {
    waiting.push(call(c, 'devices.test', { id, waitForReadMs: 60_000 }));
  };

  it('answers BUSY at once over the per-device and the total cap, and frees a place when a wait ends', async () => {
    const started = await startCore();
    const c = (core = started.core);
    // The simulated HID reader is found like a real one: wait until it is open.
    await vi.waitFor(async () => expect(await call(c, 'devices.test', { id: 'training-hid' })).toMatchObject({ ok: true, value: { ok: true } }), { timeout: 10_000 });
    expect(TEST_WAITS).toEqual({ perDevice: 2, total: 8 });
    const listening = (): number => c.devices.claims.unclaimed.listenerCount('card');
    const others = listening();

    wait(c, 'training-msr');
    wait(c, 'training-msr');
    expect(await call(c, 'devices.test', { id: 'training-msr', waitForReadMs: 60_000 })).toMatchObject({ ok: false, error: { code: 'BUSY' } });
    // A link check alone is not a wait and is never refused.
    expect(await call(c, 'devices.test', { id: 'training-msr' })).toMatchObject({ ok: true, value: { ok: true } });

    for (const id of ['training-wedge', 'training-hid', 'training-micr']) {
      wait(c, id);
      wait(c, id);
    }
    expect(await call(c, 'devices.test', { id: 'training-pinpad', waitForReadMs: 60_000 })).toMatchObject({ ok: false, error: { code: 'BUSY' } });

    // Every wait listens for reads once its link check is done; a swipe then ends both msr waits.
    await vi.waitFor(() => expect(listening()).toBe(others + TEST_WAITS.total), { timeout: 10_000 });
    await call(c, 'devices.simulateSwipe', { card: 'visa', via: 'msr' });
    const [first, second] = waiting.splice(0, 2);
    expect(await first).toMatchObject({ ok: true, value: { ok: true, read: { kind: 'card' } } });
    expect(await second).toMatchObject({ ok: true, value: { ok: true } });
    wait(c, 'training-msr');
    await vi.waitFor(() => expect(listening()).toBe(others + TEST_WAITS.total - 1), { timeout: 10_000 });
  });
});
