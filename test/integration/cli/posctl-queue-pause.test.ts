import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSwipe } from '../../../native/card/card-read';
import { SAMPLE_CARDS, swipeText } from '../../../native/sim/sample-cards';
import { createCore, type Core } from '../../../main/core';
import { createNodePlatform } from '../../../main/platform/platform';
import { memoryLog } from '../../support/memory-log';
import { posctl, requireBuild } from '../../support/processes';
import { tempDir } from '../../support/tmp';

beforeAll(() => requireBuild());

let app: Core | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The app's core (holding the data directory, as the desktop app does), not started: its rounds are run by the test. */
async function appCore(dataDir: string): Promise<Core> {
  return createCore({ watchIntervalMs: 0, exclusive: true, logDestination: memoryLog().stream }, createNodePlatform({ host: 'headless', dataDir, version: 'test' }));
}

describe('posctl queue pause and resume', { timeout: 60_000 }, () => {
  it("stops the running app's forwarder too, and lets it send again once resumed", async () => {
    const dir = tempDir();
    const core = (app = await appCore(dir));
    core.settings.set('offline.enabled', true);
    await core.gateway.setTrainingFault({ kind: 'unreachable' });
    const card = parseSwipe(swipeText(SAMPLE_CARDS.visa));
    if (!card.ok) throw new Error('the sample card does not parse');
    const stored = await core.payments.payments.runSale({ saleId: 'pause-test-sale-1', type: 'sale', amountCents: 2000 }, { card: { kind: 'read', card: card.value } });
    expect(stored.state).toBe('offline');
    await core.gateway.setTrainingFault({ kind: 'none' });

    expect((await posctl(dir, ['queue', 'pause', '--by', 'Sam'])).code).toBe(0);
    const held = await core.payments.payments.forwardRound();
    expect(held).toMatchObject({ attempted: 0, remaining: 1, stoppedBecause: 'forwarding is paused' });

    expect((await posctl(dir, ['queue', 'resume', '--by', 'Sam'])).code).toBe(0);
    const sent = await core.payments.payments.forwardRound();
    expect(sent).toMatchObject({ attempted: 1, approved: 1, remaining: 0, stoppedBecause: null });
  });
});
