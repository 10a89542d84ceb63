import { describe, expect, it } from 'vitest';
import { terminalProblems, type ProblemInputs } from '../../../main/status/problems';

const healthy: ProblemInputs = { key: { state: 'keyring', detail: 'OS keyring' }, log: undefined, gatewayUnencrypted: false, refusedSettings: [] };

describe('terminalProblems and the gateway route', () => {
  it('lists a refused route (plain http through a proxy) as an error, in the words it was given', () => {
    const problems = terminalProblems({ ...healthy, gatewayRouteRefused: 'gateway.url is not https:// while gateway.proxy is set' });
    expect(problems).toEqual([
      { code: 'gateway-route-refused', severity: 'error', message: 'the live gateway is not used, every payment is refused until this is fixed: gateway.url is not https:// while gateway.proxy is set' },
    ]);
  });

  it('says "directly on this machine" only for plain http without a proxy', () => {
    expect(terminalProblems({ ...healthy, gatewayUnencrypted: true })).toEqual([
      { code: 'gateway-unencrypted', severity: 'warning', message: expect.stringMatching(/^the live gateway is reached over plain http directly on this machine \(no proxy\)/) as unknown },
    ]);
    expect(terminalProblems(healthy)).toEqual([]);
  });
});
