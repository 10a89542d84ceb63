import type { Mode } from '../../preload/contract';
import type { SettingsStore } from './settings-store';

/**
 * Live exactly when the three gateway credentials are configured and this host can read the
 * sealed password (its terminal key is unlocked); training otherwise. A terminal whose key is
 * locked or lost is never shown as live: it could not send a single payment.
 */
export function deriveMode(settings: Pick<SettingsStore, 'get' | 'isSet'>, canUnseal = true): Mode {
  const configured = settings.get('gateway.url') !== '' && settings.get('gateway.gatewayId') !== '' && settings.isSet('gateway.password');
  return configured && canUnseal ? 'live' : 'training';
}
