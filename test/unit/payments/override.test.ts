import { describe, expect, it } from 'vitest';
import { overrideReason } from '../../../main/payments/override';

describe('what needs the manager at the moment it happens', () => {
  it('refunds, voids and keyed cards always; other payments only above the store limit', () => {
    expect(overrideReason({ type: 'refund', amountCents: 1 }, 0)).toBe('a refund');
    expect(overrideReason({ type: 'void', amountCents: 0 }, 0)).toBe('a void');
    expect(overrideReason({ type: 'sale', amountCents: 1_00, keyed: true }, 0)).toBe('a card typed in');
    expect(overrideReason({ type: 'sale', amountCents: 1_000_000_00 }, 0)).toBeNull();
    expect(overrideReason({ type: 'sale', amountCents: 500_00 }, 500_00)).toBeNull();
    expect(overrideReason({ type: 'sale', amountCents: 500_01 }, 500_00)).toBe('a payment above $500.00');
    expect(overrideReason({ type: 'preauth', amountCents: 999_99 }, 500_00)).toBe('a payment above $500.00');
    expect(overrideReason({ type: 'verify', amountCents: 0 }, 500_00)).toBeNull();
  });
});
