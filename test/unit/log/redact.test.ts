import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../../native/card/luhn';
import { isSensitiveKey, redactStrings, redactText, redactValue } from '../../../main/log/redact';

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

  it('removes MICR lines in the ASCII spellings readers use, and leaves ordinary text alone', () => {
    for (const [line, hidden] of [
      ['T011000015T 123456789U 1001', '123456789'],
      ['U005678U T121181975T 9876543210U A0000012345A', '9876543210'],
      ['T12345D001T 1234567U 042', '1234567'],
      ['T0110?0015T 123456789U 1002', '123456789'],
      ['t011000015t 123456789o 1001', '123456789'],
      ['d011000015d 123456789c 1001', '123456789'],
      ['T011000015T 123456789O 1001', '123456789'],
    ] as const) {
      const out = redactText(`check ${line} read`);
      expect(out, line).toBe('check [MICR] read');
      expect(out).not.toContain(hidden);
    }
    expect(redactText('at 2026-11-24T20:03:59.840Z the lane started, id d1234f')).toBe('at 2026-11-24T20:03:59.840Z the lane started, id d1234f');
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

describe('redactText, beyond spaces and dashes', () => {
  it.each([
    ['dotted 4111.1111.1111.1111 ok', 'dotted [PAN …1111] ok'],
    ['slashed 5500/0000/0000/0004', 'slashed [PAN …0004]'],
    ['mixed 4111 1111.1111-1111', 'mixed [PAN …1111]'],
  ])('masks PANs grouped with dots or slashes: %s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
    expect(redactText(input, 'data')).toBe(expected);
  });

  it('keeps an IPv4 address readable', () => {
    expect(redactText('gateway at 192.168.100.200:8443')).toBe('gateway at 192.168.100.200:8443');
  });

  it('removes credentials written inside a URL', () => {
    expect(redactText('proxy http://bob:s3cr3t@proxy.lan:3128/ down')).toBe('proxy http://[REDACTED]@proxy.lan:3128/ down');
    expect(redactText('https://id:pw@gw.example/transaction/v14')).toBe('https://[REDACTED]@gw.example/transaction/v14');
    expect(redactText('https://gw.example/transaction/v14')).toBe('https://gw.example/transaction/v14');
  });

  it('removes a CVV written as key: value', () => {
    expect(redactText('CVV2: 123 approved')).toBe('CVV2: [REDACTED] approved');
    expect(redactText('cvc=987', 'data')).toBe('cvc=[REDACTED]');
  });
});

describe('redactText in data mode (what screens and scripts read)', () => {
  it('masks a card number but keeps a merchant account number and references whole', () => {
    expect(redactText('MID 444500700025 card 4111111111111111 ref 1234567890123', 'data')).toBe('MID 444500700025 card [PAN …1111] ref 1234567890123');
    // The log hides all three.
    expect(redactText('MID 444500700025 card 4111111111111111 ref 1234567890123')).toBe('MID [PAN …0025] card [PAN …1111] ref [PAN …0123]');
  });

  it('never lets a card number through, whatever surrounds it (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).filter((s) => !/[\d ./-]$/.test(s)),
        fc.stringMatching(/^[2-6]\d{11,17}$/).map((partial) => partial + luhnCheckDigit(partial)),
        fc.constantFrom('', ' ', '.', '/', '-'),
        fc.string({ maxLength: 30 }).filter((s) => !/^[\d ./-]/.test(s)),
        (before, pan, sep, after) => {
          const grouped = pan.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
          const out = redactText(`${before}${grouped}${after}`, 'data');
          expect(out).not.toContain(grouped);
          expect(out.replace(/\D/g, '')).not.toContain(pan);
        },
      ),
    );
  });
});

describe('redactStrings', () => {
  it('scrubs every string of a reply, keeps its shape, and leaves pictures as they are', () => {
    // Valid base64 that happens to hold a card-like run of digits: bytes, not text.
    const picture = 'data:image/png;base64,AAAA4111111111111111';
    const reply = { result: { CTR: 'CARD 4111111111111111\nAPPROVED', Bank_Message: 'Approved', tag: 106625152, ok: true }, list: ['%B4111111111111111^DOE/J^2512?'], picture };
    expect(redactStrings(reply)).toEqual({
      result: { CTR: 'CARD [PAN …1111]\nAPPROVED', Bank_Message: 'Approved', tag: 106625152, ok: true },
      list: ['[TRACK1]'],
      picture,
    });
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
