/**
 * A terminal core for benchmarks, as posctl builds one (no background forwarding, no watcher,
 * a silent log), with its key in a file (no keyring is touched), and a card reader's swipe.
 */
import { createCore, type Core } from '../../main/core';
import { createNodePlatform } from '../../main/platform/platform';
import type { CardRead } from '../../native/card/card-read';
import { SwipeDecoder } from '../../native/protocol/swipe-decoder';
import { msrSerialBytes } from '../../native/sim/msr-sim';
import { SAMPLE_CARDS, type SampleCardName } from '../../native/sim/sample-cards';

export async function benchCore(dataDir: string, settings: ReadonlyArray<readonly [string, unknown]> = []): Promise<Core> {
  const core = await createCore(
    { logLevel: 'silent', watchIntervalMs: 0, autoForward: false },
    createNodePlatform({ host: 'headless', dataDir, version: 'bench', keyVault: { unavailable: 'benchmark (key in a file)' } }),
  );
  if (settings.length > 0) core.settings.setMany(settings);
  return core;
}

/** Settings that make the core live against a gateway at `url` (http:// only on this machine). */
export function liveSettings(url: string, extra: ReadonlyArray<readonly [string, unknown]> = []): Array<readonly [string, unknown]> {
  return [['gateway.url', url], ['gateway.gatewayId', 'BENCH-1'], ['gateway.password', 'bench-pw'], ...extra];
}

/**
 * A serial swipe reader (MagTek style, CR framing): the bytes of one swipe of a sample card, and the
 * reader's decoder, which turns them into a validated CardRead as the device layer does.
 */
export class SwipeReader {
  readonly bytes: Buffer;
  private readonly decoder = new SwipeDecoder({ framing: 'cr' });

  constructor(card: SampleCardName = 'visa') {
    this.bytes = msrSerialBytes(SAMPLE_CARDS[card], 'cr');
  }

  /** The bytes of one swipe, through the decoder. */
  swipe(): CardRead {
    const [out] = this.decoder.push(this.bytes);
    if (out?.type !== 'read') throw new Error(`the sample swipe did not decode: ${out?.type === 'error' ? out.error.message : 'nothing'}`);
    return out.value;
  }
}
