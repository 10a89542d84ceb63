import type { GatewaySettings, GatewaySettingValues } from '../gateway/settings-port';
import type { SettingValue } from './settings';
import type { SettingsStore } from './settings-store';

/** Compile-time proof that each key the gateway reads has the type the gateway expects. */
type SameTypes = { [K in keyof GatewaySettingValues]: SettingValue<K> };
const sameTypes = (values: SameTypes): GatewaySettingValues => values;
void sameTypes;

/** The gateway's view of the settings store (gateway/settings-port.ts). */
export function gatewaySettingsOf(store: SettingsStore): GatewaySettings {
  return {
    get: <K extends keyof GatewaySettingValues>(key: K) => store.get(key) as GatewaySettingValues[K],
    isSet: (key) => store.isSet(key),
    readSecret: (key) => store.readSecret(key),
    secretStamp: (key) => store.secretStamp(key),
    onChange: (listener) => store.onChange(listener),
  };
}
