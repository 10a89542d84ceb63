import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../main/core';
import { purchase } from '../../../main/gateway/builders';
import { createNodePlatform } from '../../../main/platform/platform';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

/** posctl gateway training-fault, run as a technician would (the built bin), obeyed by a core in another process. */
beforeAll(() => requireBuild());

const cores: Core[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
});

async function startCore(dataDir: string): Promise<Core> {
  const core = await createCore({ logLevel: 'silent', watchIntervalMs: 0 }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
  cores.push(core);
  await core.start();
  return core;
}

const card = { entry: 'keyed', pan: '4242424242424242', expiryMonth: 12, expiryYear: 2039, cardholderName: 'Jane Roe' } as const;
function sell(core: Core) {
  const call = purchase(card, 1_000, core.gateway.builderContext());
  return core.gateway.send(call.operation, call.request as never);
}

describe('posctl gateway training-fault', () => {
  it('sets a fault in the training file that a running core obeys, and says what is set', async () => {
    const dir = tempDir();
    const set = await posctl(dir, ['gateway', 'training-fault', 'http-500', '--count', '1']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/for the next 1 request: HTTP 500/);
    const core = await startCore(dir);
    expect(await sell(core)).toMatchObject({ kind: 'http-error', status: 500 });
    expect(await sell(core)).toMatchObject({ kind: 'approved' });

    // The core's simulator is listening: posctl, in its own process, makes it unreachable for one payment.
    const json = await posctl(dir, ['gateway', 'training-fault', 'unreachable', '--count', '1', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ kind: 'unreachable', remaining: 1 });
    expect(await sell(core)).toMatchObject({ kind: 'not-sent', retry: 'safe' });
    expect(await sell(core)).toMatchObject({ kind: 'approved' });

    const dropped = await posctl(dir, ['gateway', 'training-fault', 'drop-after']);
    expect(dropped.stdout).toMatch(/until cleared.*drop-after/);
    expect(await sell(core)).toMatchObject({ kind: 'unknown', reason: 'connection-lost' });
    expect(await sell(core)).toMatchObject({ kind: 'unknown' });
    const slow = await posctl(dir, ['gateway', 'training-fault', 'slow', '--delay-ms', '45000', '--json']);
    expect(JSON.parse(slow.stdout)).toEqual({ kind: 'slow', remaining: null, delayMs: 45000 });
    const cleared = await posctl(dir, ['gateway', 'training-fault', 'none']);
    expect(cleared.stdout).toMatch(/no fault set/);
    expect(await sell(core)).toMatchObject({ kind: 'approved' });
  });

  it('refuses when the terminal is live, and refuses unknown kinds and bad options (exit 2)', async () => {
    const dir = tempDir();
    for (const args of [['flaky'], ['http-500', '--count', '0'], ['http-500', '--count', '1001'], ['http-500', '--delay-ms', '10'], ['none', '--count', '2']]) {
      const r = await posctl(dir, ['gateway', 'training-fault', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect((await posctl(dir, ['gateway', 'training-fault', 'flaky'])).stderr).toMatch(/unknown training fault "flaky"; use one of none, unreachable, slow, http-500, drop-after/);
    await posctl(dir, ['config', 'set', 'gateway.url', 'http://127.0.0.1:9/transaction/v14']);
    await posctl(dir, ['config', 'set', 'gateway.gatewayId', 'LIVE-1']);
    await posctl(dir, ['config', 'set', 'gateway.password'], { input: 'live-pw\n' });
    const live = await posctl(dir, ['gateway', 'training-fault', 'unreachable']);
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/only in training mode/);
  });
});
