import type { StatusProblem } from '../../preload/contract';
import type { KeyHealth } from '../store/terminal-key';

export interface ProblemInputs {
  key: KeyHealth;
  /** Why the log cannot be written, when it cannot. */
  log: string | undefined;
  gatewayUnencrypted: boolean;
  /** Why the live gateway is not used (plain http through a proxy), when it is not. */
  gatewayRouteRefused?: string | undefined;
  refusedSettings: ReadonlyArray<{ key: string; why: string }>;
  /** Secrets sealed from the machine-wide provisioning file that could not be removed from it. */
  provisioningSecretsLeft?: string | undefined;
}

/** What the status lists about the terminal itself, most serious first. Pure: tested with vectors. */
export function terminalProblems(p: ProblemInputs): StatusProblem[] {
  const out: StatusProblem[] = [];
  if (p.key.state === 'lost') out.push({ code: 'key-lost', severity: 'error', message: p.key.detail });
  if (p.key.state === 'locked') out.push({ code: 'key-locked', severity: 'error', message: `${p.key.detail}; the terminal stays in training until then` });
  if (p.log) out.push({ code: 'log-unwritable', severity: 'error', message: p.log });
  if (p.gatewayRouteRefused) {
    out.push({ code: 'gateway-route-refused', severity: 'error', message: `the live gateway is not used, every payment is refused until this is fixed: ${p.gatewayRouteRefused}` });
  }
  for (const r of p.refusedSettings) {
    out.push({ code: 'setting-refused', severity: 'error', message: `the stored value of ${r.key} is refused (${r.why}); its default applies until it is set again` });
  }
  if (p.provisioningSecretsLeft) out.push({ code: 'provisioning-secrets-left', severity: 'warning', message: p.provisioningSecretsLeft });
  if (p.key.state === 'file') out.push({ code: 'key-file-only', severity: 'warning', message: p.key.detail });
  if (p.gatewayUnencrypted) {
    out.push({ code: 'gateway-unencrypted', severity: 'warning', message: 'the live gateway is reached over plain http directly on this machine (no proxy): make sure what listens there is a test gateway or a TLS relay on this PC' });
  }
  return out;
}
