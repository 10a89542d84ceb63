import net from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewaySettingsOf } from '../../../main/config/gateway-settings';
import { GatewayService } from '../../../main/gateway/service';
import type { GatewayTraining } from '../../../main/gateway/training-port';
import { gatewayTraining } from '../../../main/training/gateway/provider';
import type { GatewaySimulator } from '../../../main/training/gateway/server';
import { memorySettings } from '../../support/memory-settings';

/** Whether something listens at a URL's port on this machine. */
function listening(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(url).port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('a training gateway client that cannot be made', () => {
  it('leaves no simulator listening (the process could not exit, and each retry started one more)', async () => {
    const { db, store } = memorySettings();
    cleanup.push(() => db.close());
    store.set('gateway.caFile', '/nonexistent/counter-pos-ca.pem');
    const log = pino({ level: 'silent' });
    const real = gatewayTraining({ log, now: () => new Date() });
    const started: GatewaySimulator[] = [];
    const training: GatewayTraining<GatewaySimulator> = {
      ...real,
      start: async (o) => {
        const sim = await real.start(o);
        started.push(sim);
        cleanup.push(() => sim.close());
        return sim;
      },
    };
    const service = new GatewayService({ settings: gatewaySettingsOf(store), log, mode: () => 'training', canUnseal: () => true, now: () => new Date(), onStateChange: () => undefined, training });
    cleanup.push(() => service.stop());
    await expect(service.client()).rejects.toThrow(/gateway\.caFile/);
    await expect(service.client()).rejects.toThrow(/gateway\.caFile/);
    expect(started).toHaveLength(2);
    for (const sim of started) expect(await listening(sim.url)).toBe(false);

    // Once the file is readable again, the client is made on a simulator that stays.
    store.unset('gateway.caFile');
    await service.client();
    expect(started).toHaveLength(3);
    expect(await listening(started[2]!.url)).toBe(true);
  });
});
