import { PinpadDecoder, encodePinpadFrame } from '../../native/pinpad/frame';
import { MagtekHidDecoder } from '../../native/protocol/magtek-hid';
import { MicrDecoder } from '../../native/protocol/micr-decoder';
import { SwipeDecoder } from '../../native/protocol/swipe-decoder';
import { micrBytes } from '../../native/sim/micr-sim';
import { msrHidReport, msrSerialBytes } from '../../native/sim/msr-sim';
import { SAMPLE_CARDS, SAMPLE_CHECKS } from '../../native/sim/sample-cards';
import { compare, measure, type Comparison } from '../harness';

/** How many frames a plain delimiter scan finds: the least any decoder must do with the same bytes. */
function countDelimiters(bytes: Buffer, delimiter: number): number {
  let n = 0;
  for (let at = bytes.indexOf(delimiter); at >= 0; at = bytes.indexOf(delimiter, at + 1)) n++;
  return n;
}

function expectCount(what: string, got: number, want: number): void {
  if (got !== want) throw new Error(`${what}: decoded ${got}, expected ${want}`);
}

/**
 * Device decoders against a plain Buffer.indexOf scan of the same bytes: throughput of the
 * serial swipe, MICR and PIN pad decoders, and the latency from a swipe's last byte to the
 * validated card object (target under 0.2 ms).
 */
export async function run(): Promise<Comparison[]> {
  const cards = [SAMPLE_CARDS.visa, SAMPLE_CARDS.mastercard, SAMPLE_CARDS.amex, SAMPLE_CARDS.discover];
  const swipes = Buffer.concat(Array.from({ length: 1000 }, (_, i) => msrSerialBytes(cards[i % cards.length] ?? SAMPLE_CARDS.visa, 'cr')));
  const checks = Buffer.concat(Array.from({ length: 1000 }, (_, i) => micrBytes(i % 2 ? SAMPLE_CHECKS.personal : SAMPLE_CHECKS.business, { framing: 'cr' })));
  const frames = Buffer.concat(Array.from({ length: 1000 }, (_, i) => encodePinpadFrame('23', i % 2 ? '0\x1c%B4111111111111111^A/B^3012101?\x1c;4111111111111111=3012101?' : 'Swipe Card')));
  const results: Comparison[] = [];
  const mb = (b: Buffer): string => `${(b.length / 1024).toFixed(0)} KiB per run`;

  const swipeScan = await measure('indexOf CR over 1000 swipes', () => countDelimiters(swipes, 0x0d), { iterations: 200 });
  const swipeDecode = await measure('SwipeDecoder over 1000 swipes → cards', () => expectCount('swipes', new SwipeDecoder().push(swipes).length, 1000), { iterations: 200 });
  results.push(compare('Swipe decoder throughput (serial text, CR framing)', swipeDecode, swipeScan, { note: mb(swipes) }));

  const micrScan = await measure('indexOf CR over 1000 MICR lines', () => countDelimiters(checks, 0x0d), { iterations: 200 });
  const micrDecode = await measure('MicrDecoder over 1000 lines → checks', () => expectCount('checks', new MicrDecoder().push(checks).length, 1000), { iterations: 200 });
  results.push(compare('MICR decoder throughput (auto symbols)', micrDecode, micrScan, { note: mb(checks) }));

  const padScan = await measure('indexOf ETX over 1000 PIN pad frames', () => countDelimiters(frames, 0x03), { iterations: 200 });
  const padDecode = await measure('PinpadDecoder over 1000 frames (LRC checked)', () => expectCount('frames', new PinpadDecoder().push(frames).length, 1000), { iterations: 200 });
  results.push(compare('PIN pad frame decoder throughput', padDecode, padScan, { note: mb(frames) }));

  // Latency: decoders primed with all but the last byte of a swipe; the timed call is that last
  // byte (the terminator) turning into a validated CardRead.
  const one = msrSerialBytes(SAMPLE_CARDS.visa, 'cr');
  const iterations = 20_000;
  const warmup = 2_000;
  const primed = Array.from({ length: iterations + warmup }, () => {
    const d = new SwipeDecoder();
    d.push(one.subarray(0, -1));
    return d;
  });
  const last = one.subarray(-1);
  let i = 0;
  const lastByte = await measure('last byte → CardRead (validated)', () => expectCount('card', primed[i++]?.push(last).length ?? 0, 1), { iterations, warmup });
  const scanOne = await measure('indexOf CR over the same swipe', () => countDelimiters(one, 0x0d), { iterations, warmup });
  results.push(compare('Swipe latency: last byte to parsed card', lastByte, scanOne, { target: '< 0.2 ms absolute', note: `median ${(lastByte.medianMs * 1000).toFixed(1)} µs, p95 ${(lastByte.p95Ms * 1000).toFixed(1)} µs` }));

  const report = msrHidReport(SAMPLE_CARDS.amex);
  const hid = new MagtekHidDecoder();
  const hidDecode = await measure('337-byte HID report → CardRead', () => expectCount('hid', hid.push(report).length, 1), { iterations, warmup });
  const hidScan = await measure('indexOf "?" over the same report', () => report.indexOf(0x3f), { iterations, warmup });
  results.push(compare('HID report latency: report to parsed card', hidDecode, hidScan, { target: '< 0.2 ms absolute', note: `median ${(hidDecode.medianMs * 1000).toFixed(1)} µs` }));
  return results;
}
