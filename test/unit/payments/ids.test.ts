import { describe, expect, it } from 'vitest';
import { newSaleId } from '../../../main/cli/commands/payments';
import { redactStrings } from '../../../main/log/redact';
import { newClientRef } from '../../../main/payments/client-ref';
import { idLetters } from '../../../preload/contract';

/**
 * Ids the terminal makes go out through the card-number scrub (events, replies, posctl's JSON):
 * one that reads as a card number comes back masked and no longer names its sale.
 */
describe('ids never read as a card number', () => {
  it('spells random bytes in the letters a to p', () => {
    expect(idLetters(Uint8Array.from([0x00, 0xff, 0x4f, 0x10]))).toBe('aappepba');
    expect(idLetters(new Uint8Array(0))).toBe('');
  });

  it('the scrub masks a hex-style id with a card-like digit run (why ids carry no random digits)', () => {
    expect(redactStrings('posctl-4111111111111111abcdef')).not.toBe('posctl-4111111111111111abcdef');
  });

  it('posctl sale ids and payment references come back from the scrub as they were, 5000 of each', () => {
    const now = new Date('2031-07-04T12:00:00.000Z');
    for (let i = 0; i < 5000; i++) {
      const saleId = newSaleId();
      expect(saleId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(redactStrings(saleId)).toBe(saleId);
      const ref = newClientRef(i % 2 ? 'live' : 'training', now);
      expect(ref).toHaveLength(19);
      expect(redactStrings(ref)).toBe(ref);
      expect(/\d{9}/.test(saleId + ref)).toBe(false);
    }
  });
});
