import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { purchase, transactionLookup } from '../../../main/gateway/builders';
import { createGatewayClient, type GatewayClient } from '../../../main/gateway/client';
import { createNodePlatform } from '../../../main/platform/platform';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import type { SimStore } from '../../../main/training/gateway/sim-store';
import { openSimStoreFile, TRAINING_GATEWAY_FILE } from '../../../main/training/gateway/sqlite-sim-store';
import { tempDir } from '../../support/tmp';
import { NS } from '../../unit/gateway/fixtures';

/** Each training fault, set as another process would (its own handle on the file), seen by the real client over HTTP. */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const log = pino({ level: 'silent' });
const sale = (ref: string) => ({ Transaction_Type: '00', DollarAmount: '10.00', Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'J D', Reference_No: ref }) as const;

interface Rig {
  sim: GatewaySimulator;
  /** A second handle on the simulator's file: what posctl or the app opens in its own process. */
  other: SimStore;
  client: GatewayClient;
  /** What GatewayService does before each request: read the fault, then send. */
  send: (ref: string) => ReturnType<GatewayClient['sendAndCommit']>;
}

async function rig(timeoutMs = 600): Promise<Rig> {
  const file = join(tempDir(), TRAINING_GATEWAY_FILE);
  const sim = await startGatewaySimulator({ namespace: NS, credentials: { gatewayId: 'GW1', password: 'pw' }, store: openSimStoreFile(file, { log, now: () => new Date() }) });
  const other = openSimStoreFile(file, { log, now: () => new Date() });
  const client = await createGatewayClient({ url: sim.url, namespace: NS, gatewayId: 'GW1', password: 'pw', connectTimeoutMs: 1000, timeoutMs });
  cleanups.push(() => sim.close(), () => other.close(), () => client.close());
  const send = async (ref: string) => {
    await sim.syncFaults();
    return client.sendAndCommit(sale(ref));
  };
  return { sim, other, client, send };
}

describe('training faults through the real client', () => {
  it('unreachable: the connection is refused, nothing is sent or processed; cleared, the same address answers again', async () => {
    const { sim, other, send } = await rig();
    other.setFault({ kind: 'unreachable', count: 2 });
    expect(await send('U-1')).toMatchObject({ kind: 'not-sent', reason: 'connect-failed', retry: 'safe' });
    expect(await send('U-2')).toMatchObject({ kind: 'not-sent' });
    expect(await send('U-3')).toMatchObject({ kind: 'approved' });
    other.setFault({ kind: 'unreachable' });
    expect(await send('U-4')).toMatchObject({ kind: 'not-sent' });
    expect(await send('U-5')).toMatchObject({ kind: 'not-sent' });
    other.setFault({ kind: 'none' });
    expect(await send('U-6')).toMatchObject({ kind: 'approved' });
    expect([...sim.referenceCounts().keys()]).toEqual(['U-3', 'U-6']);
  });

  it('slow: processed, answered after the client gave up (unknown, timeout), with or without a delay given', async () => {
    const { sim, other, send } = await rig(400);
    other.setFault({ kind: 'slow', count: 1, delayMs: 1_500 });
    expect(await send('S-1')).toMatchObject({ kind: 'unknown', reason: 'timeout', retry: 'lookup-first' });
    other.setFault({ kind: 'slow', count: 1 });
    expect(await send('S-2')).toMatchObject({ kind: 'unknown', reason: 'timeout' });
    expect(await send('S-3')).toMatchObject({ kind: 'approved' });
    expect(sim.referenceCounts()).toEqual(new Map([['S-1', 1], ['S-2', 1], ['S-3', 1]]));
  });

  it('http-500: answered before processing; a count of 2 applies to the next two requests only', async () => {
    const { sim, other, send } = await rig();
    expect(other.setFault({ kind: 'http-500', count: 2 })).toEqual({ kind: 'http-500', remaining: 2 });
    expect(await send('H-1')).toMatchObject({ kind: 'http-error', status: 500, retry: 'lookup-first' });
    expect(other.fault()).toEqual({ kind: 'http-500', remaining: 1 });
    expect(await send('H-2')).toMatchObject({ kind: 'http-error', status: 500 });
    expect(await send('H-3')).toMatchObject({ kind: 'approved' });
    expect(sim.referenceCounts()).toEqual(new Map([['H-3', 1]]));
  });

  it('drop-after: processed and stored, then no answer (unknown); the lookup finds it', async () => {
    const { sim, other, send, client } = await rig();
    other.setFault({ kind: 'drop-after', count: 1 });
    expect(await send('D-1')).toMatchObject({ kind: 'unknown', reason: 'connection-lost', retry: 'lookup-first' });
    const stored = sim.stored().at(-1);
    expect(stored?.result.Reference_No).toBe('D-1');
    expect(await client.transactionInfo({ Transaction_Type: 'CR', Transaction_Tag: stored?.tag ?? '' })).toMatchObject({ kind: 'approved', result: { Reference_No: 'D-1' } });
  });
});

describe('training faults in the core', () => {
  async function startCore(dataDir: string): Promise<Core> {
    const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
    cleanups.push(() => core.close());
    await core.start();
    return core;
  }
  const card = { entry: 'keyed', pan: '4242424242424242', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe' } as const;
  const sell = (core: Core) => {
    const call = purchase(card, 1_000, core.gateway.builderContext());
    return core.gateway.send(call.operation, call.request as never);
  };

  it('gateway.trainingFault sets a fault the next payments meet; one set in the file by another process is obeyed too', async () => {
    const dataDir = tempDir();
    const core = await startCore(dataDir);
    expect(await core.dispatch('gateway.trainingFault', { kind: 'http-500', count: 1 }, { transport: 'test' })).toEqual({ ok: true, value: { kind: 'http-500', remaining: 1 } });
    expect(await sell(core)).toMatchObject({ kind: 'http-error', status: 500 });
    expect(await sell(core)).toMatchObject({ kind: 'approved' });
    const posctl = openSimStoreFile(join(dataDir, TRAINING_GATEWAY_FILE), { log, now: () => new Date() });
    cleanups.push(() => posctl.close());
    posctl.setFault({ kind: 'unreachable', count: 1 });
    expect(await sell(core)).toMatchObject({ kind: 'not-sent' });
    expect(await sell(core)).toMatchObject({ kind: 'approved' });
    const bad = await core.dispatch('gateway.trainingFault', { kind: 'http-500', delayMs: 5 }, { transport: 'test' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', issues: [{ path: 'delayMs' }] } });
  });

  it('keeps the training history across a restart of the core', async () => {
    const dataDir = tempDir();
    const first = await startCore(dataDir);
    const sold = await sell(first);
    if (sold.kind !== 'approved') throw new Error(`expected an approval, got ${sold.kind}`);
    await first.close();
    const second = await startCore(dataDir);
    const call = transactionLookup({ transactionTag: sold.result.Transaction_Tag ?? '' }, second.gateway.builderContext());
    expect(await second.gateway.send(call.operation, call.request as never)).toMatchObject({ kind: 'approved', result: { Transaction_Tag: sold.result.Transaction_Tag } });
  });

  it('is FORBIDDEN when the terminal is live', async () => {
    const core = await startCore(tempDir());
    core.settings.setMany([['gateway.url', 'http://127.0.0.1:9/transaction/v14'], ['gateway.gatewayId', 'LIVE-1'], ['gateway.password', 'live-pw']]);
    expect(core.mode()).toBe('live');
    expect(await core.dispatch('gateway.trainingFault', { kind: 'none' }, { transport: 'test' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
