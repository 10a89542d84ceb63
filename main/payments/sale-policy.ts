import type { SettingsStore } from '../config/settings-store';
import type { OfflinePolicy } from './policy';
import type { SalePolicy } from './ports';

/** The offline policy as the store manager set it (settings group `offline.`). */
export function offlinePolicyOf(settings: SettingsStore): OfflinePolicy {
  return {
    enabled: settings.get('offline.enabled'),
    maxAmountCents: settings.get('offline.maxAmount'),
    maxTotalCents: settings.get('offline.maxTotal'),
    maxCount: settings.get('offline.maxCount'),
    maxAgeHours: settings.get('offline.maxAgeHours'),
    types: settings.get('offline.types'),
    checks: settings.get('offline.checks'),
    keyed: settings.get('offline.keyed'),
  };
}

/** What a sale reads of the settings, once, when it starts. */
export function salePolicyOf(settings: SettingsStore): SalePolicy {
  return {
    chipSwipe: settings.get('payments.chipSwipe'),
    cardEntry: settings.get('payments.cardEntry'),
    confirmOnPinpad: settings.get('payments.confirmOnPinpad'),
    partialApproval: settings.get('payments.partialApproval'),
    cardWaitMs: settings.get('payments.cardWaitSeconds') * 1000,
    offline: offlinePolicyOf(settings),
  };
}
