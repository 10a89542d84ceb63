import { describe, expect, it } from 'vitest';
import { backoffDelay, fillRoute, joinUrl } from '../../../main/http/client';
import { ApiError, explainFailureCode, readFailureBody } from '../../../main/http/errors';
import { labelFor } from '../../../main/http/labels';
import { dollarsToCents, wireBool, wireInt, wireText } from '../../../main/http/wire';

describe('failure body and typed errors', () => {
  it('reads {code, "additional message", message}, with the code as a number or numeric text', () => {
    expect(readFailureBody({ code: 1030, 'additional message': 'merchantId 42', message: 'Identity information could not be associated' })).toEqual({
      code: 1030,
      additionalMessage: 'merchantId 42',
      message: 'Identity information could not be associated',
    });
    expect(readFailureBody({ code: '1030', message: 'x', extra: true })?.code).toBe(1030);
    expect(readFailureBody({ message: 'no code' })).toBeUndefined();
    expect(readFailureBody('text')).toBeUndefined();
  });

  it('explains code 1030 in plain words and maps it to NOT_FOUND', () => {
    expect(explainFailureCode(1030)).toMatch(/could not be matched to any record/);
    const e = new ApiError({ api: 'merchant', kind: 'http', status: 404, failure: { code: 1030, additionalMessage: '', message: 'm' } });
    expect(e.message).toMatch(/^The merchant service answered code 1030: the identity information sent/);
    expect(e.posCode).toBe('NOT_FOUND');
    expect(e.unreachable).toBe(false);
  });

  it('maps every kind to the contract codes and says when the cache may stand in', () => {
    const http = (status: number) => new ApiError({ api: 'marketplace', kind: 'http', status });
    expect(http(400).posCode).toBe('BAD_INPUT');
    expect(http(401).posCode).toBe('UNAVAILABLE');
    expect(http(401).message).toMatch(/credentials/);
    expect(http(409).posCode).toBe('CONFLICT');
    expect(http(503).unreachable).toBe(true);
    expect(new ApiError({ api: 'marketplace', kind: 'timeout' }).posCode).toBe('TIMEOUT');
    expect(new ApiError({ api: 'marketplace', kind: 'network' }).unreachable).toBe(true);
    expect(new ApiError({ api: 'marketplace', kind: 'invalid-request', issues: [{ path: 'email', message: 'E-mail is required' }] }).posCode).toBe('BAD_INPUT');
    const unknown = new ApiError({ api: 'marketplace', kind: 'http', status: 422, failure: { code: 77, additionalMessage: 'field zip', message: 'Invalid' } });
    expect(unknown.message).toContain('(77: Invalid — field zip)');
  });
});

describe('URLs, routes and backoff', () => {
  it('joins base URLs and spec paths with one slash, with or without a leading slash', () => {
    expect(joinUrl('https://api.example.test/gw/', 'marketplace/v1/businessconsultant/leads')).toBe('https://api.example.test/gw/marketplace/v1/businessconsultant/leads');
    expect(joinUrl('https://api.example.test/gw', '/v1/companies/7/products/9/details/')).toBe('https://api.example.test/gw/v1/companies/7/products/9/details/');
    expect(joinUrl('http://127.0.0.1:9', '/x', { a: 'b c', skip: undefined })).toBe('http://127.0.0.1:9/x?a=b+c');
  });

  it('encodes each placeholder as one path segment', () => {
    expect(fillRoute('/a/{id}/b/{other}', { id: 'x/y', other: 5 })).toBe('/a/x%2Fy/b/5');
    expect(() => fillRoute('/a/{id}', {})).toThrow(/needs id/);
  });

  it('backs off with jitter under a cap', () => {
    const policy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 0, () => 0)).toBe(50);
    expect(backoffDelay(policy, 0, () => 1)).toBe(100);
    expect(backoffDelay(policy, 3, () => 1)).toBe(800);
    expect(backoffDelay(policy, 10, () => 1)).toBe(1000);
  });
});

describe('tolerant wire values', () => {
  it('accepts ids as numbers or numeric text, strings as null or absent, booleans as text', () => {
    expect(wireInt.parse('42')).toBe(42);
    expect(wireText.parse(null)).toBe('');
    expect(wireText.parse(undefined)).toBe('');
    expect(wireText.parse(7)).toBe('7');
    expect(wireBool.parse('Y')).toBe(true);
    expect(wireBool.parse('false')).toBe(false);
    expect(wireBool.parse(undefined)).toBe(false);
  });

  it('turns dollars into integer cents once, on the decimal text', () => {
    expect(dollarsToCents(349.99)).toBe(34999);
    expect(dollarsToCents(0.285)).toBe(29);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });

  it('shows an unknown code as it is', () => {
    expect(labelFor({ A: 'Alpha' }, 'A')).toBe('Alpha');
    expect(labelFor({ A: 'Alpha' }, 'Q')).toBe("Q (not in this terminal's table)");
    expect(labelFor({ A: 'Alpha' }, '')).toBe('');
  });
});
