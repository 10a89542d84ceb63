import { describe, expect, it } from 'vitest';
import { SealError, generateTerminalKeyPair, prepareSeal, seal, unseal } from '../../../main/store/sealing';

describe('sealing', () => {
  const pair = generateTerminalKeyPair();

  it('round-trips and never shows the plain text', () => {
    const blob = seal('4111111111111111', 'journal:1', pair.publicKey);
    expect(blob.toString('latin1')).not.toContain('4111111111111111');
    expect(unseal(blob, 'journal:1', pair.privateKey).toString()).toBe('4111111111111111');
  });

  it('uses a fresh ephemeral key each time', () => {
    expect(seal('x', 'c', pair.publicKey).equals(seal('x', 'c', pair.publicKey))).toBe(false);
  });

  it('refuses another context, another key, and any flipped bit', () => {
    const blob = seal('secret', 'setting:gateway.password', pair.publicKey);
    expect(() => unseal(blob, 'setting:gateway.hmacKey', pair.privateKey)).toThrow(SealError);
    expect(() => unseal(blob, 'setting:gateway.password', generateTerminalKeyPair().privateKey)).toThrow(SealError);
    for (const i of [0, 5, 40, 50, blob.length - 1]) {
      const tampered = Buffer.from(blob);
      tampered[i] = (tampered[i] ?? 0) ^ 1;
      expect(() => unseal(tampered, 'setting:gateway.password', pair.privateKey)).toThrow();
    }
    expect(() => unseal(Buffer.from([1, 2, 3]), 'x', pair.privateKey)).toThrow(SealError);
  });
});


describe('a prepared seal', () => {
  const pair = generateTerminalKeyPair();

  it('seals what unseal opens, once', () => {
    const once = prepareSeal(pair.publicKey);
    const blob = once('{"Card_Number":"4111111111111111"}', 'journal:L1');
    expect(unseal(blob, 'journal:L1', pair.privateKey).toString()).toContain('4111111111111111');
    expect(() => once('again', 'journal:L1')).toThrow(SealError);
  });

  it('uses its own ephemeral key: two prepared seals of the same value differ', () => {
    const a = prepareSeal(pair.publicKey)('x', 'c');
    const b = prepareSeal(pair.publicKey)('x', 'c');
    expect(a.subarray(1, 33).equals(b.subarray(1, 33))).toBe(false);
  });
});
