import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posctl, requireBuild, ROOT, spawnNode, type Spawned } from '../../support/processes';
import { tempDirForSuite } from '../../support/tmp';

/** posctl gateway wsdl | call | simulate, as a technician runs them: the built bin, real processes. */
const data = tempDirForSuite('pos-gw-cli-');
let sim: Spawned;
let endpoint: string;

const sale = (amount: string): string =>
  JSON.stringify({ GatewayID: 'GW1', Password: 'pw', Transaction_Type: '00', DollarAmount: amount, Card_Number: '4111111111111111', Expiry_Date: '1239', CardHoldersName: 'Jane Roe', CVDCode: '123' });

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
    const r = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('12.34')]);
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
    const declined = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('5521.00')]);
    expect(declined.code).toBe(1);
    expect(JSON.parse(declined.stdout)).toMatchObject({ outcome: 'declined', bankCode: '521' });
    expect(declined.stderr).toMatch(/declined by the bank: 521/);
    const rejected = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('5000.26')]);
    expect(rejected.code).toBe(1);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ outcome: 'rejected', gatewayCode: '26' });
    const tag = (JSON.parse(declined.stdout) as { result: { Transaction_Tag: string } }).result.Transaction_Tag;
    const look = await posctl(data.dir, ['gateway', 'call', 'TransactionInfo', '--endpoint', endpoint, '--request-json', JSON.stringify({ GatewayID: 'GW1', Password: 'pw', Transaction_Type: 'CR', Transaction_Tag: tag })]);
    expect(look.code).toBe(1);
    expect(JSON.parse(look.stdout)).toMatchObject({ operation: 'TransactionInfo', outcome: 'declined', result: { Transaction_Tag: tag, DollarAmount: '5521.00' } });
  });

  it('call: credentials from the settings, the request JSON from standard input', async () => {
    expect((await posctl(data.dir, ['config', 'set', 'gateway.gatewayId', 'CFG-1'])).code).toBe(0);
    const request = JSON.stringify({ Transaction_Type: '00', DollarAmount: '1.00', Track1: '%B4003000123456781^TEST/CARD^39121010000000000000?' });
    const r = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', '-'], { input: request });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'approved', result: { GatewayID: 'CFG-1', CardHoldersName: 'CARD TEST' } });
  });

  it('call: errors exit 2 with a clear message', async () => {
    const refused = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', 'http://127.0.0.1:9/transaction/v14', '--request-json', sale('1.00')]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ outcome: 'not-sent', retry: 'safe' });
    const invalid = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', sale('1.00').replace('4111111111111111', '4111111111111113')]);
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
    const broken = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--request-json', '{"Password":"hunter2","CVDCode":"987","x":bad}']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/--request-json is not valid JSON/);
    expect(broken.stderr).not.toMatch(/hunter|ter2|987/);
  });

  it('call: a SOAP fault from the strict simulator (wrong namespace) exits 2', async () => {
    const r = await posctl(data.dir, ['gateway', 'call', 'SendAndCommit', '--endpoint', endpoint, '--namespace', 'http://other.example/ns/', '--request-json', sale('1.00')]);
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

