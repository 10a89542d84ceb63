import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { abaCheckDigit, abaValid } from '../../../native/check/aba';
import { parseMicr } from '../../../native/check/micr';
import { MICR_SYMBOL_NAMES } from '../../../native/check/micr-symbols';
import { micrLine } from '../../../native/sim/micr-sim';
import { SAMPLE_CHECKS } from '../../../native/sim/sample-cards';

const check = (line: string, symbols?: Parameters<typeof parseMicr>[1]) => {
  const r = parseMicr(line, symbols);
  if (!r.ok) throw new Error(`expected a check, got ${r.error.code}: ${r.error.message}`);
  return r.value;
};
const refusal = (line: string, symbols?: Parameters<typeof parseMicr>[1]) => {
  const r = parseMicr(line, symbols);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
};

describe('ABA routing checksum (reference examples)', () => {
  it.each(['011000015', '111000038', '231381116', '121181976', '123456780', '021000021'])('%s is valid', (r) => expect(abaValid(r)).toBe(true));
  it.each(['123456789', '12345678', '0110000151', '01100001a', ''])('%s is not', (r) => expect(abaValid(r)).toBe(false));
  it('computes the check digit', () => expect(abaCheckDigit('12345678')).toBe('0'));
});

describe('MICR lines', () => {
  it('parses a personal check in every symbol spelling, with and without the /NN status', () => {
    for (const symbols of MICR_SYMBOL_NAMES) {
      for (const withStatus of [true, false]) {
        const line = micrLine(SAMPLE_CHECKS.personal, symbols, withStatus);
        for (const choice of ['auto', symbols] as const) {
          const c = check(line, { symbols: choice });
          expect(c.masked()).toMatchObject({ routing: '011000015', country: 'US', accountLast4: '6789', checkNumber: '1001', business: false });
          expect(c.account.reveal()).toBe('123456789');
        }
      }
    }
  });
  it('takes the check number from the auxiliary on-us field of a business check, and the amount', () => {
    const c = check(micrLine(SAMPLE_CHECKS.business, 'unicode'));
    expect(c.masked()).toMatchObject({ routing: '121181976', business: true, checkNumber: '5678', amountCents: 12345, readerStatus: '10', accountLast4: '3210' });
  });
  it('finds an account written between two on-us symbols', () => {
    expect(check('T011000015T U123456789U 1001').masked()).toMatchObject({ accountLast4: '6789', checkNumber: '1001' });
  });
  it('accepts a Canadian transit without checksum and flags it', () => {
    const c = check('⑆12345⑉001⑆ 1234567⑈ 042');
    expect(c.country).toBe('CA');
    expect(c.canadian).toEqual({ branch: '12345', institution: '001' });
    expect(c.routing).toBe('000112345');
    expect(c.warnings).toContain('CANADIAN_TRANSIT_NO_CHECKSUM');
  });
  it('reports unreadable characters per field', () => {
    expect(refusal('T0110?0015T 123456789U 1001')).toMatchObject({ code: 'UNREADABLE', unreadable: { routing: [4] } });
    expect(refusal('T011000015T 12?45?789U 1001')).toMatchObject({ code: 'UNREADABLE', unreadable: { account: [2, 5] } });
    const tolerated = check('T011000015T 123456789U 10?1');
    expect(tolerated.checkNumber).toBeUndefined();
    expect(tolerated.unreadable).toEqual({ checkNumber: [2] });
    expect(tolerated.warnings).toContain('CHECK_NUMBER_UNREADABLE');
    expect(refusal('T0110!0015T 123456789O 1001', { symbols: 'toad' })).toMatchObject({ code: 'UNREADABLE', unreadable: { routing: [4] } });
  });
  it('refuses what is not a usable check line', () => {
    expect(refusal('/01').code).toBe('NO_MICR');
    expect(refusal('').code).toBe('NO_MICR');
    expect(refusal('T123456789T 123456789U 1001').code).toBe('BAD_ROUTING');
    expect(refusal('T12345678T 123456789U 1001').code).toBe('BAD_ROUTING');
    expect(refusal('123456789U 1001').code).toBe('NO_TRANSIT');
    expect(refusal('T011000015T U').code).toBe('NO_ACCOUNT');
    expect(refusal('T011000015T').code).toBe('NO_ACCOUNT');
    expect(refusal('T011000015T 12345xyz U').code).toBe('BAD_SYMBOL');
    expect(refusal('⑆011000015⑆ 123456789⑈', { symbols: 'magtek0000' }).code).toBe('BAD_SYMBOL');
  });
  it('never prints the account number', () => {
    const c = check('T011000015T 987654321012U 1001');
    const printed = [JSON.stringify(c), String(c), inspect(c), inspect({ c }, { depth: 9 })].join('\n');
    expect(printed).not.toContain('987654321012');
    expect(printed).toContain('1012');
    expect(c.line.reveal()).toContain('987654321012');
  });
  it('keeps the reader status and warns about problem statuses', () => {
    expect(check('T011000015T 123456789U 1001/03').warnings).toContain('READER_STATUS_03');
    expect(check('T011000015T 123456789U 1001/00').readerStatus).toBe('00');
  });
});
