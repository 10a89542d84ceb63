import { z } from 'zod';
import { lazySchema } from '../../../preload/contract/lazy-schema';
import { ECOMMERCE_FLAGS } from '../../gateway/rules';
import { checkAddress, checkNamespace } from '../../gateway/wsdl';
import { plainHttpThroughProxy } from '../../gateway/route';
import { enumSetting, intSetting, settingRule, textSetting, withoutCredentials } from '../setting';
import { liveGatewayTransportProblem } from '../url-rules';

/**
 * Gateway settings. The terminal is live exactly when url, gatewayId and password are all set
 * (see ../mode.ts); otherwise it runs in training mode against the built-in simulator.
 * Defaults and why:
 * - timeoutMs 30 s: peers use 5 to 60 s; long enough for a slow authorization, short enough for a
 *   cashier. After it, the outcome is unknown and the payment is looked up, never resent blindly.
 * - connectTimeoutMs 5 s: a connection that cannot open in 5 s is down; nothing was sent, so the
 *   payment may go offline or be retried at once.
 * - idleConnectionSeconds 10 and keepWarmSeconds 120: the connection opened ahead of a sale's
 *   request (gateway/connection-ahead.ts). Front ends close a connection that sends nothing: Node
 *   and nginx after 60 s, Apache's mod_reqtimeout after 20 s, HAProxy setups often after 10 s; so
 *   one is never handed out older than 10 s (it is renewed at 5 s), and a lane whose gateway cuts
 *   sooner lowers it. 120 s keeps one ready between the sales of a busy counter without holding a
 *   connection to the gateway all day; 0 opens only when a sale starts (the register's first digit
 *   of an amount, kept 60 s for its tender, or the tender).
 * - keyedEcommerceFlag R: a keyed card at the counter is card present; the reference marks this
 *   uncertain (some merchant accounts want 1, MOTO), so it is a setting.
 */
// Built on first use (lazySchema), as every setting's schema is: a start checks only the settings it reads.
const address = lazySchema(() =>
  z.union([
    z.literal(''),
    withoutCredentials(
      z.string().superRefine((v, ctx) => {
        const problem = checkAddress(v) ?? liveGatewayTransportProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
  ]),
);

const namespace = lazySchema(() =>
  z.string().superRefine((v, ctx) => {
    const problem = checkNamespace(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

const proxy = lazySchema(() => z.union([z.literal(''), withoutCredentials(z.url({ protocol: /^http$/, error: 'must be an http:// proxy URL, e.g. http://proxy.lan:3128' }))]));

export const DEFAULT_GATEWAY_NAMESPACE = 'http://secure.gateway.example/vplug-in/transaction/rpc-enc/';

export const gatewaySettings = {
  'gateway.url': textSetting({
    schema: address,
    description: 'Address of the live SOAP gateway (https://…/v14; http:// only directly to this machine, never through gateway.proxy). Empty: training mode.',
  }),
  'gateway.namespace': textSetting({
    schema: namespace,
    default: DEFAULT_GATEWAY_NAMESPACE,
    description: "The gateway WSDL's target namespace (ends with /); request/response namespaces and SOAPActions derive from it.",
  }),
  'gateway.gatewayId': textSetting({ description: 'GatewayID issued for this terminal.' }),
  'gateway.password': textSetting({ secret: true, description: 'Gateway password (write-only).' }),
  'gateway.hmacKeyId': textSetting({ description: 'HMAC key id for request signing; empty: requests are not signed.' }),
  'gateway.hmacKey': textSetting({ secret: true, description: 'HMAC key for request signing (write-only).' }),
  'gateway.timeoutMs': intSetting({
    default: 30_000,
    min: 1_000,
    max: 120_000,
    description: 'Longest wait for a gateway answer, in ms; after it the outcome is unknown and the payment is looked up.',
  }),
  'gateway.connectTimeoutMs': intSetting({
    default: 5_000,
    min: 200,
    max: 60_000,
    description: 'Longest wait for the connection to the gateway to open, in ms (nothing is sent before).',
  }),
  'gateway.idleConnectionSeconds': intSetting({
    default: 10,
    min: 2,
    max: 300,
    description: "Longest a connection opened ahead of a payment waits unused before it is replaced, in s (below the gateway's idle limit).",
  }),
  'gateway.keepWarmSeconds': intSetting({
    default: 120,
    min: 0,
    max: 3600,
    description: 'After a payment, how long a connection is kept ready for the next one, in s; 0: opened only when a payment starts.',
  }),
  'gateway.proxy': textSetting({
    schema: proxy,
    description: 'HTTP proxy for the gateway (http://host:port), only with an https:// gateway.url (tunnelled with CONNECT, TLS end to end); empty: direct.',
  }),
  'gateway.proxyUser': textSetting({ description: 'User name for the gateway proxy (Basic authentication); empty: none.' }),
  'gateway.proxyPassword': textSetting({ secret: true, description: 'Password for the gateway proxy (write-only).' }),
  'gateway.caFile': textSetting({
    description: 'PEM file of extra CA certificates to trust for the gateway (private CA); certificates are always verified.',
  }),
  'gateway.keyedEcommerceFlag': enumSetting(ECOMMERCE_FLAGS, {
    default: 'R',
    description: 'Ecommerce_Flag sent with keyed cards: R retail (card present), 1 MOTO, 7 e-commerce...',
  }),
  'gateway.trainingDuplicateMinutes': intSetting({
    default: 0,
    min: 0,
    max: 1440,
    description: 'Training simulator only: reject a repeat of the same card, type and amount within N minutes (code 63). 0: off.',
  }),
} as const;

/**
 * Why: an http:// gateway through a proxy would hand the tracks and the gateway password to the
 * proxy in clear (issue 19); the reasons are in gateway/route.ts. Checked in the write transaction
 * with both values as they would be after it, so the order of `config set`, a setMany or an import
 * does not matter.
 */
export const gatewayRules = [
  settingRule(gatewaySettings, ['gateway.url', 'gateway.proxy'], (v) => plainHttpThroughProxy(v['gateway.url'], v['gateway.proxy'])),
];
