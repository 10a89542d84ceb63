import type { Language } from '../../preload/contract';

/** The settings the gateway reads, by key, with their types (config/settings/gateway.ts defines and checks them). */
export interface GatewaySettingValues {
  'gateway.url': string;
  'gateway.namespace': string;
  'gateway.gatewayId': string;
  'gateway.hmacKeyId': string;
  'gateway.timeoutMs': number;
  'gateway.connectTimeoutMs': number;
  'gateway.proxy': string;
  'gateway.proxyUser': string;
  'gateway.caFile': string;
  'gateway.trainingDuplicateMinutes': number;
  'gateway.keyedEcommerceFlag': string;
  'gateway.idleConnectionSeconds': number;
  'gateway.keepWarmSeconds': number;
  'terminal.language': Language;
}

export type GatewaySecretKey = 'gateway.password' | 'gateway.hmacKey' | 'gateway.proxyPassword';

/**
 * The gateway's view of the settings: values read at each use, secrets unsealed only when the
 * client is built, a stamp that changes when a secret is written, and a change signal. The
 * settings store satisfies it as it is; gateway/ never imports config/.
 */
export interface GatewaySettings {
  get<K extends keyof GatewaySettingValues>(key: K): GatewaySettingValues[K];
  isSet(key: GatewaySecretKey): boolean;
  readSecret(key: GatewaySecretKey): string | undefined;
  secretStamp(key: GatewaySecretKey): string | undefined;
  onChange(listener: () => void): () => void;
}
