import type { ProblemAudience, ProblemCode, StatusProblem } from '../../preload/contract';
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

/**
 * Who acts on each problem. Only a refused gateway route changes what the counter can do (every
 * payment is refused): the cashier must know to take another tender and call for help. The rest
 * is the technician's, on the Status screen.
 */
const AUDIENCE = {
  'key-file-only': 'technician',
  'key-locked': 'technician',
  'key-lost': 'technician',
  'log-unwritable': 'technician',
  'gateway-unencrypted': 'technician',
  'gateway-route-refused': 'cashier',
  'setting-refused': 'technician',
  'cannot-start': 'technician',
  'provisioning-secrets-left': 'technician',
} as const satisfies Record<ProblemCode, ProblemAudience>;

/** A problem with its audience; `detail` defaults to the whole message when the code adds nothing to it. */
export function problem(code: ProblemCode, severity: StatusProblem['severity'], message: string, detail = message): StatusProblem {
  return { code, severity, audience: AUDIENCE[code], message, detail };
}

/**
 * The key store says "the terminal key is protected by file permissions only (no usable OS keyring:
 * …); …": the screen's words for key-file-only already say the first clause, so its detail starts
 * after it. Any other wording is kept whole (said twice rather than lost).
 */
const FILE_ONLY = /^the terminal key is protected by file permissions only \((.*?)\); /;

/** What the status lists about the terminal itself, most serious first. Pure: tested with vectors. */
export function terminalProblems(p: ProblemInputs): StatusProblem[] {
  const out: StatusProblem[] = [];
  if (p.key.state === 'lost') out.push(problem('key-lost', 'error', p.key.detail));
  if (p.key.state === 'locked') out.push(problem('key-locked', 'error', `${p.key.detail}; the terminal stays in training until then`, p.key.detail));
  if (p.log) out.push(problem('log-unwritable', 'error', p.log));
  if (p.gatewayRouteRefused) {
    out.push(problem('gateway-route-refused', 'error', `the live gateway is not used, every payment is refused until this is fixed: ${p.gatewayRouteRefused}`, p.gatewayRouteRefused));
  }
  for (const r of p.refusedSettings) {
    out.push(problem('setting-refused', 'error', `the stored value of ${r.key} is refused (${r.why}); its default applies until it is set again`, `${r.key}: ${r.why}; set it again to replace the default`));
  }
  if (p.provisioningSecretsLeft) out.push(problem('provisioning-secrets-left', 'warning', p.provisioningSecretsLeft));
  if (p.key.state === 'file') out.push(problem('key-file-only', 'warning', p.key.detail, p.key.detail.replace(FILE_ONLY, '$1; ')));
  if (p.gatewayUnencrypted) {
    out.push(
      problem(
        'gateway-unencrypted',
        'warning',
        'the live gateway is reached over plain http directly on this machine (no proxy): make sure what listens there is a test gateway or a TLS relay on this PC',
        'plain http, directly on this machine (no proxy): make sure what listens there is a test gateway or a TLS relay on this PC',
      ),
    );
  }
  return out;
}
