import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { methods } from '../../../preload/contract';
import { controlCharacterProblem, plainText } from '../../../preload/contract/text';

/** ESC, NUL, a line break, DEL, the C1 CSI (0x9B) and a tab, each inside a name. */
const VECTORS = [
  ['ESC', 'Lane\u001b@1', 'U+001B'],
  ['NUL', 'Lane\u00001', 'U+0000'],
  ['newline', 'Lane\n1', 'U+000A'],
  ['DEL', 'Lane\u007f1', 'U+007F'],
  ['C1 CSI', 'Lane\u009b1', 'U+009B'],
  ['tab', 'Lane\t1', 'U+0009'],
] as const;

describe('controlCharacterProblem', () => {
  it.each(VECTORS)('refuses %s, naming its code point and never the text', (_name, text, code) => {
    const problem = controlCharacterProblem(text);
    expect(problem).toBe(`must not contain control characters such as ESC, NUL or a line break (${code})`);
    expect(problem).not.toContain('Lane');
  });

  it('lets a tab through only where a field allows it', () => {
    expect(controlCharacterProblem('a\tb', { tab: true })).toBeUndefined();
    expect(controlCharacterProblem('a\t\nb', { tab: true })).toMatch(/U\+000A/);
  });

  it('keeps every printable letter: accents, other scripts, emoji, no-break space', () => {
    for (const text of ['Corner Café', 'Crêperie Noël', '東京 🙂', 'A\u00a0B', 'Ø ß ÿ', '']) expect(controlCharacterProblem(text), text).toBeUndefined();
  });

  it('refuses a text exactly when it holds a C0, DEL or C1 character (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const hasControl = [...text].some((c) => (c.codePointAt(0) ?? 0) <= 0x1f || ((c.codePointAt(0) ?? 0) >= 0x7f && (c.codePointAt(0) ?? 0) <= 0x9f));
        expect(controlCharacterProblem(text) !== undefined).toBe(hasControl);
      }),
    );
  });
});

describe('plainText', () => {
  it('adds the refusal to a schema, with the issue on the field', () => {
    const schema = z.strictObject({ name: plainText(z.string().trim().max(40)) });
    const r = schema.safeParse({ name: 'Pat\u001bDoe' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['name'], message: expect.stringMatching(/control characters .*U\+001B/) as unknown })]);
    // Judged as typed: a line break the schema would trim off the end is refused too; blanks are trimmed.
    expect(schema.safeParse({ name: 'Pat Doe\n' }).error?.issues.map((i) => i.message)).toEqual([expect.stringMatching(/U\+000A/)]);
    expect(schema.parse({ name: ' Pat Doe ' })).toEqual({ name: 'Pat Doe' });
    // Nothing a URL parser would drop gets past either.
    expect(plainText(z.url()).safeParse('ht\ntps://gateway.example/').success).toBe(false);
  });

  it("guards the contract's names: keyed cardholder, check customer, cashier", () => {
    const keyed = methods['payments.keyed'].input.safeParse({ saleId: 'sale-0001', card: { pan: '4111111111111111', expiryMonth: 12, expiryYear: 2030, cardholderName: 'PAT\u001b@DOE' } });
    expect(keyed.error?.issues.map((i) => i.path)).toEqual([['card', 'cardholderName']]);
    const check = methods['payments.checkDetails'].input.safeParse({ saleId: 'sale-0001', details: { checkType: 'personal', customerName: 'Pat\u0000Doe' } });
    expect(check.error?.issues.map((i) => i.path)).toEqual([['details', 'customerName']]);
    const cashier = methods['cashiers.save'].input.safeParse({ number: '7', name: 'Pat\u009bDoe', pin: '4826' });
    expect(cashier.error?.issues.map((i) => i.path)).toEqual([['name']]);
    expect(methods['cashiers.save'].input.safeParse({ number: '7', name: 'Pat Doe', pin: '4826' }).success).toBe(true);
  });

  it("guards a manager's decision: who decided and the authorization number, recorded and printed by posctl", () => {
    const resolve = methods['queue.resolve'].input;
    const escaped = resolve.safeParse({ action: 'write-off', ref: 'TMWYTOAWSKOANAJJLPL', decidedBy: 'X\u001b[2JY' });
    expect(escaped.error?.issues.map((i) => i.path)).toEqual([['decidedBy']]);
    const auth = resolve.safeParse({ action: 'lookup', ref: 'TMWYTOAWSKOANAJJLPL', tag: '106625152', authorizationNum: 'ET\u001b1', decidedBy: 'Sam' });
    expect(auth.error?.issues.map((i) => i.path)).toEqual([['authorizationNum']]);
    expect(resolve.safeParse({ action: 'lookup', ref: 'TMWYTOAWSKOANAJJLPL', tag: '106625152', authorizationNum: 'ET66855', decidedBy: ' Sam ' }).data).toMatchObject({ decidedBy: 'Sam' });
  });
});
