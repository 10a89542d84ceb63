import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authHeaders, httpDate, signature } from '../../../main/http/hmac';
import { readAuthorization, verifySignature } from '../../../main/training/marketplace/sim-http';

// Vectors computed outside this code base (Python's hmac module) for "date: <header value>".
const DATE = 'Sun, 22 Nov 2026 08:00:00 GMT';
const VECTORS = [
  { algorithm: 'hmac-sha1', secret: 'topsecret', date: DATE, sig: 'lVA+lXAC8DRNkiSuWrCB3eGZFYQ=' },
  { algorithm: 'hmac-sha256', secret: 'topsecret', date: DATE, sig: 'P1tweqj52N/8fDv+MFfAfQ/ls68sblLurUT5pNHr3Ug=' },
  { algorithm: 'hmac-sha512', secret: 'topsecret', date: DATE, sig: 'L5OG/erhyrffwXCjOeIMuwViapOs8DDgN/zwhud5+3GClXkNwg49X0oro758e8UGL7ub9ooqPc6PyyS4rQ2wag==' },
  { algorithm: 'hmac-sha1', secret: 's3cr3t/with+base64=chars', date: 'Tue, 01 Jan 2030 00:00:00 GMT', sig: 'V67Gd6GdZwjk+f3a3LbAO0fjRAk=' },
] as const;

describe('HMAC signing', () => {
  it('writes the date header in RFC 1123 form', () => {
    expect(httpDate(new Date(Date.UTC(2026, 10, 22, 8, 0, 0)))).toBe(DATE);
    expect(httpDate(new Date(Date.UTC(2030, 0, 1)))).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
  });

  it.each(VECTORS)('matches the independent vector for $algorithm', ({ algorithm, secret, date, sig }) => {
    expect(signature(secret, algorithm, date)).toBe(sig);
  });

  it('builds the Authorization header of the published scheme', () => {
    const h = authHeaders({ apiKey: 'key-123', apiSecret: 'topsecret', algorithm: 'hmac-sha1' }, new Date(Date.UTC(2026, 10, 22, 8)));
    expect(h.date).toBe(DATE);
    expect(h.authorization).toBe('hmac username="key-123",algorithm="hmac-sha1",headers="date",signature="lVA+lXAC8DRNkiSuWrCB3eGZFYQ="');
  });

  it('refuses an API key that would break the header', () => {
    expect(() => authHeaders({ apiKey: 'a"b', apiSecret: 'x', algorithm: 'hmac-sha1' }, new Date())).toThrow(/quote/);
  });

  it('is accepted by the simulator for any key, secret, algorithm and time, and refused when skewed or tampered', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/["\\\r\n]/.test(s)),
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.constantFrom('hmac-sha1', 'hmac-sha256', 'hmac-sha384', 'hmac-sha512' as const),
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }),
        (apiKey, apiSecret, algorithm, at) => {
          const at0 = new Date(Math.floor(at.getTime() / 1000) * 1000);
          const h = authHeaders({ apiKey, apiSecret, algorithm }, at0);
          const credentials = { apiKey, apiSecret, algorithm };
          expect(verifySignature(h.date, h.authorization, { credentials, now: () => at0, maxSkewMs: 300_000 })).toBeUndefined();
          const skewed = verifySignature(h.date, h.authorization, { credentials, now: () => new Date(at0.getTime() + 301_000), maxSkewMs: 300_000 });
          expect(skewed?.status).toBe(401);
          expect((skewed?.body as { code: number }).code).toBe(1002);
          const otherSecret = verifySignature(h.date, h.authorization, { credentials: { ...credentials, apiSecret: `${apiSecret}x` }, now: () => at0, maxSkewMs: 300_000 });
          expect(otherSecret?.status).toBe(401);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('has the simulator read the header with its own parser', () => {
    expect(readAuthorization('hmac username="k",algorithm="hmac-sha1",headers="date",signature="YWJj"')).toEqual({
      username: 'k',
      algorithm: 'hmac-sha1',
      headers: 'date',
      signature: 'YWJj',
    });
    expect(readAuthorization('Basic abc')).toBeUndefined();
    expect(readAuthorization('hmac username="k" junk')).toBeUndefined();
  });
});
