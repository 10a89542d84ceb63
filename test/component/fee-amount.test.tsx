import { describe, expect, it } from 'vitest';
import { feeAmount } from '../../renderer/src/components/fee-amount';

describe('a fee amount', () => {
  it('shows the merchant currency and two decimals, rounding half up at the cent without floats', () => {
    expect(feeAmount('12.5', 'USD')).toBe('USD 12.50');
    expect(feeAmount('0.1', 'EUR')).toBe('EUR 0.10');
    expect(feeAmount('3', 'USD')).toBe('USD 3.00');
    expect(feeAmount('0.125', 'USD')).toBe('USD 0.13');
    expect(feeAmount('0.124', 'USD')).toBe('USD 0.12');
    expect(feeAmount('1.005', 'USD')).toBe('USD 1.01');
    expect(feeAmount('99999999999999999.99', 'USD')).toBe('USD 99999999999999999.99');
  });

  it('shows without a code when the currency is unknown, and other text as it came', () => {
    expect(feeAmount('2.5', undefined)).toBe('2.50');
    expect(feeAmount('2.5', 'dollars')).toBe('2.50');
    expect(feeAmount('see contract', 'USD')).toBe('see contract');
  });
});
