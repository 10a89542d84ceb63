import { describe, expect, it } from 'vitest';
import { MICR_SYMBOL_NAMES } from '../../../native/check/micr-symbols';
import { FRAMINGS } from '../../../native/protocol/framing';
import { MicrDecoder } from '../../../native/protocol/micr-decoder';
import { micrBytes } from '../../../native/sim/micr-sim';
import { SAMPLE_CHECKS } from '../../../native/sim/sample-cards';
import { errors, feedBytewise, reads } from './support';

describe('MICR reader stream', () => {
  it('decodes each framing and symbol spelling, byte by byte', () => {
    for (const framing of FRAMINGS) {
      for (const symbols of MICR_SYMBOL_NAMES) {
        const bytes = Buffer.concat([micrBytes(SAMPLE_CHECKS.personal, { framing, symbols }), micrBytes(SAMPLE_CHECKS.business, { framing, symbols })]);
        const events = feedBytewise(new MicrDecoder({ framing, symbols }), bytes);
        expect(reads(events).map((c) => c.checkNumber), `${framing} ${symbols}`).toEqual(['1001', '5678']);
      }
    }
  });
  it('types errors and carries on', () => {
    const d = new MicrDecoder({ framing: 'stx-etx-lrc' });
    const bad = micrBytes(SAMPLE_CHECKS.personal, { framing: 'stx-etx-lrc' });
    bad[bad.length - 1] = 0;
    const events = d.push(Buffer.concat([Buffer.from('noise'), bad, micrBytes(SAMPLE_CHECKS.unreadable, { framing: 'stx-etx-lrc' }), micrBytes(SAMPLE_CHECKS.canadian, { framing: 'stx-etx-lrc' })]));
    expect(errors(events)).toEqual(['NOISE', 'BAD_LRC', 'UNREADABLE']);
    expect(reads(events).map((c) => c.country)).toEqual(['CA']);
  });
});
