import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../preload/format';

describe('formatCents', () => {
  it('writes integer cents as dollars, with the chosen minus sign', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(32599)).toBe('$325.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('−$0.05');
    expect(formatCents(-5, '-')).toBe('-$0.05');
    expect(formatCents(null)).toBe('—');
    expect(formatCents(undefined)).toBe('—');
  });

  it('never loses a cent (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (c) => Number(formatCents(c).replace(/[$,.]/g, '')) === c));
  });
});
