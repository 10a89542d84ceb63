import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import type * as SerialLink from '../../../native/transport/serial-link';
import { callCore } from '../../support/call-core';
import { memoryLog } from '../../support/memory-log';
import { tempDir } from '../../support/tmp';

// The serial ports listed by a scan of plugged-in devices, counted (the real listing still runs).
const serialLists = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../native/transport/serial-link', async (importOriginal) => {
  const real = await importOriginal<typeof SerialLink>();
  return {
    ...real,
    listSerialPorts: () => {
      serialLists.count++;
      return real.listSerialPorts();
    },
  };
});

const opened: Core[] = [];
afterEach(async () => {
  for (const core of opened.splice(0)) await core.close();
});

async function open(): Promise<{ core: Core; log: () => string }> {
  const mem = memoryLog();
  const core = await createCore({ logDestination: mem.stream, watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir: tempDir(), version: '1.2.3' }));
  opened.push(core);
  return { core, log: mem.text };
}

/** Lets every pending callback and I/O completion run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

describe('core start with defer (the headless start)', () => {
  it('leaves the training simulators to startDeferred, and a call made meanwhile waits for them', async () => {
    const { core, log } = await open();
    await core.start({ defer: true });
    await settle();
    expect(log()).not.toContain('training simulator listening');

    const order: string[] = [];
    const listed = callCore(core, 'devices.list', {}).then((list) => {
      order.push('answered');
      return list;
    });
    await settle();
    expect(order).toEqual([]);

    order.push('deferred start');
    await core.startDeferred();
    const list = await listed;
    expect(order).toEqual(['deferred start', 'answered']);
    expect(log()).toContain('training simulator listening');
    // Answered as by a fully started core: training's simulated devices are there.
    const full = await open();
    await full.core.start();
    expect(list).toEqual(await callCore(full.core, 'devices.list', {}));
  });

  it('leaves the gateway client (and training simulated gateway) to its first use, so an idle headless lane does not hold it', async () => {
    const { core } = await open();
    await core.start({ defer: true });
    await core.startDeferred();
    await settle();
    expect(core.gateway.simulator()).toBeUndefined();
    // The first gateway use makes it, and is answered as by a fully started core.
    const lease = await core.gateway.lease();
    lease.release();
    expect(core.gateway.simulator()).toBeDefined();
    const full = await open();
    await full.core.start();
    expect(full.core.gateway.simulator()).toBeDefined();
  });

  it('lists the plugged-in devices once it answers, not before (issue 23: listing loads the serial and HID modules)', async () => {
    const { core } = await open();
    serialLists.count = 0;
    await core.start({ defer: true });
    await settle();
    expect(serialLists.count).toBe(0);
    await core.startDeferred();
    await vi.waitFor(() => expect(serialLists.count).toBe(1));
    // Without defer, the first scan comes with the start.
    const full = await open();
    await full.core.start();
    await vi.waitFor(() => expect(serialLists.count).toBe(2));
  });

  it('starts everything at once without defer, and startDeferred then does nothing', async () => {
    const { core, log } = await open();
    await core.start();
    expect(log()).toContain('training simulator listening');
    await core.startDeferred();
    await expect(callCore(core, 'app.status', {})).resolves.toMatchObject({ mode: 'training' });
  });

  it('closes while deferred services were never started', async () => {
    const { core } = await open();
    await core.start({ defer: true });
    opened.splice(opened.indexOf(core), 1);
    await expect(core.close()).resolves.toBeUndefined();
  });
});
