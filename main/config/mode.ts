import type { Mode } from '../../preload/contract';
import type { SettingsStore } from './settings-store';

/** Live exactly when the three gateway credentials are configured; training otherwise. */
export function deriveMode(settings: Pick<SettingsStore, 'get' | 'isSet'>): Mode {
  const live = settings.get('gateway.url') !== '' && settings.get('gateway.gatewayId') !== '' && settings.isSet('gateway.password');
  return live ? 'live' : 'training';
}
