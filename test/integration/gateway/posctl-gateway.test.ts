import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewaySimulator, type GatewaySimulator } from '../../../main/training/gateway/server';
import { posctl, requireBuild, ROOT, spawnNode, type Spawned } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';

/** posctl gateway wsdl | call | simulate, as a technician runs them: the built bin, real processes. */
const data = tempDirForSuite('pos-gw-cli-');
let sim: Spawned;
let endpoint: string;

const sale = (amount: string): string =>
  JSON.stringify({ Transaction_Type: '00', DollarAmount: amount, Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', CVDCode: '123' });
/** An endpoint other than gateway.url: the technician gives the credentials, the password on standard input. */
const given = ['--gateway-id', 'GW1', '--password', '-'];
const call = (op: string, endpointUrl: string, request: string, extra: string[] = []) =>
  posctl(data.dir, ['gateway', 'call', op, '--endpoint', endpointUrl, '--request-json', request, ...given, ...extra], { input: 'pw\n' });

beforeAll(async () => {
  requireBuild();
  sim = spawnNode([`${ROOT}bin/posctl.js`, '--data-dir', data.dir, 'gateway', 'simulate', '--port', '0']);
  const m = await sim.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/transaction\/v14)/);
  endpoint = m[1] ?? '';
});
afterAll(async () => {
  await sim.stop();
  data.remove();
});

describe('posctl gateway', () => {
  it('call: approved prints the typed, masked result and exits 0', async () => {
    const r = await call('SendAndCommit', endpoint, sale('12.34'));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { outcome: string; result: Record<string, unknown> };
    expect(out.outcome).toBe('approved');
    expect(out.result).toMatchObject({ Transaction_Approved: true, Transaction_Error: false, DollarAmount: '12.34', Card_Number: '############1111' });
    expect(out.result.Authorization_Num).toMatch(/^ET/);
    expect(out.result).not.toHaveProperty('Password');
    expect(out.result).not.toHaveProperty('CVDCode');
    expect(r.stdout + r.stderr).not.toContain('4111111111111111');
    expect(r.stdout + r.stderr).not.toContain('"pw"');
  });

  it('call: declined and rejected exit 1; the lookup by tag works from the command line', async () => {
    const declined = await call('SendAndCommit', endpoint, sale('5521.00'));
    expect(declined.code).toBe(1);
    expect(JSON.parse(declined.stdout)).toMatchObject({ outcome: 'declined', bankCode: '521' });
    expect(declined.stderr).toMatch(/declined by the bank: 521/);
    const rejected = await call('SendAndCommit', endpoint, sale('5000.26'));
    expect(rejected.code).toBe(1);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ outcome: 'rejected', gatewayCode: '26' });
    const tag = (JSON.parse(declined.stdout) as { result: { Transaction_Tag: string } }).result.Transaction_Tag;
    const look = await call('TransactionInfo', endpoint, JSON.stringify({ Transaction_Type: 'CR', Transaction_Tag: tag }));
    expect(look.code).toBe(1);
    expect(JSON.parse(look.stdout)).toMatchObject({ operation: 'TransactionInfo', outcome: 'declined', result: { Transaction_Tag: tag, DollarAmount: '5521.00' } });
  });

  it('call: sends the stored password only to gateway.url, and needs given credentials anywhere else; the request may come on standard input', async () => {
    const checking: GatewaySimulator = await startGatewaySimulator({ namespace: 'http://secure.gateway.example/vplug-in/transaction/rpc-enc/', credentials: { gatewayId: 'CFG-1', password: 'stored-pw' } });
    try {
      expect((await posctl(data.dir, ['config', 'set', 'gateway.gatewayId', 'CFG-1'])).code).toBe(0);
      expect((await posctl(data.dir, ['config', 'set', 'gateway.password'], { input: 'stored-pw\n' })).code).toBe(0);
      expect((await posctl(data.dir, ['config', 'set', 'gateway.url', checking.url])).code).toBe(0);
      // gateway.url (a gateway on this machine, so plain http is allowed): the stored credentials go.
      const stored = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--request-json', sale('2.00')]);
      expect(stored.code, stored.stderr).toBe(0);
      expect(JSON.parse(stored.stdout)).toMatchObject({ outcome: 'approved', result: { GatewayID: 'CFG-1' } });
      // The request may come on standard input too (nothing else needs it here).
      const request = JSON.stringify({ Transaction_Type: '00', DollarAmount: '1.00', Track1: '%B4003000123456781^TEST/CARD^39121010000000000000?' });
      const piped = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--request-json', '-'], { input: request });
      expect(piped.code, piped.stderr).toBe(0);
      expect(JSON.parse(piped.stdout)).toMatchObject({ outcome: 'approved', result: { GatewayID: 'CFG-1', CardHoldersName: 'CARD TEST' } });
      // Any other address: nothing is sent without credentials given for it.
      const before = checking.received().length;
      const elsewhere = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('2.00')]);
      expect(elsewhere.code).toBe(2);
      expect(elsewhere.stderr).toMatch(/stored gateway credentials are sent only to gateway\.url.*--gateway-id ID --password -/);
      const slash = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', `${checking.url}/`, '--request-json', sale('2.00')]);
      expect(slash.code).toBe(2);
      expect(checking.received().length).toBe(before);
      const wrong = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', checking.url.replace('127.0.0.1', 'localhost'), '--request-json', sale('2.00'), '--gateway-id', 'CFG-1', '--password', '-'], { input: 'guess\n' });
      expect(wrong.code).toBe(2);
      expect(JSON.parse(wrong.stdout)).toMatchObject({ outcome: 'http-error', status: 401 });
    } finally {
      for (const key of ['gateway.url', 'gateway.password', 'gateway.gatewayId']) await posctl(data.dir, ['config', 'unset', key]);
      await checking.close();
    }
  });

  it('call: secrets are never taken from the command line', async () => {
    for (const args of [
      ['--password', 'pw'],
      ['--hmac-key-id', 'K', '--hmac-key', 'the-key'],
    ]) {
      const r = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('1.00'), '--gateway-id', 'GW1', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/standard input/);
      expect(r.stdout + r.stderr).not.toMatch(/the-key|"pw"/);
    }
    const inJson = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--gateway-id', 'GW1', '--request-json', JSON.stringify({ ...JSON.parse(sale('1.00')), Password: 'hunter2' })]);
    expect(inJson.code).toBe(2);
    expect(inJson.stderr).toMatch(/must not carry Password.*--password -/);
    const both = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', '-', ...given], { input: 'pw\n' });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/standard input carries the secrets/);
    const simulate = await posctl(data.dir, ['gateway', 'simulate', '--hmac-key-id', 'K', '--hmac-key', 'the-key']);
    expect(simulate.code).toBe(2);
    expect(simulate.stderr).toMatch(/standard input/);
    const help = await posctl(data.dir, ['gateway', 'call', '--help']);
    expect(help.stdout).toMatch(/--password <->/);
    expect(help.stdout).toMatch(/--hmac-key <->/);
  });

  it('call: signs with a key read from standard input after the password', async () => {
    const signed = await startGatewaySimulator({ namespace: 'http://secure.gateway.example/vplug-in/transaction/rpc-enc/', hmac: { keyId: 'K1', key: 'hmac-secret' } });
    try {
      const ok = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', signed.url, '--request-json', sale('3.00'), ...given, '--hmac-key-id', 'K1', '--hmac-key', '-'], { input: 'pw\nhmac-secret\n' });
      expect(ok.code, ok.stderr).toBe(0);
      const bad = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', signed.url, '--request-json', sale('3.00'), ...given, '--hmac-key-id', 'K1', '--hmac-key', '-'], { input: 'pw\nwrong\n' });
      expect(JSON.parse(bad.stdout)).toMatchObject({ outcome: 'http-error', status: 401 });
      const short = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', signed.url, '--request-json', sale('3.00'), ...given, '--hmac-key-id', 'K1', '--hmac-key', '-'], { input: 'pw\n' });
      expect(short.code).toBe(2);
      expect(short.stderr).toMatch(/standard input ended/);
    } finally {
      await signed.close();
    }
  });

  it('call: errors exit 2 with a clear message', async () => {
    const refused = await call('SendAndCommit', 'http://127.0.0.1:9/transaction/v14', sale('1.00'));
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ outcome: 'not-sent', retry: 'safe' });
    const invalid = await call('SendAndCommit', endpoint, sale('1.00').replace('4111111111111111', '4111111111111113'));
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/Luhn/);
    expect(invalid.stdout + invalid.stderr).not.toContain('4111111111111113');
    for (const args of [
      ['gateway', 'call', 'Refund', '--endpoint', endpoint, '--request-json', '{}'],
      ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', '{not json'],
      ['gateway', 'call', 'SendAndCommit', '--endpoint', 'http://127.0.0.1:1/v13', '--request-json', '{}'],
      ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', '{}', '--hmac-key-id', 'K'],
      ['gateway', 'call', 'SendAndCommit', '--request-json', '{}'],
    ]) {
      const r = await posctl(data.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/posctl|error/);
    }
    // Broken JSON is reported without quoting it: the text next to the fault may be a password or CVD.
    const broken = await call('SendAndCommit', endpoint, '{"Password":"hunter2","CVDCode":"987","x":bad}');
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/--request-json is not valid JSON/);
    expect(broken.stderr).not.toMatch(/hunter|ter2|987/);
  });

  it('call: a SOAP fault from the strict simulator (wrong namespace) exits 2', async () => {
    const r = await call('SendAndCommit', endpoint, sale('1.00'), ['--namespace', 'http://other.example/ns/']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'fault', faultCode: 'soap:Client' });
  });

  it('wsdl: prints the WSDL for the configured namespace and address', async () => {
    expect((await posctl(data.dir, ['config', 'set', 'gateway.namespace', 'http://ns.example/rpc-enc/'])).code).toBe(0);
    expect((await posctl(data.dir, ['config', 'set', 'gateway.url', 'https://gw.example/transaction/v14'])).code).toBe(0);
    const r = await posctl(data.dir, ['gateway', 'wsdl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('targetNamespace="http://ns.example/rpc-enc/"');
    expect(r.stdout).toContain('<soap:address location="https://gw.example/transaction/v14"/>');
    expect(r.stdout).toContain('soapAction="http://ns.example/rpc-enc/SendAndCommit"');
    const bad = await posctl(data.dir, ['config', 'set', 'gateway.url', 'https://gw.example/transaction/v13']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/v14/);
    expect((await posctl(data.dir, ['config', 'unset', 'gateway.url'])).code).toBe(0);
    expect((await posctl(data.dir, ['config', 'unset', 'gateway.namespace'])).code).toBe(0);
  });

  it('simulate: serves its WSDL and stops cleanly on SIGTERM and SIGINT', async () => {
    const wsdl = await fetch(`${endpoint}?wsdl`).then((r) => r.text());
    expect(wsdl).toContain(`<soap:address location="${endpoint}"/>`);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const other = spawnNode([`${ROOT}bin/posctl.js`, '--data-dir', data.dir, 'gateway', 'simulate', '--port', '0']);
      await other.waitFor(/listening on/);
      other.child.kill(signal);
      expect(await other.exited).toBe(0);
      expect(other.stdout()).toContain(`gateway simulator stopped (${signal})`);
    }
  });
});

