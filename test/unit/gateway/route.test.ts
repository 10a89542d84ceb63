import { describe, expect, it } from 'vitest';
import { isPlainHttp, plainHttpThroughProxy } from '../../../main/gateway/route';

const PROXY = 'http://proxy.lan:3128';
const REFUSED = /gateway\.url is not https:\/\/ while gateway\.proxy is set: the proxy would receive the card data and the gateway password in clear/;

describe('the gateway route (issue 19: plain http only to this machine, directly)', () => {
  it.each([
    'http://127.0.0.1:8080/transaction/v14',
    'http://127.9.8.7/transaction/v14',
    'http://localhost:8080/transaction/v14',
    'http://[::1]:8080/transaction/v14',
    'HTTP://127.0.0.1/transaction/v14',
    ' http://127.0.0.1/transaction/v14',
    '\thttp://localhost/transaction/v14',
    'http://gateway.example/transaction/v14',
  ])('refuses %j through a proxy, naming both settings', (url) => {
    expect(plainHttpThroughProxy(url, PROXY)).toMatch(REFUSED);
    expect(plainHttpThroughProxy(url, PROXY)).toMatch(/Set gateway\.url to the https:\/\/ address, or unset gateway\.proxy$/);
  });

  it.each(['http://127.0.0.1:8080/transaction/v14', 'http://localhost/transaction/v14', 'http://[::1]/transaction/v14'])('lets %j go directly (no proxy)', (url) => {
    expect(plainHttpThroughProxy(url, '')).toBeUndefined();
    expect(plainHttpThroughProxy(url, undefined)).toBeUndefined();
    expect(plainHttpThroughProxy(url, '  ')).toBeUndefined();
  });

  it('lets https through a proxy (CONNECT, TLS end to end), and https directly', () => {
    expect(plainHttpThroughProxy('https://gateway.example/transaction/v14', PROXY)).toBeUndefined();
    expect(plainHttpThroughProxy('HTTPS://127.0.0.1/transaction/v14', PROXY)).toBeUndefined();
    expect(plainHttpThroughProxy('https://gateway.example/transaction/v14', '')).toBeUndefined();
  });

  it('keeps a proxy without an address (training: the simulator is reached directly; the proxy waits for an https address)', () => {
    expect(plainHttpThroughProxy('', PROXY)).toBeUndefined();
  });

  it('refuses anything through a proxy that is not https, even what is not a URL', () => {
    expect(plainHttpThroughProxy('ftp://gateway.example/transaction/v14', PROXY)).toMatch(REFUSED);
    expect(plainHttpThroughProxy('not a url', PROXY)).toMatch(REFUSED);
  });

  it('reads the scheme as the client does', () => {
    expect(isPlainHttp(' http://gateway.example/v14')).toBe(true);
    expect(isPlainHttp('Http://gateway.example/v14')).toBe(true);
    expect(isPlainHttp('https://gateway.example/v14')).toBe(false);
    expect(isPlainHttp('')).toBe(false);
    expect(isPlainHttp('http-ish')).toBe(false);
  });
});
