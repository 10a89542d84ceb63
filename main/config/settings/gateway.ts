import { textSetting, urlSetting } from '../setting';

/**
 * Gateway credentials. The terminal is live exactly when url, gatewayId and password are all
 * set (see ../mode.ts); otherwise it runs in training mode against the built-in simulator.
 */
export const gatewaySettings = {
  'gateway.url': urlSetting({
    description: 'Address of the live SOAP gateway (path ending in /v14). Empty: training mode.',
  }),
  'gateway.gatewayId': textSetting({ description: 'GatewayID issued for this terminal.' }),
  'gateway.password': textSetting({ secret: true, description: 'Gateway password (write-only).' }),
} as const;
