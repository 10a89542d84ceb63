import { describe, expect, it } from 'vitest';
import { DOLLARS_HINT, formatDollars, listSetting, moneySetting, parseDollars } from '../../../main/config/setting';

const money = moneySetting({ default: 100_00, min: 1, max: 100_000_00, description: 'test' });

/** What a provisioning value or command-line text becomes after the schema: cents, or the refusal. */
function check(value: unknown, from: 'text' | 'file'): number | string {
  const input = from === 'text' ? money.fromText(value as string) : money.fromFile?.(value);
  const parsed = money.schema.safeParse(input);
  return parsed.success ? parsed.data : parsed.error.issues.map((i) => i.message).join('; ');
}

describe('parseDollars', () => {
  it.each([
    ['50', 5000],
    ['50.00', 5000],
    ['50.5', 5050],
    ['$50.00', 5000],
    ['  12.34 ', 1234],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['0.07', 7],
    ['0', 0],
    ['007.10', 710],
    ['100000.00', 10_000_000],
    ['90071992547409.91', 9_007_199_254_740_991],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', '.', '50.', '.50', '50.125', '-5', '-5.00', '+5', '5e2', '1e3', '1,000.00', '1,50', '$ 50', '50$', 'USD 50', '0x10', 'fifty', '5 0', '$', 'Infinity', 'NaN', '90071992547409.92'])(
    'refuses %j',
    (text) => {
      expect(parseDollars(text)).toBeUndefined();
    },
  );
});

describe('formatDollars', () => {
  it('prints cents as dollars text that parseDollars reads back', () => {
    for (const cents of [0, 1, 29, 115, 435, 5000, 5050, 100_000, 10_000_000]) {
      expect(parseDollars(formatDollars(cents))).toBe(cents);
    }
    expect(formatDollars(5000)).toBe('50.00');
    expect(formatDollars(7)).toBe('0.07');
    expect(formatDollars(100_000_00)).toBe('100000.00');
    expect(formatDollars(-1234)).toBe('-12.34');
  });
});

describe('moneySetting', () => {
  it('takes command-line dollars and refuses other text with the dollars-and-cents hint', () => {
    expect(check('50.00', 'text')).toBe(5000);
    expect(check('$1.15', 'text')).toBe(115);
    expect(check('100000.00', 'text')).toBe(10_000_000);
    expect(check('100000.01', 'text')).toBe('must be at most 100000.00');
    expect(check('0.00', 'text')).toBe('must be at least 0.01');
    for (const bad of ['50.001', '-5', '5e2', '1,000.00']) {
      expect(check(bad, 'text')).toBe(DOLLARS_HINT);
    }
    expect(DOLLARS_HINT).toMatch(/dollars and cents, e\.g\. 50\.00/);
  });

  it('reads provisioning numbers and strings as dollars without floating error', () => {
    expect(check(50, 'file')).toBe(5000);
    expect(check(50.5, 'file')).toBe(5050);
    expect(check(0.29, 'file')).toBe(29);
    expect(check(1.15, 'file')).toBe(115);
    expect(check(4.35, 'file')).toBe(435);
    expect(check(100000, 'file')).toBe(10_000_000);
    expect(check(1e5, 'file')).toBe(10_000_000);
    expect(check('50.00', 'file')).toBe(5000);
    expect(check('$4.35', 'file')).toBe(435);
    expect(check(100000.01, 'file')).toBe('must be at most 100000.00');
    for (const bad of [50.125, -5, 1e21, 1e-7, '50.125', true, null, [50], { dollars: 50 }]) {
      expect(check(bad, 'file'), JSON.stringify(bad)).toBe(DOLLARS_HINT);
    }
  });

  it('keeps stored values in whole cents and marks its unit', () => {
    expect(money.unit).toBe('cents');
    expect(money.schema.safeParse(5000).success).toBe(true);
    expect(money.schema.safeParse(50.5).error?.issues[0]?.message).toBe('must be whole cents');
  });
});

describe('listSetting', () => {
  const list = listSetting(['sale', 'preauth', 'refund'], { default: ['sale'], description: 'test' });
  const parse = (text: string): unknown => {
    const r = list.schema.safeParse(list.fromText(text));
    return r.success ? r.data : r.error.issues.map((i) => i.message).join('; ');
  };

  it('takes a comma list or a JSON list on the command line', () => {
    expect(parse('sale,preauth')).toEqual(['sale', 'preauth']);
    expect(parse(' sale , refund ')).toEqual(['sale', 'refund']);
    expect(parse('["preauth"]')).toEqual(['preauth']);
    expect(parse('')).toEqual([]);
    expect(parse('[]')).toEqual([]);
  });

  it('refuses unknown and repeated values, naming the allowed ones', () => {
    expect(parse('sale,void')).toMatch(/one of sale, preauth, refund/);
    expect(parse('sale,sale')).toMatch(/at most once/);
    expect(parse('["sale"')).toMatch(/expected array/);
  });
});
