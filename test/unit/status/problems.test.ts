import { describe, expect, it } from 'vitest';
import { terminalProblems, type ProblemInputs } from '../../../main/status/problems';

const healthy: ProblemInputs = { key: { state: 'keyring', detail: 'OS keyring' }, log: undefined, gatewayUnencrypted: false, refusedSettings: [] };

describe('terminalProblems and the gateway route', () => {
  it('lists a refused route (plain http through a proxy) as an error the cashier is shown (every payment is refused), in the words it was given', () => {
    const problems = terminalProblems({ ...healthy, gatewayRouteRefused: 'gateway.url is not https:// while gateway.proxy is set' });
    expect(problems).toEqual([
      {
        code: 'gateway-route-refused',
        severity: 'error',
        audience: 'cashier',
        message: 'the live gateway is not used, every payment is refused until this is fixed: gateway.url is not https:// while gateway.proxy is set',
        detail: 'gateway.url is not https:// while gateway.proxy is set',
      },
    ]);
  });

  it('says "directly on this machine" only for plain http without a proxy', () => {
    expect(terminalProblems({ ...healthy, gatewayUnencrypted: true })).toEqual([
      {
        code: 'gateway-unencrypted',
        severity: 'warning',
        audience: 'technician',
        message: expect.stringMatching(/^the live gateway is reached over plain http directly on this machine \(no proxy\)/) as unknown,
        detail: expect.stringMatching(/^plain http, directly on this machine \(no proxy\): make sure/) as unknown,
      },
    ]);
    expect(terminalProblems(healthy)).toEqual([]);
  });
});

describe('terminalProblems by audience', () => {
  it('keeps the technician\'s problems (key, log, settings, provisioning) away from the cashier', () => {
    const problems = terminalProblems({
      key: { state: 'file', detail: 'the terminal key is protected by file permissions only (no usable OS keyring: none); anyone can read it' },
      log: 'the log /d/pos.log cannot be written (EACCES); log lines are being lost until it can',
      gatewayUnencrypted: true,
      refusedSettings: [{ key: 'terminal.name', why: 'holds a control character' }],
      provisioningSecretsLeft: 'gateway.password was sealed but stays in /etc/counter-pos/provisioning.json',
    });
    expect(problems.map((p) => [p.code, p.audience])).toEqual([
      ['log-unwritable', 'technician'],
      ['setting-refused', 'technician'],
      ['provisioning-secrets-left', 'technician'],
      ['key-file-only', 'technician'],
      ['gateway-unencrypted', 'technician'],
    ]);
  });

  it('gives a refused setting its key and reason as the detail, the rule itself being the screen\'s words', () => {
    const [p] = terminalProblems({ ...healthy, refusedSettings: [{ key: 'terminal.name', why: 'holds a control character' }] });
    expect(p?.message).toBe('the stored value of terminal.name is refused (holds a control character); its default applies until it is set again');
    expect(p?.detail).toBe('terminal.name: holds a control character; set it again to replace the default');
  });
});
