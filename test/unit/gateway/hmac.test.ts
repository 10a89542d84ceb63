import { describe, expect, it } from 'vitest';
import { hmacSignature, sha1Hex, signatureHeaders, signingDate, stringToSign } from '../../../main/gateway/hmac';

describe('HMAC request signing', () => {
  it('matches the reference test vector', () => {
    const s = stringToSign({
      method: 'POST',
      contentType: 'application/json',
      contentSha1: 'e8d591e4c15cc0dcba0c916299cbaf91da65c9d3',
      date: '2014-05-24T14:00:30Z',
      path: '/transaction/v12',
    });
    expect(s).toBe('POST\napplication/json\ne8d591e4c15cc0dcba0c916299cbaf91da65c9d3\n2014-05-24T14:00:30Z\n/transaction/v12');
    expect(hmacSignature('_Jcn8wvSqrqKlhCUdId2Xpl5hO6bINMG', s)).toBe('JfaDjH45G3dXB7yEW6zhAjvXvuE=');
  });

  it('signs the exact body bytes with the exact content type and the path only', () => {
    const body = Buffer.from('<x>é</x>', 'utf8');
    const headers = signatureHeaders({ keyId: '12345', key: '_Jcn8wvSqrqKlhCUdId2Xpl5hO6bINMG' }, {
      method: 'post',
      contentType: 'text/xml; charset=utf-8',
      body,
      date: signingDate(new Date('2014-05-24T14:00:30.789Z')),
      path: '/transaction/v14',
    });
    expect(headers['X-GGe4-Date']).toBe('2014-05-24T14:00:30Z');
    expect(headers['X-GGe4-Content-SHA1']).toBe(sha1Hex(body));
    expect(headers['X-GGe4-Content-SHA1']).toMatch(/^[0-9a-f]{40}$/);
    const expected = hmacSignature('_Jcn8wvSqrqKlhCUdId2Xpl5hO6bINMG', `POST\ntext/xml; charset=utf-8\n${sha1Hex(body)}\n2014-05-24T14:00:30Z\n/transaction/v14`);
    expect(headers.Authorization).toBe(`GGE4_API 12345:${expected}`);
  });
});
