import { describe, expect, it } from 'vitest';
import { applyProvisioning } from '../../../main/config/provisioning';
import { checkProvisioning } from '../../../main/config/provisioning-check';
import { memorySettings, settingRefusal as refusal } from '../../support/memory-settings';

/** Issue 19: a plain-http gateway with any proxy is refused as a setting, in any order, and in provisioning. */
const LOCAL_HTTP = 'http://127.0.0.1:8080/transaction/v14';
const HTTPS = 'https://gateway.example/transaction/v14';
const PROXY = 'http://proxy.lan:3128';
const REFUSED = /gateway\.url is not https:\/\/ while gateway\.proxy is set/;

describe('gateway.url and gateway.proxy together', () => {
  it('refuses a proxy while the gateway is plain http, naming both keys, and changes nothing', () => {
    const { store } = memorySettings();
    store.set('gateway.url', LOCAL_HTTP);
    const e = refusal(() => store.set('gateway.proxy', PROXY));
    expect(e.message).toMatch(REFUSED);
    expect(e.key).toBe('gateway.proxy');
    expect(store.get('gateway.proxy')).toBe('');
  });

  it('refuses a plain-http gateway while a proxy is set, whichever is written first', () => {
    const { store } = memorySettings();
    store.set('gateway.proxy', PROXY);
    const e = refusal(() => store.setFromText('gateway.url', LOCAL_HTTP));
    expect(e.message).toMatch(REFUSED);
    expect(e.key).toBe('gateway.url');
    expect(store.get('gateway.url')).toBe('');
  });

  it.each(['http://localhost/transaction/v14', 'http://[::1]:9/transaction/v14', 'http://127.3.2.1/transaction/v14', 'HTTP://127.0.0.1/transaction/v14'])(
    'refuses %j with a proxy but takes it alone',
    (url) => {
      const { store } = memorySettings();
      store.set('gateway.proxy', PROXY);
      expect(refusal(() => store.set('gateway.url', url)).message).toMatch(REFUSED);
      store.unset('gateway.proxy');
      store.set('gateway.url', url);
      expect(store.get('gateway.url')).toBe(url);
    },
  );

  it('refuses both in one write, in either order, and writes neither', () => {
    const { store } = memorySettings();
    expect(refusal(() => store.setMany([['gateway.url', LOCAL_HTTP], ['gateway.proxy', PROXY]])).message).toMatch(REFUSED);
    expect(refusal(() => store.setMany([['gateway.proxy', PROXY], ['gateway.url', LOCAL_HTTP]])).message).toMatch(REFUSED);
    expect(store.isSet('gateway.url') || store.isSet('gateway.proxy')).toBe(false);
  });

  it('takes https through a proxy, and a switch between the two routes in one write', () => {
    const { store } = memorySettings();
    store.setMany([['gateway.url', HTTPS], ['gateway.proxy', PROXY]]);
    expect(refusal(() => store.set('gateway.url', LOCAL_HTTP)).message).toMatch(REFUSED);
    store.setMany([['gateway.url', LOCAL_HTTP], ['gateway.proxy', '']]);
    expect(store.get('gateway.url')).toBe(LOCAL_HTTP);
  });

  it('keeps a proxy with no address (training) and lets the address go back to empty', () => {
    const { store } = memorySettings();
    store.set('gateway.proxy', PROXY);
    store.setMany([['gateway.url', HTTPS]]);
    store.unset('gateway.url');
    expect(store.get('gateway.proxy')).toBe(PROXY);
  });

  it('refuses a plain-http gateway elsewhere even behind a leading blank (the client reads it as http)', () => {
    const { store } = memorySettings();
    expect(refusal(() => store.set('gateway.url', ' http://gateway.example/transaction/v14')).message).toMatch(/must be reached over https:\/\//);
    expect(refusal(() => store.set('gateway.url', '\thttp://gateway.example/transaction/v14')).message).toMatch(/must be reached over https:\/\//);
  });

  it('refuses a provisioning file with both, applying nothing of it', () => {
    const { store } = memorySettings();
    const e = refusal(() => applyProvisioning(store, { terminal: { name: 'Lane 9' }, gateway: { proxy: PROXY, url: LOCAL_HTTP } }));
    expect(e.message).toMatch(REFUSED);
    expect(store.get('terminal.name')).toBe('Lane 1');
    expect(store.isSet('gateway.proxy')).toBe(false);
  });

  it('reports a provisioning file with both as a problem, naming the keys (posctl provision check, the machine-wide file)', () => {
    const both = checkProvisioning({ 'gateway.url': LOCAL_HTTP, gateway: { proxy: PROXY } }, { allowLock: true });
    expect(both.problems).toEqual([{ key: 'gateway.url', reason: expect.stringMatching(REFUSED) as unknown }]);
    expect(checkProvisioning({ gateway: { url: HTTPS, proxy: PROXY } }).problems).toEqual([]);
    expect(checkProvisioning({ gateway: { proxy: PROXY } }).problems).toEqual([]);
    expect(checkProvisioning({ gateway: { url: LOCAL_HTTP } }).problems).toEqual([]);
  });
});
