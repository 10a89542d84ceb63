import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSensitiveKey, redactText, redactValue } from '../../../main/log/redact';

describe('redactText', () => {
  it.each([
    ['card 4111111111111111 approved', 'card [PAN …1111] approved'],
    ['grouped 4111 1111 1111 1111 end', 'grouped [PAN …1111] end'],
    ['dashed 5500-0000-0000-0004.', 'dashed [PAN …0004].'],
    ['amex 378282246310005', 'amex [PAN …0005]'],
  ])('masks PAN-like digit runs: %s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('leaves short numbers (amounts, tags, codes) alone', () => {
    expect(redactText('tag 106625152 amount 12.34 code 605 seq 000123')).toBe('tag 106625152 amount 12.34 code 605 seq 000123');
  });

  it('removes track 1 and track 2 data, with or without sentinels', () => {
    const swipe = '%B4003000123456781^TEST/CARD^25121010000000000000?;4003000123456781=25121010000000000000?';
    const out = redactText(`swipe ${swipe} read`);
    expect(out).not.toMatch(/4003000123456781|2512101|TEST\/CARD/);
    expect(out).toContain('[TRACK1]');
    expect(out).toContain('[TRACK2]');
    expect(redactText('t2 5350290149345177=16042010000000000000')).toBe('t2 [TRACK2]');
    expect(redactText('emv 4761739001010010D22122011143804400000')).not.toContain('4761739001010010');
  });

  it('removes MICR lines written with E-13B symbols', () => {
    const out = redactText('check ⑆011000015⑆ 123456789⑈ 1001 read');
    expect(out).not.toMatch(/011000015|123456789/);
    expect(out).toContain('[MICR]');
  });

  it('removes credentials written as key=value and Authorization headers', () => {
    expect(redactText('login password=hunter2 ok')).toBe('login password=[REDACTED] ok');
    expect(redactText('apiSecret: "abc def"')).toBe('apiSecret: [REDACTED]');
    expect(redactText('Authorization: GGE4_API 1234:abcdEFG=')).toBe('Authorization: [REDACTED]');
  });

  it('removes sensitive fields of gateway XML', () => {
    const xml = '<Password>secret</Password><Card_Number>4111111111111111</Card_Number><Track2>;4111=25?</Track2><DollarAmount>1.00</DollarAmount>';
    expect(redactText(xml)).toBe(
      '<Password>[REDACTED]</Password><Card_Number>[REDACTED]</Card_Number><Track2>[REDACTED]</Track2><DollarAmount>1.00</DollarAmount>',
    );
  });

  it('never lets a Luhn-shaped PAN through, whatever surrounds it (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/\d$/.test(s)),
        fc.stringMatching(/^[3-6]\d{12,18}$/),
        fc.string({ maxLength: 40 }).filter((s) => !/^\d/.test(s)),
        (before, pan, after) => {
          expect(redactText(`${before}${pan}${after}`)).not.toContain(pan);
        },
      ),
    );
  });
});

describe('redactValue', () => {
  it('masks sensitive keys at any depth, whatever their spelling', () => {
    const out = redactValue({
      request: { Card_Number: '4111111111111111', CVDCode: '123', DollarAmount: '1.00', nested: [{ track2: 'x' }] },
      gatewayPassword: 'p',
      apiSecret: 's',
      hmacKey: 'k',
      setting: 'gateway.url',
    });
    expect(out).toEqual({
      request: { Card_Number: '[REDACTED]', CVDCode: '[REDACTED]', DollarAmount: '1.00', nested: [{ track2: '[REDACTED]' }] },
      gatewayPassword: '[REDACTED]',
      apiSecret: '[REDACTED]',
      hmacKey: '[REDACTED]',
      setting: 'gateway.url',
    });
  });

  it('flattens errors and scrubs their message and stack', () => {
    const e = new Error('card 4111111111111111 refused', { cause: new Error('password=x') });
    const out = redactValue(e) as { type: string; message: string; stack: string; cause: { message: string } };
    expect(out.type).toBe('Error');
    expect(out.message).toBe('card [PAN …1111] refused');
    expect(out.stack).not.toContain('4111111111111111');
    expect(out.cause.message).toBe('password=[REDACTED]');
  });

  it('summarises buffers and survives cycles', () => {
    const a: Record<string, unknown> = { data: Buffer.from('%B4111111111111111^X^25?') };
    a.self = a;
    expect(redactValue(a)).toEqual({ data: '[24 bytes]', self: '[Circular]' });
  });

  it('knows which keys are sensitive', () => {
    for (const k of ['password', 'Password', 'card_number', 'PAN', 'track1', 'cvd', 'BankAccountNumber', 'apiSecret', 'managerPin', 'privateKey']) {
      expect(isSensitiveKey(k), k).toBe(true);
    }
    for (const k of ['key', 'setting', 'amountCents', 'hmacKeyId', 'mode', 'masked']) expect(isSensitiveKey(k), k).toBe(false);
  });
});
