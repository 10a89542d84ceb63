import type { ApiSettings } from '../http/api-source';
import type { ApiName } from '../http/errors';
import type { SettingsStore } from './settings-store';

/** One interface's five settings from the store, read at each call (a change applies to the next request). */
export function apiSettingsOf(settings: SettingsStore, api: ApiName): ApiSettings {
  return {
    url: () => settings.get(`${api}.url`),
    apiKey: () => settings.get(`${api}.apiKey`),
    apiSecret: () => settings.readSecret(`${api}.apiSecret`),
    algorithm: () => settings.get(`${api}.algorithm`),
    companyId: () => settings.get(`${api}.companyId`),
  };
}
